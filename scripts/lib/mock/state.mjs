// The stateful mock (`npm run mock -- --stateful`): the collections a document's REST shape implies
// (./collections.mjs) keep the items created through the mock, in memory and bounded, so that a
// create, read, update, list, delete, read → 404 round trip behaves as the service would. The store
// is a handler of the document's mock (dispatch.mjs `handlers`): the request is read once there,
// Prism checks it first and its refusal goes out as it is, a form body is read into the document's
// shape; the store's answer is sampled from the operation's own schema (../spec/sample.mjs) and
// overlaid with the item's fields, held to the client's checks.
import { readOperations } from "../generate/read-operations.mjs";
import { apiError, refuse } from "../shared/http-guard.mjs";
import { resolve } from "../spec/refs.mjs";
import { isRecord, keyword } from "../spec/guards.mjs";
import { inferCollections, plainName, propertiesOf } from "./collections.mjs";
import { answerWith, itemAnswer, itemOf, namedFields, notFound, sendJson, tooLarge } from "./items.mjs";
import { pageOfItems } from "./pages.mjs";
import { idDrawer, itemStore, keyOf, scopeOf } from "./store.mjs";

/**
 * The bounds of the store: at most `items` items and `bytes` bytes of them (as JSON), over all
 * collections; the oldest item is dropped to make room for a new one.
 */
export const STATE_LIMITS = Object.freeze({ items: 1000, bytes: 8 * 1024 * 1024 });
/** How many ids are drawn for a new item before the create is refused. */
const ID_DRAWS = 64;

/**
 * @typedef {import("./collections.mjs").Collection} Collection
 * @typedef {import("./collections.mjs").Deletion} Deletion
 * @typedef {import("./dispatch.mjs").MockRequest} MockRequest
 * @typedef {import("./dispatch.mjs").Sampler} Sampler
 * @typedef {import("../generate/read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {"create" | "read" | "update" | "delete" | "list"} Role what an operation does to its collection's store
 * @typedef {{ role: Role, op: OperationInfo, collection: Collection } | { role: "forget" | "forgotten", op: OperationInfo, deletion: Deletion }} Mapped
 *   an operation the store answers, and its part there
 * @typedef {{ collection: Collection | undefined, record: Record<string, unknown>, bytes: number, seed: number }} Stored
 *   `collection` undefined: an id deleted on a Deletion's path
 */

/**
 * The stateful mock of a bundled document: `handlers(spec, tools)` gives the handler that
 * documentMock (dispatch.mjs) tries first for a request Prism let through; for an operation of
 * its collections it answers from the store:
 * - `POST` on the collection stores a new item: a sampled answer of the create, the request's
 *   fields of the same name (case and `_` aside) that its schema accepts, a fresh id drawn from the
 *   id field's own schema (pattern, format, type) that the item path's parameter accepts too;
 * - `GET` on the item reads it; `PUT`, `PATCH` and `POST` on it update it with the request's fields;
 *   `DELETE` removes it; an id not stored answers 404 in the operation's declared error shape (its
 *   404, else its `4XX` or `default` answer; `{ code, message }` where it declares none);
 * - `GET` on the collection lists the items stored under the same parent path, paged in the list's
 *   own convention (pages.mjs);
 * - on an item path that deletes but has no collection creating its items, an id deleted once
 *   answers 404 to `DELETE` and `GET` afterwards; any other id keeps the stateless answer.
 * The request's fields are the ones dispatch read: a JSON object, or a form read into the
 * document's shape (uploads.mjs). Every other operation is left to the mock's other answers (the
 * handler returns false); a request Prism refused, or one with `Prefer:`, never reaches it.
 * @param {unknown} spec the bundled document, `$ref`s kept
 * @param {{ items?: number, bytes?: number }} [limits] default STATE_LIMITS
 * @returns {{ collections: Collection[], deletions: Deletion[], lines: string[], size(): { items: number, bytes: number }, handlers: import("./dispatch.mjs").HandlersOf }}
 *   `lines` say what was mapped and what was not, for the mock's log
 * @example
 * const state = statefulMock(spec);
 * documentMock(spec, sampler, { address, agent, say, handlers: state.handlers });
 */
