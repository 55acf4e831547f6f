// Examples that break their own schema: the mock would serve them and the docs show them, and the
// client refuses them. Checked with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) and
// ajv-formats, so that `date-time` and the other formats are held to their RFCs; a broken example
// is dropped from the document and named.
import { createHash } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { deref, escapeToken, pointerTarget } from "./refs.mjs";
import { isRecord } from "./guards.mjs";
import { ANNOTATIONS, forEachSchema } from "./schema-walk.mjs";

/** Keywords left out of a schema compiled on its own. */
const DESCRIBING = new Set(ANNOTATIONS);

/** A schema (a boolean, or an object whose own annotations are left out), as compiled on its own. */
function withoutAnnotations(/** @type {unknown} */ schema) {
  if (!isRecord(schema)) return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !DESCRIBING.has(k) && !k.startsWith("x-")));
}

/** Where the document is registered in Ajv: every schema is compiled as a `$ref` into it. */
const BASE = "openapi:document";

// Compiled validators outlive one check: dev checks the whole document on every save, and a save
// changes one schema of hundreds. Each is kept under a key made of all its compilation reads: the
// schema's own content when it has no `$ref`, else every node it reaches through `#/...` refs. A
// kept validator holds the document of the check that compiled it, so only validators the last
// check used are kept, from at most KEPT_CHECKS checks (see forget()): memory stays bounded.
/** @type {Map<string, { validate: import("ajv").ValidateFunction | Error, check: number }>} */
const validators = new Map();
const KEPT_CHECKS = 4;
let checks = 0;
// keywords that make a `$ref`'s target depend on more than the pointer: no key covers them
const SCOPED = /"\$(id|anchor|dynamicAnchor|dynamicRef|recursiveAnchor|recursiveRef)"/;

/**
 * Checks every example of `spec` (media types, parameters and headers: `example` and each of
 * `examples`; schemas: `example` and each of `examples`) against the schema beside it, and drops
 * each one that breaks it. Changes `spec` in place.
 * @param {unknown} spec a bundled OpenAPI 3.1 document, its other defects already repaired
 * @returns {string[]} one line per dropped example (or per example that could not be checked)
 * @example
 * for (const line of checkExamples(spec)) console.log(`defect: ${line}`);
 */
export function checkExamples(spec) {
  // inlineRefs off: a component is compiled once and shared by every example that reaches it,
  // instead of inlined into each (minutes, not seconds, for a document of 150 operations). The
  // optimizer's passes over each validator's code cost more than they save for a validator run a
  // few times: without them the check takes a quarter less CPU, with the same verdicts
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    validateSchema: false,
    logger: false,
    inlineRefs: false,
    code: { optimize: false },
  });
  // a CommonJS module: its function is also its own `default`, which is what the types describe
  formats.default(ajv);
  if (!isRecord(spec)) return ["examples not checked: the document is no object"];
  try {
    ajv.addSchema(spec, BASE);
  } catch (err) {
    return [
      `examples not checked: the document is not a schema Ajv takes (${err instanceof Error ? err.message : String(err)})`,
    ];
  }
  const check = ++checks;
  const keyable = !SCOPED.test(JSON.stringify(spec));
  /** @type {Map<string, string>} the JSON of the node at each pointer, as this check reads it */
  const texts = new Map();
  const textAt = (/** @type {string} */ pointer) => {
    let text = texts.get(pointer);
    if (text === undefined) texts.set(pointer, (text = JSON.stringify(pointerTarget(spec, pointer) ?? null)));
    return text;
  };
  /** @type {Map<string, string | undefined>} */
  const reachKeys = new Map();
  /** Why `value` breaks the schema at `pointer`, or null when it does not. */
  const breaks = (/** @type {string} */ at, /** @type {unknown} */ value) => {
    const node = pointerTarget(spec, at);
    // compiling is what costs: a schema that is only a `$ref` is checked as its component, and one
    // without any `$ref` by its content (most property schemas are alike), each compiled once
    const ref =
      isRecord(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/") && Object.keys(node).length === 1
        ? node.$ref
        : undefined;
    const standalone = !ref && !JSON.stringify(node ?? null).includes('"$ref"') ? withoutAnnotations(node) : undefined;
    const pointer = ref ?? at;
    if (standalone === undefined && keyable && !reachKeys.has(pointer))
      reachKeys.set(pointer, reachKey(textAt, pointer));
    const key =
      standalone !== undefined
        ? `schema:${JSON.stringify(standalone)}`
        : (keyable && reachKeys.get(pointer)) || `this check:${pointer}`;
    let entry = validators.get(key);
    if (!entry) {
      entry = { validate: compiled(ajv, standalone, pointer), check };
      validators.set(key, entry);
    }
    used.add(key);
    const { validate } = entry;
    if (validate instanceof Error) return `not checked: ${validate.message}`;
    if (validate(value)) return null;
    const [first] = validate.errors ?? [];
    return first ? `${first.instancePath || "the value"} ${first.message}` : "invalid";
  };
  /** @type {Set<string>} */
  const used = new Set();

  /** @type {string[]} */
  const lines = [];
  const drop = (/** @type {string} */ where, /** @type {string} */ why) =>
    lines.push(
      why.startsWith("not checked")
        ? `${where}: example ${why}`
        : `${where}: breaks its own schema (${why}); dropped, so the mock and the docs derive one from the schema`,
    );

  besideSchemas(spec, breaks, drop);
  inSchemas(spec, breaks, drop);
  forget(used);
  return lines;
}

