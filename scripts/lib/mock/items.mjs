// What an item of the stateful mock (state.mjs) looks like in an answer: the operation's own
// sampled answer with the item's fields laid over, held to the client's checks, and a request's
// fields under the names the item's schema gives them; and the store's answers that hold no item
// (404 in the operation's error shape, 413 for an item too large).
import { apiError, refuse } from "../shared/http-guard.mjs";
import { isRecord } from "../spec/guards.mjs";
import { plainName, propertiesOf } from "./collections.mjs";
import { fieldOf } from "./page-items.mjs";

/**
 * @typedef {import("./collections.mjs").Collection} Collection
 * @typedef {import("./dispatch.mjs").Sampler} Sampler
 * @typedef {import("./dispatch.mjs").MockRequest} MockRequest
 * @typedef {import("../generate/read-operations.mjs").OperationInfo} OperationInfo
 */

/**
 * The answer of `schema` for `record`: a sample of it (`seed`), the item's fields laid over (in
 * `wrapper` where the answer wraps it); a field the schema refuses there keeps the sampled value,
 * but for the id (`idField`). A sample that breaks its schema already (a field no value fits) is
 * served with what it breaks, and nothing more.
 * @param {Sampler} sampler the mock's sampler (../spec/sample.mjs): `sample` and `check`
 * @param {unknown} schema
 * @param {string | undefined} wrapper
 * @param {Record<string, unknown>} record
 * @param {number} seed
 * @param {string} idField
 * @example
 * itemAnswer(sampler, op.success.schema, "data", { id: "pet_1", name: "Rex" }, 3, "id"); // { data: { id: "pet_1", name: "Rex", ... } }
 */
export function itemAnswer(sampler, schema, wrapper, record, seed, idField) {
  const base = sampler.sample(schema, { direction: "response", seed }).value;
  const whole = structuredClone(base);
  // the answer's object that holds the item, where it wraps it (objects, not arrays, where isRecord says so)
  /** @type {Record<string, unknown> | undefined} */
  let holder;
  let target = whole;
  if (wrapper) {
    holder = isRecord(whole) ? /** @type {Record<string, unknown>} */ (whole) : {};
    if (!isRecord(holder[wrapper])) holder[wrapper] = {};
    target = holder[wrapper];
  }
  if (!isRecord(target)) return base;
  const item = /** @type {Record<string, unknown>} */ (target);
  // the sampled item's fields, as `sampled[key]` reads them off any value
  const sampled = /** @type {Record<string, unknown>} */ (Object((wrapper ? fieldOf(base, wrapper) : base) ?? {}));
  Object.assign(item, record);
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
      if (Object.hasOwn(sampled, key)) item[key] = sampled[key];
      else delete item[key];
    }
  }
  return holder ?? whole;
}

/**
 * The request's fields under the names the item's schema gives them (case and `_` aside); its id
 * field never.
 * @param {unknown} spec a bundled document, `$ref`s kept
 * @param {Collection} c
 * @param {Record<string, unknown>} fields
 * @returns {Record<string, unknown>}
 */
export function namedFields(spec, c, fields) {
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
}

/**
 * The item in an answer of `c`: the answer itself, or its `wrapper` field.
 * @param {Collection} c
 * @param {unknown} answer an answer itemAnswer made, the item an object in it
 * @returns {Record<string, unknown>}
 */
export const itemOf = (c, answer) =>
  /** @type {Record<string, unknown>} */ ((c.wrapper ? fieldOf(answer, c.wrapper) : answer) ?? {});

/**
 * The operation's own answer for an item: its success schema sampled and overlaid with the item.
 * @param {Sampler} sampler
 * @param {MockRequest} r
 * @param {OperationInfo} op
 * @param {Record<string, unknown>} record
 * @param {Collection} c
 * @param {number} seed
 */
export const answerWith = (sampler, r, op, record, c, seed) =>
  op.success.kind === "json"
    ? sendJson(
        r,
        op.success.status,
        itemAnswer(sampler, op.success.schema, c.wrapper, record, seed, c.idField),
        op.success.mediaType,
      )
    : sendJson(r, op.success.status, undefined);

/** A 413 for an item larger than the store holds. */
export const tooLarge = (
  /** @type {import("node:http").ServerResponse} */ res,
  /** @type {string} */ what,
  /** @type {number} */ limit,
) => refuse(res, 413, `${what} the stateful mock stores holds at most ${limit} bytes`, apiError);
/** Sends `value` as JSON, or an empty body for undefined. */
export const sendJson = (
  /** @type {MockRequest} */ r,
  /** @type {number} */ status,
  /** @type {unknown} */ value,
  /** @type {string | undefined} */ type = "application/json",
) => (value === undefined ? r.send(status, {}) : r.send(status, { "content-type": type }, JSON.stringify(value)));
/**
 * A 404 in the operation's declared error shape (its 404, else its `4XX` or `default` answer; the
 * API's Error shape where it declares none), its message saying which id was missing.
 */
export const notFound = (
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
