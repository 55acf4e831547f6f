// The docs page's streams. An answer or a body that is a stream of items (server-sent events, JSON
// Lines, NDJSON, JSON text sequences) shows a sample of the stream where the document gives none: the
// events or items the mock sends (scripts/lib/mock/streams.mjs), not the renderer's `data: string`
// placeholders. And an event whose `data` is the text of a value (`contentSchema`, OpenAPI 3.2's
// `itemSchema`) shows that value's fields, where the renderer would show only `data string`.
import { eventStreamType } from "../generate/event-streams.mjs";
import { itemSchemaOf, sequenceType } from "../generate/sequences.mjs";
import { eventFrames, eventStreamMock } from "../mock/streams.mjs";
import { resolve } from "../spec/refs.mjs";
import { operationsOf } from "../spec/document.mjs";
import { exampleOf } from "../spec/examples.mjs";
import { fieldsOf, isRecord, keyword } from "../spec/guards.mjs";
import { openapi31 } from "../spec/openapi31.mjs";
import { sequenceFraming } from "../../../src/streams/sequence-media.js";

/** How deep the branches of an event's schema are followed to find its `data`. */
const MAX_DEPTH = 8;

/** Whether a media type object gives an example of its own. */
const hasExample = (/** @type {unknown} */ page, /** @type {unknown} */ media) => exampleOf(page, media) !== undefined;

/**
 * Gives every stream of `page` a sample where it has none, and shows the value an event's `data` is
 * the text of. Changes `page`, a copy the docs page renders, in place.
 * - A success answer the mock streams (its first 2xx, as the mock answers): `example` becomes the
 *   events as the stream sends them (`id:`, `event:`, `data:` lines), or the items of a sequence, which
 *   the page writes one a line.
 * - A request body of a sequence's media type: `example` becomes one item of each kind its item
 *   schema describes.
 * - A server-sent event whose `data` has a `contentSchema`: `data` is shown as that schema, its
 *   description saying the field holds the value's text.
 * @param {unknown} page the page document (a copy of the bundled spec)
 * @param {{ sampler: import("../generate/example-inputs.mjs").Sampler }} options
 * @returns {unknown} `page`
 * @example
 * withStreamSamples(page, { sampler: await createSampler(page) });
 * page.paths["/logs"].get.responses["200"].content["text/event-stream"].example; // "id: 1\ndata: {...}\n\n"
 */
export function withStreamSamples(page, { sampler }) {
  const streams = eventStreamMock(openapi31(page).spec, { variants: (schema) => sampler.variants(schema) });
  for (const { path, method, op } of operationsOf(page)) {
    const route = streams.stream(method, path);
    const response = route ? resolve(page, keyword(op.responses, String(route.status))) : undefined;
    const type = eventStreamType(response) ?? sequenceType(response);
    const media = type ? resolve(page, keyword(keyword(response, "content"), type)) : undefined;
    if (route && isRecord(media)) {
      if (!hasExample(page, media) && route.events.length)
        media.example = route.sequence ? route.events.map((e) => JSON.parse(e.data)) : eventFrames(route.events);
      if (!route.sequence && media.itemSchema) media.itemSchema = dataShown(page, media.itemSchema);
    }
    const body = resolve(page, op.requestBody);
    for (const [bodyType, raw] of Object.entries(fieldsOf(keyword(body, "content")))) {
      const bodyMedia = resolve(page, raw);
      if (!sequenceFraming(bodyType) || !isRecord(bodyMedia) || hasExample(page, bodyMedia)) continue;
      const item = itemSchemaOf(page, bodyMedia);
      const items = item ? sampler.variants(item.schema, { direction: "request" }).map(({ value }) => value) : [];
      if (items.length) bodyMedia.example = items;
    }
  }
  return page;
}

/**
 * An event's schema as the page shows it: where it, or a branch of it, has a `data` field whose text is
 * a value a `contentSchema` describes, that field shown as the schema; else `schema` itself.
 * @param {unknown} page
 * @param {unknown} schema
 * @param {number} [depth]
 * @returns {unknown}
 */
function dataShown(page, schema, depth = 0) {
  const node = resolve(page, schema);
  if (!isRecord(node) || depth > MAX_DEPTH) return schema;
  const data = resolve(page, keyword(node.properties, "data"));
  if (isRecord(data) && isRecord(data.contentSchema)) {
    const { contentSchema, contentMediaType, type: _type, ...rest } = data;
    const note = `Sent as the ${contentMediaType ?? "JSON"} text of this value.`;
    const shown = {
      ...rest,
      description: rest.description ? `${rest.description} ${note}` : note,
      allOf: [contentSchema],
    };
    // properties that hold a data field are an object
    return { ...node, properties: { ...fieldsOf(node.properties), data: shown } };
  }
  for (const key of ["oneOf", "anyOf", "allOf"]) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    const branches = list.map((/** @type {unknown} */ branch) => dataShown(page, branch, depth + 1));
    if (branches.some((branch, i) => branch !== list[i])) return { ...node, [key]: branches };
  }
  return schema;
}
