// What an operation answers, for read-operations.mjs: its success answer (JSON, an event stream, a
// sequence of JSON items, other content, or nothing), its declared error answers with a JSON body,
// and whether a JSON answer reads as one thing or as a list. Each read follows `$ref`s; what the
// client cannot express goes to the report.
import { sequenceFraming } from "../../../src/streams/sequence-media.js";
import { resolve } from "../spec/refs.mjs";
import { exampleOf } from "../spec/examples.mjs";
import { isRecord, keyword } from "../spec/guards.mjs";
import { eventSchema, eventStreamType } from "./event-streams.mjs";
import { itemSchemaOf, sequenceType } from "./sequences.mjs";

export const JSON_MEDIA = /^application\/(.+\+)?json$/i;

/**
 * @typedef {object} Success an operation's success answer
 * @property {number} status
 * @property {"json" | "empty" | "other" | "stream" | "sequence"} kind
 * @property {unknown} schema for a stream, one event's data, or the whole event where `eventItem`
 *   says which events' data is JSON (an OpenAPI 3.2 `itemSchema`, spec/event-items.mjs); for a
 *   sequence of JSON items, one item's (see event-streams.mjs)
 * @property {string | undefined} mediaType
 * @property {unknown} example
 * @property {boolean} [eventFromMedia]
 * @property {import("../spec/event-items.mjs").EventData} [eventItem]
 * @property {"itemSchema" | "items" | "schema"} [itemFrom]
 *
 * @typedef {object} ErrorAnswer a declared 4xx/5xx answer
 * @property {number} status
 * @property {unknown} schema its JSON body's schema, undefined where it has none
 * @property {unknown} example
 *
 * @typedef {object} ErrorBody
 * @property {string} status the response's key: `404`, `4XX` or `default`
 * @property {string} mediaType a JSON media type of it (`application/json`, `application/problem+json`)
 * @property {unknown} schema that media type's schema; `undefined` where it gives none (any JSON)
 */

/**
 * The keys of a `responses` object that are success statuses (`200`, `2XX`), in order.
 * @param {Record<string, unknown>} responses
 */
export const successKeys = (responses) =>
  Object.keys(responses)
    .filter((s) => /^2(\d\d|XX)$/i.test(s))
    .sort();

/**
 * A node's `content`, its media types by name (none where it has no such map).
 * @param {unknown} node a response or request body, resolved
 * @returns {Record<string, unknown>}
 */
export function contentOf(node) {
  const content = keyword(node, "content");
  return isRecord(content) ? content : {};
}

/**
 * The success answer of an operation: its first 2xx (a redirect alone resolves to the Response).
 * @param {object} spec the bundled document
 * @param {Record<string, unknown>} responses the operation's `responses`
 * @param {string} where `GET /path`, for the report
 * @param {string[]} unsupported
 * @param {string[]} shapes
 * @returns {Success}
 */
export function success(spec, responses, where, unsupported, shapes) {
  const key = successKeys(responses)[0];
  // an answer that is only a redirect (a signed download's 302): the Response, its Location to read
  const redirect = Object.keys(responses).find((s) => /^3\d\d$/.test(s));
  if (!key && redirect) {
    unsupported.push(`${where}: answer ${redirect} resolves to the Response, its Location not followed`);
    return { status: Number(redirect), kind: "other", schema: undefined, mediaType: undefined, example: undefined };
  }
  if (!key) {
    if (!responses.default)
      unsupported.push(
        `${where}: declares no success answer; it resolves to the Response, and the mock answers 200 with no body`,
      );
    return { status: 200, kind: "other", schema: undefined, mediaType: undefined, example: undefined };
  }
  const response = resolve(spec, responses[key]) ?? {};
  const content = contentOf(response);
  const types = Object.keys(content);
  // a sequence of JSON texts (application/stream+json) is no JSON answer
  const json = types.find((t) => JSON_MEDIA.test(t) && !sequenceFraming(t));
  const status = /^\d+$/.test(key) ? Number(key) : 200;
  const stream = eventStreamAnswer(spec, response, status);
  if (stream) return stream;
  const sequence = sequenceAnswer(spec, response, status);
  if (sequence) {
    const item = { itemSchema: "its itemSchema", items: "its array schema's items", schema: "its schema" };
    shapes.push(
      `stream ${where}: ${sequence.mediaType}, read item by item as an ItemStream, each item ${sequence.itemFrom ? `checked against ${item[sequence.itemFrom]}` : "unchecked (no schema)"}`,
    );
    return sequence;
  }
  if (json) {
    const media = content[json] ?? {};
    const schema = keyword(media, "schema");
    return {
      status,
      kind: "json",
      schema: schema ?? {},
      mediaType: json,
      example: exampleOf(spec, media) ?? exampleOf(spec, schema),
    };
  }
  if (types.length) {
    unsupported.push(`${where}: answer ${types[0]} resolves to the Response, for the caller to read`);
    return { status, kind: "other", schema: undefined, mediaType: types[0], example: undefined };
  }
  return { status, kind: "empty", schema: undefined, mediaType: undefined, example: undefined };
}

