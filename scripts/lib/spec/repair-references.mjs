// Repair's references (repair.mjs): a `$ref` with an empty JSON pointer token, named from the
// spec's files (which the bundler reads silently) and read without the empty token in the bundle;
// a component the bundler could not read and that nothing uses, dropped (bundle.mjs); a `$ref` to
// nothing is fatal, naming the fix.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { load } from "js-yaml";
import { root } from "../shared/paths.mjs";
import { textMemo } from "../shared/text-memo.mjs";
import { escapeToken, pointerTarget, refTarget } from "./refs.mjs";
import { isRecord, keyword } from "./guards.mjs";

/**
 * The `$ref`s (and discriminator mapping values) of the spec's files whose JSON pointer has an
 * empty token (`#/components//schemas/X`): RFC 6901 reads that as a key "", which no document has;
 * the bundler reads it without the empty token, silently, so it is named here from the files.
 * @param {string[]} files the absolute paths of the spec's files (the bundle's fileDependencies)
 * @returns {string[]} one line per such reference, `<file>#<pointer>: ...`
 * @example
 * emptyTokenRefs(["/repo/openapi/paths/users.yaml"]); // ["openapi/paths/users.yaml#/get/...: ..."]
 */
export function emptyTokenRefs(files) {
  /** @type {string[]} */
  const lines = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    lines.push(...emptyTokens.get(file, readFileSync(file, "utf8")));
  }
  emptyTokens.keepOnly(files);
  return lines;
}

// dev reads every file on every save: a file whose text has not changed keeps its lines
const emptyTokens = textMemo((text, file) => {
  /** @type {string[]} */
  const lines = [];
  let parsed;
  try {
    // the project's own js-yaml, the one copy @redocly/openapi-core reads the spec with too
    // (test/scripts/public-apis.test.ts): the same values, but for timestamps, which it leaves
    // strings and which are never references
    parsed = load(text);
  } catch {
    return lines; // a YAML error is the linter's and the bundler's to name
  }
  const walk = (/** @type {unknown} */ node, /** @type {string} */ at, /** @type {boolean} */ refs) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`, false));
    if (!isRecord(node)) return;
    for (const [k, v] of Object.entries(node)) {
      const here = `${at}/${escapeToken(k)}`;
      if (typeof v === "string" && (k === "$ref" || refs) && /#.*(\/\/|\/$)/.test(v) && !v.endsWith("#/")) {
        lines.push(
          `${relative(root, file)}#${here.slice(1)}: ${v} has an empty JSON pointer token; read without it, as ${v.replace(/(#.*)/, (f) => f.replace(/\/+/g, "/").replace(/\/$/, ""))}`,
        );
      } else if (k !== "example" && k !== "examples") walk(v, here, k === "mapping");
    }
  };
  walk(parsed, "#", false);
  return lines;
});

/**
 * Every in-document `$ref` must name something: an empty pointer token (`#/components//schemas/X`)
 * is read without it when that names something; a schema `$ref` to nothing is read as any value
 * (named); any other `$ref` to nothing is fatal.
 * @param {unknown} spec the bundle, changed in place
 * @param {(where: string, text: string) => void} say
 */
export function references(spec, say) {
  const walk = (/** @type {unknown} */ node, /** @type {string} */ at) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`));
    if (!isRecord(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") {
        const fixed = collapse(spec, v);
        if (fixed === v) continue;
        if (fixed === undefined && v.startsWith("#/components/schemas/")) {
          // a schema that names nothing is read as any value: the node keeps what it says beside the $ref
          delete node.$ref;
          say(`${at}/$ref`, `${v} names nothing in the document; read as any value`);
          continue;
        }
        if (fixed === undefined) {
          throw new Error(
            `${at}/$ref: ${v} names nothing in the document; fix: point it at an existing component (${nearest(spec, v)}) or add that component`,
          );
        }
        node.$ref = fixed;
        say(`${at}/$ref`, `${v} has an empty JSON pointer token; read as ${fixed}`);
      } else if (k !== "example" && k !== "examples" && k !== "enum" && k !== "const" && k !== "default")
        walk(v, `${at}/${escapeToken(k)}`);
    }
  };
  walk(spec, "#");
}

/**
 * `ref` when it names something; else, when it has empty tokens, the ref without them if that names something; else undefined.
 * @param {unknown} spec
 * @param {string} ref
 * @returns {string | undefined}
 */
export function collapse(spec, ref) {
  if (pointerTarget(spec, ref) !== undefined) return ref;
  if (!ref.startsWith("#/")) return undefined;
  const fixed = `#/${ref.slice(2).split("/").filter(Boolean).join("/")}`;
  return fixed !== ref && pointerTarget(spec, fixed) !== undefined ? fixed : undefined;
}

/**
 * What the fix could point at: the components of the same kind, a few of them.
 * @param {unknown} spec
 * @param {string} ref
 */
function nearest(spec, ref) {
  const kind = /^#\/components\/(\w+)/.exec(ref)?.[1];
  const components = kind ? keyword(keyword(spec, "components"), kind) : undefined;
  const names = isRecord(components) ? Object.keys(components) : [];
  return names.length
    ? `#/components/${kind}/ has ${names.slice(0, 5).join(", ")}${names.length > 5 ? ", ..." : ""}`
    : "e.g. #/components/schemas/<Name>";
}

