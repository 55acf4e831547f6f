// Event streams in a spec, for the generator and the mock alike: which success answers are
// `text/event-stream`, what one event's `data` is (OpenAPI 3.2's `itemSchema`, a string schema's
// `contentSchema`, else the media type's schema), and the events its examples hold. Sequences of
// JSON items are sequences.mjs's; the answer either makes, read-answers.mjs.
import { createParser } from "eventsource-parser";
import { jsonData } from "../../../src/streams/event-data.js";
import { resolve } from "../spec/refs.mjs";
import { exampleOf, givenExamples } from "../spec/examples.mjs";
import { itemsOf, keyword } from "../spec/guards.mjs";
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