/**
 * The declared 4xx/5xx answers with their JSON body's schema and example.
 * @param {object} spec
 * @param {Record<string, unknown>} responses
 * @returns {ErrorAnswer[]}
 */
export function errors(spec, responses) {
  return Object.keys(responses)
    .filter((s) => /^[45]\d\d$/.test(s))
    .map((s) => {
      const content = contentOf(resolve(spec, responses[s]) ?? {});
      const json = Object.keys(content).find((t) => JSON_MEDIA.test(t));
      const media = json ? content[json] : undefined;
      return { status: Number(s), schema: keyword(media, "schema"), example: exampleOf(spec, media) };
    });
}

/**
 * The JSON bodies an operation's error answers may carry: of every response keyed by a 4xx or 5xx
 * status, a range (`4XX`, `5XX`) or `default` (which stands for every status not listed), each JSON
 * media type's schema. The client keeps an error body it parses when it is one of these, and types
 * `ApiError.body` by them.
 * @param {object} spec the bundled document
 * @param {Record<string, unknown>} responses the operation's `responses`
 * @returns {ErrorBody[]}
 * @example
 * errorBodies(spec, { 200: {}, 404: { content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } } });
 * // [{ status: "404", mediaType: "application/json", schema: { $ref: "#/components/schemas/Error" } }]
 */
export function errorBodies(spec, responses) {
  return Object.keys(responses)
    .filter((status) => /^([45](\d\d|XX)|default)$/i.test(status))
    .flatMap((status) => {
      const content = contentOf(resolve(spec, responses[status]));
      return Object.keys(content)
        .filter((mediaType) => JSON_MEDIA.test(mediaType))
        .map((mediaType) => ({ status, mediaType, schema: keyword(content[mediaType], "schema") }));
    });
}

/** @param {unknown} s */
const isArray = (s) => {
  const type = keyword(s, "type");
  return type === "array" || (Array.isArray(type) && type.includes("array"));
};

/**
 * Whether an answer is one thing, not a list: a JSON object none of whose fields is an array (a
 * list's items, however it pages), `$ref`s followed.
 * @param {object} spec
 * @param {Success} answer
 */
export function readsOneThing(spec, answer) {
  if (answer.kind !== "json") return false;
  /** @type {unknown} */
  const schema = resolve(spec, answer.schema);
  if (!isRecord(schema) || !schema.properties || schema.type === "array") return false;
  return Object.values(schema.properties).every((field) => !isArray(resolve(spec, field)));
}

/**
 * Whether an answer is a list: a JSON array, or an object one of whose fields is one, `$ref`s followed.
 * @param {object} spec
 * @param {Success} answer
 */
export function readsList(spec, answer) {
  if (answer.kind !== "json") return false;
  /** @type {unknown} */
  const schema = resolve(spec, answer.schema);
  if (!isRecord(schema)) return false;
  if (isArray(schema)) return true;
  return Object.values(schema.properties ?? {}).some((field) => isArray(resolve(spec, field)));
}

/**
 * The success answer of an operation whose first 2xx is an event stream, as `readOperations`
 * describes answers; `undefined` when it is not one.
 * @param {unknown} spec
 * @param {unknown} response the resolved response object
 * @param {number} status
 */
function eventStreamAnswer(spec, response, status) {
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
 * The success answer of an operation whose first 2xx is a sequence of JSON items, as `readOperations`
 * describes answers (`schema` one item's, `itemFrom` where it was read: `itemSchemaOf`); `undefined`
 * when it is none.
 * @param {unknown} spec
 * @param {unknown} response the resolved response object
 * @param {number} status
 */
function sequenceAnswer(spec, response, status) {
  return streamedAnswer(spec, response, status, "sequence", sequenceType, (media) => {
    const item = itemSchemaOf(spec, media);
    return { schema: item?.schema, itemFrom: item?.from };
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
