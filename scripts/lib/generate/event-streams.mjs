// Streams in a spec, for the generator and the mock alike: which success answers are
// `text/event-stream`, what one event's `data` is (OpenAPI 3.2's `itemSchema`, a string schema's
// `contentSchema`, else the media type's schema), and the events its examples hold; and which are a
// sequence of JSON items (JSON Lines, NDJSON, a JSON text sequence), what one item is, and the items
// its examples hold.
import { createParser } from "eventsource-parser";
import { jsonData } from "../../../src/streams/event-data.js";
import { SEPARATOR, sequenceFraming } from "../../../src/streams/sequence-media.js";
import { resolve } from "../spec/refs.mjs";
import { exampleOf } from "../spec/examples.mjs";
import { isRecord, itemsOf, keyword } from "../spec/guards.mjs";
import { EVENT_DATA } from "../spec/event-items.mjs";

const EVENT_STREAM = /^text\/event-stream\s*(;|$)/i;

/**
 * The media type of `response` that is an event stream, if any.
 * @param {unknown} response a resolved response object
 * @returns {string | undefined}
 */
export function eventStreamType(response) {
  return Object.keys(keyword(response, "content") ?? {}).find((type) => EVENT_STREAM.test(type));
}

/**
 * The schema of one event's `data`: of `itemSchema` (OpenAPI 3.2) its `data` property where it
 * describes the whole event, else itself; else of a string schema its `contentSchema` (JSON
 * Schema's way to describe a string's content); else the media type's schema. `undefined` when the
 * spec says nothing (an empty schema), so the events go unchecked.
 * In the 3.1 view of an OpenAPI 3.2 document, an answer's `itemSchema` is the media type's schema of
 * one whole event (spec/event-items.mjs), and `item` says which events' data is JSON.
 * @param {unknown} spec
 * @param {unknown} media the media type object
 * @returns {{ schema: unknown, fromMedia: boolean, item?: import("../spec/event-items.mjs").EventData } | undefined} `fromMedia` when it is the media type's own schema
 */
export function eventSchema(spec, media) {
  const marked = keyword(media, EVENT_DATA);
  // the 3.1 view marks the media type with the EventData it read (spec/event-items.mjs)
  if (marked)
    return {
      schema: keyword(media, "schema"),
      fromMedia: true,
      item: /** @type {import("../spec/event-items.mjs").EventData} */ (marked),
    };
  let schema = keyword(media, "itemSchema");
  let fromMedia = false;
  if (schema) {
    const data = keyword(keyword(resolve(spec, schema), "properties"), "data");
    if (data) schema = data;
  } else {
    schema = keyword(media, "schema");
    fromMedia = true;
  }
  const content = keyword(resolve(spec, schema), "contentSchema");
  if (content) [schema, fromMedia] = [content, false];
  if (!schema || (typeof schema === "object" && Object.keys(schema).length === 0)) return undefined;
  return { schema, fromMedia };
}

/**
 * The success answer of an operation whose first 2xx is an event stream, as `readOperations`
 * describes answers; `undefined` when it is not one.
 * @param {unknown} spec
 * @param {unknown} response the resolved response object
 * @param {number} status
 */
export function eventStreamAnswer(spec, response, status) {
  return streamedAnswer(spec, response, status, "stream", eventStreamType, (media) => {
    const event = eventSchema(spec, media);
    return {
      schema: event?.schema,
      eventFromMedia: event?.fromMedia ?? false,
      ...(event?.item ? { eventItem: event.item } : {}),
    };
  });
}

/**
 * A streamed success answer as `readOperations` describes answers: its status and kind, the schema
 * and what else `read` finds in its media type, which `typeOf` names (`undefined`: the answer is
 * no such stream), and the example the media type gives.
 * @template {string} K
 * @template {{ schema: unknown }} R
 * @param {unknown} spec
 * @param {unknown} response the resolved response object
 * @param {number} status
 * @param {K} kind
 * @param {(response: unknown) => string | undefined} typeOf
 * @param {(media: unknown) => R} read
 */
function streamedAnswer(spec, response, status, kind, typeOf, read) {
  const mediaType = typeOf(response);
  if (!mediaType) return undefined;
  const media = keyword(keyword(response, "content"), mediaType) ?? {};
  const { schema, ...more } = read(media);
  return { status, kind, schema, mediaType, example: exampleOf(spec, media), ...more };
}

/**
 * The events the spec's examples show for a stream, each `{ id?, event?, data }` with `data` as
 * text: a wire-format example (a string with `data:` lines) gives its events; an example that is
 * JSON data gives one event; failing those, the examples of the event schema, or of each branch
 * of its `oneOf`/`anyOf` (one event per kind).
 * @param {unknown} spec
 * @param {unknown} media the media type object
 * @returns {{ id?: string, event?: string, data: string }[]}
 */
