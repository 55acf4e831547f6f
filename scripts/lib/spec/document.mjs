// A bundled document's operations, once for the whole pipeline: its path items' methods, 3.2's
// `query` and `additionalOperations`, and the 3.1 view's stand-ins of them. A node is read through
// the guards of guards.mjs, a `$ref` through refs.mjs; the examples a node gives, examples.mjs.
import { HTTP_METHODS } from "../../../src/core/path-template.js";
import { isRecord, keyword } from "./guards.mjs";
import { escapeToken, resolve } from "./refs.mjs";

/**
 * The top-level fields of a bundled document the emitters read directly, as lint has checked them;
 * every other node is reached through `$ref`s and read as `unknown`.
 * @typedef {object} DocumentHead
 * @property {{ title?: unknown, version?: unknown }} [info]
 * @property {{ schemas?: object }} [components]
 * @property {{ name: string, description?: string }[]} [tags]
 */

/**
 * The extension that marks a path item of `components.pathItems` as the 3.1 view's stand-in for one
 * operation of a method 3.1 has no field for (openapi31.mjs): `{ method, path }`, the operation its
 * `post`, the path item's parameters beside it.
 */
export const STAND_IN = "x-stand-in-for";

/**
 * The key of a stand-in in `components.pathItems`: `QUERY /pets/{id}`. No component name a document
 * may give (letters, digits, `.`, `-`, `_`) holds a space, so it takes none of the document's.
 * @param {string} method as sent
 * @param {string} path
 */
export const standInKey = (method, path) => `${method} ${path}`;

// an HTTP method is a token (RFC 9110 5.6.2); fetch refuses to send these (Fetch, "forbidden method")
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FORBIDDEN = new Set(["CONNECT", "TRACE", "TRACK"]);
const FIXED = new Set([...HTTP_METHODS, "query"]);

/**
 * An operation as the readers below find it: an object, its fields unchecked.
 * @typedef {Record<string, unknown>} OperationNode
 */

/**
 * One operation of a path item beyond 3.1's eight fields (`moreOperations`).
 * @typedef {{ method: string, key: string, op: OperationNode }} MoreOperation
 */

/**
 * One operation of a document (`operationsOf`): its path, its method, its path item (`$ref`
 * followed; for a stand-in, the stand-in) and the operation.
 * @typedef {{ path: string, method: string, item: Record<string, unknown>, op: OperationNode }} FoundOperation
 */

/**
 * The operations OpenAPI 3.2 gives a path item beyond 3.1's eight fields: its `query`, sent as
 * QUERY, and each of its `additionalOperations`, sent as its key in capitals (openapi-fetch's
 * `request()` writes every method so); with `key`, where it sits (`query`, `additionalOperations/COPY`).
 * An entry that cannot be sent as a method of its own is `refused`, with why: a key that is no
 * method, the method of one of the fixed fields (3.2 forbids it there), or one fetch refuses.
 * @param {unknown} item a path item, `$ref` followed
 * @returns {{ operations: MoreOperation[], refused: { method: string, key: string, why: string }[] }}
 * @example
 * moreOperations({ query: {}, additionalOperations: { COPY: {} } }).operations.map((o) => o.method); // ["QUERY", "COPY"]
 */
export function moreOperations(item) {
  /** @type {MoreOperation[]} */
  const operations = [];
  /** @type {{ method: string, key: string, why: string }[]} */
  const refused = [];
  const query = keyword(item, "query");
  if (isRecord(query)) operations.push({ method: "QUERY", key: "query", op: query });
  const additional = keyword(item, "additionalOperations");
  const more = isRecord(additional) ? additional : {};
  for (const [name, op] of Object.entries(more)) {
    if (!isRecord(op)) continue;
    const method = name.toUpperCase();
    const key = `additionalOperations/${escapeToken(name)}`;
    const why = !TOKEN.test(name)
      ? "no HTTP method (a method is a token: letters, digits and !#$%&'*+.^_`|~-)"
      : FIXED.has(name.toLowerCase())
        ? `the method of the path item's own ${name.toLowerCase()} field, which 3.2 forbids in additionalOperations`
        : FORBIDDEN.has(method)
          ? "a method fetch refuses to send"
          : undefined;
    if (why) refused.push({ method, key, why });
    else operations.push({ method, key, op });
  }
  return { operations, refused };
}

/**
 * Every operation of the document's `paths`, in document order, its path item's `$ref` followed:
 * each of 3.1's eight fields (`method` as the document names it, lowercase), then, of an OpenAPI 3.2
 * document, its `query` and `additionalOperations` (`moreOperations`: `method` as sent, in
 * capitals), or, of the 3.1 view of one, the stand-ins that hold them (`STAND_IN`: `item` the
 * stand-in, `op` its `post`).
 * @param {unknown} doc a bundled OpenAPI document
 * @returns {FoundOperation[]}
 * @example
 * operationsOf(spec).map(({ method, path }) => `${method} ${path}`); // ["get /org/limits", …, "QUERY /pets"]
 */
export function operationsOf(doc) {
  /** @type {Map<string, FoundOperation[]>} */
  const standIns = new Map();
  const pathItems = keyword(keyword(doc, "components"), "pathItems");
  for (const item of isRecord(pathItems) ? Object.values(pathItems) : []) {
    const of = keyword(item, STAND_IN);
    if (!isRecord(item) || !isRecord(of) || !isRecord(item.post)) continue;
    const { path, method } = of;
    if (typeof path !== "string" || typeof method !== "string") continue;
    standIns.set(path, [...(standIns.get(path) ?? []), { path, method, item, op: item.post }]);
  }
  const paths = keyword(doc, "paths");
  return Object.entries(isRecord(paths) ? paths : {}).flatMap(([path, raw]) => {
    const resolved = resolve(doc, raw);
    const item = isRecord(resolved) ? resolved : {};
    return [
      ...HTTP_METHODS.flatMap((method) => {
        const op = item[method];
        return isRecord(op) ? [{ path, method, item, op }] : [];
      }),
      ...moreOperations(item).operations.map(({ method, op }) => ({ path, method, item, op })),
      ...(standIns.get(path) ?? []),
    ];
  });
}

/**
 * The operation of `method` at `path` in a document or its 3.1 view: a path item's field, its
 * `query` (QUERY), one of its `additionalOperations`, or a stand-in's `post`; undefined where none is.
 * @param {unknown} doc
 * @param {string} method any case
 * @param {string} path a key of `paths`
 * @returns {unknown}
 */
export function operationAt(doc, method, path) {
  const upper = method.toUpperCase();
  const paths = keyword(doc, "paths");
  return operationsOf({ paths: { [path]: keyword(paths, path) }, components: keyword(doc, "components") }).find(
    (found) => found.path === path && found.method.toUpperCase() === upper,
  )?.op;
}
