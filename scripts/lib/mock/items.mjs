// What an item of the stateful mock (state.mjs) looks like in an answer: the operation's own
// sampled answer with the item's fields laid over, held to the client's checks, and a request's
// fields under the names the item's schema gives them.
import { isRecord } from "../spec/guards.mjs";
import { plainName, propertiesOf } from "./collections.mjs";
import { fieldOf } from "./page-items.mjs";

/**
 * @typedef {import("./collections.mjs").Collection} Collection
 * @typedef {import("./dispatch.mjs").Sampler} Sampler
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
