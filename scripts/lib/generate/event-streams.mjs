// Event streams in a spec: which success answers are `text/event-stream`, what one event's `data`
// is (OpenAPI 3.2's `itemSchema`, a string schema's `contentSchema`, else the media type's schema),
// and the events its examples hold, for the generator and the mock alike.
import { createParser } from "eventsource-parser";
import { exampleOf, resolve } from "../spec/document.mjs";

const EVENT_STREAM = /^text\/event-stream\s*(;|$)/i;

/**
 * The media type of `response` that is an event stream, if any.
 * @param {any} response a resolved response object
 * @returns {string | undefined}
 */
export function eventStreamType(response) {
  return Object.keys(response?.content ?? {}).find((type) => EVENT_STREAM.test(type));
}

/**
 * The schema of one event's `data`: of `itemSchema` (OpenAPI 3.2) its `data` property where it
 * describes the whole event, else itself; else of a string schema its `contentSchema` (JSON
 * Schema's way to describe a string's content); else the media type's schema. `undefined` when the
 * spec says nothing (an empty schema), so the events go unchecked.
 * @param {any} spec
 * @param {any} media the media type object
 * @returns {{ schema: any, fromMedia: boolean } | undefined} `fromMedia` when it is the media type's own schema
 */
export function eventSchema(spec, media) {
  let schema = media?.itemSchema;
  let fromMedia = false;
  if (schema) {
    const data = resolve(spec, schema)?.properties?.data;
    if (data) schema = data;
  } else {
    schema = media?.schema;
    fromMedia = true;
  }
  const content = resolve(spec, schema)?.contentSchema;
  if (content) [schema, fromMedia] = [content, false];
  if (!schema || (typeof schema === "object" && Object.keys(schema).length === 0)) return undefined;
  return { schema, fromMedia };
}

/**
 * The success answer of an operation whose first 2xx is an event stream, as `readOperations`
 * describes answers; `undefined` when it is not one.
 * @param {any} spec
 * @param {any} response the resolved response object
 * @param {number} status
 */
export function eventStreamAnswer(spec, response, status) {
  const mediaType = eventStreamType(response);
  if (!mediaType) return undefined;
  const media = response.content[mediaType] ?? {};
  const event = eventSchema(spec, media);
  return {
    status,
    kind: /** @type {const} */ ("stream"),
    schema: event?.schema,
    mediaType,
    example: exampleOf(spec, media),
    eventFromMedia: event?.fromMedia ?? false,
  };
}

/**
 * The events the spec's examples show for a stream, each `{ id?, event?, data }` with `data` as
 * text: a wire-format example (a string with `data:` lines) gives its events; an example that is
 * JSON data gives one event; failing those, the examples of the event schema, or of each branch
 * of its `oneOf`/`anyOf` (one event per kind).
 * @param {any} spec
 * @param {any} media the media type object
 * @returns {{ id?: string, event?: string, data: string }[]}
 */
export function exampleEvents(spec, media) {
  const given =
    media?.examples && typeof media.examples === "object" && !Array.isArray(media.examples)
      ? Object.values(media.examples).map((e) => resolve(spec, e)?.value)
      : [exampleOf(spec, media)];
  const events = given
    .filter((e) => e !== undefined)
    .flatMap((example) =>
      typeof example === "string" && /^data:/m.test(example)
        ? wireEvents(example)
        : [{ data: JSON.stringify(example) }],
    );
  if (events.length) return events;
  const schema = resolve(spec, eventSchema(spec, media)?.schema);
  const one = exampleOf(spec, schema);
  if (one !== undefined) return [{ data: JSON.stringify(one) }];
  return (schema?.oneOf ?? schema?.anyOf ?? [])
    .map((branch) => exampleOf(spec, resolve(spec, branch)) ?? objectExample(spec, resolve(spec, branch)))
    .filter((e) => e !== undefined)
    .map((e) => ({ data: JSON.stringify(e) }));
}

/** The events of a text in the event-stream wire format, parsed by eventsource-parser. */
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

/** An object built from its properties' examples, when each required one has an example. */
function objectExample(spec, schema) {
  const properties = schema?.properties;
  if (!properties) return undefined;
  const out = {};
  for (const [name, sub] of Object.entries(properties)) {
    const value = exampleOf(spec, resolve(spec, sub)) ?? resolve(spec, sub)?.const;
    if (value !== undefined) out[name] = value;
    else if ((schema.required ?? []).includes(name)) return undefined;
  }
  return out;
}
