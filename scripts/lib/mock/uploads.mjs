// Form bodies as the client sends them, read back into the document's shape before the request is
// checked: a multipart form's bracket names (`files[0][file]`, src/uploads/form-body.ts) and JSON
// parts, and an `application/x-www-form-urlencoded` body's repeated keys, bracket names and
// `encoding` styles (src/uploads/url-encoded.ts). Prism reads bracket names literally and reports
// the document's fields missing; the mock checks the decoded body with the client's own checks.
import { offeredMedia } from "../generate/request-bodies.mjs";
import { partsOf, propertySchemas, resolve } from "../spec/document.mjs";
import { isRecord } from "../spec/guards.mjs";

/** What a file stands for in the decoded body: the schema has it as a (binary) string. */
export const FILE = "(file)";
const MAX_DEPTH = 32;
/** @type {Record<string, string | undefined>} */
const DELIMITERS = { spaceDelimited: " ", pipeDelimited: "|" };

/**
 * `files[0][file]` as its steps: `["files", "0", "file"]`; `tags[]` as `["tags", ""]`.
 * @param {string} name
 * @returns {string[]}
 */
function steps(name) {
  const open = name.indexOf("[");
  if (open <= 0 || !name.endsWith("]")) return [name];
  const rest = name.slice(open);
  if (!/^(\[[^[\]]*\])+$/.test(rest)) return [name];
  return [name.slice(0, open), ...[...rest.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
}

const LEAF = Symbol("leaf");

/**
 * @typedef {{ [LEAF]: true, values: unknown[] }} Leaf the values given under one name
 * @typedef {{ [step: string]: Leaf | Branch }} Branch the names under one bracket name, without a prototype
 * @typedef {{ style?: string, explode?: boolean }} Encoding how a field is written
 */

/** @param {Leaf | Branch} node @returns {node is Leaf} */
const isLeaf = (node) => LEAF in node;

/**
 * The fields as a tree of their bracket names; a name given twice holds every value, in order.
 * Its objects have no prototype, so that a name such as `__proto__[x]` is a field like any other.
 * @param {[string, unknown][]} entries
 * @returns {Branch}
 */
function tree(entries) {
  /** @type {Branch} */
  const root = Object.create(null);
  for (const [name, value] of entries) {
    const path = steps(name).slice(0, MAX_DEPTH);
    let node = root;
    for (const step of path.slice(0, -1)) {
      const next = node[step];
      node = node[step] = next && !isLeaf(next) ? next : Object.create(null);
    }
    const last = /** @type {string} */ (path.at(-1));
    const held = node[last];
    if (held && isLeaf(held)) held.values.push(value);
    else node[last] = { [LEAF]: true, values: [value] };
  }
  return root;
}

/**
 * The schema's types, its `oneOf`/`anyOf` branches' as well, `$ref`s followed.
 * @param {unknown} spec
 * @param {unknown} schema
 * @returns {Set<string>}
 */
function types(spec, schema, depth = 0) {
  const s = resolve(spec, schema);
  if (!isRecord(s) || depth > MAX_DEPTH) return new Set();
  const own = [s.type].flat().filter((t) => typeof t === "string");
  if (s.properties && !own.length) own.push("object");
  if (s.items && !own.length) own.push("array");
  if (s.const !== undefined) own.push(s.const === null ? "null" : typeof s.const);
  for (const part of partsOf(s)) for (const t of types(spec, part, depth + 1)) own.push(t);
  return new Set(own);
}

/**
 * The schema of an array's items, through `allOf`/`oneOf`/`anyOf`.
 * @param {unknown} spec
 * @param {unknown} schema
 * @returns {unknown}
 */
function itemsOf(spec, schema, depth = 0) {
  const s = resolve(spec, schema);
  if (!isRecord(s) || depth > MAX_DEPTH) return undefined;
  if (s.items) return s.items;
  for (const part of partsOf(s)) {
    const found = itemsOf(spec, part, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * One text value read as the schema's type says: a number, a boolean, null, JSON for an object.
 * @param {unknown} spec
 * @param {unknown} schema
 * @param {unknown} value a text, else a file
 * @returns {unknown}
 */
function scalar(spec, schema, value) {
  if (typeof value !== "string") return FILE;
  const t = types(spec, schema);
  if ((t.has("integer") || t.has("number")) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return Number(value);
  if (t.has("boolean") && (value === "true" || value === "false")) return value === "true";
  if (t.has("null") && value === "" && !t.has("string")) return null;
  if ((t.has("object") || t.has("array")) && /^\s*[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/**
 * The array a JSON text writes, else undefined.
 * @param {unknown} value
 * @returns {unknown[] | undefined}
 */
function jsonArray(value) {
  if (typeof value !== "string" || !/^\s*\[/.test(value)) return undefined;
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A node of the tree read into the shape of `schema`, an array where it says array.
 * @param {unknown} spec
 * @param {unknown} schema
 * @param {Leaf | Branch} node
 * @param {Encoding | undefined} how
 * @param {number} depth
 * @returns {unknown}
 */
function shaped(spec, schema, node, how, depth) {
  const t = types(spec, schema);
  const items = itemsOf(spec, schema);
  if (isLeaf(node)) {
    const values = node.values;
    if (t.has("array") && !t.has("string")) {
      // the whole array as one JSON part (multipart's default for an array of objects)
      const whole = values.length === 1 ? jsonArray(values[0]) : undefined;
      if (whole) return whole;
      const style = how?.style ?? "form";
      const first = values[0];
      // one value of a delimited array: its items joined (a style of no delimiter: the one value)
      const delimiter = style === "form" ? "," : Object.hasOwn(DELIMITERS, style) ? DELIMITERS[style] : undefined;
      const split =
        values.length === 1 && typeof first === "string" && (style !== "form" || how?.explode === false)
          ? delimiter === undefined
            ? [first]
            : first.split(delimiter)
          : values;
      return split.map((v) => scalar(spec, items, v));
    }
    const one = values.at(-1);
    if (t.has("object") && (how?.style ?? "form") === "form" && how?.explode === false && typeof one === "string") {
      const parts = one.split(",");
      return Object.fromEntries(
        Array.from({ length: Math.floor(parts.length / 2) }, (_, i) => [
          parts[2 * i],
          scalar(spec, propertySchemas(spec, schema, parts[2 * i])[0], parts[2 * i + 1]),
        ]),
      );
    }
    return scalar(spec, schema, one);
  }
  if (depth > MAX_DEPTH) return node;
  if (t.has("array") && !t.has("object")) {
    // `files[0][…]`, `files[1][…]` in order of their index; `tags[]` repeated in order given
    const keys = Object.keys(node).sort((a, b) => Number(a) - Number(b));
    return keys.flatMap((key) => {
      const child = node[key];
      if (key === "" && isLeaf(child)) return child.values.map((v) => scalar(spec, items, v));
      return [shaped(spec, items, child, undefined, depth + 1)];
    });
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) => [
      key,
      shaped(spec, propertySchemas(spec, schema, key)[0], child, undefined, depth + 1),
    ]),
  );
}

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
 * {@link FILE}. `undefined` when the bytes are no form of that media type.
 * @param {unknown} spec
 * @param {string} contentType the request's `Content-Type`
 * @param {Buffer} bytes the request's body
 * @param {unknown} schema the body's schema in the document
 * @param {Record<string, Encoding>} [encoding] the media type's `encoding`
 * @returns {Promise<Record<string, unknown> | undefined>}
 * @example
 * await formFields(spec, "multipart/form-data; boundary=x", bytes, schema);
 * // { files: [{ file: "(file)", dest_path: "/tmp/a.txt" }] }
 */
export async function formFields(spec, contentType, bytes, schema, encoding = {}) {
  /** @type {[string, unknown][]} */
  let entries;
  if (/^multipart\/form-data\b/i.test(contentType)) {
    try {
      const form = await new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } }).formData();
      entries = [];
      /** @type {[string, FormDataEntryValue][]} */
      const parts = [];
      form.forEach((value, name) => parts.push([name, value]));
      for (const [name, value] of parts) {
        const json = typeof value !== "string" && /json/i.test(value.type);
        entries.push([name, json ? await value.text() : value]);
      }
    } catch {
      return undefined;
    }
  } else if (/^application\/x-www-form-urlencoded\b/i.test(contentType))
    entries = [...new URLSearchParams(bytes.toString("utf8"))];
  else return undefined;
  const root = tree(entries);
  return Object.fromEntries(
    Object.entries(root).map(([name, node]) => [
      name,
      shaped(spec, propertySchemas(spec, schema, name)[0], node, encoding[name], 0),
    ]),
  );
}