export function exampleEvents(spec, media) {
  const given = givenExamples(spec, media);
  // the 3.1 view marks the media type with the EventData it read (spec/event-items.mjs)
  const item = /** @type {import("../spec/event-items.mjs").EventData | undefined} */ (keyword(media, EVENT_DATA));
  const events = given
    .filter((e) => e !== undefined)
    .flatMap((example) =>
      typeof example === "string" && /^data:/m.test(example)
        ? wireEvents(example)
        : item
          ? [example].flat().flatMap((event) => (event && typeof event === "object" ? [eventOf(item, event)] : []))
          : [{ data: JSON.stringify(example) }],
    );
  if (events.length || item) return events;
  const schema = resolve(spec, eventSchema(spec, media)?.schema);
  const one = exampleOf(spec, schema);
  if (one !== undefined) return [{ data: JSON.stringify(one) }];
  return itemsOf(keyword(schema, "oneOf") ?? keyword(schema, "anyOf"))
    .map(
      (/** @type {unknown} */ branch) =>
        exampleOf(spec, resolve(spec, branch)) ?? objectExample(spec, resolve(spec, branch)),
    )
    .filter((/** @type {unknown} */ e) => e !== undefined)
    .map((/** @type {unknown} */ e) => ({ data: JSON.stringify(e) }));
}

/**
 * An event of a stream an `itemSchema` describes, as it goes over the wire, from a value of one event
 * as the client hands it out (`{ event, data, id }`, its data the JSON value where the kind holds
 * JSON): its data written as JSON where the kind's is (as given where it is text already), else as text.
 * @param {import("../spec/event-items.mjs").EventData} item which events' data is JSON
 * @param {unknown} value
 * @returns {{ id?: string, event?: string, data: string }}
 * @example
 * eventOf({ json: false, names: { addJson: true } }, { event: "addJson", data: { foo: 1 } }); // { event: "addJson", data: '{"foo":1}' }
 */
export function eventOf(item, value) {
  const event = keyword(value, "event");
  const name = typeof event === "string" ? event : undefined;
  const given = keyword(value, "data");
  const data = jsonData(item, name) && typeof given !== "string" ? JSON.stringify(given ?? null) : String(given ?? "");
  const id = keyword(value, "id");
  return {
    ...(typeof id === "string" ? { id } : {}),
    ...(name === undefined ? {} : { event: name }),
    data,
  };
}

/**
 * The events of a text in the event-stream wire format, parsed by eventsource-parser.
 * @param {string} text
 */
function wireEvents(text) {
  /** @type {{ id?: string, event?: string, data: string }[]} */
  const events = [];
  const parser = createParser({
    onEvent: ({ id, event, data }) =>
      events.push({ ...(id === undefined ? {} : { id }), ...(event === undefined ? {} : { event }), data }),
  });
  parser.feed(text.endsWith("\n\n") ? text : `${text}\n\n`);
  return events;
}

/**
 * An object built from its properties' examples, when each required one has an example.
 * @param {unknown} spec
 * @param {unknown} schema resolved
 * @returns {Record<string, unknown> | undefined}
 */
function objectExample(spec, schema) {
  const properties = keyword(schema, "properties");
  if (!properties) return undefined;
  const declared = keyword(schema, "required");
  // a `required` that is no list (which lint refuses) requires nothing
  const required = Array.isArray(declared) ? declared : [];
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [name, sub] of Object.entries(properties)) {
    const value = exampleOf(spec, resolve(spec, sub)) ?? keyword(resolve(spec, sub), "const");
    if (value !== undefined) out[name] = value;
    else if (required.includes(name)) return undefined;
  }
  return out;
}

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
 * The success answer of an operation whose first 2xx is a sequence of JSON items, as `readOperations`
 * describes answers (`schema` one item's, `itemFrom` where it was read: `itemSchemaOf`); `undefined`
 * when it is none.
 * @param {unknown} spec
 * @param {unknown} response the resolved response object
 * @param {number} status
 */
export function sequenceAnswer(spec, response, status) {
  return streamedAnswer(spec, response, status, "sequence", sequenceType, (media) => {
    const item = itemSchemaOf(spec, media);
    return { schema: item?.schema, itemFrom: item?.from };
  });
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
 * The values a media type's examples give: each of its `examples` map's (`$ref`s followed), else its example.
 * @param {unknown} spec
 * @param {unknown} media
 * @returns {unknown[]}
 */
function givenExamples(spec, media) {
  const examples = keyword(media, "examples");
  return isRecord(examples)
    ? Object.values(examples).map((e) => keyword(resolve(spec, e), "value"))
    : [exampleOf(spec, media)];
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
