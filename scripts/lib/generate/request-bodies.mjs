// The request body of one operation: every media type its `requestBody.content` offers, each read
// as the client sends it (JSON, an `application/x-www-form-urlencoded` form, a multipart form built
// from its fields, bytes or text as given). The first is the one a call sends by default (JSON where
// offered, else the first the document lists); the others are what a call may send instead, chosen by
// `options.contentType` or by the value (src/client/request-body.ts).
import { sequenceFraming } from "../../../src/streams/sequence-media.js";
import { resolve } from "../spec/refs.mjs";
import { exampleOf } from "../spec/examples.mjs";
import { fieldsOf, isRecord, keyword } from "../spec/guards.mjs";
import { formShape } from "./multipart.mjs";

const JSON_MEDIA = /^application\/(.+\+)?json$/i;
const URLENCODED = /^application\/x-www-form-urlencoded$/i;
const MULTIPART = /^multipart\/form-data$/i;
const OCTETS = /^application\/octet-stream$/i;
const TEXT = /^text\//i;
const SCALARS = new Set(["boolean", "integer", "number"]);
// how OpenAPI lets a form body's field be written (the Encoding Object's `style`)
const FORM_STYLES = new Set(["form", "spaceDelimited", "pipeDelimited", "deepObject"]);

/**
 * @typedef {object} BodyMedia one media type of a request body, as the client sends it
 * @property {"json" | "urlencoded" | "lines" | "text" | "raw"} kind JSON, a urlencoded form, JSON values
 *   one after another (`lines`: JSON Lines, NDJSON, JSON text sequences, from an array), a number or
 *   boolean as its text (`text`: a `text/*` body of such a schema), or anything else (a multipart form,
 *   which the client builds from its fields: `form`; bytes or text, sent as given)
 * @property {string} mediaType as the document writes it
 * @property {unknown} schema
 * @property {unknown} example
 * @property {import("./multipart.mjs").FormShape} [form] how a multipart body is built (multipart.mjs)
 * @property {Record<string, { style?: string, explode?: boolean }>} [encoding] how the fields of a
 *   urlencoded body are written, where their `encoding` says other than the default
 *
 * @typedef {BodyMedia & { required: boolean, others?: BodyMedia[] }} RequestBody the media type a
 *   call sends by default, and `others`: every other one the operation offers, in the document's order
 */

/**
 * The request body of an operation, or `undefined` where it has none. Every media type is read; a
 * form's shape and an encoding that differs from the default are reported to `shapes`, a media type
 * the client sends unchecked to `unsupported`, and an operation that offers several gets one line
 * naming them.
 * @param {unknown} spec the bundled document
 * @param {unknown} raw the operation's `requestBody` (a `$ref` followed)
 * @param {string} where `POST /path`, for the report
 * @param {{ shapes: string[], unsupported: string[] }} report
 * @returns {RequestBody | undefined}
 * @example
 * requestBody(spec, { content: { "application/json": { schema }, "multipart/form-data": { schema: upload } } }, "POST /files", report);
 * // { kind: "json", mediaType: "application/json", …, others: [{ kind: "raw", mediaType: "multipart/form-data", form: { files: ["file"] }, … }] }
 */
export function requestBody(spec, raw, where, { shapes, unsupported }) {
  const body = resolve(spec, raw);
  const content = keyword(body, "content");
  if (!isRecord(content)) return undefined;
  // a body that names no media type is bytes
  const types = Object.keys(content);
  const first = types.find((t) => JSON_MEDIA.test(t)) ?? types[0] ?? "application/octet-stream";
  const read = (/** @type {string} */ mediaType) => mediaOf(spec, content[mediaType], mediaType, where);
  const main = read(first);
  const others = types.filter((t) => t !== first).map(read);
  for (const media of [main, ...others]) {
    if (media.note) shapes.push(media.note);
    if (media.unchecked) unsupported.push(media.unchecked);
  }
  if (others.length)
    shapes.push(
      `body ${where}: ${first} (default), ${others.map((o) => o.mediaType).join(", ")}; chosen by options.contentType or by the value`,
    );
  /** @type {RequestBody} */
  const out = { ...strip(main), required: keyword(body, "required") === true };
  if (others.length) out.others = others.map(strip);
  return out;
}

