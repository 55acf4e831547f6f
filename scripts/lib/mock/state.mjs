// The stateful mock (`npm run mock -- --stateful`): the collections a document's REST shape implies
// (./collections.mjs) keep the items created through the mock, in memory and bounded, so that a
// create, read, update, list, delete, read → 404 round trip behaves as the service would. Prism
// still checks every request first; its success answer is replaced by one built from the stored
// item, each answer sampled from the operation's own schema (../spec/sample.mjs) and overlaid with
// the item's fields, held to the client's checks.
import { operationMatcher } from "../../../src/core/path-template.js";
import { readOperations } from "../generate/read-operations.mjs";
import { apiError, refuse } from "../shared/http-guard.mjs";
import { isObject, resolve } from "../spec/document.mjs";
import { createSampler } from "../spec/sample.mjs";
import { inferCollections, plainName, propertiesOf } from "./collections.mjs";
import { pageOfItems } from "./pages.mjs";
import { accepted, decoded, fieldsOf } from "./requests.mjs";

/**
 * The bounds of the store: at most `items` items and `bytes` bytes of them (as JSON), over all
 * collections; the oldest item is dropped to make room for a new one.
 */
export const STATE_LIMITS = Object.freeze({ items: 1000, bytes: 8 * 1024 * 1024 });
/** The most bytes of a create or update body read; a longer one is refused with 413. */
const BODY_BYTES = 1024 * 1024;
/** How many ids are drawn for a new item before the create is refused. */
const ID_DRAWS = 64;

/**
 * @typedef {import("./collections.mjs").Collection} Collection
 * @typedef {import("./collections.mjs").Deletion} Deletion
 * @typedef {{ collection: Collection | undefined, record: Record<string, unknown>, bytes: number, seed: number }} Stored
 *   `collection` undefined: an id deleted on a Deletion's path
 */

/**
 * The stateful mock of a bundled document: `answer(req, res, forward)` takes a request for one of
 * the operations of its collections, has Prism check it (`forward`), and, when Prism accepts it,
 * answers from the store instead:
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
 * Every other operation, and a request with `Prefer:`, is left to the stateless mock (returns false).
 * @param {any} spec the bundled document, `$ref`s kept
 * @param {{ items?: number, bytes?: number }} [limits] default STATE_LIMITS
 * @returns {Promise<{ collections: Collection[], deletions: Deletion[], lines: string[], size(): { items: number, bytes: number }, answer(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, forward: (take: (answer: import("node:http").IncomingMessage) => boolean) => void): boolean }>}
 *   `lines` say what was mapped and what was not, for the mock's log
 * @example
 * const state = await statefulMock(spec);
 * createServer((req, res) => state.answer(req, res, (take) => toPrism(req, res, take)) || toPrism(req, res));
 */