/**
 * The validator of a schema: `standalone`, compiled on its own where it has no `$ref`, else the
 * one at `pointer` of the document registered as BASE; an Error where Ajv could not compile it.
 * @param {Ajv2020} ajv
 * @param {unknown} standalone
 * @param {string} pointer
 * @returns {import("ajv").ValidateFunction | Error}
 */
function compiled(ajv, standalone, pointer) {
  /** @type {import("ajv").ValidateFunction | Error} */
  let validate;
  try {
    if (isRecord(standalone) || typeof standalone === "boolean") validate = ajv.compile(standalone);
    // what Ajv says of a schema that is neither (besideSchemas and inSchemas check only objects and booleans)
    else if (standalone !== undefined) validate = new Error("schema must be object or boolean");
    else {
      // resolved inside the registered document, so that its components are compiled once
      validate =
        ajv.getSchema(
          `${BASE}#${pointer
            .slice(1)
            .split("/")
            .map((/** @type {string} */ t) => encodeURIComponent(t))
            .join("/")}`,
        ) ?? new Error(`no schema at ${pointer}`);
    }
  } catch (err) {
    validate = err instanceof Error ? err : new Error(String(err));
  }
  return validate;
}

/**
 * @callback Breaks why `value` breaks the schema at pointer `at`, or null when it does not
 * @param {string} at
 * @param {unknown} value
 * @returns {string | null}
 *
 * @callback Drop names an example dropped (or not checked) and why
 * @param {string} where
 * @param {string} why
 * @returns {void}
 */

/**
 * The key of what compiling the schema at `pointer` reads: every node it reaches through `#/`
 * pointers, hashed; undefined when a ref leaves the document.
 * @param {(pointer: string) => string} textAt the JSON of the node at a pointer
 * @param {string} pointer
 * @returns {string | undefined}
 */
function reachKey(textAt, pointer) {
  const hash = createHash("sha256");
  const seen = new Set([pointer]);
  const todo = [pointer];
  for (let at = todo.pop(); at !== undefined; at = todo.pop()) {
    const text = textAt(at);
    hash.update(`${at}\n${text}\n`);
    for (const [, quoted] of text.matchAll(/"\$ref":("(?:[^"\\]|\\.)*")/g)) {
      const ref = JSON.parse(quoted);
      if (!ref.startsWith("#/") && ref !== "#") return undefined;
      if (!seen.has(ref)) seen.add(ref), todo.push(ref);
    }
  }
  return `reach:${hash.digest("base64")}`;
}

