// Where the schemas of a bundled OpenAPI document are, and a walk over every one of them with the
// JSON pointer it sits at: what repair.mjs needs to fix a schema in place (its parent and key).
import { escapeToken } from "./refs.mjs";
import { isRecord, keyword } from "./guards.mjs";

/** Keywords that describe a schema and never fail a value: JSON Schema's annotations and OpenAPI's own. */
export const ANNOTATIONS = Object.freeze([
  "title",
  "description",
  "example",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "externalDocs",
  "xml",
  "$comment",
  "discriminator",
]);

/** Keywords holding one subschema. */
const ONE = [
  "items",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "contentSchema",
];
/** Keywords holding a list of subschemas. */
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems"];
/** Keywords holding a map of subschemas. */
const MAP = ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"];
/** Parts of an OpenAPI document that hold values, not schemas: never searched for `schema`. */
const VALUES = new Set(["example", "examples", "value", "default", "enum", "const"]);

/**
 * @callback Visit
 * @param {unknown} node the schema
 * @param {string} pointer its JSON pointer in the document, as `#/...`
 * @param {(schema: unknown) => void} replace puts `schema` in its place
 * @param {string | number} key where its parent (an object or a list) holds it
 * @returns {void}
 */

/**
 * The object or list that holds a schema, by its key or index.
 * @typedef {Record<string, unknown> | unknown[]} Holder
 */

/** @type {(holder: Holder, key: string | number) => unknown} */
const read = (holder, key) => (Array.isArray(holder) ? holder[Number(key)] : holder[key]);

/**
 * Calls `visit` on every schema of `doc` (components, parameters, headers, media types, and every
 * subschema of those), a parent before its subschemas; the walk descends into what `visit` left
 * in place. Each schema object is visited once, so a shared or cyclic one costs nothing more.
 * @param {unknown} doc a bundled OpenAPI document
 * @param {Visit} visit
 * @example
 * forEachSchema(spec, (node, pointer, replace) => { if (node === true) replace({}); });
 */
export function forEachSchema(doc, visit) {
  const seen = new Set();
  /** @type {(parent: Holder, key: string | number, pointer: string) => void} */
  const schema = (parent, key, pointer) => {
    const replace = (/** @type {unknown} */ value) => {
      if (Array.isArray(parent)) parent[Number(key)] = value;
      else parent[key] = value;
    };
    visit(read(parent, key), pointer, replace, key);
    const node = read(parent, key);
    if (!isRecord(node) || seen.has(node)) return;
    seen.add(node);
    for (const k of ONE) if (k in node) schema(node, k, `${pointer}/${k}`);
    for (const k of LIST) {
      const list = node[k];
      // a list holds its schemas by index, as an object by key
      if (Array.isArray(list)) list.forEach((_, i) => schema(list, i, `${pointer}/${k}/${i}`));
    }
    for (const k of MAP) {
      const map = node[k];
      if (isRecord(map)) for (const name of Object.keys(map)) schema(map, name, `${pointer}/${k}/${escapeToken(name)}`);
    }
  };
  // outside the schemas: every `schema` of a parameter, header or media type, wherever it is
  const document = (/** @type {unknown} */ node, /** @type {string} */ pointer) => {
    if (!isRecord(node) && !Array.isArray(node)) return;
    if (seen.has(node)) return;
    seen.add(node);
    for (const [k, v] of Object.entries(node)) {
      const at = `${pointer}/${escapeToken(k)}`;
      if (k === "schema" && isRecord(node)) schema(node, k, at);
      else if (!VALUES.has(k) && !k.startsWith("x-") && !(pointer === "#/components" && k === "schemas"))
        document(v, at);
    }
  };
  const schemas = keyword(keyword(doc, "components"), "schemas");
  if (isRecord(schemas))
    for (const name of Object.keys(schemas)) schema(schemas, name, `#/components/schemas/${escapeToken(name)}`);
  for (const part of ["paths", "webhooks", "components"]) {
    const node = keyword(doc, part);
    if (isRecord(node)) document(node, `#/${part}`);
  }
}
