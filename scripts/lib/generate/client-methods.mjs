// Where an operation lives on the client: its `x-client-method` (`browsers.computer.clickMouse`),
// or, for a document without one, a name derived from its path and HTTP method. Shared by the
// lint rule (scripts/lib/spec/redocly-plugin.mjs) and the generator (scripts/lib/generate/read-operations.mjs), so
// both judge a name the same way; name-clashes.mjs gives a whole document's operations their names.
import { pathVariant } from "../../../src/core/path-template.js";
import { kept } from "../spec/openapi31.mjs";

/** Dot-separated camelCase segments; the last one is the method. */
export const CLIENT_METHOD = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)*$/;

// a segment named like these would shadow what JavaScript gives every object, or make a
// resource group look like a promise to `await`
const RESERVED_SEGMENTS = new Set([...Object.getOwnPropertyNames(Object.prototype), "then", "prototype"]);
// the client's own properties next to the resource groups
export const RESERVED_TOP = new Set(["raw"]);

/**
 * Why `name` cannot be a client method on its own, or undefined when it can.
 * @param {unknown} name
 * @returns {string | undefined}
 */
export function malformed(name) {
  if (typeof name !== "string") return "must be a string such as browsers.computer.clickMouse";
  if (!CLIENT_METHOD.test(name))
    return `"${name}" must be dot-separated camelCase segments, the last one the method (e.g. browsers.computer.clickMouse)`;
  const segments = name.split(".");
  const reserved = segments.find((s) => RESERVED_SEGMENTS.has(s));
  if (reserved) return `"${name}": the segment "${reserved}" is reserved by JavaScript; pick another word`;
  if (RESERVED_TOP.has(segments[0] ?? ""))
    return `"${name}": the client's own "${segments[0]}" property is in the way; pick another first segment`;
  return undefined;
}

/**
 * The names among `names` that clash: a name given twice, or a method that is also a group of
 * other methods (`browsers.replays` next to `browsers.replays.start`).
 * @param {string[]} names
 * @returns {Map<string, string>} clashing name -> why
 */
export function clashes(names) {
  const out = new Map();
  const seen = new Set();
  const groups = new Set();
  for (const name of names) {
    if (seen.has(name)) out.set(name, `"${name}" is given to more than one operation; each needs its own`);
    seen.add(name);
    const segments = name.split(".");
    for (let i = 1; i < segments.length; i++) groups.add(segments.slice(0, i).join("."));
  }
  for (const name of seen)
    if (groups.has(name))
      out.set(name, `"${name}" is a method and also a group of other methods (${name}.…); rename one`);
  return out;
}

/**
 * The client's groups that a document's nested tags give (OpenAPI 3.2's tag `parent`, which the 3.1 view
 * keeps as `x-parent`): for each tag, the names of its parents' groups and its own, from the outermost
 * (`Browsers` > `Filesystem`: `["browsers", "filesystem"]`). A tag of kind `badge` or `audience` marks
 * operations, it does not group them, as the docs page's renderer reads it: it gives no group, and a
 * chain of parents stops at one. Undefined for a document whose tags do not nest: its groups are its
 * paths'.
 * @param {unknown} tags the document's `tags`
 * @returns {Map<string, string[]> | undefined}
 * @example
 * tagGroups([{ name: "Browsers" }, { name: "Filesystem", parent: "Browsers" }])?.get("Filesystem"); // ["browsers", "filesystem"]
 */
export function tagGroups(tags) {
  const list = Array.isArray(tags) ? tags.filter((tag) => typeof tag?.name === "string") : [];
  const byName = new Map(list.map((tag) => [tag.name, tag]));
  const grouping = (/** @type {unknown} */ tag) => !["badge", "audience"].includes(String(kept(tag, "kind")));
  if (!list.some((tag) => grouping(tag) && typeof kept(tag, "parent") === "string")) return undefined;
  const groups = new Map();
  for (const tag of list.filter(grouping)) {
    /** @type {typeof list} */
    const chain = [];
    // a loop of parents is read once round
    for (let at = tag; at && grouping(at) && !chain.includes(at); at = byName.get(kept(at, "parent")))
      chain.unshift(at);
    groups.set(
      tag.name,
      chain.map((t) => camel(t.name)),
    );
  }
  return groups;
}

/**
 * `click_mouse`, `api-keys`, `Org Limits` -> `clickMouse`, `apiKeys`, `orgLimits`.
 * @param {string} text
 * @returns {string}
 */
