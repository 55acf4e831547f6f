import type { Schema } from "../../generated/validators.js";
import type { ValidationIssue } from "../core/errors.js";
import { isObject } from "../core/values.js";
import { check, jsonSnapshot } from "../checks/check.js";
import { formFields } from "./form-fields.js";

/** How a multipart body is built, as the generated table says (from its schema and `encoding`). */
export interface FormShape {
  /** Where files go, array positions as `[]`: `zip_file`, `files[][file]`. */
  files: string[];
  /** Top-level fields sent as bracket names: `files[0][file]`, `files[0][dest_path]`. */
  brackets?: string[];
  /** Top-level fields sent as one `application/json` part. */
  json?: string[];
}

// stands in for a file while the other fields are checked against the schema (a file is a string there)
const FILE = "(file)";
const MAX_DEPTH = 64;
// where a field's name splits into its steps (`docs[1]`: `docs`, `1`)
// Stryker disable next-line Regex: the empty parts one bracket at a time leaves are filtered out
const BRACKETS = /[[\]]+/;

/**
 * Builds the `FormData` of a multipart body from its fields (an object, or a `FormData` whose
 * entries are read into the schema's shape: src/uploads/form-fields.ts), or adds to `issues` and returns
 * undefined. Files (`Blob`, `File`, `fs.openAsBlob(path)`) may stand only where the schema has
 * binary, and must stand there; every other field is checked against the schema first, so nothing
 * is sent when one is wrong. A file is never read here: fetch streams it when the request goes out.
 *
 * @example
 * const form = formBody({ path: "/tmp/a.txt", file: await openAsBlob("a.txt") }, { files: ["file"] }, schema, issues);
 */
export function formBody(
  input: unknown,
  shape: FormShape,
  schema: Schema | undefined,
  issues: ValidationIssue[],
): FormData | undefined {
  // a FormData's entries are its fields, read into the schema's shape and built again as checked
  if (input instanceof FormData) input = formFields(input, schema);
  if (!isObject(input) || input instanceof Blob) {
    issues.push({ path: "body", message: "must be an object of the form's fields, or a FormData" });
    return undefined;
  }
  const { marked, files } = markFiles(input, shape, issues);
  const before = issues.length;
  if (before) return undefined;
  const snapshot = jsonSnapshot(marked, "body", issues) as Record<string, unknown>;
  if (issues.length === before && schema) check(schema, snapshot, "body", issues);
  if (issues.length > before) return undefined;
  // built from the checked snapshot, so that what was checked is what is sent
  return writeForm(snapshot, shape, files);
}

/**
 * The fields with each file replaced by a stand-in, and the files by where they stood: a file where
 * the shape has none, or a value where it has one, is an issue.
 */
function markFiles(input: Record<string, unknown>, shape: FormShape, issues: ValidationIssue[]) {
  const files = new Map<string, Blob>();
  const allowed = new Set(shape.files);
  const stand = (value: unknown, at: string, pattern: string, depth: number): unknown => {
    if (value instanceof Blob) {
      if (!allowed.has(pattern)) {
        issues.push({
          path: `body${dotted(at)}`,
          message: "is a file where the spec has no file: pass the value itself",
        });
        return value;
      }
      files.set(at, value);
      return FILE;
    }
    if (allowed.has(pattern) && value !== undefined) {
      issues.push({
        path: `body${dotted(at)}`,
        message: "must be a Blob or File (fs.openAsBlob(path) for a file on disk)",
      });
      return value;
    }
    if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) return value.map((v, i) => stand(v, `${at}[${i}]`, `${pattern}[]`, depth + 1));
    if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, stand(v, `${at}[${k}]`, `${pattern}[${k}]`, depth + 1)]),
    );
  };
  const marked = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, stand(v, k, k, 0)]));
  return { marked, files };
}

/** The `FormData` of checked fields: each file put back where it stood, named by its field where it has no name. */
function writeForm(snapshot: Record<string, unknown>, shape: FormShape, files: Map<string, Blob>): FormData {
  const form = new FormData();
  const brackets = new Set(shape.brackets);
  const json = new Set(shape.json);
  const append = (name: string, value: unknown, at: string) => {
    // a file stood only where the snapshot holds FILE
    const file = files.get(at);
    // a Blob has no name of its own: it is named by its field, array positions left out (`docs[1]` is `docs`)
    if (file)
      form.append(
        name,
        file,
        file instanceof File && file.name
          ? file.name
          : (at
              .split(BRACKETS)
              .filter((part) => part && !/^\d+$/.test(part))
              .at(-1) ?? "file"),
      );
    // a snapshot holds no undefined
    else form.append(name, value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));
  };
  const nest = (name: string, value: unknown, at: string) => {
    if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) nest(`${name}[${k}]`, v, `${at}[${k}]`);
    } else append(name, value, at);
  };
  for (const [name, value] of Object.entries(snapshot)) {
    if (json.has(name))
      form.append(name, new Blob([JSON.stringify(value)], { type: "application/json" }), `${name}.json`);
    else if (brackets.has(name)) nest(name, value, name);
    else if (Array.isArray(value)) value.forEach((item, i) => append(name, item, `${name}[${i}]`));
    else append(name, value, name);
  }
  return form;
}

/** `files[0][dest_path]` as a validation path: `.files[0].dest_path`. */
const dotted = (at: string) => `.${at.replace(/\[([^\]\d][^\]]*)\]/g, ".$1")}`;

/**
 * Whether `value` is text, bytes or a stream (`Blob`, `ArrayBuffer` or a view of one, `ReadableStream`):
 * a body fetch sends as given.
 */
export const asGiven = (value: unknown): boolean =>
  typeof value === "string" ||
  value instanceof Blob ||
  value instanceof ReadableStream ||
  value instanceof ArrayBuffer ||
  ArrayBuffer.isView(value);

/**
 * Checks a body sent as given, as its media type says: `application/octet-stream` takes bytes (a
 * `Blob`, an `ArrayBuffer` or a view of one, a `ReadableStream` of bytes); any other text too, or a
 * `FormData` or `URLSearchParams`; anything else fetch would send as its text (`[object Object]`).
 * Returns whether it is a stream, which can be sent only once.
 */
export function givenBody(
  input: unknown,
  mediaType: string | undefined,
  issues: ValidationIssue[],
): { stream: boolean } {
  if (input instanceof ReadableStream) return { stream: true };
  if (mediaType?.toLowerCase() === "application/octet-stream") {
    if (typeof input === "string" || !asGiven(input))
      issues.push({
        path: "body",
        message: "must be a Blob, an ArrayBuffer or a view of one, or a ReadableStream of bytes",
      });
  } else if (!(asGiven(input) || input instanceof FormData || input instanceof URLSearchParams))
    issues.push({
      path: "body",
      message: `must be text, bytes, a Blob, a stream or a form to go as ${mediaType ?? "given"}`,
    });
  return { stream: false };
}
