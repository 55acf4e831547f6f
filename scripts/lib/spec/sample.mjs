// Values built from a document's schemas where it gives no example, for the mock's answers, list
// pages and stream events and for the docs page's samples: openapi-sampler (the sampler Redoc uses)
// builds the value; randexp gives strings their `pattern`, which openapi-sampler leaves out; every
// value is then held to the client's own checks (./checker.mjs), so what is served or shown is what
// the client accepts.
import { createRequire } from "node:module";
import { documentChecker } from "./checker.mjs";
import { isObject, resolve } from "./document.mjs";

const require = createRequire(import.meta.url);
/** @type {{ sample(schema: unknown, options?: object, spec?: unknown): unknown }} */
const sampler = require("openapi-sampler");
/** @type {new (pattern: RegExp) => { max: number, randInt: (a: number, b: number) => number, gen(): string }} */
const RandExp = require("randexp");

/** How many strings are drawn for one `pattern` before it is left to the checks to refuse. */
const DRAWS = 20;
/** How many fields a sample may lose to pass its schema (see pruned). */
const PRUNES = 16;
/** The most a `*` or `+` of a pattern repeats. */
const REPEAT = 8;
/** Values for the formats openapi-sampler does not know. */
const FORMAT_VALUES = { url: "https://example.com/" };
/** The keywords that make a string's value given, not drawn. */
const GIVEN = ["example", "examples", "default", "const", "enum"];

/**
 * A small seeded generator (mulberry32): the same seed draws the same strings, run after run.
 * @param {number} seed
 */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A string that matches `schema.pattern` within its length bounds, or undefined when none was drawn.
 * @param {{ pattern: string, minLength?: number, maxLength?: number }} schema
 * @param {number} seed
 */
export function patternString(schema, seed = 0) {
  let regex;
  try {
    regex = new RegExp(schema.pattern, "u");
  } catch {
    return undefined;
  }
  const random = seeded(seed + 1);
  const draw = new RandExp(regex);
  draw.max = REPEAT;
  draw.randInt = (from, to) => from + Math.floor(random() * (to - from + 1));
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  for (let i = 0; i < DRAWS; i++) {
    const value = draw.gen();
    const length = [...value].length;
    if (length >= min && length <= max && regex.test(value)) return value;
  }
  return undefined;
}

const allows = (/** @type {any} */ schema, /** @type {string} */ type) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/**
 * A copy of the document in which every patterned string schema without a value of its own gets an
 * `example` drawn from its pattern, so that openapi-sampler, which reads `example`, gives it; with
 * `bare`, the document's own examples and defaults are dropped first, for when they break their
 * schema. `adopt(node)` gives the copy of a node of the document, or a prepared copy of a schema
 * made elsewhere (whose `$ref`s point into the copy).
 * @param {any} spec
 * @param {boolean} bare
 */
function prepared(spec, bare) {
  /** @type {Map<object, any>} the copy of each object met */
  const twin = new Map();
  const EXAMPLE_KEYS = new Set(["example", "examples", "default", "value"]);
  const copyOf = (/** @type {any} */ node, /** @type {boolean} */ inExample) => {
    if (!node || typeof node !== "object") return node;
    const known = twin.get(node);
    if (known !== undefined) return known;
    /** @type {any} */
    const copy = Array.isArray(node) ? [] : {};
    twin.set(node, copy);
    for (const [key, child] of Object.entries(node)) copy[key] = copyOf(child, inExample || EXAMPLE_KEYS.has(key));
    if (!inExample && isObject(node)) prepare(copy);
    return copy;
  };
  const prepare = (/** @type {any} */ schema) => {
    // only a schema's own keys (a field may be named `example`): one with a type, fields, items or branches
    const isSchema =
      typeof schema.type === "string" ||
      Array.isArray(schema.type) ||
      schema.properties ||
      schema.items ||
      Array.isArray(schema.oneOf) ||
      Array.isArray(schema.anyOf) ||
      Array.isArray(schema.allOf);
    if (bare && isSchema) {
      delete schema.example;
      delete schema.examples;
      delete schema.default;
    }
    // a format openapi-sampler leaves as "string" that validators (Prism's) still check
    if (
      typeof schema.format === "string" &&
      Object.hasOwn(FORMAT_VALUES, schema.format) &&
      schema.pattern === undefined &&
      GIVEN.every((key) => schema[key] === undefined)
    )
      schema.example = FORMAT_VALUES[schema.format];
    if (
      typeof schema.pattern === "string" &&
      (schema.type === undefined || allows(schema, "string")) &&
      GIVEN.every((key) => schema[key] === undefined)
    ) {
      const drawn = patternString(schema);
      if (drawn !== undefined) schema.example = drawn;
    }
  };
  const doc = copyOf(spec, false);
  return { doc, adopt: (/** @type {any} */ node) => copyOf(node, false) };
}

