// How a multipart/form-data body is built from its schema and `encoding`: which fields are files,
// which objects and arrays of objects go as bracket names (`files[0][file]`) and which as a JSON
// part. What it decides for each upload is a line of `npm run generate`'s report.
import { isRecord, keyword } from "../spec/guards.mjs";

const MAX_DEPTH = 16;

/** @typedef {(node: unknown) => unknown} Deref follows a `$ref` within the document */

/**
 * @typedef {object} FormShape one multipart body, as the table carries it
 * @property {string[]} files where files go, array positions as `[]`: `zip_file`, `files[][file]`
 * @property {string[]} [brackets] top-level fields sent as bracket names (`files[0][dest_path]`)
 * @property {string[]} [json] top-level fields sent as one `application/json` part
 */

/**
 * The shape of a multipart body. A field's `encoding` decides (`style: deepObject` gives bracket
 * names, a JSON `contentType` a JSON part); without one, an object or array of objects that holds
 * a file goes as bracket names (a JSON part cannot carry a file), any other as a JSON part, as
 * OpenAPI's default for objects says. An array of plain values or files repeats its field name.
 * @param {Deref} deref follows a `$ref` within the document
 * @param {string} where `POST /path`, for messages
 * @param {unknown} schema the body's schema
 * @param {unknown} encoding the media type's `encoding`
 * @returns {{ shape: FormShape, note: string }}
 */
export function formShape(deref, where, schema, encoding = {}) {
  /** @type {string[]} */
  const files = [];
  /** @type {string[]} */
  const brackets = [];
  /** @type {string[]} */
  const json = [];
  /** @type {string[]} */
  const parts = [];
  for (const [name, raw] of Object.entries(properties(deref, schema))) {
    const s = deref(raw) ?? {};
    /** @type {string[]} */
    const found = [];
    collectFiles(deref, s, name, found, 0);
    const nested =
      describesObject(deref, s) ||
      (keyword(s, "type") === "array" && describesObject(deref, deref(keyword(s, "items")) ?? {}));
    const enc = keyword(encoding, name) ?? {};
    if (nested) {
      // RegExp's test reads its argument as String() does
      const asJson = /json/i.test(String(keyword(enc, "contentType") ?? "")) && !found.length;
      if (keyword(enc, "style") === "deepObject" || (!asJson && found.length)) {
        brackets.push(name);
        files.push(...found);
        parts.push(`${name} as bracket names${found.length ? ` (files at ${found.join(", ")})` : ""}`);
      } else {
        json.push(name);
        parts.push(`${name} as a JSON part`);
      }
    } else if (found.length) {
      files.push(...found);
      parts.push(`file field ${found.join(", ")}`);
    }
  }
  /** @type {FormShape} */
  const shape = { files };
  if (brackets.length) shape.brackets = brackets;
  if (json.length) shape.json = json;
  return {
    shape,
    note: `${where}: multipart form, ${parts.length ? parts.join("; ") : "text fields only"}; other fields as text`,
  };
}

/**
 * The properties of an object schema, those of its `allOf` members included.
 * @param {Deref} deref
 * @param {unknown} schema
 * @returns {Record<string, unknown>}
 */
function properties(deref, schema) {
  const s = deref(schema) ?? {};
  const allOf = keyword(s, "allOf");
  // an allOf that is no list (which lint refuses) adds nothing
  const members = Array.isArray(allOf) ? allOf : [];
  return Object.assign({}, ...members.map((m) => properties(deref, m)), keyword(s, "properties") ?? {});
}

/**
 * @param {Deref} deref
 * @param {unknown} s
 */
const describesObject = (deref, s) => keyword(s, "type") === "object" || Object.keys(properties(deref, s)).length > 0;
const isFile = (/** @type {unknown} */ s) => isFileSchema(s, true);

/**
 * Whether a schema is a file: a string marked `format: binary` (OpenAPI 3.0), `contentEncoding:
 * binary`, or, inside a form (`inForm`), `contentMediaType` with no other `contentEncoding` (OpenAPI
 * 3.1 names a part's media type so). Outside a form a `contentMediaType` string is text of that type
 * (an event stream, JSON in a string), and `contentEncoding: base64` is always text.
 * @param {unknown} s a schema, `$ref` followed
 * @param {boolean} inForm whether it is a field of a multipart/form-data body
 * @returns {boolean}
 * @example
 * isFileSchema({ type: "string", contentMediaType: "image/png" }, true); // true
 */
export function isFileSchema(s, inForm) {
  if (!isRecord(s) || s.type !== "string") return false;
  if (s.format === "binary" || s.contentEncoding === "binary") return true;
  return inForm && s.contentMediaType !== undefined && s.contentEncoding === undefined;
}

/**
 * The names of the component schemas a multipart/form-data request body reaches through `$ref`s:
 * their `contentMediaType` strings are files too.
 * @param {unknown} spec the bundled document (its `$ref`s kept), read as it may break the model
 * @returns {Set<string>}
 */
export function formComponents(spec) {
  /** @type {Set<string>} */
  const found = new Set();
  const components = keyword(spec, "components");
  /** @type {(node: unknown, depth: number) => void} */
  const walk = (node, depth) => {
    if (depth > 64 || typeof node !== "object" || node === null) return;
    const $ref = keyword(node, "$ref");
    const ref = typeof $ref === "string" ? /^#\/components\/schemas\/([^/]+)$/.exec($ref)?.[1] : undefined;
    if (ref !== undefined) {
      if (found.has(ref)) return;
      found.add(ref);
      walk(keyword(keyword(components, "schemas"), ref), depth + 1);
    }
    for (const value of Object.values(node)) walk(value, depth + 1);
  };
  const paths = keyword(spec, "paths");
  for (const item of Object.values(isRecord(paths) ? paths : {}))
    for (const op of Object.values(isRecord(item) ? item : {})) {
      let body = keyword(op, "requestBody");
      const $ref = keyword(body, "$ref");
      if (typeof $ref === "string") body = keyword(keyword(components, "requestBodies"), $ref.split("/").at(-1) ?? "");
      walk(keyword(keyword(keyword(body, "content"), "multipart/form-data"), "schema"), 0);
    }
  return found;
}

/**
 * Every path under `s` that holds a file, array positions as `[]`.
 * @param {Deref} deref
 * @param {unknown} s
 * @param {string} path
 * @param {string[]} out
 * @param {number} depth
 */
function collectFiles(deref, s, path, out, depth) {
  if (depth > MAX_DEPTH) return;
  if (isFile(s)) out.push(path);
  else if (keyword(s, "type") === "array")
    collectFiles(deref, deref(keyword(s, "items")) ?? {}, `${path}[]`, out, depth + 1);
  else
    for (const [name, sub] of Object.entries(properties(deref, s)))
      collectFiles(deref, deref(sub) ?? {}, `${path}[${name}]`, out, depth + 1);
}
