// The properties a schema describes: its own, its `allOf` parts' and its `oneOf`/`anyOf` branches',
// `$ref`s followed (refs.mjs).
import { deref } from "./refs.mjs";
import { isRecord } from "./guards.mjs";

/**
 * Every property a value of `schema` may have, as `[name, schema]` pairs: the properties of the
 * schema, then of its `allOf` parts and its `oneOf`/`anyOf` branches, `$ref`s followed, to a
 * bounded depth (a recursive schema ends there); a name may come more than once.
 * @param {unknown} doc
 * @param {unknown} schema
 * @returns {[string, unknown][]}
 */
export function describedProperties(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  if (!isRecord(s) || depth > 16) return [];
  const own = isRecord(s.properties) ? Object.entries(s.properties) : [];
  return [...own, ...partsOf(s).flatMap((part) => describedProperties(doc, part, depth + 1))];
}

/**
 * A schema's `allOf` parts, then its `oneOf` and `anyOf` branches (each where it is a list).
 * @param {Record<string, unknown>} schema
 * @returns {unknown[]}
 */
export const partsOf = (schema) =>
  [schema.allOf, schema.oneOf, schema.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));

/**
 * The schemas that may describe `value[key]` of a value of `schema`, in `describedProperties`' order.
 * @param {unknown} doc
 * @param {unknown} schema
 * @param {string} key
 * @returns {unknown[]}
 */
export const propertySchemas = (doc, schema, key) =>
  describedProperties(doc, schema).flatMap(([name, property]) => (name === key ? [property] : []));
