// The stateful mock (`npm run mock -- --stateful`): the collections a document's REST shape implies
// (./collections.mjs) keep the items created through the mock, in memory and bounded, so that a
// create, read, update, list, delete, read → 404 round trip behaves as the service would. The store
// is a handler of the document's mock (dispatch.mjs `handlers`): the request is read once there,
// Prism checks it first and its refusal goes out as it is, a form body is read into the document's
// shape; the store's answer is sampled from the operation's own schema (../spec/sample.mjs) and
// overlaid with the item's fields, held to the client's checks.
import { readOperations } from "../generate/read-operations.mjs";
import { apiError, refuse } from "../shared/http-guard.mjs";
import { resolve } from "../spec/document.mjs";
import { isRecord, keyword } from "../spec/guards.mjs";
import { inferCollections, plainName, propertiesOf } from "./collections.mjs";
import { itemAnswer, itemOf, namedFields } from "./items.mjs";
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
  /** @type {Sampler} the sampler of the mock whose handler the store is (dispatch.mjs's `tools`), set before it handles a request */
  let sampler;
  const roles = rolesOf(collections, deletions);
  const store = itemStore(maxItems, maxBytes);
  const ids = idDrawer(spec, collections, { sampler: () => sampler, taken: (key) => store.has(key), draws: ID_DRAWS });

  const answerWith = (
    /** @type {MockRequest} */ r,
    /** @type {OperationInfo} */ op,
    /** @type {Record<string, unknown>} */ record,
    /** @type {Collection} */ c,
    /** @type {number} */ seed,
  ) =>
    op.success.kind === "json"
      ? sendJson(
          r,
          op.success.status,
          itemAnswer(sampler, op.success.schema, c.wrapper, record, seed, c.idField),
          op.success.mediaType,
        )
      : sendJson(r, op.success.status, undefined);

  /** Answers a request Prism let through, from the store; `fields` what its body gives. */
  const serve = (
    /** @type {MockRequest} */ r,
    /** @type {OperationInfo} */ op,
    /** @type {Role} */ role,
    /** @type {Collection} */ c,
    /** @type {Record<string, string>} */ params,
    /** @type {Record<string, unknown>} */ fields,
  ) => {
    const scope = scopeOf(params, c.param);
    const id = params[c.param] ?? "";
    if (role === "create") {
      const given = Object.entries(fields).find(([name]) => plainName(name) === plainName(c.idField))?.[1];
      const value = ids.newId(c, scope, typeof given === "string" && ids.integer(c) ? Number(given) : given);
      if (value === undefined)
        return refuse(r.res, 503, `the stateful mock drew no new id for ${c.path} in ${ID_DRAWS} tries`, apiError);
      const seed = ids.seed();
      const made = itemAnswer(
        sampler,
        c.create.success.schema,
        c.wrapper,
        { ...namedFields(spec, c, fields), [c.idField]: value },
        seed,
        c.idField,
      );
      const record = itemOf(c, made);
      const size = Buffer.byteLength(JSON.stringify(record));
      if (size > maxBytes) return tooLarge(r.res, "an item", maxBytes);
      store.keep(keyOf(c, scope, String(value)), { collection: c, record, bytes: size, seed });
      return sendJson(r, c.create.success.status, made, c.create.success.mediaType);
    }
    if (role === "list") {
      const list = /** @type {Collection} */ (c).list;
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
    const key = keyOf(c, scope, id);
    const stored = store.get(key);
    if (!stored) return notFound(sampler, r, op, id);
    if (role === "read") return answerWith(r, op, stored.record, c, stored.seed);
    if (role === "delete") {
      store.forget(key);
      return answerWith(r, op, stored.record, c, stored.seed);
    }
    const updated = itemOf(
      c,
      itemAnswer(
        sampler,
        c.read.success.schema,
        c.wrapper,
        { ...stored.record, ...namedFields(spec, c, fields) },
        stored.seed,
        c.idField,
      ),
    );
    const size = Buffer.byteLength(JSON.stringify(updated));
    if (size > maxBytes) return tooLarge(r.res, "an item", maxBytes);
    store.keep(key, { ...stored, record: updated, bytes: size });
    return answerWith(r, op, updated, c, stored.seed);
  };

  /** @type {import("./dispatch.mjs").MockHandler} */
  const handle = (r) => {
    const mapped = roles.get(r.route.where);
    const params = mapped && decoded(r.route.params);
    if (!mapped || !params) return false;
    if ("deletion" in mapped) {
      const { param } = mapped.deletion;
      const id = params[param] ?? "";
      const key = keyOf(mapped.deletion, scopeOf(params, param), id);
      if (store.has(key)) return (notFound(sampler, r, mapped.op, id), true);
      // the stateless answer goes out; a deleted id is remembered
      if (mapped.role === "forget")
        store.keep(key, { collection: undefined, record: {}, bytes: Buffer.byteLength(key), seed: 0 });
      return false;
    }
    try {
      serve(
        r,
        mapped.op,
        mapped.role,
        mapped.collection,
        params,
        isRecord(r.fields) ? /** @type {Record<string, unknown>} */ (r.fields) : {},
      );
    } catch (err) {
      refuse(r.res, 502, `stateful mock: ${err instanceof Error ? err.message : err}`, apiError);
    }
    return true;
  };

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
      return roles.size ? [handle] : [];
    },
  };
}

/** The path's parameters percent-decoded, or undefined for one that is not valid UTF-8 once decoded. */
function decoded(/** @type {Record<string, string>} */ params) {
  try {
    return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return undefined;
  }
}

/** A 413 for an item larger than the store holds. */
const tooLarge = (
  /** @type {import("node:http").ServerResponse} */ res,
  /** @type {string} */ what,
  /** @type {number} */ limit,
) => refuse(res, 413, `${what} the stateful mock stores holds at most ${limit} bytes`, apiError);
/** Sends `value` as JSON, or an empty body for undefined. */
const sendJson = (
  /** @type {MockRequest} */ r,
  /** @type {number} */ status,
  /** @type {unknown} */ value,
  /** @type {string | undefined} */ type = "application/json",
) => (value === undefined ? r.send(status, {}) : r.send(status, { "content-type": type }, JSON.stringify(value)));
/**
 * A 404 in the operation's declared error shape (its 404, else its `4XX` or `default` answer; the
 * API's Error shape where it declares none), its message saying which id was missing.
 */
const notFound = (
  /** @type {Sampler} */ sampler,
  /** @type {MockRequest} */ r,
  /** @type {OperationInfo} */ op,
  /** @type {string} */ id,
) => {
  const message = `no item ${JSON.stringify(id)} (the stateful mock stores none by that id)`;
  const declared = op.errors.find((e) => e.status === 404 && e.schema !== undefined);
  const other = op.errorBodies.find((e) => /^(4XX|default)$/i.test(e.status) && e.schema !== undefined);
  const schema = declared?.schema ?? other?.schema;
  if (schema === undefined) return refuse(r.res, 404, message, apiError);
  const fits = (/** @type {unknown} */ value) => sampler.check(schema, value, "response").length === 0;
  // the document's own 404 example where it has one, else a sample; its message says what was missing
  let value =
    declared?.example !== undefined && fits(declared.example) ? declared.example : sampler.sample(schema).value;
  // an object, not an array, where isRecord says so
  const object = isRecord(value) ? /** @type {Record<string, unknown>} */ (value) : undefined;
  if (object && typeof object.message === "string" && fits({ ...object, message })) value = { ...object, message };
  sendJson(r, 404, value, declared ? "application/json" : other?.mediaType);
};

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