/**
 * The components the bundler could not read, each left a `$ref` outside the document (a URL or a
 * file it could not fetch): one that nothing in the document uses (no `$ref` or discriminator
 * mapping names it, nor, for a security scheme, a security requirement) is dropped, one line each,
 * since nothing the document declares loses anything; a used one stays, for the bundler's error.
 * @param {unknown} spec the bundle, changed in place
 * @param {import("@redocly/openapi-core").NormalizedProblem[]} problems the bundler's
 * @param {string} file the root file's absolute path, where a component's pointer is the bundle's own
 * @param {(line: string) => void} say
 * @returns {Set<import("@redocly/openapi-core").NormalizedProblem>} the problems of the dropped ones
 * @example
 * unreadComponents(bundled, problems, "/repo/openapi/openapi.yaml", (line) => defects.push(line));
 */
export function unreadComponents(spec, problems, file, say) {
  /** @type {Map<string, { ref: string, reasons: Set<string> }>} */
  const unread = new Map();
  const handled = new Set();
  let names;
  for (const problem of problems) {
    const at = problem.location[0];
    const pointer = at?.pointer;
    if (at?.source.absoluteRef !== file || pointer === undefined || !/^#\/components\/[^/]+\/[^/]+$/.test(pointer))
      continue;
    const node = pointerTarget(spec, pointer);
    if (!isRecord(node) || Object.keys(node).length !== 1 || String(node.$ref ?? "#").startsWith("#")) continue;
    names ??= usedComponents(spec);
    if (names.has(pointer)) continue;
    handled.add(problem);
    if (!unread.has(pointer)) unread.set(pointer, { ref: String(node.$ref), reasons: new Set() });
    unread.get(pointer)?.reasons.add(problem.message);
  }
  for (const [at, { ref, reasons }] of unread) {
    const [, kind, name] = refTarget(spec, at).tokens;
    // the pointer named an object here (the loop above), so its holder is one too
    const holder = keyword(keyword(spec, "components"), kind);
    if (isRecord(holder)) delete holder[name];
    say(
      `${at}: $ref ${ref} could not be read (${[...reasons].join("; ")}), and nothing in the document uses it; dropped`,
    );
  }
  return handled;
}

/**
 * The components the document uses, as `#/components/<kind>/<name>`: by `$ref`, discriminator mapping or security requirement.
 * @param {unknown} spec
 * @returns {Set<string>}
 */
function usedComponents(spec) {
  /** @type {Set<string>} */
  const names = new Set();
  const add = (/** @type {string} */ ref) => {
    const component = /^#\/components\/[^/]+\/[^/]+/.exec(ref)?.[0];
    if (component) names.add(component);
  };
  const walk = (/** @type {unknown} */ node, /** @type {string} */ key) => {
    if (Array.isArray(node)) {
      for (const item of node) {
        if (key === "security" && isRecord(item))
          for (const name of Object.keys(item)) add(`#/components/securitySchemes/${escapeToken(name)}`);
        walk(item, "");
      }
    }
    if (!isRecord(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") add(v);
      else if (k === "mapping" && isRecord(v))
        for (const target of Object.values(v))
          add(String(target).startsWith("#") ? String(target) : `#/components/schemas/${escapeToken(String(target))}`);
      else if (k !== "example" && k !== "examples" && k !== "enum" && k !== "const" && k !== "default") walk(v, k);
    }
  };
  walk(spec, "");
  return names;
}

/** The keys whose contents are values, never references. */
const VALUES = new Set(["example", "examples", "enum", "const", "default"]);

/**
 * Keeps the document's `$ref`s on their nodes while repairs move them (a `oneOf` read as `anyOf`, a
 * schema wrapped in another): takes each in-document `$ref` that names an object now, and gives a
 * function that, once the repairs are done, points each one that no longer reaches its node at the
 * place the node went. A pointer into a schema's branches (`#/components/schemas/X/oneOf/1`) then
 * still names what it named.
 * @param {unknown} spec
 * @returns {() => void}
 */
export function followMoves(spec) {
  /** @type {[holder: Record<string, unknown>, target: object][]} */
  const held = [];
  const walk = (/** @type {unknown} */ node) => {
    if (Array.isArray(node)) node.forEach(walk);
    if (!isRecord(node)) return;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#")) {
      const target = pointerTarget(spec, node.$ref);
      if (isRecord(target)) held.push([node, target]);
    }
    // values, not schemas: a field named $ref in an example is the example's
    for (const [key, value] of Object.entries(node)) if (!VALUES.has(key)) walk(value);
  };
  walk(spec);
  return () => {
    /** @type {Map<object, string>} where each object of the repaired document is */
    const where = new Map();
    const place = (/** @type {unknown} */ node, /** @type {string} */ at) => {
      if (!node || typeof node !== "object" || where.has(node)) return;
      where.set(node, at);
      for (const [key, value] of Object.entries(node)) place(value, `${at}/${escapeToken(key)}`);
    };
    place(spec, "#");
    for (const [holder, target] of held) {
      if (typeof holder.$ref !== "string" || pointerTarget(spec, holder.$ref) === target) continue;
      const moved = where.get(target);
      if (moved) holder.$ref = moved;
    }
  };
}
