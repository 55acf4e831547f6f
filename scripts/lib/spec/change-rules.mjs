// The project's own rules of what breaks a client of this API, beside `redocly diff`'s (changes.mjs
// runs it): a renamed path parameter or a changed path template (its typed calls name both), a
// removed schema (the client exports each as a type under its name), and client annotations on
// operations (x-client-method, x-idempotent, x-codeSamples), which need no bump. Named components
// are compared here by name and by content, read through each document's own `$ref`s.
import { pointerTarget } from "./refs.mjs";
import { HTTP_METHODS } from "../../../src/core/path-template.js";

// the methods a path item holds: 3.1's eight, and OpenAPI 3.2's query, which a diff between documents may meet
const METHODS = new Set([...HTTP_METHODS, "query"]);

/**
 * Operation fields that describe this client, not the wire contract: where the operation lives on
 * the typed client, its retry policy, the docs' code samples. The client package has a version of
 * its own, so changing them needs no API version bump.
 */
const CLIENT_ANNOTATIONS = new Set(["x-client-method", "x-idempotent", "x-codeSamples"]);

/**
 * One change of `redocly diff --format=json`'s report (reportVersion 1), the fields read here.
 * @typedef {object} DiffChange
 * @property {string} path JSON pointer as a URI fragment (`#/paths/...`)
 * @property {"added" | "removed" | "modified"} kind
 * @property {string} [typeName] the OpenAPI type of the changed node (`PathItem`, `Parameter`, ...)
 * @property {string} [property] the changed field, for a modification
 * @property {{ pointer?: string, value?: unknown }} [base] the older side
 * @property {{ pointer?: string, value?: unknown }} [revision] the newer side
 * @property {{ impact?: string, ruleId: string, message: string }[]} [verdicts]
 * @property {"none" | "patch" | "minor" | "major"} impact
 */

/**
 * Changes `redocly diff` 2.77 rates patch that break this API's typed client. Each returns a
 * reason when a change breaks, else undefined.
 */
/** @type {{ id: string, check: (c: DiffChange) => string | undefined }[]} */
const PROJECT_RULES = [
  {
    id: "path-template-changed",
    // the URL keeps its shape, but typed calls name both: raw.DELETE("/deployments/{id}", { params: { path: { id } } })
    check: (c) =>
      c.typeName === "PathItem" && c.property === "key"
        ? "path template changed; typed calls name the path and its parameters"
        : undefined,
  },
  {
    id: "parameter-renamed",
    check: (c) =>
      c.typeName === "Parameter" && c.property === "name" ? "parameter renamed; callers send the old name" : undefined,
  },
];

/**
 * @typedef {object} Change
 * @property {string} pointer JSON pointer into the newer spec (into the older one for a removal); where a
 * spec keeps its $refs, a change to a shared component points into that component, under /components
 * @property {"added" | "removed" | "modified"} kind
 * @property {string} what one line saying what changed
 * @property {"none" | "patch" | "minor" | "major"} impact the semver part a release with this change must
 * bump, for a 1.x API; "none" for a client annotation
 * @property {boolean} breaking whether a client written against the older spec can break
 * @property {string[]} rules the ids of the rules that rated the change breaking
 */

// `redocly diff` follows $refs and meets a component first where an operation uses it, and rates
// it there as a request or a response (a shared component once, by all its uses). What it finds
// through components/ itself has no direction, and each copy a dereferenced release keeps there
// would be counted again: those are left out, and named components are compared by name and
// content instead (namedComponentChanges)
const NAMED = [
  "schemas",
  "responses",
  "parameters",
  "requestBodies",
  "headers",
  "examples",
  "links",
  "callbacks",
  "pathItems",
];
export const NAMED_PATH = new RegExp(`^#/components/(${NAMED.join("|")})(/|$)`);

/**
 * One Change per named component added, removed or edited (its content read through its $refs).
 * @param {Record<string, unknown>} released
 * @param {Record<string, unknown>} current
 * @returns {Change[]}
 */