export function statefulMock(
  spec,
  { items: maxItems = STATE_LIMITS.items, bytes: maxBytes = STATE_LIMITS.bytes } = {},
) {
  const { operations } = readOperations(spec);
  const { collections, deletions, stateless, reasons } = inferCollections(spec, operations);
  const roles = rolesOf(collections, deletions);
  const store = itemStore(maxItems, maxBytes);
  /** @type {Sampler} the sampler of the mock whose handler the store is (dispatch.mjs's `tools`), set before it handles a request */
  let sampler;
  const ids = idDrawer(spec, collections, { sampler: () => sampler, taken: (key) => store.has(key), draws: ID_DRAWS });
  const lines = [
    `stateful: ${collections.length} collections: ${collections.map((c) => `${c.path} (id ${c.idField})`).join(", ") || "none"}`,
    `stateful: ${deletions.length} item paths that only delete, where a deleted id answers 404 afterwards: ${deletions.map((d) => d.itemPath).join(", ") || "none"}`,
    `stateful: ${stateless.length} operations keep their stateless answers: ${stateless.join(", ") || "none"}`,
    ...reasons.map((reason) => `stateful: not a collection: ${reason}`),
    `stateful: the store holds at most ${maxItems} items and ${maxBytes} bytes, the oldest dropped first`,
  ];
  return {
    collections,
    deletions,
    lines,
    size: store.size,
    handlers(_spec, tools) {
      sampler = tools.sampler;
      /** @type {State} */
      const state = { spec, store, ids, maxBytes, sampler };
      return roles.size ? [(/** @type {MockRequest} */ r) => handleRequest(state, roles, r)] : [];
    },
  };
}

/**
 * What the store's handlers share: the document, the items, the id drawer and the mock's sampler.
 * @typedef {object} State
 * @property {unknown} spec
 * @property {ReturnType<typeof itemStore>} store
 * @property {ReturnType<typeof idDrawer>} ids
 * @property {number} maxBytes
 * @property {Sampler} sampler the sampler of the mock whose handler the store is (dispatch.mjs's `tools`)
 */

/**
 * Handles a request Prism let through when its operation is one the store answers: a path that
 * only deletes remembers a deleted id; a collection's operation is served from the store.
 * @param {State} state
 * @param {Map<string, Mapped>} roles
 * @param {MockRequest} r
 * @returns {boolean} whether the request was answered
 */
function handleRequest(state, roles, r) {
  const mapped = roles.get(r.route.where);
  const params = mapped && decoded(r.route.params);
  if (!mapped || !params) return false;
  if ("deletion" in mapped) {
    const { param } = mapped.deletion;
    const id = params[param] ?? "";
    const key = keyOf(mapped.deletion, scopeOf(params, param), id);
    if (state.store.has(key)) return (notFound(state.sampler, r, mapped.op, id), true);
    // the stateless answer goes out; a deleted id is remembered
    if (mapped.role === "forget")
      state.store.keep(key, { collection: undefined, record: {}, bytes: Buffer.byteLength(key), seed: 0 });
    return false;
  }
  const fields = isRecord(r.fields) ? /** @type {Record<string, unknown>} */ (r.fields) : {};
  const { op, role, collection: c } = mapped;
  try {
    const scope = scopeOf(params, c.param);
    if (role === "create") createItem(state, r, c, scope, fields);
    else if (role === "list") listItems(state, r, c, scope);
    else itemRequest(state, r, op, role, c, scope, params[c.param] ?? "", fields);
  } catch (err) {
    refuse(r.res, 502, `stateful mock: ${err instanceof Error ? err.message : err}`, apiError);
  }
  return true;
}

/**
 * `POST` on the collection: a new item with a fresh id, the create's sampled answer overlaid with
 * the request's fields, kept in the store.
 * @param {State} state
 * @param {MockRequest} r
 * @param {Collection} c
 * @param {string} scope
 * @param {Record<string, unknown>} fields
 */
