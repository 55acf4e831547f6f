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
const isFile = (s) =>
  s.type === "string" && (s.format === "binary" || s.contentMediaType !== undefined || s.contentEncoding !== undefined);

/** Every path under `s` that holds a file, array positions as `[]`. */
function collectFiles(deref, s, path, out, depth) {
  if (depth > MAX_DEPTH) return;
  if (isFile(s)) out.push(path);
  else if (s.type === "array") collectFiles(deref, deref(s.items) ?? {}, `${path}[]`, out, depth + 1);
  else
    for (const [name, sub] of Object.entries(properties(deref, s)))
      collectFiles(deref, deref(sub) ?? {}, `${path}[${name}]`, out, depth + 1);
}
