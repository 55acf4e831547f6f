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