export function camel(text) {
  const words = String(text)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const joined = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");
  if (!joined) return "root";
  const word = /^[0-9]/.test(joined) ? `n${joined}` : joined;
  return RESERVED_SEGMENTS.has(word) ? `${word}Resource` : word;
}

/** @type {Record<string, string>} */
export const COLLECTION = {
  get: "list",
  post: "create",
  put: "replace",
  patch: "update",
  delete: "deleteAll",
  head: "head",
  options: "options",
  trace: "trace",
};
/** @type {Record<string, string>} */
export const ITEM = {
  get: "retrieve",
  post: "update",
  put: "update",
  patch: "update",
  delete: "delete",
  head: "head",
  options: "options",
  trace: "trace",
};
// one-word leaves that name something done, not a thing: `/browsers/{id}/logs/stream`
const ACTION_WORDS = new Set([
  "stream",
  "download",
  "upload",
  "export",
  "import",
  "search",
  "watch",
  "follow",
  "tail",
  "poll",
  "ping",
  "check",
  "validate",
  "verify",
  "preview",
  "count",
]);

export const isParam = (/** @type {string} */ segment) => /^\{.*\}$/.test(segment);
// a leading segment naming the API's version: v1, v2, v1beta1, v2.1
const VERSION = /^v\d+([._-]?\d+)*([a-z]+\d*)?$/i;

/**
 * The method an item or a one-thing resource takes for `method`: GET `retrieve`, DELETE `delete`,
 * PATCH `update`; PUT `update`, or `replace` beside a PATCH; POST `update` (many services change an
 * item with POST), or `create` beside a PUT or PATCH, which then change it.
 * @param {string} method lowercase HTTP method
 * @param {string[]} methods every method of the same path
 */
function itemVerb(method, methods) {
  if (method === "put" && methods.includes("patch")) return "replace";
  if (method === "post" && (methods.includes("put") || methods.includes("patch"))) return "create";
  return ITEM[method] ?? camel(method);
}

/**
 * Which leading version segment a path's name leaves out: its `v1` (`v2`, `v1beta1`, …) unless
 * another version has a path under the same next segment, where the two stand side by side
 * (`/v1/users` and `/v2/users` stay `v1.users` and `v2.users`).
 * @param {Iterable<string>} paths every path of the document
 * @returns {(path: string) => string | undefined}
 * @example
 * versionOf(["/v2/droplets", "/v1/models"])("/v2/droplets"); // "v2": named droplets.list
 */
export function versionOf(paths) {
  /** @type {Map<string, Set<string>>} next segment -> the versions that hold it */
  const versionsUnder = new Map();
  const split = (/** @type {string} */ path) => pathVariant(path).path.split("/").filter(Boolean);
  for (const path of paths) {
    const [first, next = ""] = split(path);
    if (first === undefined || !VERSION.test(first)) continue;
    versionsUnder.set(next, new Set([...(versionsUnder.get(next) ?? []), first]));
  }
  return (path) => {
    const [first, next = ""] = split(path);
    return first !== undefined && versionsUnder.get(next)?.size === 1 && versionsUnder.get(next)?.has(first)
      ? first
      : undefined;
  };
}
export const pascal = (/** @type {string} */ text) => {
  const word = camel(text);
  return word.charAt(0).toUpperCase() + word.slice(1);
};

/**
 * What the last segment of `path` names, judged from the path alone, the other paths of the
 * document and what its GET answers (see deriveName for the rule).
 * @param {string} method lowercase HTTP method
 * @param {string[]} segments the path's segments
 * @param {string} path the path template
 * @param {Map<string, string[]>} paths every path of the document with its lowercase methods
 * @param {{ readsOne?: boolean, readsMany?: boolean }} answers what the path's GET answers
 * @returns {"item" | "action" | "collection" | "singleton"}
 */
function kindOf(method, segments, path, paths, { readsOne = false, readsMany = false }) {
  const last = segments.at(-1);
  const prefix = `${path.replace(/\/+$/, "")}/`;
  const below = [...paths.keys()].flatMap((other) =>
    other.startsWith(prefix) ? other.slice(prefix.length).split("/").filter(Boolean).slice(0, 1) : [],
  );
  // an item of one kind whose GET answers a list of the items below it (`/objects/{type}` above
  // `/objects/{type}/{id}`): a collection, its parameter choosing which
  if (last === undefined || isParam(last)) return readsMany && below.some(isParam) ? "collection" : "item";
  if (below.some(isParam)) return "collection";
  const methods = paths.get(path) ?? [method];
  const beforeLast = segments.at(-2);
  if (below.length === 0 && methods.length === 1 && beforeLast !== undefined) {
    const phrase = /[^A-Za-z0-9]|[a-z][A-Z]/.test(last);
    if (
      phrase ||
      method === "post" ||
      ACTION_WORDS.has(last.toLowerCase()) ||
      (isParam(beforeLast) && method === "get")
    )
      return "action";
  }
  // a GET that answers one thing, not a list, reads one resource, which a POST beside it changes (`/v1/Configuration`)
  if (!readsOne && (methods.includes("post") || (below.length > 0 && methods.every((m) => m === "get"))))
    return "collection";
  return "singleton";
}

