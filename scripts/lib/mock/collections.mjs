// The collections a document's REST shape implies, for the stateful mock (./state.mjs): a path
// whose `POST` creates (`/things`) beside an item path one parameter longer whose `GET` reads
// (`/things/{id}`), with the field that holds the item's id, the field the item sits in when the
// answer wraps it (`{ "droplet": { … } }`), and the list's array. Everything else is left to the
// stateless mock, each with the reason inference stopped there.
import { readOperations } from "../generate/read-operations.mjs";
import { resolve } from "../spec/refs.mjs";
import { fieldsOf, isRecord } from "../spec/guards.mjs";

/** How deep `allOf` parts are followed for an object's properties. */
const DEPTH = 8;

/**
 * @typedef {import("../generate/read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {object} Collection
 * @property {string} path the collection's path template (`/things`)
 * @property {string} itemPath the item's path template (`/things/{id}`)
 * @property {string} param the item path's last parameter (`id`)
 * @property {string} idField the field of an item holding its id
 * @property {string | undefined} wrapper the field an answer holds the item in, where it wraps it
 * @property {OperationInfo} create `POST` on the collection
 * @property {OperationInfo} read `GET` on the item
 * @property {OperationInfo[]} updates `PUT`, `PATCH` and `POST` on the item
 * @property {OperationInfo | undefined} remove `DELETE` on the item
 * @property {OperationInfo | undefined} list `GET` on the collection, when its answer holds an array of the items
 * @property {string | undefined} listField the field of the list's answer holding the items; undefined for a bare array
 *
 * @typedef {object} Deletion an item path that has a `DELETE` but no collection that creates its items
 * @property {string} itemPath
 * @property {string} param the item path's last parameter
 * @property {OperationInfo} remove `DELETE` on the item
 * @property {OperationInfo | undefined} read `GET` on the item
 */

/**
 * The schemas of an object's properties, its `allOf` parts followed: name -> schema.
 * @param {unknown} spec
 * @param {unknown} schema
 * @returns {Record<string, unknown>}
 */
export function propertiesOf(spec, schema, depth = 0) {
  const s = resolve(spec, schema);
  /** @type {Record<string, unknown>} */
  const out = {};
  if (!isRecord(s) || depth > DEPTH) return out;
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) Object.assign(out, propertiesOf(spec, part, depth + 1));
  if (isRecord(s.properties)) Object.assign(out, s.properties);
  return out;
}

/** A name compared without case or separators: `FriendlyName` and `friendly_name` are one. */
export const plainName = (/** @type {string} */ name) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * A collection's last segment in the singular (`domains` -> `domain`, `Services` -> `service`).
 * @param {string} segment
 */
