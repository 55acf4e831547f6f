// How each query parameter of an operation is written, for the row of generated/operations.ts: only
// where the document says other than what openapi-fetch writes by default (an array's items
// repeated, `style: form, explode: true`; an object's fields in brackets, `deepObject`), so that a
// row of parameters written the default way carries nothing (src/client/query-string.ts writes them).
import { resolve } from "../spec/refs.mjs";
import { partsOf } from "../spec/schema-properties.mjs";
import { isRecord } from "../spec/guards.mjs";

/** The styles OpenAPI lets a query parameter have. */
const STYLES = new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject"]);
/** How many `$ref`s and branches deep a parameter's schema is read for what it holds. */
const MAX_DEPTH = 16;

/**
 * What a query parameter's value can be, read from its schema's structure: an array, an object,
 * a scalar, or several of them through its branches.
 * @param {unknown} spec
 * @param {unknown} schema
 * @param {number} [depth]
 * @returns {Set<"array" | "object" | "scalar">}
 */
function kinds(spec, schema, depth = 0) {
  const s = resolve(spec, schema);
  /** @type {Set<"array" | "object" | "scalar">} */
  const found = new Set();
  // a list in a schema's place has none of its keywords
  if (!isRecord(s) || depth > MAX_DEPTH) return found;
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  for (const type of types) found.add(type === "array" || type === "object" ? type : "scalar");
  // a declared type says what the value is: `properties` beside `type: string` describe nothing
  if (!types.length && (s.items || s.prefixItems)) found.add("array");
  if (!types.length && (s.properties || s.additionalProperties || s.patternProperties)) found.add("object");
  for (const branch of partsOf(s)) for (const kind of kinds(spec, branch, depth + 1)) found.add(kind);
  return found;
}

/**
 * The `style` and `explode` of each query parameter of `params` whose value, as its schema allows
 * it to be, the document writes otherwise than openapi-fetch does; undefined when there is none.
 * OpenAPI's defaults: `style: form`, and `explode` true for form, false for the others.
 * @param {unknown} spec a bundled document
 * @param {import("./read-parameters.mjs").DeclaredParameter[]} params the operation's query parameters, resolved
 * @returns {Record<string, { style?: string, explode?: boolean }> | undefined}
 * @example
 * queryStyles(spec, [{ name: "ids", in: "query", explode: false, schema: { type: "array" } }]);
 * // { ids: { explode: false } }
 */
export function queryStyles(spec, params) {
  /** @type {Record<string, { style?: string, explode?: boolean }>} */
  const styles = {};
  for (const p of params) {
    if (p.content) continue;
    const style = typeof p.style === "string" && STYLES.has(p.style) ? p.style : "form";
    const explode = typeof p.explode === "boolean" ? p.explode : style === "form";
    const kind = kinds(spec, p.schema);
    // what openapi-fetch writes otherwise: an array's items joined (explode false; exploded, every
    // style repeats them), an object's fields as parameters of their own (form; the other styles
    // say nothing of objects, and deepObject is openapi-fetch's own)
    if (!(kind.has("array") && !explode) && !(kind.has("object") && style === "form")) continue;
    /** @type {{ style?: string, explode?: boolean }} */
    const how = {};
    if (style !== "form") how.style = style;
    if (!explode) how.explode = false;
    styles[p.name] = how;
  }
  return Object.keys(styles).length ? styles : undefined;
}
