// What a list's answer shows by its structure, for pagination-detect.mjs: the words a name is made
// of and the role they read as (a next position, a flag of more pages, an item's id, a count), the
// fields of an answer a few objects deep through its allOf, anyOf and oneOf branches, and the one
// array holding its items (list-params.mjs reads the parameters). Roles are read from the words
// wherever they sit in a name (`next_page_token`, `X-Next-Cursor`, `nextCursor`), never from a list
// of whole names.
import { deref } from "../spec/refs.mjs";
import { describedProperties } from "../spec/schema-properties.mjs";
import { isRecord, keyword } from "../spec/guards.mjs";

/** How deep an answer is searched: `meta.total`, `links.pages.next`, `response_metadata.next_cursor`. */
export const FIELD_DEPTH = 3;

// the words of each role
const NEXT = ["next"];
const MORE = ["more"];
export const ID = ["id", "uid", "uuid", "sid"];
// an address under one of these is a link, whatever its own name
const LINKS = ["link", "links", "pages", "paging"];
const TOTAL = ["total"];
const PAGES = ["page", "pages"];
// what else a count of the list's items or pages may be called beside total
const COUNTED = ["count", "items", "results", "entries", "records", "num", "number"];

/**
 * The words of a name, lower case: split at anything not a letter or digit and where case turns.
 * @param {string} name
 * @example
 * words("X-Next-Page-Token"); // ["x", "next", "page", "token"]
 * words("nextPageURL"); // ["next", "page", "url"]
 */
export function words(name) {
  const text = String(name);
  let found = wordsOf.get(text);
  if (found) return found;
  found = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // a document's names come back in every answer: each is split once (a bounded store)
  if (wordsOf.size >= 20_000) wordsOf.clear();
  wordsOf.set(text, found);
  return found;
}
/** @type {Map<string, string[]>} */
const wordsOf = new Map();

/** Whether any of `list` is a word of `role`. */
export const reads = (/** @type {string[]} */ list, /** @type {string[]} */ role) => list.some((w) => role.includes(w));

/** Whether the words `inner` stand together, in order, among `outer`. */
export function holds(/** @type {string[]} */ outer, /** @type {string[]} */ inner) {
  if (!inner.length) return false;
  for (let i = 0; i + inner.length <= outer.length; i++) if (inner.every((w, j) => outer[i + j] === w)) return true;
  return false;
}

/**
 * Whether a schema's `type` is or holds `type` (`["string", "null"]` is a string).
 * @param {unknown} schema
 * @param {string} type
 */
export function isType(schema, type) {
  const declared = keyword(schema, "type");
  return declared === type || (Array.isArray(declared) && declared.includes(type));
}

export const isNumber = (/** @type {unknown} */ schema) => isType(schema, "integer") || isType(schema, "number");

/**
 * The fields of an object schema by name, `$ref`s followed, its `allOf`, `anyOf` and `oneOf`
 * branches' merged in (a field any branch can hold is a field of the answer; its own first).
 * @param {object} doc the bundled document
 * @param {unknown} schema
 * @returns {Record<string, unknown>}
 */
export function fields(doc, schema) {
  /** @type {unknown} */
  const node = deref(doc, schema);
  if (!node || typeof node !== "object") return {};
  // a shared component is read once per document, however many answers hold it
  let read = fieldsOf.get(doc);
  if (!read) fieldsOf.set(doc, (read = new WeakMap()));
  let out = read.get(node);
  if (out) return out;
  /** @type {Record<string, unknown>} */
  const own = {};
  out = own;
  for (const [name, s] of describedProperties(doc, node))
    if (!Object.hasOwn(own, name)) own[name] = deref(doc, s) ?? {};
  read.set(node, out);
  return out;
}
/** @type {WeakMap<object, WeakMap<object, Record<string, unknown>>>} */
const fieldsOf = new WeakMap();

/**
 * @typedef {object} Field a field of an answer, found by fieldPaths()
 * @property {string[]} path its names from the answer down (`["meta", "next_page_url"]`)
 * @property {string} name its own name
 * @property {string[]} words the words of its whole path
 * @property {unknown} schema resolved
 */

/**
 * Every field of an answer down to FIELD_DEPTH objects deep, shallower fields first.
 * @param {object} doc
 * @param {unknown} schema
 * @returns {Field[]}
 */
export function fieldPaths(doc, schema) {
  /** @type {Field[]} */
  const found = [];
  /** @type {{ path: string[], schema: unknown, field?: Field }[]} */
  let level = [{ path: [], schema }];
  for (let depth = 0; depth < FIELD_DEPTH && level.length; depth++) {
    /** @type {typeof level} */
    const next = [];
    for (const parent of level)
      for (const [name, s] of Object.entries(fields(doc, parent.schema))) {
        const field = pathField([...parent.path, name], name, s, parent.field);
        found.push(field);
        if (!isType(s, "array") && Object.keys(fields(doc, s)).length)
          next.push({ path: field.path, schema: s, field });
      }
    level = next;
  }
  return found;
}

