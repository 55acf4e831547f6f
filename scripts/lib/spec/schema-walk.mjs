// Where the schemas of a bundled OpenAPI document are, and a walk over every one of them with the
// JSON pointer it sits at: what repair.mjs needs to fix a schema in place (its parent and key).
import { escapeToken, isObject } from "./document.mjs";

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
 * @param {any} parent the object or array holding the schema
 * @param {string | number} key where in `parent`; the visitor may replace `parent[key]`
 * @param {string} pointer the schema's JSON pointer in the document, as `#/...`
 * @returns {void}
 */

/**
 * Calls `visit` on every schema of `doc` (components, parameters, headers, media types, and every
 * subschema of those), a parent before its subschemas; the walk descends into what `visit` left
 * in place. Each schema object is visited once, so a shared or cyclic one costs nothing more.
 * @param {any} doc a bundled OpenAPI document
 * @param {Visit} visit
 * @example
 * forEachSchema(spec, (parent, key, pointer) => { if (parent[key] === true) parent[key] = {}; });
 */
export function forEachSchema(doc, visit) {
  const seen = new Set();
  const schema = (/** @type {any} */ parent, /** @type {string | number} */ key, /** @type {string} */ pointer) => {
    visit(parent, key, pointer);
    const node = parent[key];
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    for (const k of ONE) if (k in node) schema(node, k, `${pointer}/${k}`);
    for (const k of LIST)
      if (Array.isArray(node[k])) node[k].forEach((_, i) => schema(node[k], i, `${pointer}/${k}/${i}`));
    for (const k of MAP)
      if (isObject(node[k]))
        for (const name of Object.keys(node[k])) schema(node[k], name, `${pointer}/${k}/${escapeToken(name)}`);
  };
  // outside the schemas: every `schema` of a parameter, header or media type, wherever it is
  const document = (/** @type {any} */ node, /** @type {string} */ pointer) => {
    if (!isObject(node) && !Array.isArray(node)) return;
    if (seen.has(node)) return;
    seen.add(node);
    for (const [k, v] of Object.entries(node)) {
      const at = `${pointer}/${escapeToken(k)}`;
      if (k === "schema" && !Array.isArray(node)) schema(node, k, at);
      else if (!VALUES.has(k) && !k.startsWith("x-") && !(pointer === "#/components" && k === "schemas"))
        document(v, at);
    }
  };
  const schemas = doc.components?.schemas;
  if (isObject(schemas))
    for (const name of Object.keys(schemas)) schema(schemas, name, `#/components/schemas/${escapeToken(name)}`);
  for (const part of ["paths", "webhooks", "components"]) if (isObject(doc[part])) document(doc[part], `#/${part}`);
}
