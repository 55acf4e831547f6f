// What src/checks/check.ts `check()` enforces, as the schema table needs it: the keywords it keeps,
// drops as annotations or reports as unchecked, and the `Schema` type of the data it walks. Apart
// from the table's building so that a keyword check() learns is added here, beside its type.
import { ANNOTATIONS as DESCRIBING } from "../spec/schema-walk.mjs";

/** Keywords that only annotate a value (or hold definitions); dropped so the shipped data stays small. */
export const ANNOTATIONS = new Set([
  ...DESCRIBING,
  "$schema",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$defs",
  "$vocabulary",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
]);
/** Keywords `check()` enforces whose value is a number, kept as they are. */
export const NUMBERS = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
]);
/** The values of `type` that `check()` knows. */
export const TYPES = new Set(["integer", "number", "string", "boolean", "null", "array", "object"]);
/**
 * Formats `check()` knows, each to its export of src/checks/formats.ts; per JSON Schema 2020-12 any
 * other format is an annotation, dropped without a word.
 */
export const FORMATS = new Map([
  ["date-time", "dateTime"],
  ["date", "date"],
  ["uuid", "uuid"],
  ["email", "email"],
]);
/**
 * How generated/validators.ts imports the checks its schemas name: a schema's `format` is its export
 * of formats.ts (`F.uuid`), `multipleOf` a number with `K.multipleOf`, `uniqueItems` `K.unique`.
 */
export const CHECK_IMPORTS = `import * as F from "../src/checks/formats.js";\nimport * as K from "../src/checks/keywords.js";\n`;
/** Keywords that apply a subschema to the same value, through which a schema could reach itself forever. */
export const IN_PLACE = ["allOf", "anyOf", "oneOf"];

/** The `Schema` interface generated/validators.ts declares for its data, written out ahead of the table. */
export const SCHEMA_TYPE = `${CHECK_IMPORTS}
/**
 * The part of JSON Schema that src/checks/check.ts \`check()\` enforces, as scripts/lib/generate/schema-table.mjs
 * writes it: \`$ref\` and discriminator mappings are functions that return the schema they name (read
 * at its first use), \`format\`, \`multipleOf\` and \`uniqueItems\` refer to their checks by import (a
 * bundle keeps only those its schemas use), \`type\` is always a list,
 * \`false\` is \`{ not: {} }\`, and \`readOnly\`/\`writeOnly\` appear only on required properties.
 */
export interface Schema {
  $ref?: () => Schema;
  type?: ("integer" | "number" | "string" | "boolean" | "null" | "array" | "object")[];
  enum?: unknown[];
  const?: unknown;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  not?: Schema;
  discriminator?: { propertyName: string; mapping: Record<string, () => Schema>; defaultMapping?: () => Schema };
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: K.MultipleOf;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: F.Format;
  items?: Schema;
  prefixItems?: Schema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: typeof K.unique;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | false;
  propertyNames?: Schema;
  minProperties?: number;
  maxProperties?: number;
  readOnly?: true;
  writeOnly?: true;
}
`;

/**
 * One emitted schema as schema-table.mjs holds it (the `Schema` above before its references are
 * functions): the keywords `check()` enforces, each `$ref` and discriminator mapping an
 * index into the table; a numeric keyword (`minimum`, `maxLength`...) under its own name.
 * @typedef {object} Entry
 * @property {number} [$ref]
 * @property {string[]} [type]
 * @property {unknown[]} [enum]
 * @property {string[]} [required]
 * @property {unknown} [const]
 * @property {string} [pattern]
 * @property {string} [format]
 * @property {true} [uniqueItems]
 * @property {Entry[]} [allOf]
 * @property {Entry[]} [anyOf]
 * @property {Entry[]} [oneOf]
 * @property {Entry} [items]
 * @property {Entry} [not]
 * @property {Entry} [propertyNames]
 * @property {false | Entry} [additionalProperties]
 * @property {Record<string, Entry>} [properties]
 * @property {{ propertyName: string, mapping: Record<string, number>, defaultMapping?: number }} [discriminator]
 */
/** @typedef {Entry & { [keyword: string]: unknown }} OpenEntry an entry being built, keyed by any keyword */

/**
 * Whether a `type` keyword's entry is one of JSON Schema's types.
 * @param {unknown} t
 * @returns {t is string}
 */
const isTypeName = (t) => typeof t === "string" && TYPES.has(t);

/** The keywords whose value is data, no subschema: `dataKeyword` copies them. */
export const DATA_KEYWORDS = new Set([
  "type",
  "enum",
  "required",
  "const",
  "pattern",
  "format",
  "uniqueItems",
  ...NUMBERS,
]);

/**
 * Copies one keyword of DATA_KEYWORDS into the entry `out` as `check()` reads it (`type` always a
 * list, an empty `required` left out, a `format` or `uniqueItems` it does not check left out);
 * false where `check()` cannot enforce the value (an unknown type, a number that is none, a pattern
 * that is no valid `u` regular expression), which the caller reports.
 * @param {string} key
 * @param {unknown} value
 * @param {OpenEntry} out
 * @returns {boolean}
 */
export function dataKeyword(key, value, out) {
  if (key === "type") {
    const types = Array.isArray(value) ? [...value] : [value];
    if (!types.length || !types.every(isTypeName)) return false;
    out.type = types;
  } else if (key === "enum") {
    if (!Array.isArray(value)) return false;
    out.enum = value;
  } else if (key === "required") {
    if (!Array.isArray(value) || !value.every((name) => typeof name === "string")) return false;
    if (value.length) out.required = value;
  } else if (key === "const") {
    out.const = value;
  } else if (NUMBERS.has(key)) {
    if (typeof value !== "number" || !Number.isFinite(value) || (key === "multipleOf" && value <= 0)) return false;
    out[key] = value;
  } else if (key === "pattern") {
    // a pattern that is no text is refused as one RegExp refuses
    if (typeof value !== "string" || !isPattern(value)) return false;
    out.pattern = value;
  } else if (key === "format") {
    if (typeof value === "string" && FORMATS.has(value)) out.format = value;
  } else if (key === "uniqueItems") {
    if (value === true) out.uniqueItems = true;
  }
  return true;
}

/** Whether a pattern compiles as a `u` regular expression, as `check()` compiles it. */
function isPattern(/** @type {string} */ pattern) {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}
