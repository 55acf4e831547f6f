// Sequences of JSON items in a spec (JSON Lines, NDJSON, a JSON text sequence:
// src/streams/sequence-media.js), for the generator and the mock alike: which success answers are
// one, what one item is, and the items its examples hold. Event streams are event-streams.mjs's.
import { SEPARATOR, sequenceFraming } from "../../../src/streams/sequence-media.js";
import { resolve } from "../spec/refs.mjs";
import { exampleOf, givenExamples } from "../spec/examples.mjs";
import { keyword } from "../spec/guards.mjs";

/**
 * The media type of `response` that is a sequence of JSON texts (src/streams/sequence-media.js), if
 * any, and if the response offers no JSON beside it: then the JSON answer is the method's, and the
 * sequence the caller's to ask for through `client.raw`.
 * @param {unknown} response a resolved response object
 * @returns {string | undefined}
 */
export function sequenceType(response) {
  const types = Object.keys(keyword(response, "content") ?? {});
  const json = types.some((type) => /^application\/(.+\+)?json$/i.test(type) && !sequenceFraming(type));
  return json ? undefined : types.find((type) => sequenceFraming(type));
}

/**
 * The schema of one item of a sequence's media type: its `itemSchema` (OpenAPI 3.2); else the `items`
 * of an array schema, as OpenAPI 3.2 reads a sequence's `schema` (the whole sequence as an array)
 * and the 3.1 view writes an `itemSchema` (spec/openapi31.mjs); else the schema itself, which
 * documents written before 3.2 give for one item (`application/x-ndjson: schema: Task`). `from` says
 * which; `undefined` when the media type says nothing (an empty schema), so the items go unchecked.
 * @param {unknown} spec
 * @param {unknown} media the media type object
 * @returns {{ schema: unknown, from: "itemSchema" | "items" | "schema" } | undefined}
 */
export function itemSchemaOf(spec, media) {
  const empty = (/** @type {unknown} */ schema) =>
    !schema || (typeof schema === "object" && Object.keys(schema).length === 0);
  const itemSchema = keyword(media, "itemSchema");
  if (!empty(itemSchema)) return { schema: itemSchema, from: "itemSchema" };
  const schema = keyword(media, "schema");
  const whole = resolve(spec, schema);
  const items = keyword(whole, "items");
  if (keyword(whole, "type") === "array") return empty(items) ? undefined : { schema: items, from: "items" };
  return empty(schema) ? undefined : { schema, from: "schema" };
}

/**
 * The items the spec's examples show for a sequence: an example of the whole sequence (an array,
 * where its schema is one) gives its items, one of an item gives itself, a text gives the JSON texts
 * its lines or records hold; failing those, the example of the item's schema.
 * @param {unknown} spec
 * @param {unknown} media the media type object
 * @param {string} mediaType its key, which frames a text example
 * @returns {unknown[]}
 */
export function exampleItems(spec, media, mediaType) {
  const item = itemSchemaOf(spec, media);
  const given = givenExamples(spec, media);
  const items = given
    .filter((e) => e !== undefined)
    .flatMap((example) => {
      // a text where an item is no text: the sequence as it goes over the wire
      if (typeof example === "string" && keyword(resolve(spec, item?.schema), "type") !== "string")
        return textItems(example, SEPARATOR[sequenceFraming(mediaType) ?? "lines"]);
      return item?.from === "items" && Array.isArray(example) ? example : [example];
    });
  if (items.length) return items;
  const one = exampleOf(spec, resolve(spec, item?.schema));
  return one === undefined ? [] : [one];
}

/**
 * The JSON texts of a sequence written out, each parsed; a text that is no JSON is passed over.
 * @param {string} text
 * @param {string} separator
 * @returns {unknown[]}
 */
function textItems(text, separator) {
  return text.split(separator).flatMap((piece) => {
    try {
      return piece.trim() ? [JSON.parse(piece)] : [];
    } catch {
      return [];
    }
  });
}