/**
 * The name of an operation that has no `x-client-method`, the way a hand-written SDK names it:
 * the static path segments as groups, then the method. A variant of a path (`/v1/conversations#stream`,
 * `/files/{id}#get_shared_link`: see `pathVariant`) is the method its fragment names, on the groups of
 * its path (`conversations.stream`, `files.getSharedLink`). Elsewhere what the last segment names
 * decides the method, in this order:
 * - a path parameter: an item, by REST habit (GET `retrieve`, DELETE `delete`, PATCH, PUT and POST
 *   `update`, see `itemVerb`): `/browsers/{id}` GET -> `browsers.retrieve`; but a collection where
 *   another path parameter lies right below it and its GET answers a list (`/objects/{type}` above
 *   `/objects/{type}/{id}`);
 * - a collection, when a path parameter lies right below it (`/browsers/{id}` under `/browsers`):
 *   GET `list`, POST `create`, PUT `replace`, PATCH `update`, DELETE `deleteAll`;
 * - an action leaf, the method on its parent, when nothing lies below it, it is the path's only
 *   operation and it reads as something done: a phrase of several words (`read_file`,
 *   `from_chrome_store`, `click_mouse`), a POST, a GET right after a parameter
 *   (`/profiles/{id}/download`), or a word such as `stream`, `search`, `download`:
 *   `/browsers/{id}/fs/read_file` GET -> `browsers.fs.readFile`, never `browsers.fs.readFile.list`;
 * - a collection too when it takes a POST, or answers only GET with other paths below it
 *   (`/audit_logs` beside `/audit_logs/search`), unless its GET answers one thing, not a list
 *   (`/v1/Configuration`, `/v2/account`): then it is a resource of one thing, which a POST changes;
 * - else a singleton resource, one thing read and changed as a whole: `/org/limits` GET ->
 *   `org.limits.retrieve`, PATCH/PUT `update`, DELETE `delete`.
 * @param {string} method HTTP method, any case
 * @param {string} path the path template (a key of `paths`, a variant's `#name` included)
 * @param {Map<string, string[]>} [paths] every path of the document (variants' without their `#name`)
 *   with its lowercase methods, to tell actions from resources
 * @param {{ version?: string, readsOne?: boolean, readsMany?: boolean }} [about] the leading version
 *   segment to leave out (`versionOf`); whether the path's GET answers one thing (an object with no
 *   list in it) or a list
 * @returns {string}
 * @example
 * deriveName("get", "/browsers/{id}"); // "browsers.retrieve"
 * deriveName("get", "/browsers/{id}/fs/read_file"); // "browsers.fs.readFile"
 * deriveName("post", "/v1/conversations#stream", new Map(), { version: "v1" }); // "conversations.stream"
 */
export function deriveName(method, path, paths = new Map(), { version, ...answers } = {}) {
  const verbOf = method.toLowerCase();
  const { path: plain, variant } = pathVariant(path);
  const all = plain.split("/").filter(Boolean);
  const segments = version !== undefined && all[0] === version ? all.slice(1) : all;
  const kind = variant !== undefined ? "variant" : kindOf(verbOf, segments, plain, paths, answers);
  // a one-thing resource (`/org/limits`) is read, changed and removed as a whole, as an item is
  const verb =
    kind === "variant"
      ? camel(variant ?? "")
      : kind === "collection"
        ? (COLLECTION[verbOf] ?? camel(verbOf))
        : kind === "action"
          ? camel(segments.at(-1) ?? "")
          : itemVerb(verbOf, paths.get(plain) ?? [verbOf]);
  const names = (kind === "action" ? segments.slice(0, -1) : segments).filter((s) => !isParam(s)).map(camel);
  if (names.length === 0 || RESERVED_TOP.has(names[0] ?? "")) names.unshift("api");
  return [...names, verb].join(".");
}
