// The largest document of the corpus (../shared/documents/index.json), by its operation count, never
// by its name: the scale section measures the pipeline on it. Path items are counted where they are
// written, a path item that is a `$ref` followed into its file once.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { load as parse } from "js-yaml";
import { HTTP_METHODS } from "../../src/core/path-template.js";

/**
 * The operations of a document: each path item's HTTP methods, OpenAPI 3.2's `query` and its
 * `additionalOperations`, in `paths` and `webhooks`; a path item given as a `$ref` is read through `load`.
 * @param {unknown} document a parsed root file
 * @param {(ref: string) => unknown} load the value a `$ref` names, or undefined
 * @returns {number}
 * @example
 * countOperations({ paths: { "/a": { get: {}, post: {}, parameters: [] } } }, () => undefined); // 2
 */
export function countOperations(document, load) {
  const doc = /** @type {Record<string, unknown>} */ (document ?? {});
  let count = 0;
  for (const section of ["paths", "webhooks"]) {
    const items = doc[section];
    if (!items || typeof items !== "object") continue;
    for (let item of Object.values(items)) {
      if (item && typeof item === "object" && typeof item.$ref === "string") item = load(item.$ref);
      if (!item || typeof item !== "object") continue;
      for (const method of [...HTTP_METHODS, "query"]) if (item[method] && typeof item[method] === "object") count++;
      const more = item.additionalOperations;
      if (more && typeof more === "object") count += Object.keys(more).length;
    }
  }
  return count;
}

/**
 * The entry with the most operations (the first of a tie), or undefined for none.
 * @template {{ operations: number }} T
 * @param {T[]} entries
 * @returns {T | undefined}
 */
export function largest(entries) {
  return entries.reduce(
    (/** @type {T | undefined} */ best, entry) => (!best || entry.operations > best.operations ? entry : best),
    undefined,
  );
}

/**
 * A `$ref`'s target, for a reference to a file beside `from` (and a JSON pointer in it).
 * @param {string} from
 */
function loader(from) {
  return (/** @type {string} */ ref) => {
    const [file, pointer = ""] = ref.split("#");
    if (!file || /^[a-z]+:/i.test(file)) return undefined;
    const at = resolve(dirname(from), file);
    if (!existsSync(at)) return undefined;
    let value = parse(readFileSync(at, "utf8"));
    for (const token of pointer.split("/").slice(1)) {
      const key = decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
      // read as `value?.[key]` reads it, off any value
      value =
        value === null || value === undefined ? undefined : /** @type {Record<string, unknown>} */ (Object(value))[key];
    }
    return value;
  };
}

/**
 * The corpus's largest document by operation count, or undefined where the corpus is absent.
 * @param {string} documents the corpus folder, holding index.json
 * @returns {{ name: string, folder: string, root: string, operations: number } | undefined}
 */
export function largestCorpusDocument(documents) {
  const index = join(documents, "index.json");
  if (!existsSync(index)) return undefined;
  const { documents: listed } = JSON.parse(readFileSync(index, "utf8"));
  const counted = [];
  for (const { name, folder, root } of listed) {
    if ([name, folder, root].some((v) => typeof v !== "string" || v.includes(".."))) continue;
    const file = join(documents, folder, root);
    if (!existsSync(file)) continue;
    counted.push({ name, folder, root, operations: countOperations(parse(readFileSync(file, "utf8")), loader(file)) });
  }
  return largest(counted);
}
