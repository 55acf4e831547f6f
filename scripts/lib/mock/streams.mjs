// The mock's streams: Prism cannot serialise a `text/event-stream` answer whose schema is an object
// (500 "Cannot serialise complex objects as text"), nor write a sequence of JSON texts (JSON Lines, a
// JSON text sequence) item by item, so the mock proxy answers those operations itself, with a real
// stream built from the spec's examples (see event-streams.mjs and sequences.mjs), or from its event
// or item schema where it gives none: one event or item of each kind it describes.
import { eventOf, eventSchema, eventStreamType, exampleEvents } from "../generate/event-streams.mjs";
import { exampleItems, itemSchemaOf, sequenceType } from "../generate/sequences.mjs";
import { namedEvent } from "../../../src/streams/event-data.js";
import { SEPARATOR, sequenceFraming } from "../../../src/streams/sequence-media.js";
import { resolve } from "../spec/refs.mjs";
import { operationsOf } from "../spec/document.mjs";
import { keyword } from "../spec/guards.mjs";
import { fieldOf } from "./page-items.mjs";

/**
 * The events the mock sends of a stream an `itemSchema` describes (`schema`, one whole event; `item`,
 * which kinds' data is JSON), where its examples give none: one of each kind of event, or, of one kind
 * whose data is of several kinds (a `oneOf`), one of each kind of data; each named and its data written
 * as its kind says (`eventOf`). Its id is its place (a sampled one is the same for all, and would resume
 * nowhere), and a name no kind pins nor needs is left out, as a stream of one kind sends none.
 * @param {unknown} schema
 * @param {import("../spec/event-items.mjs").EventData} item
 * @param {(schema: unknown) => unknown[]} kinds one value of each kind a schema describes
 * @returns {{ event?: string, data: string }[]}
 */
function namedEvents(schema, item, kinds) {
  const branches = fieldOf(schema, "oneOf") ?? fieldOf(schema, "anyOf");
  const data = fieldOf(fieldOf(schema, "properties"), "data");
  const values = branches || !data ? kinds(schema) : kinds(data).map((value) => ({ data: value }));
  const needed = [schema, ...(Array.isArray(branches) ? branches : [])].some((s) => {
    const required = fieldOf(s, "required");
    return Array.isArray(required) && required.includes("event");
  });
  return values.map((value) => {
    const { id: _id, ...event } = eventOf(item, value);
    if (event.event !== undefined && !namedEvent(item, event.event) && !needed) delete event.event;
    return event;
  });
}

/**
 * Events as a `text/event-stream` sends them: each its `id:`, its `event:` where it is named, a `data:`
 * field per line of its data, and a blank line.
 * @param {{ id: string, event?: string, data: string }[]} events
 * @returns {string}
 */
export function eventFrames(events) {
  return events
    .map(
      (e) =>
        `id: ${e.id}\n${e.event ? `event: ${e.event}\n` : ""}${e.data
          .split(/\r\n|\r|\n/)
          .map((line) => `data: ${line}\n`)
          .join("")}\n`,
    )
    .join("");
}

/**
 * The items of a sequence as its media type frames them: a line each, or a record after 0x1E.
 * @param {{ events: { data: string }[], sequence?: string }} route
 * @returns {string}
 */
function sequenceText(route) {
  const framing = sequenceFraming(route.sequence ?? "") ?? "lines";
  return route.events.map((e) => (framing === "records" ? `${SEPARATOR.records}${e.data}\n` : `${e.data}\n`)).join("");
}

/** The `retry:` the mock advises, in milliseconds, sent before the first event. */
export const MOCK_RETRY_MS = 1000;