/**
 * A field of fieldPaths(), the words of its path split when first asked for (most are never).
 * @param {string[]} path
 * @param {string} name
 * @param {unknown} schema
 * @param {Field | undefined} parent
 * @returns {Field}
 */
function pathField(path, name, schema, parent) {
  /** @type {string[] | undefined} */
  let split;
  return {
    path,
    name,
    schema,
    get words() {
      split ??= [...(parent?.words ?? []), ...words(name)];
      return split;
    },
  };
}

/**
 * The dotted path of the one array of an object answer: the only array field at the shallowest
 * depth that holds one; undefined where there is none, or more than one there.
 * @param {Field[]} found fieldPaths() of the answer
 */
export function itemsPath(found) {
  const arrays = found.filter((f) => isType(f.schema, "array"));
  const depth = Math.min(...arrays.map((f) => f.path.length));
  const shallowest = arrays.filter((f) => f.path.length === depth);
  return shallowest.length === 1 ? shallowest[0].path.join(".") : undefined;
}

/**
 * Whether a string field reads as an address: its name says url, its format is a URI, its example is
 * an http(s) URL or a path; and, where `loosely`, its description calls it a URL or URI or it sits
 * under a field that reads as links (`links.pages.next`). A field `next` of none of these is a
 * cursor, not an address; a cursor's description may well say "URL-safe".
 * @param {Field} field
 */
export function isAddress({ name, path, schema }, loosely = true) {
  if (!isRecord(schema) || !isType(schema, "string")) return false;
  const examples = schema.examples;
  const example =
    schema.example ??
    (Array.isArray(examples) || typeof examples === "string"
      ? examples[0]
      : isRecord(examples)
        ? examples["0"]
        : undefined);
  // RegExp's test reads its argument as String() does
  return (
    /ur[li]/i.test(name) ||
    /^(uri|url|iri|uri-reference|iri-reference)$/.test(String(schema.format ?? "")) ||
    (typeof example === "string" && /^(https?:\/\/|\/)/i.test(example)) ||
    (loosely &&
      (/\b(url|uri)\b/i.test(String(schema.description ?? "")) ||
        path.slice(0, -1).some((p) => reads(words(p), LINKS))))
  );
}

/** Whether a field reads as the next page's: a word of its path is `next`. */
export const readsNext = (/** @type {Field} */ f) => reads(f.words, NEXT);

/**
 * Whether a boolean field or header reads as "more pages follow": `has_more`, `hasMore`, `has_next`.
 * @param {string} name
 * @param {unknown} schema undefined for a header, whose schema does not matter
 */
export function readsMore(name, schema) {
  const list = words(name);
  return (schema === undefined || isType(schema, "boolean")) && (reads(list, MORE) || holds(list, ["has", "next"]));
}

/**
 * A count of the list: `items` (`total`, `total_count`, `totalItems`) or `pages` (`total_pages`,
 * `page_count`), or undefined for a field that counts neither.
 * @param {Field} f
 */
export function countOf(f) {
  if (!isNumber(f.schema)) return undefined;
  const list = words(f.name);
  const rest = list.filter((w) => !TOTAL.includes(w) && !PAGES.includes(w) && !COUNTED.includes(w));
  if (rest.length) return undefined;
  if (reads(list, PAGES) && (reads(list, TOTAL) || list.includes("count"))) return "pages";
  return reads(list, TOTAL) && !reads(list, PAGES) ? "items" : undefined;
}

/**
 * The field of an item that is its id: `id`, else the only one whose last word reads as an id
 * (`message_id`, `uuid`), a string or a whole number.
 * @param {Record<string, unknown>} item fields() of the item schema
 */
export function idField(item) {
  const ids = Object.entries(item).filter(
    ([name, s]) => (isType(s, "string") || isType(s, "integer")) && ID.includes(words(name).at(-1) ?? ""),
  );
  return (ids.find(([name]) => name === "id") ?? (ids.length === 1 ? ids[0] : undefined))?.[0];
}

/**
 * The field of an answer holding a position beside the items: words of the edge (`last`, `first`)
 * and of an id (`last_id`, `firstId`), text or a whole number.
 * @param {Field[]} found
 * @param {"last" | "first"} edge
 */
export function edgeField(found, edge) {
  return found.find((f) => {
    const list = words(f.name);
    return (
      f.path.length === 1 && list[0] === edge && reads(list, ID) && (isType(f.schema, "string") || isNumber(f.schema))
    );
  });
}
