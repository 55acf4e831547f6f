// Values built from a document's schemas where it gives no example, for the mock's answers, list
// pages and stream events and for the docs page's samples: openapi-sampler (the sampler Redoc uses)
// builds the value; randexp gives strings their `pattern`, which openapi-sampler leaves out; every
// value is then held to the client's own checks (./checker.mjs), so what is served or shown is what
// the client accepts.
import { createRequire } from "node:module";
import { documentChecker } from "./checker.mjs";
import { deref, resolve } from "./refs.mjs";
import { propertySchemas } from "./schema-properties.mjs";
import { fieldsOf, isRecord, keyword } from "./guards.mjs";
import { prepared } from "./sample-prepare.mjs";
import {
  fill,
  PRUNES,
  patternString,
  pruned,
  restore,
  stepsOf,
  undeclared,
  valueAt,
  vary,
  without,
} from "./sample-values.mjs";

export { patternString };

const require = createRequire(import.meta.url);
/** @type {{ sample(schema: unknown, options?: object, spec?: unknown): unknown }} */
const sampler = require("openapi-sampler");

/** How deep a branch picked for a value may pick branches of its own again. */
const BRANCH_DEPTH = 4;

/**
 * @typedef {"request" | "response"} Direction
 * @typedef {{ value: unknown, issues: { path: string, message: string }[], source: "document" | "schema" }} Sample
 */

/**
 * What `branchPicked` and `variantsOf` share with the sampler they serve: its document, its checks,
 * and its plain sample of a schema.
 * @typedef {object} SamplerParts
 * @property {unknown} spec
 * @property {(schema: unknown, value: unknown, direction: Direction) => { path: string, message: string }[]} check
 * @property {(schema: unknown, direction: Direction, depth?: number) => Sample} plainSample
 */

/**
 * A sampler over one document. `sample(schema)` builds a value for a schema of the document (an
 * object of it, or a `{ $ref }` into it): openapi-sampler's, with every field the schema names,
 * `readOnly` fields left out of requests and `writeOnly` ones out of answers, strings drawn from
 * their `pattern`. It is built first with the document's own schema examples; when that value
 * breaks the schema (a stale example), again without them. `issues` is empty when the value passes
 * the client's checks; otherwise it lists what the schema asks that could not be sampled.
 * `source` says whether the document's examples were used.
 *
 * `seed` (1, 2, …) varies the value: strings that are free text, uuids, emails, patterned strings
 * and integers change with it, so that items of a list differ; a varied value that breaks the
 * schema gives way to the plain one.
 *
 * `variants(schema)` gives one value per branch of a `oneOf`/`anyOf` at the top (a stream's event
 * kinds), each with its discriminator's tag set, keeping those that pass the schema.
 * @param {unknown} spec a bundled document, `$ref`s kept
 * @example
 * const sampler = await createSampler(spec);
 * sampler.sample({ $ref: "#/components/schemas/Error" }, { direction: "response" }).value; // { code: "string", message: "string" }
 */
export async function createSampler(spec) {
  const checker = await documentChecker(spec);
  /** @type {Record<string, ReturnType<typeof prepared>>} */
  const docs = {};
  const documentFor = (/** @type {boolean} */ bare) => (docs[String(bare)] ??= prepared(spec, bare));

  const build = (/** @type {unknown} */ schema, /** @type {Direction} */ direction, /** @type {boolean} */ bare) => {
    const { doc, adopt } = documentFor(bare);
    // a schema of the document stands for the same place in the copy
    const inCopy = adopt(schema);
    return sampler.sample(
      inCopy,
      { skipReadOnly: direction === "request", skipWriteOnly: direction === "response", quiet: true },
      doc,
    );
  };
  const check = (/** @type {unknown} */ schema, /** @type {unknown} */ value, /** @type {Direction} */ direction) =>
    checker.check(schema, value, { answer: direction === "response" });

  /** @returns {Sample} */
  function plainSample(/** @type {unknown} */ schema, /** @type {Direction} */ direction, depth = 0) {
    let first;
    for (const bare of [false, true]) {
      let value = safely(() => build(schema, direction, bare));
      // a request names only the fields its type knows (an example's stale fields left out)
      if (direction === "request") value = without(value, undeclared(spec, schema, value));
      let issues = check(schema, value, direction);
      // a field required but never described (a defect real documents have) gets a string, once
      if (issues.length > 0 && issues.every((issue) => issue.message === "is required")) {
        for (const issue of issues) fill(value, issue.path);
        issues = check(schema, value, direction);
      }
      // a value of branches openapi-sampler mixed up (`{}` for `oneOf: [null, an integer enum]`): one
      // branch's own sample in its place
      if (issues.length > 0 && depth < BRANCH_DEPTH)
        ({ value, issues } = branchPicked(parts, schema, value, issues, direction, depth));
      // a field the sampler cut short (a recursive schema past its depth) is left out where it may be
      if (issues.length > 0) ({ value, issues } = pruned(value, issues, (v) => check(schema, v, direction)));
      /** @type {Sample} */
      const sample = { value, issues, source: bare ? "schema" : "document" };
      if (issues.length === 0) return sample;
      first ??= sample;
    }
    return /** @type {Sample} */ (first);
  }

  /** @type {SamplerParts} */
  const parts = { spec, check, plainSample };
  return samplerOf(parts, checker);
}