/**
 * The event streams of a bundled spec: for each operation whose success answer is
 * `text/event-stream`, the events its examples show, else one event per kind its event schema
 * declares (each `oneOf`/`anyOf` branch, its discriminator's tag set), built by `variants`.
 * `stream(method, template)` is the stream of an operation, undefined for one that is none;
 * `write(stream, req, res)` answers with `200 text/event-stream`, `retry: 1000`, then the events,
 * each with an `id` (the example's, else its 1-based position), and ends; a `Last-Event-ID`
 * resumes after that event.
 * @param {unknown} spec the bundled spec, its `$ref`s kept
 * @param {{ variants?: (schema: unknown) => { value: unknown }[] }} [options]
 * @example
 * const streams = eventStreamMock(spec, { variants: (schema) => sampler.variants(schema) });
 * const stream = streams.stream("GET", "/browsers/{id}/logs/stream");
 * if (stream) streams.write(stream, req, res);
 */
export function eventStreamMock(spec, { variants } = {}) {
  /** @type {Map<string, { status: number, events: { id: string, event?: string, data: string }[], sequence?: string }>} */
  const streams = new Map();
  // one value of each kind a schema describes, as the sampler builds them
  const kinds = (/** @type {unknown} */ schema) => {
    if (!variants || !schema) return [];
    const values = variants(schema).map(({ value }) => value);
    // no kind passes the whole schema (a discriminator whose implicit mapping, the branch's name,
    // contradicts the tag the branch pins): each branch as it describes itself
    const whole = resolve(spec, schema);
    const branches = keyword(whole, "oneOf") ?? keyword(whole, "anyOf");
    if (!values.length && Array.isArray(branches))
      return branches.flatMap((branch) => variants(branch).map(({ value }) => value));
    return values;
  };
  for (const { path, method, op } of operationsOf(spec)) {
    const status = Object.keys(op.responses ?? {})
      .filter((s) => /^2\d\d$/.test(s))
      .sort()[0];
    const response = status ? resolve(spec, keyword(op.responses, status)) : undefined;
    const type = eventStreamType(response);
    const lines = type ? undefined : sequenceType(response);
    if (lines) {
      const media = keyword(keyword(response, "content"), lines);
      const items = exampleItems(spec, media, lines);
      // no schema: any JSON value is an item, and one is sent
      const values = items.length ? items : kinds(itemSchemaOf(spec, media)?.schema ?? {});
      const events = values.map((value, i) => ({ id: String(i + 1), data: JSON.stringify(value) }));
      streams.set(`${method.toUpperCase()} ${path}`, { status: Number(status), events, sequence: lines });
      continue;
    }
    if (!type) continue;
    const media = keyword(keyword(response, "content"), type);
    let events = exampleEvents(spec, media);
    const { schema, item } = eventSchema(spec, media) ?? {};
    if (!events.length)
      events = item
        ? namedEvents(schema, item, kinds)
        : kinds(schema).map((value) => ({ data: typeof value === "string" ? value : JSON.stringify(value) }));
    streams.set(`${method.toUpperCase()} ${path}`, {
      status: Number(status),
      events: events.map((e, i) => ({ ...e, id: e.id ?? String(i + 1) })),
    });
  }
  return {
    operations: streams.size,
    /** @param {string} method @param {string} template */
    stream: (method, template) => streams.get(`${method.toUpperCase()} ${template}`),
    /**
     * @param {{ status: number, events: { id: string, event?: string, data: string }[], sequence?: string }} route
     * @param {import("node:http").IncomingMessage} req
     * @param {import("node:http").ServerResponse} res
     */
    write(route, req, res) {
      if (route.sequence) {
        res.writeHead(route.status, { "Content-Type": route.sequence, "Cache-Control": "no-cache" });
        return void res.end(sequenceText(route));
      }
      const after = req.headers["last-event-id"];
      const from = typeof after === "string" ? route.events.findIndex((e) => e.id === after) + 1 : 0;
      res.writeHead(route.status, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      res.end(`retry: ${MOCK_RETRY_MS}\n\n${eventFrames(route.events.slice(from))}`);
    },
  };
}
