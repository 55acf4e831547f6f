// Repair: the defects real OpenAPI documents ship with, routed around in the bundle before anything
// else reads it, so that the types, the checks, the docs page and the mock all see one document.
// Each repair is named (the JSON pointer, what was wrong, what it did instead); a defect that
// cannot be routed around throws, naming the fix.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { load } from "js-yaml";
import { root } from "../shared/paths.mjs";
import { checkExamples } from "./repair-examples.mjs";
import { textMemo } from "../shared/text-memo.mjs";
import { overlaps } from "./repair-overlaps.mjs";
import { deref, describedProperties, escapeToken, isObject, pointerTarget, refTarget } from "./document.mjs";
import { ANNOTATIONS, forEachSchema } from "./schema-walk.mjs";

/** Keywords that only describe a schema: they stay outside when a schema is wrapped in anyOf; a discriminator stays with the oneOf it tells apart. */
const OUTSIDE = ANNOTATIONS.filter((k) => k !== "discriminator");
/** Boolean schemas every reader handles: `additionalProperties: false` is the usual way to close an object. */
const BOOLEAN_OK = new Set(["additionalProperties", "unevaluatedProperties"]);

/**
 * @typedef {object} Repaired
 * @property {any} spec the repaired document (a copy; the input is not changed)
 * @property {string[]} defects one line per defect: `<where>: <what>; <what was done instead>`
 */

/**
 * Routes around the defects of a bundled OpenAPI 3.1 document (its `$ref`s kept, pointing into
 * `#/components/...`), in this order: boolean schemas, OpenAPI 3.0's `nullable`, `$ref`s with an
 * empty pointer token, discriminator mappings to a missing or wrong schema, discriminators whose
 * mapping (or its absence) reads the branches' names where they pin values of their own,
 * `additionalProperties: false` beside `oneOf`/`anyOf`/`allOf`, overlapping `oneOf` branches, and
 * examples that break their own schema (checked last, against the repaired schemas). An OpenAPI
 * 3.0 document's `nullable` is read as 3.1 writes it too, but not named: it is 3.0 itself there.
 * @param {any} bundled the document as bundled
 * @returns {Repaired}
 * @throws {Error} for a `$ref` that names nothing in the document, with where it is and the fix
 * @example
 * const { spec, defects } = repairSpec(bundled);
 * for (const line of defects) console.log(`defect: ${line}`);
 */
export function repairSpec(bundled) {
  const spec = structuredClone(bundled);
  /** @type {string[]} */
  const defects = [];
  const say = (/** @type {string} */ where, /** @type {string} */ text) => defects.push(`${where}: ${text}`);
  forEachSchema(spec, (parent, key, at) => booleans(parent, key, at, say));
  // nullable is OpenAPI 3.0's own keyword: a 3.0 document is read as 3.1 writes it, unnamed
  const version30 = /^3\.0(\.|$)/.test(String(spec.openapi ?? ""));
  forEachSchema(spec, (parent, key, at) => nullable(parent[key], at, version30 ? () => {} : say));
  references(spec, say);
  forEachSchema(spec, (parent, key, at) => mapping(spec, parent[key], at, say));
  forEachSchema(spec, (parent, key, at) => ownValues(spec, parent[key], at, say));
  forEachSchema(spec, (parent, key, at) => closedComposition(spec, parent[key], at, say));
  // a part of an allOf may require what another part describes: only whole schemas are judged
  const parts = new Set();
  forEachSchema(spec, (parent, key) => {
    for (const part of Array.isArray(parent[key]?.allOf) ? parent[key].allOf : []) parts.add(deref(spec, part));
  });
  forEachSchema(spec, (parent, key, at) => parts.has(parent[key]) || undescribedRequired(spec, parent[key], at, say));
  forEachSchema(spec, (parent, key, at) => overlaps(spec, parent[key], at, say));
  for (const line of checkExamples(spec)) defects.push(line);
  return { spec, defects };
}

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

/** Boolean schemas: openapi-typescript and older checkers read only objects. */
function booleans(parent, key, at, say) {
  const node = parent[key];
  if (typeof node === "boolean") {
    if (BOOLEAN_OK.has(String(key))) return;
    parent[key] = node ? {} : { not: {} };
    say(at, `boolean schema ${node}; read as ${node ? "{} (anything)" : "{ not: {} } (nothing)"}`);
    return;
  }
  if (!isObject(node)) return;
  if (Array.isArray(node.allOf) && node.allOf.includes(true)) {
    node.allOf = node.allOf.filter((s) => s !== true);
    say(`${at}/allOf`, `boolean schema true in allOf constrains nothing; dropped`);
    if (!node.allOf.length) delete node.allOf;
  }
  for (const k of ["oneOf", "anyOf"]) {
    if (Array.isArray(node[k]) && node[k].includes(false)) {
      node[k] = node[k].filter((s) => s !== false);
      say(`${at}/${k}`, `boolean schema false in ${k} matches nothing; dropped`);
    }
  }
  if (node.items === false) {
    const most = Array.isArray(node.prefixItems) ? node.prefixItems.length : 0;
    delete node.items;
    node.maxItems = Math.min(node.maxItems ?? most, most);
    say(`${at}/items`, `items: false; read as maxItems: ${most}`);
  }
}