/**
 * Every media type a request body may be sent as: its default, then the others it offers; none
 * where the operation takes no body.
 * @param {RequestBody | undefined} body
 * @returns {BodyMedia[]}
 */
export const offeredMedia = (body) => (body ? [body, ...(body.others ?? [])] : []);

/**
 * One media type read, with its report lines (`note`, `unchecked`) beside it.
 * @param {unknown} spec
 * @param {unknown} raw
 * @param {string} mediaType
 * @param {string} where
 */
function mediaOf(spec, raw, mediaType, where) {
  const deref = (/** @type {unknown} */ node) => resolve(spec, node);
  const media = fieldsOf(deref(raw));
  const schema = media.schema ?? {};
  // JSON values one after another (JSON Lines, NDJSON, JSON text sequences: src/streams/sequence-media.js),
  // application/stream+json among them, before JSON
  const kind = sequenceFraming(mediaType)
    ? "lines"
    : JSON_MEDIA.test(mediaType)
      ? "json"
      : URLENCODED.test(mediaType)
        ? "urlencoded"
        : TEXT.test(mediaType) &&
            [keyword(deref(schema), "type") ?? []].flat().some((type) => typeof type === "string" && SCALARS.has(type))
          ? "text"
          : "raw";
  /** @type {BodyMedia & { note?: string, unchecked?: string }} */
  const out = { kind, mediaType, schema, example: exampleOf(spec, media) ?? exampleOf(spec, media.schema) };
  if (MULTIPART.test(mediaType)) {
    const { shape, note } = formShape(deref, where, schema, media.encoding);
    out.form = shape;
    out.note = `upload ${note}`;
  } else if (kind === "urlencoded") {
    const { encoding, note } = urlEncoding(media.encoding, where);
    if (encoding) out.encoding = encoding;
    out.note = `form body ${note}`;
  } else if (kind === "raw" && !OCTETS.test(mediaType))
    // octet-stream is sent as bytes (src/uploads/form-body.ts givenBody)
    out.unchecked = `${where}: request body ${mediaType} is passed through as given (FormData, Blob, string), unchecked`;
  return out;
}

/**
 * A media type without its report lines.
 * @param {BodyMedia & { note?: string, unchecked?: string }} media
 * @returns {BodyMedia}
 */
const strip = ({ note: _note, unchecked: _unchecked, ...media }) => media;

/**
 * The fields of a urlencoded body whose `encoding` differs from OpenAPI's default (`style: form`,
 * `explode: true`), and the report line of what the body sends.
 * @param {unknown} raw the media type's `encoding`
 * @param {string} where
 */
function urlEncoding(raw, where) {
  /** @type {Record<string, { style?: string, explode?: boolean }>} */
  const encoding = {};
  /** @type {string[]} */
  const parts = [];
  for (const [name, e] of Object.entries(raw ?? {})) {
    const given = keyword(e, "style");
    const style = typeof given === "string" && FORM_STYLES.has(given) ? given : "form";
    const declared = keyword(e, "explode");
    const explode = typeof declared === "boolean" ? declared : style === "form";
    if (style === "form" && explode) continue;
    encoding[name] = style === "form" ? { explode } : { style };
    parts.push(`${name} ${style === "form" ? "comma-joined" : style}`);
  }
  return {
    encoding: parts.length ? encoding : undefined,
    note: `${where}: application/x-www-form-urlencoded, checked; arrays as repeated keys, objects as bracket names${parts.length ? `; ${parts.join(", ")}` : ""}`,
  };
}
