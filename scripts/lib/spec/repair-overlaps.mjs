// Overlapping `oneOf` branches: one value that matches two of them is refused by oneOf, though each
// branch alone takes it (an object with both `id` and `name`). Part of repair.mjs: such a oneOf is
// read as anyOf, and said so.
import { deref } from "./refs.mjs";
import { fieldsOf, isRecord } from "./guards.mjs";

/**
 * @typedef {{ types: Set<unknown> | null, values: unknown[] | null, required: Set<string>, properties: Map<string, unknown[]>, closed: boolean }} Shape
 */

/**
 * A schema's shape, its `allOf` folded in: enough to tell two `oneOf` branches apart.
 * @param {unknown} spec
 * @param {unknown} schema
 * @param {number} [depth]
 * @returns {Shape}
 */
function shape(spec, schema, depth = 0) {
  /** @type {Shape} */
  const out = { types: null, values: null, required: new Set(), properties: new Map(), closed: false };
  const node = deref(spec, schema);
  if (!isRecord(node) || depth > 8) return out;
  if (node.type !== undefined) out.types = new Set([node.type].flat());
  if ("const" in node) out.values = [node.const];
  else if (Array.isArray(node.enum)) out.values = node.enum;
  for (const name of Array.isArray(node.required) ? node.required : []) out.required.add(name);
  for (const [name, sub] of Object.entries(fieldsOf(node.properties))) out.properties.set(name, [sub]);
  out.closed = node.additionalProperties === false && !node.patternProperties;
  for (const sub of Array.isArray(node.allOf) ? node.allOf : []) {
    const inner = shape(spec, sub, depth + 1);
    if (inner.types) out.types = out.types ? new Set([...out.types].filter((t) => inner.types?.has(t))) : inner.types;
    if (inner.values)
      out.values = out.values ? out.values.filter((v) => inner.values?.some((w) => same(v, w))) : inner.values;
    for (const name of inner.required) out.required.add(name);
    for (const [name, subs] of inner.properties)
      out.properties.set(name, [...(out.properties.get(name) ?? []), ...subs]);
  }
  return out;
}

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
/** The JSON types a set of `type`s admits, integer inside number. */
const admits = (/** @type {Set<unknown>} */ types, /** @type {unknown} */ t) =>
  types.has(t) || (t === "integer" && types.has("number"));
const typesMeet = (/** @type {Set<unknown> | null} */ a, /** @type {Set<unknown> | null} */ b) =>
  !a || !b || [...a].some((t) => admits(b, t)) || [...b].some((t) => admits(a, t));
const valuesMeet = (/** @type {unknown[] | null} */ a, /** @type {unknown[] | null} */ b) =>
  !a || !b || a.some((v) => b.some((w) => same(v, w)));

/**
 * Whether no value can match both shapes, as far as types, consts, enums and closed objects tell.
 * @param {unknown} spec
 * @param {Shape} a
 * @param {Shape} b
 * @returns {boolean}
 */
function disjoint(spec, a, b) {
  if (!typesMeet(a.types, b.types) || !valuesMeet(a.values, b.values)) return true;
  for (const name of new Set([...a.required, ...b.required])) {
    for (const x of a.properties.get(name) ?? []) {
      for (const y of b.properties.get(name) ?? []) {
        const sx = shape(spec, x, 8);
        const sy = shape(spec, y, 8);
        if (!typesMeet(sx.types, sy.types) || !valuesMeet(sx.values, sy.values)) return true;
      }
    }
  }
  const refuses = (/** @type {Shape} */ closed, /** @type {Shape} */ other) =>
    closed.closed && [...other.required].some((name) => !closed.properties.has(name));
  return refuses(a, b) || refuses(b, a);
}

/**
 * Reads a `oneOf` whose branches one value can match two of as `anyOf`, and says so; leaves one
 * whose branches are told apart (by type, const or enum, a required property of each, or a closed
 * object) as it is. Changes `node` in place.
 * @param {unknown} spec the document, for the branches' `$ref`s
 * @param {unknown} node a schema
 * @param {string} at its JSON pointer
 * @param {(where: string, text: string) => void} say
 * @example
 * forEachSchema(spec, (node, at) => overlaps(spec, node, at, say));
 */
export function overlaps(spec, node, at, say) {
  if (!isRecord(node) || !Array.isArray(node.oneOf) || node.oneOf.length < 2) return;
  const shapes = node.oneOf.map((/** @type {unknown} */ b) => shape(spec, b));
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      if (disjoint(spec, shapes[i], shapes[j])) continue;
      const both = [...new Set([...shapes[i].required, ...shapes[j].required])];
      const example = both.length ? `an object with ${both.join(" and ")}` : "a value";
      // an allOf that is no list (no schema's) is left for lint to name, and a new one written
      if (Array.isArray(node.anyOf))
        node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { anyOf: node.oneOf }];
      else node.anyOf = node.oneOf;
      delete node.oneOf;
      say(`${at}/oneOf`, `branches ${i} and ${j} both match ${example}, which oneOf then refuses; read as anyOf`);
      return;
    }
  }
}