/** OpenAPI 3.0's `nullable: true`, read as a 3.0 reader would: null is allowed too. */
function nullable(node, at, say) {
  if (!isObject(node) || !("nullable" in node)) return;
  const value = node.nullable;
  delete node.nullable;
  if (value !== true) {
    say(`${at}/nullable`, `nullable: ${JSON.stringify(value)} is OpenAPI 3.0 and means nothing in 3.1; dropped`);
    return;
  }
  if (typeof node.type === "string" || Array.isArray(node.type)) {
    const types = [node.type].flat();
    if (!types.includes("null")) node.type = [...types, "null"];
    if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
    say(
      `${at}/nullable`,
      `nullable: true is OpenAPI 3.0; read as type ${JSON.stringify(node.type)}${Array.isArray(node.enum) ? " with null in its enum" : ""}`,
    );
    return;
  }
  // no type of its own ($ref, allOf...): the schema or null
  const inner = {};
  for (const k of Object.keys(node)) {
    if (OUTSIDE.includes(k)) continue;
    inner[k] = node[k];
    delete node[k];
  }
  node.anyOf = [inner, { type: "null" }];
  say(`${at}/nullable`, `nullable: true is OpenAPI 3.0; read as anyOf [the schema, null]`);
}

/**
 * Every in-document `$ref` must name something: an empty pointer token (`#/components//schemas/X`)
 * is read without it when that names something; any other `$ref` to nothing is fatal.
 */
