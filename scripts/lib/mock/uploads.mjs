// Form bodies as the client sends them, read back into the document's shape before the request is
// checked: a multipart form's bracket names (`files[0][file]`, src/uploads/form-body.ts) and JSON
// parts, and an `application/x-www-form-urlencoded` body's repeated keys, bracket names and
// `encoding` styles (src/uploads/url-encoded.ts). Prism reads bracket names literally and reports
// the document's fields missing; the mock reads the fields with the client's own reader
// (src/uploads/form-fields.ts, through the document's checker) and checks them with its checks.
import { offeredMedia } from "../generate/request-bodies.mjs";

/** What a file stands for in the decoded body: the schema has it as a (binary) string. */
export const FILE = "(file)";

/**
 * @typedef {{ style?: string, explode?: boolean }} Encoding how a field is written
 * @typedef {(schema: unknown, form: FormData | URLSearchParams, encoding: Record<string, Encoding>) => Record<string, unknown>} ReadForm
 *   the client's reading of a form's fields into a schema's shape: the sampler's (document checker's) `formFields`
 */

/**
 * Of the media types an operation offers for its body (readOperations' `body` and its `others`), the
 * one a request's `Content-Type` names, its parameters and case aside; the default one when it names
 * none of them.
 * @param {import("../generate/request-bodies.mjs").RequestBody} body
 * @param {string} contentType the request's `Content-Type`
 * @returns {import("../generate/request-bodies.mjs").BodyMedia}
 * @example
 * sentMedia(route.body, "multipart/form-data; boundary=x").mediaType; // "multipart/form-data", where offered
 */
export function sentMedia(body, contentType) {
  const sent = contentType.split(";")[0]?.trim().toLowerCase();
  return offeredMedia(body).find((media) => media.mediaType.toLowerCase() === sent) ?? body;
}

/**
 * The body of a form request in the document's shape: its fields by bracket name, each value read
 * as its schema's type says (numbers, booleans, null, a JSON part parsed), arrays where the schema
 * has them (repeated keys, indexes, or one value delimited as its `encoding` says), each file as
 * {@link FILE}; read by `readForm`, the client's own reader. `undefined` when the bytes are no form
 * of that media type.
 * @param {ReadForm} readForm the sampler's `formFields`
 * @param {string} contentType the request's `Content-Type`
 * @param {Buffer} bytes the request's body
 * @param {unknown} schema the body's schema in the document
 * @param {Record<string, Encoding>} [encoding] the media type's `encoding`
 * @returns {Promise<Record<string, unknown> | undefined>}
 * @example
 * await formFields(sampler.formFields, "multipart/form-data; boundary=x", bytes, schema);
 * // { files: [{ file: "(file)", dest_path: "/tmp/a.txt" }] }
 */
export async function formFields(readForm, contentType, bytes, schema, encoding = {}) {
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType))
    return readForm(schema, new URLSearchParams(bytes.toString("utf8")), encoding);
  if (!/^multipart\/form-data\b/i.test(contentType)) return undefined;
  /** @type {FormData} */
  let sent;
  try {
    sent = await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
  } catch {
    return undefined;
  }
  // each part as text, in order: a JSON part its text (the reader parses it where an object or
  // array goes), a file its stand-in
  const form = new FormData();
  /** @type {[string, FormDataEntryValue][]} */
  const parts = [];
  sent.forEach((value, name) => parts.push([name, value]));
  for (const [name, value] of parts)
    form.append(name, typeof value === "string" ? value : /json/i.test(value.type) ? await value.text() : FILE);
  return readForm(schema, form, encoding);
}
