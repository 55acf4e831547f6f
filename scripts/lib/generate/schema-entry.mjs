// One entry of the schema table (schema-table.mjs) as the checks read it: each `$ref` and
// discriminator mapping a function that returns the schema it names, and each keyword whose check
// is imported (`format`, `multipleOf`, `uniqueItems`) that check, either as the objects themselves
// (`liveEntry`, for the scripts that run `check()` on a document) or as TypeScript
// (`entrySource`, for generated/validators.ts).
import { isRecord } from "../spec/guards.mjs";
import { FORMATS, IN_PLACE } from "./schema-keywords.mjs";

/** @typedef {import("./schema-keywords.mjs").Entry} Entry */

/**
 * The modules src/checks/formats.ts (`F`) and src/checks/keywords.ts (`K`), or stand-ins that name
 * their exports.
 * @typedef {{ F: Record<string, unknown>, K: Record<string, unknown> }} CheckModules
 */

/**
 * An entry as generated/validators.ts holds it, in memory: `ref(index)` gives the schema an index
 * names (called at its first use), `checks` the modules src/checks/formats.ts and
 * src/checks/keywords.ts; without them an entry naming such a keyword throws.
 * @param {Entry} schema the emitted entry
 * @param {(index: number) => unknown} ref
 * @param {CheckModules | undefined} checks
 * @returns {unknown}
 */
export function liveEntry(schema, ref, checks) {
  return mapRefs(
    schema,
    (n) => () => ref(n),
    (keyword, value) => {
      if (!checks) throw new Error(`schemaTable: schema() needs options.checks for ${keyword}`);
      return codeOf(keyword, value, checks);
    },
  );
}

/** Keywords whose check generated/validators.ts imports: src/checks/formats.ts `F`, src/checks/keywords.ts `K`. */
const CODE = new Set(["format", "multipleOf", "uniqueItems"]);

/**
 * The value of such a keyword as the checks read it, given the two modules (or, for the source,
 * stand-ins that name their exports): `F.uuid`, `[0.01, K.multipleOf]`, `K.unique`.
 * @param {string} keyword
 * @param {unknown} value its value in the emitted entry: the format's name, the number, true
 * @param {CheckModules} modules
 */
function codeOf(keyword, value, { F, K }) {
  // a format's name FORMATS holds: the table emits no other
  if (keyword === "format") return F[/** @type {string} */ (FORMATS.get(String(value)))];
  if (keyword === "multipleOf") return [value, K.multipleOf];
  return K.unique;
}

/** Keywords whose value is a list of subschemas, and those whose value is one. */
const LISTS = new Set([...IN_PLACE, "prefixItems"]);
const SINGLE = new Set(["not", "items", "propertyNames", "additionalProperties"]);

/**
 * A copy of an emitted schema with each `$ref` and discriminator mapping (an index) replaced by
 * `ref(index)`, and each keyword whose check is imported (`format`, `multipleOf`, `uniqueItems`) by
 * `code(keyword, value)`; data (`enum`, `const`) is kept as it is.
 * An entry's keywords hold what schema-table.mjs puts there (`$ref` an index, a list of entries, an
 * entry, a discriminator's indexes); a value of another shape is kept as it is.
 * @param {unknown} schema an entry, or `false` (`additionalProperties`)
 * @param {(index: number) => unknown} ref
 * @param {(keyword: string, value: unknown) => unknown} code
 * @returns {unknown}
 */
function mapRefs(schema, ref, code) {
  if (!isRecord(schema)) return schema;
  const index = (/** @type {unknown} */ value) => (typeof value === "number" ? ref(value) : value);
  /** @type {(key: string, value: unknown) => unknown} */
  const map = (key, value) =>
    key === "$ref"
      ? index(value)
      : LISTS.has(key) && Array.isArray(value)
        ? value.map((sub) => mapRefs(sub, ref, code))
        : SINGLE.has(key)
          ? mapRefs(value, ref, code)
          : CODE.has(key)
            ? code(key, value)
            : key === "properties" && isRecord(value)
              ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, mapRefs(sub, ref, code)]))
              : key === "discriminator" && isRecord(value) && isRecord(value.mapping)
                ? {
                    ...value,
                    mapping: Object.fromEntries(Object.entries(value.mapping).map(([t, i]) => [t, index(i)])),
                    ...(value.defaultMapping === undefined ? {} : { defaultMapping: index(value.defaultMapping) }),
                  }
                : value;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, map(key, value)]));
}

/** Code written as it is into a literal: a reference to a constant (`() => Pet`) or to a format (`F.uuid`). */
class Named {
  constructor(/** @type {string} */ name) {
    this.name = name;
  }
}

/** Stand-ins for generated/validators.ts's imports: each export as the code that names it. */
const IMPORTED = {
  F: Object.fromEntries([...FORMATS.values()].map((name) => [name, new Named(`F.${name}`)])),
  K: { multipleOf: new Named("K.multipleOf"), unique: new Named("K.unique") },
};

/**
 * A value as TypeScript: JSON, but a `Named` as its code, and a key "__proto__" computed, so
 * that it is a field and not the object literal's prototype.
 * @param {unknown} value
 * @returns {string}
 */
function literal(value) {
  if (value instanceof Named) return value.name;
  if (Array.isArray(value)) return `[${value.map(literal).join(",")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const key = (/** @type {string} */ name) => (name === "__proto__" ? '["__proto__"]' : JSON.stringify(name));
  return `{${Object.entries(value)
    .map(([name, v]) => `${key(name)}:${literal(v)}`)
    .join(",")}}`;
}

/**
 * One emitted schema as TypeScript (generated/validators.ts), by the names of the constants: its data as JSON, each `$ref` and discriminator mapping a
 * function returning the constant it names (read at first use, so that order and cycles do not
 * matter), each `format` the check of src/checks/formats.ts it names.
 * @param {Entry} schema
 * @param {string[]} names
 * @returns {string}
 */
export function entrySource(schema, names) {
  return literal(
    mapRefs(
      schema,
      (index) => new Named(`() => ${names[index]}`),
      (keyword, value) => codeOf(keyword, value, IMPORTED),
    ),
  );
}