function singular(segment) {
  const word = segment.toLowerCase().replace(/[^a-z0-9]/g, "_");
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

/**
 * The field of `properties` that holds an item's id, in this order: the item path's parameter
 * (`{Sid}` -> `sid`), each name of a `{id_or_name}`, `id`, `<thing>_id`, `<thing>Id`, the
 * parameter's last word (`{floating_ip}` -> `ip`, `{domain_name}` -> `name`), the one `readOnly`
 * uuid; each must be a string or an integer.
 * @param {unknown} spec
 * @param {Record<string, unknown>} properties
 * @param {string} param the item path's parameter
 * @param {string} segment the collection path's last segment
 */
function idFieldOf(spec, properties, param, segment) {
  const names = Object.keys(properties);
  const scalar = (/** @type {string} */ name) => {
    const s = fieldsOf(resolve(spec, properties[name]));
    return [s.type].flat().some((t) => t === "string" || t === "integer");
  };
  const byPlain = (/** @type {string} */ wanted) =>
    names.find((name) => plainName(name) === plainName(wanted) && scalar(name));
  const thing = singular(segment);
  const last = param.split(/_|(?=[A-Z])/).at(-1) ?? param;
  const tried = [param, ...param.split(/_or_|Or(?=[A-Z])/), "id", `${thing}_id`, `${thing}Id`, last];
  for (const wanted of tried) {
    const found = byPlain(wanted);
    if (found) return found;
  }
  const marked = names.filter((name) => {
    const s = fieldsOf(resolve(spec, properties[name]));
    return s.readOnly === true && s.format === "uuid";
  });
  return marked.length === 1 ? marked[0] : undefined;
}

/**
 * Where an answer holds the item: the answer itself when it has the id field, else its one field
 * that is an object having it (`{ droplet: { id } }`).
 * @param {unknown} spec
 * @param {unknown} schema
 * @param {string} param the item path's parameter
 * @param {string} segment the collection path's last segment
 * @returns {{ idField: string, wrapper: string | undefined, properties: Record<string, unknown> } | undefined}
 */
function itemShape(spec, schema, param, segment) {
  const top = propertiesOf(spec, schema);
  const idField = idFieldOf(spec, top, param, segment);
  if (idField) return { idField, wrapper: undefined, properties: top };
  const inner = Object.entries(top).flatMap(([name, s]) => {
    const properties = propertiesOf(spec, s);
    const id = idFieldOf(spec, properties, param, segment);
    return id ? [{ idField: id, wrapper: name, properties }] : [];
  });
  return inner.length === 1 ? inner[0] : undefined;
}

/**
 * The field of a list's answer holding the items (undefined for a bare array), or null when it has none.
 * @param {unknown} spec
 * @param {OperationInfo} op
 * @param {string} idField
 * @returns {string | undefined | null}
 */
function listFieldOf(spec, op, idField) {
  const schema = resolve(spec, op.success.schema);
  if (!isRecord(schema)) return null;
  const holdsItems = (/** @type {unknown} */ s) => {
    const array = resolve(spec, s);
    return isRecord(array) && isRecord(resolve(spec, array.items)) && idField in propertiesOf(spec, array.items);
  };
  if (holdsItems(schema)) return undefined;
  // items below the top level (`artists.items`): the store answers with a top-level field only
  if (op.page?.items !== undefined) return op.page.items.includes(".") ? null : op.page.items;
  const fields = Object.entries(propertiesOf(spec, schema)).filter(([, s]) => holdsItems(s));
  return fields.length === 1 ? fields[0][0] : null;
}

/**
 * @param {OperationInfo | undefined} op
 * @returns {op is OperationInfo}
 */
const json = (op) => op?.success.kind === "json";

/**
 * The collections of a bundled document, the item paths that only delete (`deletions`: an id
 * deleted there is gone afterwards), and what was left stateless: every operation that is none
 * of theirs, and for each path that looked like a collection, why it is not one.
 * @param {unknown} spec a bundled document, `$ref`s kept
 * @param {OperationInfo[]} [operations] its operations, when already read
 * @returns {{ collections: Collection[], deletions: Deletion[], stateless: string[], reasons: string[] }}
 * @example
 * inferCollections(spec).collections[0]; // { path: "/domains", itemPath: "/domains/{domain_id}", idField: "id", … }
 */
export function inferCollections(spec, operations = readOperations(spec).operations) {
  const at = (/** @type {string} */ method, /** @type {string} */ path) =>
    operations.find((op) => op.method === method && op.path === path);
  /** @type {Collection[]} */
  const collections = [];
  const reasons = [];
  for (const create of operations.filter((op) => op.method === "POST" && !/\}$/.test(op.path))) {
    const where = `POST ${create.path}`;
    const items = operations.filter(
      (op) =>
        op.method === "GET" &&
        op.path.startsWith(`${create.path}/{`) &&
        /^\{[^{}/]+\}$/.test(op.path.slice(create.path.length + 1)),
    );
    if (items.length !== 1) {
      if (items.length > 1) reasons.push(`${where}: ${items.length} item paths read, which is the item is not told`);
      continue;
    }
    const read = /** @type {OperationInfo} */ (items[0]);
    const param = read.path.slice(create.path.length + 2, -1);
    const segment = create.path.split("/").filter(Boolean).at(-1) ?? "";
    if (!json(create) || !json(read)) {
      reasons.push(`${where}: the create or the read of ${read.path} answers no JSON body`);
      continue;
    }
    const made = itemShape(spec, create.success.schema, param, segment);
    const shown = itemShape(spec, read.success.schema, param, segment);
    if (!made || !shown || made.idField !== shown.idField || made.wrapper !== shown.wrapper) {
      reasons.push(
        `${where}: no id field found in both the create's and the read's answer (tried {${param}}, id, ${singular(segment)}_id, …)`,
      );
      continue;
    }
    const list = at("GET", create.path);
    const listField = json(list) ? listFieldOf(spec, list, shown.idField) : null;
    if (list && listField === null)
      reasons.push(`GET ${create.path}: no array of items with ${shown.idField} in its answer`);
    collections.push({
      path: create.path,
      itemPath: read.path,
      param,
      idField: shown.idField,
      wrapper: shown.wrapper,
      create,
      read,
      updates: ["PUT", "PATCH", "POST"].flatMap((method) => at(method, read.path) ?? []),
      remove: at("DELETE", read.path),
      list: listField === null ? undefined : list,
      listField: listField ?? undefined,
    });
  }
  const mapped = new Set(
    collections.flatMap((c) => [
      c.create,
      c.read,
      ...c.updates,
      ...(c.remove ? [c.remove] : []),
      ...(c.list ? [c.list] : []),
    ]),
  );
  /** @type {Deletion[]} */
  const deletions = operations
    .filter((op) => op.method === "DELETE" && /\/\{[^{}/]+\}$/.test(op.path) && !mapped.has(op))
    .map((remove) => ({
      itemPath: remove.path,
      param: remove.path.slice(remove.path.lastIndexOf("{") + 1, -1),
      remove,
      read: at("GET", remove.path),
    }));
  for (const d of deletions) for (const op of [d.remove, d.read]) if (op) mapped.add(op);
  const stateless = operations.filter((op) => !mapped.has(op)).map((op) => `${op.method} ${op.path}`);
  return { collections, deletions, stateless, reasons };
}