/**
 * The sampler's methods over its parts (`SamplerParts`) and the document's checker.
 * @param {SamplerParts} parts
 * @param {Awaited<ReturnType<typeof documentChecker>>} checker
 */
function samplerOf(parts, checker) {
  const { spec, check } = parts;
  return {
    /** The document sampled: withExampleInputs() keys what it chose by the nodes of it an operation reaches. */
    document: spec,
    check,
    /**
     * How `text`, sent as a path or header parameter, breaks `schema`: the client's own reading of it
     * (a number or boolean written as text passes a schema of that type).
     * @param {unknown} schema
     * @param {string} text
     */
    checkParam: (schema, text) => checker.checkParam(schema, text),
    /**
     * A form's fields read into the shape of `schema` (a body's), as the client reads a `FormData` or
     * `URLSearchParams` it is given: src/uploads/form-fields.ts.
     * @param {unknown} schema
     * @param {FormData | URLSearchParams} form
     * @param {Record<string, import("./checker.mjs").FieldEncoding>} [encoding]
     */
    formFields: (schema, form, encoding) => checker.formFields(schema, form, encoding),
    /**
     * The paths of the fields of `value` its schema never names (`value.a.b`), where the schema
     * does not open itself to others (`additionalProperties` or `patternProperties`): fields the
     * client accepts but a typed call cannot pass, an example's stale ones.
     * @param {unknown} schema
     * @param {unknown} value
     * @returns {string[]}
     */
    undeclared: (schema, value) =>
      undeclared(spec, schema, value).map(
        (steps) => `value${steps.map((step) => (typeof step === "number" ? `[${step}]` : `.${step}`)).join("")}`,
      ),
    /**
     * @param {unknown} schema
     * @param {{ direction?: Direction, seed?: number, body?: boolean }} [options] `body`: the value is a
     * whole body, which is never null where the schema takes an object (openapi-sampler's value for a
     * schema that says nothing: a JSON body of `null` reads as none to a server); default false
     * @returns {Sample}
     */
    sample: (schema, options = {}) => sampleOf(parts, schema, options),
    variants: (/** @type {unknown} */ schema, /** @type {{ direction?: Direction }} */ options = {}) =>
      variantsOf(parts, schema, options),
  };
}

/**
 * The sampler's `sample` (see `createSampler`): the plain sample of `schema`, a body's `{}` in
 * place of null, the first branch that passes where the whole does not, varied by `seed`.
 * @param {SamplerParts} parts
 * @param {unknown} schema
 * @param {{ direction?: Direction, seed?: number, body?: boolean }} [options]
 * @returns {Sample}
 */
function sampleOf(parts, schema, { direction = "response", seed = 0, body = false } = {}) {
  const { spec, check, plainSample } = parts;
  let sample = plainSample(schema, direction);
  if (body && sample.value == null && check(schema, {}, direction).length === 0)
    sample = { ...sample, value: {}, issues: [] };
  // a oneOf/anyOf whose first branch openapi-sampler mixed up: the first branch that passes
  if (sample.issues.length > 0)
    sample = variantsOf(parts, schema, { direction }).find((one) => one.issues.length === 0) ?? sample;
  if (seed === 0 || sample.issues.length > 0) return sample;
  const varied = vary(spec, schema, structuredClone(sample.value), seed);
  // where a varied field breaks the schema (a uuid's neighbour, a length), the plain one
  for (let round = 0; round < PRUNES; round++) {
    const issues = check(schema, varied, direction);
    if (issues.length === 0) return { ...sample, value: varied };
    if (!issues.every((issue) => restore(varied, sample.value, stepsOf(issue.path)))) break;
  }
  return sample;
}

