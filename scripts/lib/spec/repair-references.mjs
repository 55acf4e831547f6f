// Repair's references (repair.mjs): a `$ref` with an empty JSON pointer token, named from the
// spec's files (which the bundler reads silently) and read without the empty token in the bundle;
// a `$ref` to nothing is fatal, naming the fix.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { load } from "js-yaml";
import { root } from "../shared/paths.mjs";
import { textMemo } from "../shared/text-memo.mjs";
import { escapeToken, isObject, pointerTarget } from "./document.mjs";

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
  const walk = (/** @type {any} */ node, /** @type {string} */ at, /** @type {boolean} */ refs) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`, false));
    if (!isObject(node)) return;
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
 * is read without it when that names something; any other `$ref` to nothing is fatal.
 */
export function references(spec, say) {
  const walk = (/** @type {any} */ node, /** @type {string} */ at) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`));
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") {
        const fixed = collapse(spec, v);
        if (fixed === v) continue;
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

/** `ref` when it names something; else, when it has empty tokens, the ref without them if that names something; else undefined. */
export function collapse(spec, ref) {
  if (pointerTarget(spec, ref) !== undefined) return ref;
  if (!ref.startsWith("#/")) return undefined;
  const fixed = `#/${ref.slice(2).split("/").filter(Boolean).join("/")}`;
  return fixed !== ref && pointerTarget(spec, fixed) !== undefined ? fixed : undefined;
}

/** What the fix could point at: the components of the same kind, a few of them. */
function nearest(spec, ref) {
  const kind = /^#\/components\/(\w+)/.exec(ref)?.[1];
  const names = kind && isObject(spec.components?.[kind]) ? Object.keys(spec.components[kind]) : [];
  return names.length
    ? `#/components/${kind}/ has ${names.slice(0, 5).join(", ")}${names.length > 5 ? ", ..." : ""}`
    : "e.g. #/components/schemas/<Name>";
}
