// Where an operation lives on the client: its `x-client-method` (`browsers.computer.clickMouse`),
// or, for a document without one, a name derived from its path and HTTP method. Shared by the
// lint rule (scripts/lib/redocly-plugin.mjs) and the generator (scripts/lib/operations.mjs), so
// both judge a name the same way.

/** Dot-separated camelCase segments; the last one is the method. */
export const CLIENT_METHOD = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)*$/;

// a segment named like these would shadow what JavaScript gives every object, or make a
// resource group look like a promise to `await`
const RESERVED_SEGMENTS = new Set([...Object.getOwnPropertyNames(Object.prototype), "then", "prototype"]);
// the client's own properties next to the resource groups
const RESERVED_TOP = new Set(["raw"]);

/**
 * Why `name` cannot be a client method on its own, or undefined when it can.
 * @param {unknown} name
 * @returns {string | undefined}
 */
export function malformed(name) {
  if (typeof name !== "string") return "must be a string such as browsers.computer.clickMouse";
  if (!CLIENT_METHOD.test(name)) return `"${name}" must be dot-separated camelCase segments, the last one the method (e.g. browsers.computer.clickMouse)`;
  const segments = name.split(".");
  const reserved = segments.find((s) => RESERVED_SEGMENTS.has(s));
  if (reserved) return `"${name}": the segment "${reserved}" is reserved by JavaScript; pick another word`;
  if (RESERVED_TOP.has(segments[0] ?? "")) return `"${name}": the client's own "${segments[0]}" property is in the way; pick another first segment`;
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
  for (const name of seen) if (groups.has(name)) out.set(name, `"${name}" is a method and also a group of other methods (${name}.…); rename one`);
  return out;
}

/** `click_mouse`, `api-keys`, `Org Limits` -> `clickMouse`, `apiKeys`, `orgLimits`. */
export function camel(text) {
  const words = String(text).split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join("");
  if (!joined) return "root";
  const word = /^[0-9]/.test(joined) ? `n${joined}` : joined;
  return RESERVED_SEGMENTS.has(word) ? `${word}Resource` : word;
}

const COLLECTION = { get: "list", post: "create", put: "replace", patch: "update", delete: "deleteAll", head: "head", options: "options", trace: "trace" };
const ITEM = { get: "retrieve", post: "create", put: "update", patch: "update", delete: "delete", head: "head", options: "options", trace: "trace" };

/**
 * The name of an operation that has no `x-client-method`: its static path segments as groups,
 * then the method by REST habit: collection GET `list`, collection POST `create`, item GET
 * `retrieve`, item PATCH/PUT `update`, item DELETE `delete`. A trailing static segment with no
 * path below it is an action and becomes the method when it follows a parameter
 * (`/keys/{id}/rotate` POST -> `keys.rotate`) or when POST is all its path offers
 * (`/browsers/{id}/computer/click_mouse` -> `browsers.computer.clickMouse`).
 * @param {string} method HTTP method, any case
 * @param {string} path the path template
 * @param {Map<string, string[]>} [paths] every path of the document with its lowercase methods, to tell actions from collections
 * @returns {string}
 * @example
 * deriveName("get", "/browsers/{id}"); // "browsers.retrieve"
 */
export function deriveName(method, path, paths = new Map()) {
  const verbOf = method.toLowerCase();
  const segments = path.split("/").filter(Boolean);
  const isParam = (s) => /^\{.*\}$/.test(s);
  const last = segments.at(-1);
  const beforeLast = segments.at(-2);
  const leaf = ![...paths.keys()].some((other) => other.startsWith(`${path.replace(/\/$/, "")}/`));
  const only = paths.get(path) ?? [verbOf];
  const action =
    last !== undefined && !isParam(last) && beforeLast !== undefined && leaf && (isParam(beforeLast) || (verbOf === "post" && only.length === 1));
  let verb;
  let groups;
  if (action) {
    verb = camel(last);
    groups = segments.slice(0, -1);
  } else {
    verb = (last !== undefined && isParam(last) ? ITEM : COLLECTION)[verbOf] ?? camel(verbOf);
    groups = segments;
  }
  const names = groups.filter((s) => !isParam(s)).map(camel);
  if (names.length === 0 || RESERVED_TOP.has(names[0] ?? "")) names.unshift("api");
  return [...names, verb].join(".");
}

/**
 * Gives every operation a distinct, well-formed name: its `x-client-method` when it has one,
 * else `deriveName()`'s; a derived name that clashes takes the operationId (camelCase) as its
 * method, then the HTTP method, then a number. Reports every derived name and every clash it
 * resolved; given names that clash are left for the caller (and the lint rule) to refuse.
 * @param {{ method: string, path: string, operationId?: string, given?: unknown }[]} ops
 * @returns {{ names: string[], derived: string[], resolved: string[] }}
 */
export function assignNames(ops) {
  const paths = new Map();
  for (const op of ops) paths.set(op.path, [...(paths.get(op.path) ?? []), op.method.toLowerCase()]);
  const names = ops.map((op) => (typeof op.given === "string" ? op.given : deriveName(op.method, op.path, paths)));
  // renaming only ever changes the last segment, so the groups every name implies stay as they are
  const groups = new Set();
  for (const name of names) {
    const s = name.split(".");
    for (let i = 1; i < s.length; i++) groups.add(s.slice(0, i).join("."));
  }
  const used = new Set(ops.flatMap((op, i) => (typeof op.given === "string" ? [names[i]] : [])));
  const derived = [];
  const resolved = [];
  ops.forEach((op, i) => {
    if (typeof op.given === "string") return;
    const first = names[i];
    const segments = first.split(".");
    const verb = segments.pop();
    const free = (last) => {
      const name = [...segments, last].join(".");
      return !used.has(name) && !groups.has(name) && !malformed(name) ? name : undefined;
    };
    let name = free(verb) ?? (op.operationId ? free(camel(op.operationId)) : undefined) ?? free(`${op.method.toLowerCase()}${verb.charAt(0).toUpperCase()}${verb.slice(1)}`);
    for (let n = 2; !name; n++) name = free(`${verb}${n}`);
    names[i] = name;
    used.add(name);
    derived.push(`${op.method.toUpperCase()} ${op.path} -> ${name}`);
    if (name !== first) resolved.push(`${op.method.toUpperCase()} ${op.path}: ${first} was taken; named ${name}`);
  });
  return { names, derived, resolved };
}