/**
 * Checks the examples of every media type, parameter and header of `spec` (`example`, each of
 * `examples`) against the schema beside it, dropping each that breaks it.
 * @param {Record<string, unknown>} spec changed in place
 * @param {Breaks} breaks
 * @param {Drop} drop
 */
function besideSchemas(spec, breaks, drop) {
  // one media type, parameter or header: its schema is at `${at}/schema`
  const beside = (
    /** @type {Record<string, unknown>} */ node,
    /** @type {string} */ at,
    /** @type {string} */ schemaAt,
  ) => {
    if ("example" in node) {
      const why = breaks(schemaAt, node.example);
      if (why) {
        drop(`${at}/example`, why);
        if (!why.startsWith("not checked")) delete node.example;
      }
    }
    const examples = node.examples;
    if (isRecord(examples)) {
      for (const [name, raw] of Object.entries(examples)) {
        const example = deref(spec, raw);
        if (!isRecord(example) || !("value" in example)) continue;
        const why = breaks(schemaAt, example.value);
        if (!why) continue;
        drop(`${at}/examples/${escapeToken(name)}`, why);
        if (!why.startsWith("not checked")) delete examples[name];
      }
      if (!Object.keys(examples).length) delete node.examples;
    }
  };
  const walk = (/** @type {unknown} */ node, /** @type {string} */ at) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`));
    if (!isRecord(node)) return;
    if ("schema" in node && (isRecord(node.schema) || typeof node.schema === "boolean"))
      beside(node, at, `${at}/schema`);
    for (const [k, v] of Object.entries(node))
      if (k !== "schema" && k !== "example" && k !== "examples" && !k.startsWith("x-"))
        walk(v, `${at}/${escapeToken(k)}`);
  };
  for (const part of ["paths", "webhooks", "components"]) {
    const node = spec[part];
    if (!isRecord(node)) continue;
    for (const [k, v] of Object.entries(node))
      if (!(part === "components" && k === "schemas")) walk(v, `#/${part}/${escapeToken(k)}`);
  }
}

/**
 * Checks the examples of every schema of `spec` (`example`, each of `examples`) against it,
 * dropping each that breaks it.
 * @param {Record<string, unknown>} spec changed in place
 * @param {Breaks} breaks
 * @param {Drop} drop
 */
function inSchemas(spec, breaks, drop) {
  forEachSchema(spec, (node, at) => {
    if (!isRecord(node)) return;
    if ("example" in node) {
      const why = breaks(at, node.example);
      if (why) {
        drop(`${at}/example`, why);
        if (!why.startsWith("not checked")) delete node.example;
      }
    }
    if (Array.isArray(node.examples)) {
      const kept = node.examples.filter((/** @type {unknown} */ value, /** @type {number} */ i) => {
        const why = breaks(at, value);
        if (why) drop(`${at}/examples/${i}`, why);
        return !why || why.startsWith("not checked");
      });
      if (kept.length) node.examples = kept;
      else delete node.examples;
    }
  });
}

/**
 * Keeps only the validators the last check used, compiled by at most {@link KEPT_CHECKS} checks:
 * past that, those of the check that compiled the fewest go, to be compiled again by the next
 * check (usually a few: the first check compiles most, each save after it the schemas it changed).
 * @param {Set<string>} used the keys the last check read
 */
function forget(used) {
  /** @type {Map<number, number>} validators kept per check that compiled them */
  const counts = new Map();
  for (const [key, entry] of validators) {
    if (!used.has(key) || key.startsWith("this check:")) validators.delete(key);
    else counts.set(entry.check, (counts.get(entry.check) ?? 0) + 1);
  }
  while (counts.size > KEPT_CHECKS) {
    const [fewest] = [...counts].reduce((a, b) => (b[1] < a[1] ? b : a));
    counts.delete(fewest);
    for (const [key, entry] of validators) if (entry.check === fewest) validators.delete(key);
  }
}