export async function statefulMock(
  spec,
  { items: maxItems = STATE_LIMITS.items, bytes: maxBytes = STATE_LIMITS.bytes } = {},
) {
  const { operations } = readOperations(spec);
  const { collections, deletions, stateless, reasons } = inferCollections(spec, operations);
  const sampler = await createSampler(spec);
  /** @type {Map<any, { role: string, collection: Collection } | { role: "forget" | "forgotten", deletion: Deletion }>} */
  const roles = new Map();
  for (const d of deletions) {
    roles.set(d.remove, { role: "forget", deletion: d });
    if (d.read) roles.set(d.read, { role: "forgotten", deletion: d });
  }
  for (const c of collections) {
    roles.set(c.create, { role: "create", collection: c });
    roles.set(c.read, { role: "read", collection: c });
    for (const op of c.updates) roles.set(op, { role: "update", collection: c });
    if (c.remove) roles.set(c.remove, { role: "delete", collection: c });
    if (c.list) roles.set(c.list, { role: "list", collection: c });
  }
  // every operation is matched, so that a literal path (`/things/search`) never reads as an item
  const find = operationMatcher(operations);
  /** @type {Map<string, Stored>} in the order stored: the first is the oldest */
  const store = new Map();
  let bytes = 0;
  let seeds = 0;

  const itemSchema = (/** @type {Collection} */ c) =>
    propertiesOf(spec, c.wrapper ? propertiesOf(spec, c.read.success.schema)[c.wrapper] : c.read.success.schema)[
      c.idField
    ];
  // the item path's parameter as each operation on the item declares it: a new id must fit them all
  // (read once: the checks keep a row per schema object they meet)
  const declared = new Map(
    collections.map((c) => [
      c,
      [c.read, ...c.updates, ...(c.remove ? [c.remove] : [])].flatMap(
        (op) => op.pathParams.find((p) => p.name === c.param)?.schema ?? [],
      ),
    ]),
  );
  const paramSchemas = (/** @type {Collection} */ c) => declared.get(c) ?? [];

  /**
   * A new id for `c` under `scope`: the one the request gave (`given`) where it fits, else one
   * drawn from the id field's schema; either accepted by the path parameter, and not stored.
   */
  const newId = (/** @type {Collection} */ c, /** @type {string} */ scope, /** @type {unknown} */ given) => {
    const schema = itemSchema(c);
    const params = paramSchemas(c);
    const numeric = (param) => [resolve(spec, param)?.type].flat().some((t) => t === "integer" || t === "number");
    for (let draw = -1; draw < ID_DRAWS; draw++) {
      const seed = ++seeds;
      // from the field's schema, else from the parameter's where it says more (a uuid the field leaves a string)
      const drawn =
        draw < 0
          ? [given]
          : integer(c)
            ? [Math.max(Number(resolve(spec, schema)?.minimum ?? 1), 1) + seed]
            : [
                sampler.sample(schema, { seed }).value,
                ...params.map((param) => sampler.sample(param, { direction: "request", seed }).value),
              ];
      for (const value of drawn) {
        if (typeof value !== "string" && !Number.isSafeInteger(value)) continue;
        if (sampler.check(schema, value, "response").length) continue;
        const fits = (param) => !sampler.check(param, numeric(param) ? Number(value) : String(value), "request").length;
        if (!params.every(fits)) continue;
        if (!store.has(keyOf(c, scope, String(value)))) return value;
      }
    }
    return undefined;
  };
  const integer = (/** @type {Collection} */ c) => [resolve(spec, itemSchema(c))?.type].flat().includes("integer");
  const keyOf = (/** @type {{ itemPath: string }} */ c, /** @type {string} */ scope, /** @type {string} */ id) =>
    `${c.itemPath}\n${scope}\n${id}`;
  /** The parent path's parameters of a request: the part of a key that keeps nested collections apart. */
  const scopeOf = (/** @type {Record<string, string>} */ params, /** @type {string} */ param) =>
    JSON.stringify(Object.entries(params).filter(([name]) => name !== param));

  /**
   * The answer of `schema` for `record`: a sample of it, the item's fields laid over (in `wrapper`
   * where the answer wraps it); a field the schema refuses there keeps the sampled value, but for
   * the id (`idField`). A sample that breaks its schema already (a field no value fits) is
   * served with what it breaks, and nothing more.
   */
  const render = (schema, wrapper, record, seed, idField) => {
    const base = sampler.sample(schema, { direction: "response", seed }).value;
    const whole = /** @type {any} */ (structuredClone(base));
    const holder = wrapper ? (isObject(whole) ? whole : {}) : undefined;
    if (holder && !isObject(holder[wrapper])) holder[wrapper] = {};
    const target = holder ? holder[wrapper] : whole;
    if (!isObject(target)) return base;
    const sampled = /** @type {any} */ (wrapper ? /** @type {any} */ (base)?.[wrapper] : base) ?? {};
    Object.assign(target, record);
    const prefix = wrapper ? `value.${wrapper}.` : "value.";
    const known = new Set(sampler.check(schema, base, "response").map((issue) => `${issue.path} ${issue.message}`));
    for (let round = 0; round < 4; round++) {
      const issues = sampler
        .check(schema, holder ?? whole, "response")
        .filter((issue) => !known.has(`${issue.path} ${issue.message}`));
      const keys = new Set(
        issues.flatMap((issue) =>
          issue.path.startsWith(prefix) ? [issue.path.slice(prefix.length).split(/[.[]/)[0]] : [],
        ),
      );
      keys.delete(idField);
      if (!keys.size) break;
      for (const key of keys) {
        if (Object.hasOwn(sampled, key)) target[key] = sampled[key];
        else delete target[key];
      }
    }
    return holder ?? whole;
  };

  /** The request's fields under the names the item's schema gives them; its id field never. */
  const named = (/** @type {Collection} */ c, /** @type {Record<string, unknown>} */ fields) => {
    const known = new Map();
    for (const op of [c.create, c.read]) {
      const answer = c.wrapper ? propertiesOf(spec, op.success.schema)[c.wrapper] : op.success.schema;
      for (const name of Object.keys(propertiesOf(spec, answer))) known.set(plainName(name), name);
    }
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [name, value] of Object.entries(fields)) {
      const field = known.get(plainName(name));
      if (field && field !== c.idField) out[field] = value;
    }
    return out;
  };
  const itemOf = (/** @type {Collection} */ c, /** @type {any} */ answer) =>
    /** @type {Record<string, unknown>} */ ((c.wrapper ? answer?.[c.wrapper] : answer) ?? {});

  const keep = (/** @type {string} */ key, /** @type {Stored} */ item) => {
    const old = store.get(key);
    if (old) bytes -= old.bytes;
    store.set(key, item);
    bytes += item.bytes;
    for (const [oldest, stored] of store) {
      if (store.size <= maxItems && bytes <= maxBytes) break;
      if (oldest === key) continue;
      store.delete(oldest);
      bytes -= stored.bytes;
    }
  };

  const tooLarge = (res, what, limit) =>
    refuse(res, 413, `${what} the stateful mock stores holds at most ${limit} bytes`, apiError);
  const send = (res, status, value, type = "application/json") => {
    if (value === undefined) return res.writeHead(status, { "Content-Length": 0 }).end();
    const body = JSON.stringify(value);
    res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) }).end(body);
  };
  const notFound = (res, op, id) => {
    const message = `no item ${JSON.stringify(id)} (the stateful mock stores none by that id)`;
    const declared = op.errors.find((e) => e.status === 404 && e.schema !== undefined);
    const other = op.errorBodies.find((e) => /^(4XX|default)$/i.test(e.status) && e.schema !== undefined);
    const schema = declared?.schema ?? other?.schema;
    if (schema === undefined) return refuse(res, 404, message, apiError);
    const fits = (value) => sampler.check(schema, value, "response").length === 0;
    // the document's own 404 example where it has one, else a sample; its message says what was missing
    let value =
      declared?.example !== undefined && fits(declared.example) ? declared.example : sampler.sample(schema).value;
    if (isObject(value) && typeof value.message === "string" && fits({ ...value, message }))
      value = { ...value, message };
    send(res, 404, value, declared ? "application/json" : other?.mediaType);
  };
  const answerWith = (res, op, record, c, seed) =>
    op.success.kind === "json"
      ? send(
          res,
          op.success.status,
          render(op.success.schema, c.wrapper, record, seed, c.idField),
          op.success.mediaType,
        )
      : send(res, op.success.status, undefined);

  /** Answers a request Prism accepted, from the store. */
  const serve = (req, res, op, role, c, params, url, text) => {
    const scope = scopeOf(params, c.param);
    const id = params[c.param] ?? "";
    if (role === "create") {
      const fields = text === undefined ? undefined : fieldsOf(text, req.headers["content-type"]);
      if (fields === undefined) return tooLarge(res, "a body", BODY_BYTES);
      const given = Object.entries(fields).find(([name]) => plainName(name) === plainName(c.idField))?.[1];
      const value = newId(c, scope, typeof given === "string" && integer(c) ? Number(given) : given);
      if (value === undefined)
        return refuse(res, 503, `the stateful mock drew no new id for ${c.path} in ${ID_DRAWS} tries`, apiError);
      const seed = seeds;
      const made = render(
        c.create.success.schema,
        c.wrapper,
        { ...named(c, fields), [c.idField]: value },
        seed,
        c.idField,
      );
      const record = itemOf(c, made);
      const size = Buffer.byteLength(JSON.stringify(record));
      if (size > maxBytes) return tooLarge(res, "an item", maxBytes);
      keep(keyOf(c, scope, String(value)), { collection: c, record, bytes: size, seed });
      return send(res, c.create.success.status, made, c.create.success.mediaType);
    }
    if (role === "list") {
      const list = /** @type {Collection} */ (c).list;
      const schema = resolve(spec, list?.success.schema);
      const arraySchema = c.listField === undefined ? schema : resolve(spec, propertiesOf(spec, schema)[c.listField]);
      const items = [...store.values()]
        .filter((s) => s.collection === c && store.get(keyOf(c, scope, String(s.record[c.idField]))) === s)
        .map((s) => render(arraySchema?.items, undefined, s.record, s.seed, c.idField));
      const envelope =
        c.listField === undefined ? [] : sampler.sample(list?.success.schema, { direction: "response" }).value;
      if (list?.page) {
        const page = pageOfItems(spec, list, envelope, items, url);
        if ("error" in page) return refuse(res, 400, page.error, apiError);
        return res
          .writeHead(page.status, { ...page.headers, "Content-Length": Buffer.byteLength(page.body) })
          .end(page.body);
      }
      return send(
        res,
        list?.success.status ?? 200,
        c.listField === undefined ? items : { ...Object(envelope), [c.listField]: items },
        list?.success.mediaType,
      );
    }
    const key = keyOf(c, scope, id);
    const stored = store.get(key);
    if (!stored) return notFound(res, op, id);
    if (role === "read") return answerWith(res, op, stored.record, c, stored.seed);
    if (role === "delete") {
      store.delete(key);
      bytes -= stored.bytes;
      return answerWith(res, op, stored.record, c, stored.seed);
    }
    const fields = text === undefined ? undefined : fieldsOf(text, req.headers["content-type"]);
    if (fields === undefined) return tooLarge(res, "a body", BODY_BYTES);
    const updated = itemOf(
      c,
      render(c.read.success.schema, c.wrapper, { ...stored.record, ...named(c, fields) }, stored.seed, c.idField),
    );
    const size = Buffer.byteLength(JSON.stringify(updated));
    if (size > maxBytes) return tooLarge(res, "an item", maxBytes);
    keep(key, { ...stored, record: updated, bytes: size });
    return answerWith(res, op, updated, c, stored.seed);
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
    size: () => ({ items: store.size, bytes }),
    answer(req, res, forward) {
      if (!roles.size || req.headers.prefer) return false;
      // the mock's own origin, so that the next-page addresses it writes are followed
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "mock"}`);
      const found = find(req.method ?? "", url.pathname);
      const mapped = found && roles.get(found.operation);
      if (!found || !mapped) return false;
      const params = decoded(found.params);
      if (!params) return false;
      if ("deletion" in mapped) {
        const { param } = mapped.deletion;
        const id = params[param] ?? "";
        const key = keyOf(mapped.deletion, scopeOf(params, param), id);
        forward((answer) => {
          if (!accepted(answer)) return false;
          if (!store.has(key)) {
            // the stateless answer goes out; a deleted id is remembered
            if (mapped.role === "forget")
              keep(key, { collection: undefined, record: {}, bytes: Buffer.byteLength(key), seed: 0 });
            return false;
          }
          answer.resume();
          notFound(res, found.operation, id);
          return true;
        });
        return true;
      }
      // the body goes on to Prism as it arrives; a copy of it, bounded, is kept for the store
      /** @type {Buffer[]} */
      const chunks = [];
      let read = 0;
      if (mapped.role === "create" || mapped.role === "update")
        req.on("data", (chunk) => {
          read += chunk.length;
          if (read <= BODY_BYTES) chunks.push(chunk);
        });
      forward((answer) => {
        if (!accepted(answer)) return false;
        answer.resume();
        const text = read > BODY_BYTES ? undefined : Buffer.concat(chunks).toString("utf8");
        try {
          serve(req, res, found.operation, mapped.role, mapped.collection, params, url, text);
        } catch (err) {
          refuse(res, 502, `stateful mock: ${err instanceof Error ? err.message : err}`, apiError);
        }
        return true;
      });
      return true;
    },
  };
}
