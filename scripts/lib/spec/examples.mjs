// The examples a document gives: the one of a parameter, media type or schema, every one a media
// type gives, and the document with every example taken out (what a document that gives none looks like).
import { resolve } from "./refs.mjs";
import { isRecord, keyword } from "./guards.mjs";

/**
 * The example of a parameter, media type or schema: `example`, else the first of `examples` (a
 * list, or a map of Example objects, `$ref`s followed).
 * @param {unknown} doc
 * @param {unknown} node
 * @returns {unknown}
 */
export function exampleOf(doc, node) {
  // a node that is no object (a schema `true`) has no example
  if (!isRecord(node)) return undefined;
  if (node.example !== undefined) return node.example;
  const examples = node.examples;
  if (Array.isArray(examples)) return examples[0];
  if (isRecord(examples)) return keyword(resolve(doc, Object.values(examples)[0]), "value");
  return undefined;
}

// the maps whose keys are names (a field may be called `example`), not keywords
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "schemas",
  "paths",
  "responses",
  "parameters",
  "headers",
  "content",
  "encoding",
  "links",
  "callbacks",
  "securitySchemes",
  "requestBodies",
  "pathItems",
  "webhooks",
  "mapping",
]);

/**
 * A copy of a bundled document with every example taken out: `example` and `examples` of its
 * schemas, parameters, headers and media types, and `components.examples`. What a document that
 * gives no example looks like, for the tests of what is built from schemas alone.
 * @param {unknown} spec
 * @returns {unknown}
 * @example
 * withoutExamples({ components: { schemas: { A: { type: "string", example: "a" } } } });
 * // { components: { schemas: { A: { type: "string" } } } }
 */
export function withoutExamples(spec) {
  /** @type {(node: unknown, names: boolean) => unknown} */
  const strip = (node, names) => {
    if (Array.isArray(node)) return node.map((item) => strip(item, false));
    if (!isRecord(node)) return node;
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [key, child] of Object.entries(node))
      if (names || (key !== "example" && key !== "examples" && key !== "x-example" && key !== "x-examples"))
        out[key] = strip(child, !names && NAME_MAPS.has(key) && isRecord(child));
    return out;
  };
  const out = strip(spec, false);
  if (isRecord(out) && isRecord(out.components)) delete out.components.examples;
  return out;
}

/**
 * The values a media type's examples give: each of its `examples` map's (`$ref`s followed), else its example.
 * @param {unknown} spec
 * @param {unknown} media
 * @returns {unknown[]}
 */
export function givenExamples(spec, media) {
  const examples = keyword(media, "examples");
  return isRecord(examples)
    ? Object.values(examples).map((e) => keyword(resolve(spec, e), "value"))
    : [exampleOf(spec, media)];
}
