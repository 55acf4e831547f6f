// @ts-check
// Path templates (`/things/{id}/act`) and the HTTP methods of a path item, read one way by the
// client (src/) and by the generator and the mock (scripts/, plain Node without a TypeScript
// loader): plain JavaScript with JSDoc types, compiled and type-checked with src/.

/**
 * The operations an OpenAPI 3.1 path item may hold, lowercase as the document names them, in the
 * order the specification lists them.
 * @type {readonly ["get", "put", "post", "delete", "options", "head", "patch", "trace"]}
 */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * A template split at its parameters: even entries are the literal text, odd ones the names.
 * @param {string} template
 * @returns {string[]}
 * @example
 * templatePieces("/things/{id}/act"); // ["/things/", "id", "/act"]
 */
export function templatePieces(template) {
  return template.split(/\{([^{}]+)\}/);
}

/**
 * The names of a template's parameters, in the order they stand.
 * @param {string} template
 * @returns {string[]}
 * @example
 * templateParams("/things/{thing_id}/parts/{id}"); // ["thing_id", "id"]
 */
export function templateParams(template) {
  return templatePieces(template).filter((_, i) => i % 2 === 1);
}

/**
 * The template with each `{name}` replaced by `value(name)`.
 * @param {string} template
 * @param {(name: string) => string} value
 * @returns {string}
 * @example
 * fillTemplate("/things/{id}", () => "t_1"); // "/things/t_1"
 */
export function fillTemplate(template, value) {
  return templatePieces(template)
    .map((piece, i) => (i % 2 ? value(piece) : piece))
    .join("");
}

/**
 * A path key split at its `#`: the path a request goes to, and the name of the variant it is.
 * Some generators (Speakeasy) write variants of one path as path items of their own, keyed
 * `/v1/conversations#stream` or `/files/{file_id}#get_shared_link`; a URL's fragment is never sent,
 * so each is a request to the path before the `#`, told apart by its body, query or headers.
 * @param {string} key a key of the document's `paths`
 * @returns {{ path: string, variant: string | undefined }}
 * @example
 * pathVariant("/files/{file_id}#get_shared_link"); // { path: "/files/{file_id}", variant: "get_shared_link" }
 * pathVariant("/files/{file_id}"); // { path: "/files/{file_id}", variant: undefined }
 */
export function pathVariant(key) {
  const at = key.indexOf("#");
  return at < 0 ? { path: key, variant: undefined } : { path: key.slice(0, at), variant: key.slice(at + 1) };
}

/**
 * @typedef {object} PathMatch
 * @property {number} index which of the templates the path is
 * @property {Record<string, string>} params each parameter's segment as the path has it (still percent-encoded)
 */

/**
 * Finds which of `templates` a request path is. The match is anchored at both ends: the path is
 * `base` followed by the whole template, and each parameter stands for text without a `/` (one
 * segment, or the part of one that the template leaves it). Where several templates fit, the one
 * whose first differing segment is literal wins (`/things/stats` over `/things/{id}`), then a plain
 * path over its variants (`/things#stream`, see `pathVariant`: a template's `#…` is never part of the
 * match), then the first in the list.
 * @param {readonly string[]} templates the paths of the operations, as the document writes them
 * @param {string} [base] the base address's path that precedes every template (`/v1`); default none
 * @returns {(path: string) => PathMatch | undefined}
 * @example
 * const match = pathMatcher(["/things/{id}", "/things/stats"], "/v1");
 * match("/v1/things/stats"); // { index: 1, params: {} }
 * match("/v1/things/t_1"); // { index: 0, params: { id: "t_1" } }
 * match("/things/t_1"); // undefined: the base path is missing
 */
export function pathMatcher(templates, base = "") {
  const prefix = base.replace(/\/+$/, "");
  const routes = templates.map((template, index) => {
    const { path, variant } = pathVariant(template);
    const pieces = templatePieces(path);
    const source = pieces.map((piece, i) => (i % 2 ? "([^/]+)" : escapeRegExp(piece))).join("");
    // a segment holding a parameter ranks after a literal one at the same place
    const ranks = path.split("/").map((segment) => (segment.includes("{") ? "1" : "0"));
    // Stryker disable next-line StringLiteral: ranks of as many segments compare alike with any separator
    const rank = ranks.join("");
    return {
      index,
      variant: variant !== undefined,
      names: pieces.filter((_, i) => i % 2 === 1),
      pattern: new RegExp(`^${escapeRegExp(prefix)}${source}$`),
      rank,
    };
  });
  // a stable sort: among equals, the first listed
  routes.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : Number(a.variant) - Number(b.variant)));
  return (path) => {
    for (const route of routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      /** @type {Record<string, string>} */
      const params = {};
      route.names.forEach((name, i) => (params[name] = /** @type {string} */ (found[i + 1])));
      return { index: route.index, params };
    }
    return undefined;
  };
}

/** @param {string} text */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Finds which of `operations` a request is: by HTTP method (any case), then by path as
 * `pathMatcher` reads it, so that a request for one operation never finds another. Where the path
 * has variants (`/things#stream` beside `/things`, see `pathVariant`), the plain one is found and
 * `variants` lists the others of the same method, for a caller that tells them apart by the
 * request's body, query or headers; elsewhere `variants` is empty.
 * @template {{ method: string, path: string }} T
 * @param {readonly T[]} operations
 * @param {string} [base] the base address's path that precedes every path (`/v1`); default none
 * @returns {(method: string, path: string) => { operation: T, params: Record<string, string>, variants: T[] } | undefined}
 * @example
 * const find = operationMatcher([{ method: "GET", path: "/things/{id}" }], "/v1");
 * find("GET", "/v1/things/t_1"); // { operation: { method: "GET", path: "/things/{id}" }, params: { id: "t_1" }, variants: [] }
 * find("DELETE", "/v1/things/t_1"); // undefined
 */
export function operationMatcher(operations, base = "") {
  /** @type {Map<string, { ops: T[], plain: string[], match: (path: string) => PathMatch | undefined }>} */
  const byMethod = new Map();
  for (const method of new Set(operations.map((op) => op.method.toUpperCase()))) {
    const ops = operations.filter((op) => op.method.toUpperCase() === method);
    byMethod.set(method, {
      ops,
      plain: ops.map((op) => pathVariant(op.path).path),
      match: pathMatcher(
        ops.map((op) => op.path),
        base,
      ),
    });
  }
  return (method, path) => {
    const routes = byMethod.get(method.toUpperCase());
    const found = routes?.match(path);
    if (!routes || !found) return undefined;
    const at = routes.plain[found.index];
    const variants = routes.ops.filter((_, i) => i !== found.index && routes.plain[i] === at);
    return { operation: /** @type {T} */ (routes.ops[found.index]), params: found.params, variants };
  };
}