/**
 * `value` (a sample of `schema` with `issues`) with each value below the top whose branches the
 * checks refused (none matched) replaced by the first branch's own sample that leaves fewer issues.
 * @param {SamplerParts} parts
 * @param {unknown} schema
 * @param {unknown} value
 * @param {{ path: string, message: string }[]} issues
 * @param {Direction} direction
 * @param {number} depth
 */
function branchPicked({ spec, check, plainSample }, schema, value, issues, direction, depth) {
  let current = { value, issues };
  for (const issue of issues) {
    if (!/^must match one of \d+ schemas$/.test(issue.message)) continue;
    const steps = stepsOf(issue.path);
    // the whole value's branches are sample()'s to pick, after the document's own values are dropped
    if (!steps.length) continue;
    let at = schema;
    for (const step of steps)
      at = typeof step === "number" ? keyword(deref(spec, at), "items") : propertySchemas(spec, at, step)[0];
    const whole = deref(spec, at);
    if (!isRecord(whole)) continue;
    const branches = whole.oneOf ?? whole.anyOf;
    if (!Array.isArray(branches)) continue;
    const { allOf, oneOf, anyOf, discriminator, ...shared } = whole;
    for (const branch of branches) {
      const picked = plainSample(
        Object.keys(shared).length ? { allOf: [shared, branch] } : branch,
        direction,
        depth + 1,
      );
      if (picked.issues.length) continue;
      const next = structuredClone(current.value);
      const parent = valueAt(next, steps.slice(0, -1));
      if (!parent || typeof parent !== "object") continue;
      // an object or an array (the test above)
      /** @type {Record<string | number, unknown>} */ (parent)[/** @type {string | number} */ (steps.at(-1))] =
        picked.value;
      const left = check(schema, next, direction);
      if (left.length < current.issues.length) {
        current = { value: next, issues: left };
        break;
      }
    }
  }
  return current;
}

/**
 * One value per branch of a `oneOf`/`anyOf` at the top of `schema`, each with its discriminator's
 * tag set, those that pass the schema (see `createSampler`).
 * @param {SamplerParts} parts
 * @param {unknown} schema
 * @param {{ direction?: Direction }} [options]
 * @returns {Sample[]}
 */
function variantsOf({ spec, check, plainSample }, schema, { direction = "response" } = {}) {
  const whole = resolve(spec, schema);
  const branches = keyword(whole, "oneOf") ?? keyword(whole, "anyOf");
  if (!isRecord(whole) || !Array.isArray(branches)) return [plainSample(schema, direction)];
  const tag = keyword(whole.discriminator, "propertyName");
  const mapping = Object.entries(fieldsOf(keyword(whole.discriminator, "mapping")));
  return branches.flatMap((branch) => {
    const { allOf, oneOf, anyOf, discriminator, ...shared } = whole;
    const one = Object.keys(shared).length > 0 ? { allOf: [shared, branch] } : branch;
    const sample = plainSample(one, direction);
    const value = sample.value;
    // a propertyName that is no string names no field (an object's key is a string)
    if (typeof tag !== "string" || !isRecord(value)) return check(schema, value, direction).length ? [] : [sample];
    // the tag as the mapping names the branch, else as the branch pins it, else the branch's name
    const ref = keyword(branch, "$ref");
    const mapped = mapping.find(([, target]) => target === ref)?.[0];
    const named = typeof ref === "string" ? ref.split("/").at(-1) : undefined;
    const tags = [mapped, value[tag], named].filter((t) => t !== undefined);
    const fits = tags.find((t) => check(schema, { ...value, [tag]: t }, direction).length === 0);
    if (fits === undefined) return [];
    value[tag] = fits;
    return [{ ...sample, issues: [] }];
  });
}

/** openapi-sampler throws on a few shapes (a `$ref` it cannot follow, a cycle past its depth): no value then. */
function safely(/** @type {() => unknown} */ build) {
  try {
    return build();
  } catch {
    return undefined;
  }
}