/**
 * @typedef {"request" | "response"} Direction
 * @typedef {{ value: unknown, issues: { path: string, message: string }[], source: "document" | "schema" }} Sample
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
 * @param {any} spec a bundled document, `$ref`s kept
 * @example
 * const sampler = await createSampler(spec);
 * sampler.sample({ $ref: "#/components/schemas/Error" }, { direction: "response" }).value; // { code: "string", message: "string" }
 */
export async function createSampler(spec) {
  const checker = await documentChecker(spec);
  /** @type {Record<string, any>} */
  const docs = {};
  const documentFor = (/** @type {boolean} */ bare) => (docs[String(bare)] ??= prepared(spec, bare));

  const build = (/** @type {any} */ schema, /** @type {Direction} */ direction, /** @type {boolean} */ bare) => {
    const { doc, adopt } = documentFor(bare);
    // a schema of the document stands for the same place in the copy
    const inCopy = adopt(schema);
    return sampler.sample(
      inCopy,
      { skipReadOnly: direction === "request", skipWriteOnly: direction === "response", quiet: true },
      doc,
    );
  };
  const check = (/** @type {any} */ schema, /** @type {unknown} */ value, /** @type {Direction} */ direction) =>
    checker.check(schema, value, { answer: direction === "response" });

  /** @returns {Sample} */
  function plainSample(/** @type {any} */ schema, /** @type {Direction} */ direction) {
    let first;
    for (const bare of [false, true]) {
      let value = safely(() => build(schema, direction, bare));
      let issues = check(schema, value, direction);
      // a field required but never described (a defect real documents have) gets a string, once
      if (issues.length > 0 && issues.every((issue) => issue.message === "is required")) {
        for (const issue of issues) fill(value, issue.path);
        issues = check(schema, value, direction);
      }
      // a field the sampler cut short (a recursive schema past its depth) is left out where it may be
      if (issues.length > 0) ({ value, issues } = pruned(value, issues, (v) => check(schema, v, direction)));
      /** @type {Sample} */
      const sample = { value, issues, source: bare ? "schema" : "document" };
      if (issues.length === 0) return sample;
      first ??= sample;
    }
    return /** @type {Sample} */ (first);
  }

  /**
   * @param {any} schema
   * @param {{ direction?: Direction }} [options]
   * @returns {Sample[]}
   */
  function variants(schema, { direction = "response" } = {}) {
    const whole = resolve(spec, schema);
    const branches = whole?.oneOf ?? whole?.anyOf;
    if (!Array.isArray(branches)) return [plainSample(schema, direction)];
    const tag = whole.discriminator?.propertyName;
    const mapping = Object.entries(whole.discriminator?.mapping ?? {});
    return branches.flatMap((branch) => {
      const { allOf, oneOf, anyOf, discriminator, ...shared } = whole;
      const one = Object.keys(shared).length > 0 ? { allOf: [shared, branch] } : branch;
      const sample = plainSample(one, direction);
      if (tag === undefined || !isObject(sample.value))
        return check(schema, sample.value, direction).length ? [] : [sample];
      // the tag as the mapping names the branch, else as the branch pins it, else the branch's name
      const value = /** @type {any} */ (sample.value);
      const mapped = mapping.find(([, target]) => target === branch.$ref)?.[0];
      const named = typeof branch.$ref === "string" ? branch.$ref.split("/").at(-1) : undefined;
      const tags = [mapped, value[tag], named].filter((t) => t !== undefined);
      const fits = tags.find((t) => check(schema, { ...value, [tag]: t }, direction).length === 0);
      if (fits === undefined) return [];
      value[tag] = fits;
      return [{ ...sample, issues: [] }];
    });
  }

  return {
    check,
    /**
     * How `text`, sent as a path or header parameter, breaks `schema`: the client's own reading of it
     * (a number or boolean written as text passes a schema of that type).
     * @param {any} schema
     * @param {string} text
     */
    checkParam: (schema, text) => checker.checkParam(schema, text),
    /**
     * The paths of the fields of `value` its schema never names (`value.a.b`), where the schema
     * does not open itself to others (`additionalProperties` or `patternProperties`): fields the
     * client accepts but a typed call cannot pass, an example's stale ones.
     * @param {any} schema
     * @param {unknown} value
     * @returns {string[]}
     */
    undeclared: (schema, value) => undeclared(spec, schema, value, "value"),
    /**
     * @param {any} schema
     * @param {{ direction?: Direction, seed?: number }} [options]
     * @returns {Sample}
     */
    sample(schema, { direction = "response", seed = 0 } = {}) {
      let sample = plainSample(schema, direction);
      // a oneOf/anyOf whose first branch openapi-sampler mixed up: the first branch that passes
      if (sample.issues.length > 0)
        sample = variants(schema, { direction }).find((one) => one.issues.length === 0) ?? sample;
      if (seed === 0 || sample.issues.length > 0) return sample;
      const varied = vary(spec, schema, structuredClone(sample.value), seed);
      // where a varied field breaks the schema (a uuid's neighbour, a length), the plain one
      for (let round = 0; round < PRUNES; round++) {
        const issues = check(schema, varied, direction);
        if (issues.length === 0) return { ...sample, value: varied };
        if (!issues.every((issue) => restore(varied, sample.value, stepsOf(issue.path)))) break;
      }
      return sample;
    },
    variants,
  };
}