export function namedComponentChanges(released, current) {
  /** @type {Change[]} */
  const changes = [];
  const named = (/** @type {Record<string, unknown>} */ doc, /** @type {string} */ kind) => {
    const group = isContainer(doc.components) ? doc.components[kind] : undefined;
    return isContainer(group) ? group : {};
  };
  for (const kind of NAMED) {
    const before = named(released, kind);
    const after = named(current, kind);
    for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const pointer = `/components/${kind}/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      if (!(name in after)) {
        // the client exports every schema as a type under its name
        const breaking = kind === "schemas";
        const what = breaking
          ? "removed: schema removed; the client exports it as a type under this name (schema-removed)"
          : "removed";
        changes.push({
          pointer,
          kind: "removed",
          what,
          impact: breaking ? "major" : "patch",
          breaking,
          rules: breaking ? ["schema-removed"] : [],
        });
      } else if (!(name in before)) {
        changes.push({ pointer, kind: "added", what: "added", impact: "minor", breaking: false, rules: [] });
      } else if (
        !sameContent(before[name], after[name], released, current, {
          annotated: kind === "pathItems" || kind === "callbacks",
        })
      ) {
        changes.push({
          pointer,
          kind: "modified",
          what: "modified; rated where operations use it",
          impact: "patch",
          breaking: false,
          rules: [],
        });
      }
    }
  }
  return changes;
}

/**
 * Whether two parts of two documents say the same, each read through its own document's local
 * `$ref`s, so that a dereferenced component and one that keeps its refs are equal when they mean
 * the same; two refs to the same component are equal as they are. A pair of nodes met again is
 * taken as equal while its first comparison decides, so a recursive schema ends and a widely
 * shared one is compared once. With `annotated`, client annotations on operations (objects under
 * an HTTP method's key) are left out.
 * @param {unknown} a
 * @param {unknown} b
 * @param {unknown} docA
 * @param {unknown} docB
 * @param {{ annotated?: boolean }} [options]
 * @returns {boolean}
 */
function sameContent(a, b, docA, docB, { annotated = false } = {}) {
  /** @type {Map<object, Set<object>>} */
  const pairs = new Map();
  /**
   * @param {unknown} x
   * @param {unknown} y
   * @param {string | undefined} key
   * @param {string | undefined} parentKey
   * @returns {boolean}
   */
  const same = (x, y, key, parentKey) => {
    // two refs to the same component are equal here: that component is compared under its own name
    const sameRef = isContainer(x) && isContainer(y) && typeof x.$ref === "string" && x.$ref === y.$ref;
    if (!sameRef) {
      x = follow(docA, x);
      y = follow(docB, y);
    }
    if (!isContainer(x) || !isContainer(y)) return Object.is(x, y);
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const met = pairs.get(x) ?? new Set();
    if (met.has(y)) return true;
    pairs.set(x, met.add(y));
    // an operation sits under its method's key in a path item; "properties" names a schema's fields
    const operation = annotated && key !== undefined && METHODS.has(key) && parentKey !== "properties";
    const keys = (/** @type {object} */ o) => Object.keys(o).filter((k) => !(operation && CLIENT_ANNOTATIONS.has(k)));
    const [xs, ys] = [keys(x), keys(y)];
    return xs.length === ys.length && xs.every((k) => Object.hasOwn(y, k) && same(x[k], y[k], k, key));
  };
  return same(a, b, undefined, undefined);
}

/**
 * Whether `value` is an object or an array (whose indexes read as keys).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isContainer(value) {
  return typeof value === "object" && value !== null;
}

/** @type {WeakMap<object, Record<string, unknown>>} */
const merged = new WeakMap();

/**
 * The node a local `$ref` points to (through chains of them, each read by document.mjs's one
 * reader), or the `$ref` itself where it names nothing here; a ref with siblings keeps them over its target.
 * @param {unknown} doc
 * @param {unknown} node
 * @returns {unknown}
 */
function follow(doc, node) {
  const hops = new Set();
  while (isContainer(node) && typeof node.$ref === "string" && !hops.has(node)) {
    hops.add(node);
    const target = pointerTarget(doc, node.$ref);
    if (target === undefined) return node;
    const { $ref, ...siblings } = node;
    if (Object.keys(siblings).length === 0 || !isContainer(target) || Array.isArray(target)) node = target;
    else {
      // one merged object per ref node, so a pair of them is recognised when met again
      if (!merged.has(node)) merged.set(node, { ...target, ...siblings });
      return merged.get(node);
    }
  }
  return node;
}

/**
 * Whether a `redocly diff` change touches only a client annotation: a plain value on an operation
 * (x-client-method, x-idempotent), or the x-codeSamples list or one of its samples.
 * @param {DiffChange} c
 */
function isClientAnnotation(c) {
  if (c.typeName === "Operation") return c.kind === "modified" && CLIENT_ANNOTATIONS.has(String(c.property));
  return c.typeName === "XCodeSampleList" || c.typeName === "XCodeSample";
}

/**
 * Turns one `redocly diff` change into a Change, adding the project rules' verdicts.
 * @param {DiffChange} c
 * @returns {Change}
 */
export function toChange(c) {
  const side = c.kind === "removed" ? c.base : c.revision;
  const pointer = (side?.pointer ?? c.path).replace(/^#/, "");
  /** @type {string} */
  let what = c.kind;
  if (c.kind === "modified" && c.property)
    what = `${c.property} ${short(c.base?.value)} -> ${short(c.revision?.value)}`;
  if (isClientAnnotation(c))
    return {
      pointer,
      kind: c.kind,
      what: `${what}: client annotation, no bump needed`,
      impact: "none",
      breaking: false,
      rules: [],
    };
  const found = (c.verdicts ?? [])
    .filter((v) => v.impact === "major")
    .map((v) => ({ id: v.ruleId, message: v.message }));
  for (const rule of PROJECT_RULES) {
    const message = rule.check(c);
    if (message) found.push({ id: rule.id, message });
  }
  const breaking = found.length > 0;
  const impact = breaking ? "major" : c.impact;
  if (breaking) what += `: ${found.map((f) => `${f.message} (${f.id})`).join("; ")}`;
  return { pointer, kind: c.kind, what, impact, breaking, rules: found.map((f) => f.id) };
}

/** @param {unknown} value */
function short(value) {
  const text = value === undefined ? "(none)" : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
