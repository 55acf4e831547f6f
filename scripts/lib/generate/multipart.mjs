// How a multipart/form-data body is built from its schema and `encoding`: which fields are files,
// which objects and arrays of objects go as bracket names (`files[0][file]`) and which as a JSON
// part. What it decides for each upload is a line of `npm run generate`'s report.

const MAX_DEPTH = 16;

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
 * @param {(node: any) => any} deref follows a `$ref` within the document
 * @param {string} where `POST /path`, for messages
 * @param {any} schema the body's schema
 * @param {Record<string, any> | undefined} encoding the media type's `encoding`
 * @returns {{ shape: FormShape, note: string }}
 */
export function formShape(deref, where, schema, encoding = {}) {
  const files = [];
  const brackets = [];
  const json = [];
  const parts = [];
  for (const [name, raw] of Object.entries(properties(deref, schema))) {
    const s = deref(raw) ?? {};
    const found = [];
    collectFiles(deref, s, name, found, 0);
    const nested = isObject(deref, s) || (s.type === "array" && isObject(deref, deref(s.items) ?? {}));
    const enc = encoding?.[name] ?? {};
    if (nested) {
      const asJson = /json/i.test(enc.contentType ?? "") && !found.length;
      if (enc.style === "deepObject" || (!asJson && found.length)) {
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

/** The properties of an object schema, those of its `allOf` members included. */
function properties(deref, schema) {
  const s = deref(schema) ?? {};
  return Object.assign({}, ...(s.allOf ?? []).map((m) => properties(deref, m)), s.properties ?? {});
}

const isObject = (deref, s) => s.type === "object" || Object.keys(properties(deref, s)).length > 0;
const isFile = (s) => isFileSchema(s, true);

/**
 * Whether a schema is a file: a string marked `format: binary` (OpenAPI 3.0), `contentEncoding:
 * binary`, or, inside a form (`inForm`), `contentMediaType` with no other `contentEncoding` (OpenAPI
 * 3.1 names a part's media type so). Outside a form a `contentMediaType` string is text of that type
 * (an event stream, JSON in a string), and `contentEncoding: base64` is always text.
 * @param {any} s a schema, `$ref` followed
 * @param {boolean} inForm whether it is a field of a multipart/form-data body
 * @returns {boolean}
 * @example
 * isFileSchema({ type: "string", contentMediaType: "image/png" }, true); // true
 */
export function isFileSchema(s, inForm) {
  if (s?.type !== "string") return false;
  if (s.format === "binary" || s.contentEncoding === "binary") return true;
  return inForm && s.contentMediaType !== undefined && s.contentEncoding === undefined;
}

/**
 * The names of the component schemas a multipart/form-data request body reaches through `$ref`s:
 * their `contentMediaType` strings are files too.
 * @param {any} spec the bundled document (its `$ref`s kept)
 * @returns {Set<string>}
 */
export function formComponents(spec) {
  const found = new Set();
  const walk = (node, depth) => {
    if (depth > 64 || typeof node !== "object" || node === null) return;
    const ref = typeof node.$ref === "string" ? /^#\/components\/schemas\/([^/]+)$/.exec(node.$ref)?.[1] : undefined;
    if (ref !== undefined) {
      if (found.has(ref)) return;
      found.add(ref);
      walk(spec.components?.schemas?.[ref], depth + 1);
    }
    for (const value of Object.values(node)) walk(value, depth + 1);
  };
  for (const item of Object.values(spec.paths ?? {}))
    for (const op of Object.values(item ?? {})) {
      let body = op?.requestBody;
      if (typeof body?.$ref === "string") body = spec.components?.requestBodies?.[body.$ref.split("/").at(-1)];
      walk(body?.content?.["multipart/form-data"]?.schema, 0);
    }
  return found;
}

/** Every path under `s` that holds a file, array positions as `[]`. */
function collectFiles(deref, s, path, out, depth) {
  if (depth > MAX_DEPTH) return;
  if (isFile(s)) out.push(path);
  else if (s.type === "array") collectFiles(deref, deref(s.items) ?? {}, `${path}[]`, out, depth + 1);
  else
    for (const [name, sub] of Object.entries(properties(deref, s)))
      collectFiles(deref, deref(sub) ?? {}, `${path}[${name}]`, out, depth + 1);
}