/**
 * Sets the field at `path` (`value.a[0].b`, as the checks write it) to a string where its parent is
 * an object; a path it cannot follow is left alone for the checks to report.
 * @param {unknown} value
 * @param {string} path
 */
function fill(value, path) {
  const steps = stepsOf(path);
  const last = steps.pop();
  let node = /** @type {any} */ (value);
  for (const step of steps) node = node?.[step];
  if (isObject(node) && typeof last === "string" && !Object.hasOwn(node, last)) node[last] = "string";
}

/** The steps of a path as the checks write it (`value.a[0].b`): `["a", 0, "b"]`. */
const stepsOf = (/** @type {string} */ path) =>
  [...path.slice("value".length).matchAll(/\.([^.[]+)|\[(\d+)\]/g)].map(([, name, index]) => name ?? Number(index));

/**
 * `value` with the fields its issues point at left out, each at the deepest place where leaving it
 * out clears the issue and makes none of its own (a required field): what a recursive schema's
 * sample cut short at its depth becomes. At most PRUNES fields; `check` lists a value's issues.
 * @param {unknown} value
 * @param {{ path: string, message: string }[]} issues
 * @param {(value: unknown) => { path: string, message: string }[]} check
 */
function pruned(value, issues, check) {
  let current = { value, issues };
  for (let round = 0; round < PRUNES && current.issues.length > 0; round++) {
    const steps = stepsOf(current.issues[0].path);
    let better;
    for (let depth = steps.length; depth > 0 && !better; depth--) {
      const copy = structuredClone(current.value);
      let parent = /** @type {any} */ (copy);
      for (const step of steps.slice(0, depth - 1)) parent = parent?.[step];
      const last = steps[depth - 1];
      if (!isObject(parent) || typeof last !== "string" || !Object.hasOwn(parent, last)) continue;
      delete parent[last];
      const left = check(copy);
      if (left.length < current.issues.length) better = { value: copy, issues: left };
    }
    if (!better) break;
    current = better;
  }
  return current;
}

/**
 * Sets the field of `varied` at `steps` back to the one of `plain`; false when the path cannot
 * be followed in both, or is the whole value.
 * @param {any} varied
 * @param {any} plain
 * @param {(string | number)[]} steps
 */
function restore(varied, plain, steps) {
  if (steps.length === 0) return false;
  let to = varied;
  let from = plain;
  for (const step of steps.slice(0, -1)) {
    to = to?.[step];
    from = from?.[step];
  }
  const last = /** @type {string | number} */ (steps.at(-1));
  if (!to || typeof to !== "object" || !from || typeof from !== "object" || !Object.hasOwn(from, last)) return false;
  to[last] = structuredClone(from[last]);
  return true;
}

/** openapi-sampler throws on a few shapes (a `$ref` it cannot follow, a cycle past its depth): no value then. */
function safely(/** @type {() => unknown} */ build) {
  try {
    return build();
  } catch {
    return undefined;
  }
}

/**
 * The schemas that may describe `value[key]`: the properties of the schema, of its `allOf` parts and of
 * its `oneOf`/`anyOf` branches, `$ref`s followed.
 * @param {any} spec
 * @param {any} schema
 * @param {string} key
 * @returns {any[]}
 */
export function propertySchemas(spec, schema, key, depth = 0) {
  const s = safelyResolve(spec, schema);
  if (!isObject(s) || depth > 16) return [];
  const own = isObject(s.properties) && Object.hasOwn(s.properties, key) ? [s.properties[key]] : [];
  const parts = [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  return [...own, ...parts.flatMap((part) => propertySchemas(spec, part, key, depth + 1))];
}

/**
 * @param {any} spec
 * @param {any} schema
 * @param {unknown} value
 * @param {string} path
 * @returns {string[]}
 */
function undeclared(spec, schema, value, path, depth = 0) {
  const s = safelyResolve(spec, schema);
  if (!isObject(s) || depth > 32) return [];
  if (Array.isArray(value))
    return value.flatMap((item, i) => undeclared(spec, s.items, item, `${path}[${i}]`, depth + 1));
  if (!isObject(value)) return [];
  const open = (/** @type {any} */ node, level = 0) => {
    const n = safelyResolve(spec, node);
    if (!isObject(n) || level > 16) return false;
    if ((n.additionalProperties !== undefined && n.additionalProperties !== false) || n.patternProperties) return true;
    return [...(n.allOf ?? []), ...(n.oneOf ?? []), ...(n.anyOf ?? [])].some((part) => open(part, level + 1));
  };
  if (open(s)) return [];
  return Object.entries(/** @type {Record<string, unknown>} */ (value)).flatMap(([key, field]) => {
    const [first] = propertySchemas(spec, s, key);
    return first === undefined ? [`${path}.${key}`] : undeclared(spec, first, field, `${path}.${key}`, depth + 1);
  });
}

const safelyResolve = (/** @type {any} */ spec, /** @type {any} */ node) => {
  try {
    return resolve(spec, node);
  } catch {
    return undefined;
  }
};

/**
 * `value` with its free-text strings, uuids, emails, patterned strings and integers changed by
 * `seed`, each as far as its own schema allows; the caller checks the whole again.
 * @param {any} spec
 * @param {any} schema
 * @param {unknown} value
 * @param {number} seed
 * @returns {unknown}
 */
function vary(spec, schema, value, seed, depth = 0) {
  const s = safelyResolve(spec, schema);
  if (!isObject(s) || depth > 32) return value;
  if (Array.isArray(value)) {
    const items = safelyResolve(spec, s.items);
    return value.map((item) => vary(spec, items, item, seed, depth + 1));
  }
  if (isObject(value)) {
    const out = /** @type {Record<string, unknown>} */ (value);
    for (const key of Object.keys(out)) {
      const [first] = propertySchemas(spec, s, key);
      if (first !== undefined) out[key] = vary(spec, first, out[key], seed, depth + 1);
    }
    return out;
  }
  if (s.enum !== undefined || s.const !== undefined) return value;
  if (typeof value === "string") {
    if (s.format === "uuid") return `${value.slice(0, 24)}${seed.toString(16).padStart(12, "0").slice(-12)}`;
    if (s.format === "email") return `user${seed}@example.com`;
    if (s.format !== undefined) return value;
    if (typeof s.pattern === "string") return patternString(s, seed) ?? value;
    const longer = `${value}-${seed}`;
    return [...longer].length <= (s.maxLength ?? Infinity) ? longer : value;
  }
  if (Number.isInteger(value) && (s.type === "integer" || allows(s, "integer"))) {
    const next = /** @type {number} */ (value) + seed * (s.multipleOf ?? 1);
    return next <= (s.maximum ?? Infinity) && next < (s.exclusiveMaximum ?? Infinity) ? next : value;
  }
  return value;
}