function references(spec, say) {
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
function collapse(spec, ref) {
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

/** The values a schema allows for one property: its const or enum, else undefined (any). */
function allowed(spec, schema, property) {
  const prop = deref(spec, deref(spec, schema)?.properties?.[property]);
  if (!isObject(prop)) return undefined;
  if ("const" in prop) return [prop.const];
  return Array.isArray(prop.enum) ? prop.enum : undefined;
}

/** The one string a schema pins a property to (a `const`, or an `enum` of one), else undefined. */
function pinned(spec, ref, property) {
  const values = allowed(spec, { $ref: ref }, property);
  return values?.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
}

/** The `$ref`s of a discriminated schema's `oneOf`/`anyOf` branches, each once. */
function branchRefs(node) {
  const refs = [...(node.oneOf ?? []), ...(node.anyOf ?? [])]
    .filter((b) => typeof b?.$ref === "string")
    .map((b) => b.$ref);
  return [...new Set(refs)];
}

/** Discriminator mappings to a schema the document does not have, or to one of the wrong value. */
function mapping(spec, node, at, say) {
  const map = node?.discriminator?.mapping;
  if (!isObject(node) || !isObject(map)) return;
  const property = node.discriminator.propertyName;
  const branches = branchRefs(node);
  const owner = (/** @type {unknown} */ value) =>
    branches.find((ref) => allowed(spec, { $ref: ref }, property)?.includes(value));
  for (const [value, target] of Object.entries(map)) {
    const where = `${at}/discriminator/mapping/${escapeToken(value)}`;
    const ref =
      typeof target !== "string"
        ? undefined
        : target.startsWith("#")
          ? collapse(spec, target)
          : /^[\w.-]+$/.test(target) && isObject(spec.components?.schemas?.[target])
            ? `#/components/schemas/${target}`
            : undefined;
    const values = ref ? allowed(spec, { $ref: ref }, property) : undefined;
    const wrong =
      ref !== undefined &&
      ((branches.length > 0 && !branches.includes(ref)) || (values !== undefined && !values.includes(value)));
    if (ref !== undefined && !wrong) {
      if (ref !== target) {
        map[value] = ref;
        say(where, `${target} has an empty JSON pointer token; read as ${ref}`);
      }
      continue;
    }
    const right = owner(value);
    const disagrees = values !== undefined && !values.includes(value);
    const what =
      ref === undefined
        ? `names ${JSON.stringify(target)}, which the document does not have`
        : disagrees
          ? `names ${ref}, whose ${property} is ${values.map((v) => JSON.stringify(v)).join(" or ")}`
          : `names ${ref}, which is not one of the branches`;
    // no branch sends this value, and the branch it names sends one of its own: the branch's value wins
    const ofBranch = ref !== undefined && disagrees && (!branches.length || branches.includes(ref));
    const own = ofBranch ? pinned(spec, ref, property) : undefined;
    if (right) {
      map[value] = right;
      say(where, `${what}; mapped to ${right}, whose ${property} is ${JSON.stringify(value)}`);
    } else if (
      own !== undefined &&
      !Object.hasOwn(map, own) &&
      !branches.some((b) => b !== ref && pinned(spec, b, property) === own)
    ) {
      delete map[value];
      map[own] = ref;
      say(where, `${what}; the branch's own value wins: mapped ${JSON.stringify(own)} to ${ref} instead`);
    } else {
      delete map[value];
      say(where, `${what}; dropped (no branch has ${property} ${JSON.stringify(value)})`);
    }
  }
  if (!Object.keys(map).length) delete node.discriminator.mapping;
}

/**
 * A discriminator reads a branch its `mapping` does not name as the branch's schema name
 * (`DeveloperMessage`), and so do openapi-typescript and the checks; a branch that pins the
 * property to a value of its own (`role: { enum: [developer] }`) is sent with that value, never
 * its name. Each such branch is mapped from its own value, unless another branch pins the same
 * value or the mapping already has it.
 */
function ownValues(spec, node, at, say) {
  const property = node?.discriminator?.propertyName;
  if (!isObject(node) || typeof property !== "string") return;
  const map = node.discriminator.mapping;
  if (map !== undefined && !isObject(map)) return;
  const branches = branchRefs(node);
  const named = new Set(Object.values(map ?? {}));
  const values = branches.map((ref) => pinned(spec, ref, property));
  /** @type {[string, string, string][]} value, branch, the name it is read as */
  const added = [];
  branches.forEach((ref, i) => {
    const value = values[i];
    const name = ref.startsWith("#/") ? refTarget(spec, ref).tokens.at(-1) : undefined;
    if (value === undefined || named.has(ref) || value === name || Object.hasOwn(map ?? {}, value)) return;
    if (values.filter((v) => v === value).length > 1) return;
    added.push([value, ref, name ?? ref]);
  });
  if (!added.length) return;
  node.discriminator.mapping = { ...map, ...Object.fromEntries(added.map(([value, ref]) => [value, ref])) };
  const names = added.map(([, , name]) => JSON.stringify(name)).join(", ");
  const own = added.map(([value]) => JSON.stringify(value)).join(", ");
  const entries = added.map(([value, ref]) => `${JSON.stringify(value)} to ${ref}`).join(", ");
  const missing = map === undefined ? "no mapping" : `no entry for ${added.map(([, ref]) => ref).join(", ")}`;
  say(
    map === undefined ? `${at}/discriminator` : `${at}/discriminator/mapping`,
    `${missing}, so ${property} is read as the branches' names (${names}), but they pin it to ${own}; the branches' own values win: mapped ${entries}`,
  );
}

/**
 * `additionalProperties: false` sees only its own `properties`, so beside `oneOf`/`anyOf`/`allOf`
 * it refuses the branches' properties and no body passes. The branches' property names are listed
 * in `properties` (as `{}`: the branch still checks them), so a body of any branch passes and an
 * unknown property is still refused.
 */
function closedComposition(spec, node, at, say) {
  if (!isObject(node) || node.additionalProperties !== false) return;
  const composed = ["oneOf", "anyOf", "allOf"].filter((k) => Array.isArray(node[k]));
  if (!composed.length) return;
  const own = new Set(Object.keys(node.properties ?? {}));
  const names = new Set();
  for (const k of composed)
    for (const sub of node[k]) for (const [name] of describedProperties(spec, sub)) names.add(name);
  const missing = [...names].filter((name) => !own.has(name));
  if (!missing.length) return;
  node.properties = { ...node.properties, ...Object.fromEntries(missing.map((name) => [name, {}])) };
  say(
    `${at}/additionalProperties`,
    `false beside ${composed.join(" and ")} refuses the branches' own properties, so no body passes; listed ${missing.join(", ")} in properties beside it`,
  );
}

/**
 * A field listed in `required` but never described, by the schema's `properties` or those of its
 * `allOf`/`oneOf`/`anyOf` (DigitalOcean's logtail `endpoint`, its uptime check's `method`): the
 * checks ask for it and the types do not know it, so no typed call can send it. It is described
 * as any value (`{}`), so that both agree.
 */
function undescribedRequired(spec, node, at, say) {
  if (!isObject(node) || !Array.isArray(node.required)) return;
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) return;
  if (node.patternProperties !== undefined) return;
  const names = new Set(describedProperties(spec, node).map(([name]) => name));
  const missing = node.required.filter((name) => typeof name === "string" && !names.has(name));
  if (!missing.length) return;
  node.properties = { ...node.properties, ...Object.fromEntries(missing.map((name) => [name, {}])) };
  say(`${at}/required`, `names ${missing.join(", ")}, which properties never describe; described as any value`);
}