function createItem({ spec, store, ids, maxBytes, sampler }, r, c, scope, fields) {
  const given = Object.entries(fields).find(([name]) => plainName(name) === plainName(c.idField))?.[1];
  const value = ids.newId(c, scope, typeof given === "string" && ids.integer(c) ? Number(given) : given);
  if (value === undefined)
    return refuse(r.res, 503, `the stateful mock drew no new id for ${c.path} in ${ID_DRAWS} tries`, apiError);
  const seed = ids.seed();
  const named = { ...namedFields(spec, c, fields), [c.idField]: value };
  const made = itemAnswer(sampler, c.create.success.schema, c.wrapper, named, seed, c.idField);
  const record = itemOf(c, made);
  const size = Buffer.byteLength(JSON.stringify(record));
  if (size > maxBytes) return tooLarge(r.res, "an item", maxBytes);
  store.keep(keyOf(c, scope, String(value)), { collection: c, record, bytes: size, seed });
  return sendJson(r, c.create.success.status, made, c.create.success.mediaType);
}

/**
 * `GET` on the collection: the items stored under the same parent path, in the list's own
 * envelope and paging convention.
 * @param {State} state
 * @param {MockRequest} r
 * @param {Collection} c
 * @param {string} scope
 */
function listItems({ spec, store, sampler }, r, c, scope) {
  const list = c.list;
  const schema = resolve(spec, list?.success.schema);
  const arraySchema = c.listField === undefined ? schema : resolve(spec, propertiesOf(spec, schema)[c.listField]);
  const items = [...store.values()]
    .filter((s) => s.collection === c && store.get(keyOf(c, scope, String(s.record[c.idField]))) === s)
    .map((s) => itemAnswer(sampler, keyword(arraySchema, "items"), undefined, s.record, s.seed, c.idField));
  const envelope =
    c.listField === undefined ? [] : sampler.sample(list?.success.schema, { direction: "response" }).value;
  if (list?.page) {
    const page = pageOfItems(spec, list, envelope, items, r.url);
    if ("error" in page) return refuse(r.res, 400, page.error, apiError);
    return r.send(page.status, page.headers, page.body);
  }
  return sendJson(
    r,
    list?.success.status ?? 200,
    c.listField === undefined ? items : { ...Object(envelope), [c.listField]: items },
    list?.success.mediaType,
  );
}

/**
 * A read, update or delete of one stored item; 404 in the operation's error shape for an id not stored.
 * @param {State} state
 * @param {MockRequest} r
 * @param {OperationInfo} op
 * @param {Role} role
 * @param {Collection} c
 * @param {string} scope
 * @param {string} id
 * @param {Record<string, unknown>} fields
 */
function itemRequest({ spec, store, maxBytes, sampler }, r, op, role, c, scope, id, fields) {
  const key = keyOf(c, scope, id);
  const stored = store.get(key);
  if (!stored) return notFound(sampler, r, op, id);
  if (role === "delete") store.forget(key);
  if (role === "read" || role === "delete") return answerWith(sampler, r, op, stored.record, c, stored.seed);
  const overlaid = { ...stored.record, ...namedFields(spec, c, fields) };
  const updated = itemOf(c, itemAnswer(sampler, c.read.success.schema, c.wrapper, overlaid, stored.seed, c.idField));
  const size = Buffer.byteLength(JSON.stringify(updated));
  if (size > maxBytes) return tooLarge(r.res, "an item", maxBytes);
  store.keep(key, { ...stored, record: updated, bytes: size });
  return answerWith(sampler, r, op, updated, c, stored.seed);
}

/** The path's parameters percent-decoded, or undefined for one that is not valid UTF-8 once decoded. */
function decoded(/** @type {Record<string, string>} */ params) {
  try {
    return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return undefined;
  }
}

/**
 * What each operation of the collections and deletions does to the store, by `METHOD /path`.
 * @param {Collection[]} collections
 * @param {Deletion[]} deletions
 * @returns {Map<string, Mapped>}
 */
function rolesOf(collections, deletions) {
  /** @type {Map<string, Mapped>} */
  const roles = new Map();
  const where = (/** @type {OperationInfo} */ op) => `${op.method} ${op.path}`;
  for (const d of deletions) {
    roles.set(where(d.remove), { role: "forget", op: d.remove, deletion: d });
    if (d.read) roles.set(where(d.read), { role: "forgotten", op: d.read, deletion: d });
  }
  for (const c of collections) {
    const set = (/** @type {OperationInfo} */ op, /** @type {Role} */ role) =>
      roles.set(where(op), { role, op, collection: c });
    set(c.create, "create");
    set(c.read, "read");
    for (const op of c.updates) set(op, "update");
    if (c.remove) set(c.remove, "delete");
    if (c.list) set(c.list, "list");
  }
  return roles;
}
