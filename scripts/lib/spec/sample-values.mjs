// What a sample's values are walked with after openapi-sampler builds them: strings drawn from a
// `pattern`, values varied by a seed, a required field never described filled, fields a recursive
// schema's sample cut short pruned, and the fields a schema never names listed.
import { createRequire } from "node:module";
import { deref } from "./refs.mjs";
import { partsOf, propertySchemas } from "./schema-properties.mjs";
import { isRecord } from "./guards.mjs";

const require = createRequire(import.meta.url);
/** @type {new (pattern: RegExp) => { max: number, randInt: (a: number, b: number) => number, gen(): string }} */
const RandExp = require("randexp");

/** How many strings are drawn for one `pattern` before it is left to the checks to refuse. */
const DRAWS = 20;
/** How many fields a sample may lose to pass its schema (see pruned). */
export const PRUNES = 16;
/** The most a `*` or `+` of a pattern repeats. */
const REPEAT = 8;
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
 * @param {{ pattern: string, minLength?: unknown, maxLength?: unknown }} schema the lengths as the
 * document gives them, compared as JavaScript compares them
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
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  for (let i = 0; i < DRAWS; i++) {
    const value = draw.gen();
    const length = [...value].length;
    if (length >= min && length <= max && regex.test(value)) return value;
  }
  return undefined;
}

export const allows = (/** @type {Record<string, unknown>} */ schema, /** @type {string} */ type) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/**
 * Sets the field at `path` (`value.a[0].b`, as the checks write it) to a string where its parent is
 * an object; a path it cannot follow is left alone for the checks to report.
 * @param {unknown} value
 * @param {string} path
 */
export function fill(value, path) {
  const steps = stepsOf(path);
  const last = steps.pop();
  const node = valueAt(value, steps);
  if (isRecord(node) && typeof last === "string" && !Object.hasOwn(node, last)) node[last] = "string";
}

/**
 * What lies at `steps` in a value (`["a", 0]`: `value.a[0]`), as `value?.a?.[0]` reads it: undefined
 * past a step that is missing; a string's characters and length are read as JavaScript reads them.
 * @param {unknown} value
 * @param {(string | number)[]} steps
 * @returns {unknown}
 */
export function valueAt(value, steps) {
  let node = value;
  // null and undefined end the walk (`?.`); any other value is read as JavaScript reads a property of it
  for (const step of steps)
    node = node == null ? undefined : /** @type {Record<string | number, unknown>} */ (Object(node))[step];
  return node;
}

/** The steps of a path as the checks write it (`value.a[0].b`): `["a", 0, "b"]`. */
export const stepsOf = (/** @type {string} */ path) =>
  [...path.slice("value".length).matchAll(/\.([^.[]+)|\[(\d+)\]/g)].map(([, name, index]) => name ?? Number(index));

/**
 * `value` with the fields its issues point at left out, each at the deepest place where leaving it
 * out clears the issue and makes none of its own (a required field): what a recursive schema's
 * sample cut short at its depth becomes. At most PRUNES fields; `check` lists a value's issues.
 * @param {unknown} value
 * @param {{ path: string, message: string }[]} issues
 * @param {(value: unknown) => { path: string, message: string }[]} check
 */
export function pruned(value, issues, check) {
  let current = { value, issues };
  for (let round = 0; round < PRUNES && current.issues.length > 0; round++) {
    const steps = stepsOf(current.issues[0].path);
    let better;
    for (let depth = steps.length; depth > 0 && !better; depth--) {
      const copy = structuredClone(current.value);
      const parent = valueAt(copy, steps.slice(0, depth - 1));
      const last = steps[depth - 1];
      if (!isRecord(parent) || typeof last !== "string" || !Object.hasOwn(parent, last)) continue;
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
 * @param {unknown} varied
 * @param {unknown} plain
 * @param {(string | number)[]} steps
 */
export function restore(varied, plain, steps) {
  if (steps.length === 0) return false;
  const to = valueAt(varied, steps.slice(0, -1));
  const from = valueAt(plain, steps.slice(0, -1));
  const last = /** @type {string | number} */ (steps.at(-1));
  if (!to || typeof to !== "object" || !from || typeof from !== "object" || !Object.hasOwn(from, last)) return false;
  // objects or arrays, both (the test above)
  /** @type {Record<string | number, unknown>} */ (to)[last] = structuredClone(
    /** @type {Record<string | number, unknown>} */ (from)[last],
  );
  return true;
}

/**
 * The fields of `value` its schema never names, each as its steps from the top (`["a", 0, "b"]`),
 * where the schema does not open itself to others (`additionalProperties` or `patternProperties`).
 * @param {unknown} spec
 * @param {unknown} schema
 * @param {unknown} value
 * @param {(string | number)[]} [at] the steps to `value`
 * @returns {(string | number)[][]}
 */
export function undeclared(spec, schema, value, at = [], depth = 0) {
  const s = deref(spec, schema);
  if (!isRecord(s) || depth > 32) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => undeclared(spec, s.items, item, [...at, i], depth + 1));
  if (!isRecord(value)) return [];
  /** @type {(node: unknown, level?: number) => boolean} */
  const open = (node, level = 0) => {
    const n = deref(spec, node);
    if (!isRecord(n) || level > 16) return false;
    if ((n.additionalProperties !== undefined && n.additionalProperties !== false) || n.patternProperties) return true;
    return partsOf(n).some((part) => open(part, level + 1));
  };
  if (open(s)) return [];
  return Object.entries(value).flatMap(([key, field]) => {
    const [first] = propertySchemas(spec, s, key);
    return first === undefined ? [[...at, key]] : undeclared(spec, first, field, [...at, key], depth + 1);
  });
}

/**
 * `value` without its fields at `places` (steps from the top, as `undeclared` gives them): what a
 * typed call can pass of a value that names fields its type does not.
 * @param {unknown} value
 * @param {(string | number)[][]} places
 */
export function without(value, places) {
  if (!places.length) return value;
  const copy = structuredClone(value);
  for (const steps of places) {
    const parent = valueAt(copy, steps.slice(0, -1));
    const last = steps.at(-1);
    if (isRecord(parent) && typeof last === "string") delete parent[last];
  }
  return copy;
}

/**
 * `value` with its free-text strings, uuids, emails, patterned strings and integers changed by
 * `seed`, each as far as its own schema allows; the caller checks the whole again.
 * @param {unknown} spec
 * @param {unknown} schema
 * @param {unknown} value
 * @param {number} seed
 * @returns {unknown}
 */
export function vary(spec, schema, value, seed, depth = 0) {
  const s = deref(spec, schema);
  if (!isRecord(s) || depth > 32) return value;
  if (Array.isArray(value)) {
    const items = deref(spec, s.items);
    return value.map((item) => vary(spec, items, item, seed, depth + 1));
  }
  if (isRecord(value)) {
    const out = value;
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
    if (typeof s.pattern === "string")
      return patternString({ pattern: s.pattern, minLength: s.minLength, maxLength: s.maxLength }, seed) ?? value;
    const longer = `${value}-${seed}`;
    // the bounds as the document gives them, compared as JavaScript compares them (a 3.0
    // `exclusiveMaximum: true` is 1)
    return [...longer].length <= Number(s.maxLength ?? Infinity) ? longer : value;
  }
  if (Number.isInteger(value) && (s.type === "integer" || allows(s, "integer"))) {
    const next = /** @type {number} */ (value) + seed * Number(s.multipleOf ?? 1);
    return next <= Number(s.maximum ?? Infinity) && next < Number(s.exclusiveMaximum ?? Infinity) ? next : value;
  }
  return value;
}
