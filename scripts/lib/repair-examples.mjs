// Examples that break their own schema: the mock would serve them and the docs show them, and the
// client refuses them. Checked with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) and
// ajv-formats, so that `date-time` and the other formats are held to their RFCs; a broken example
// is dropped from the document and named.
import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { deref, escapeToken, forEachSchema, isObject, pointerTarget } from "./schema-walk.mjs";

/** Keywords that describe a schema and never fail a value: left out of a schema compiled on its own. */
const ANNOTATIONS = new Set(["title", "description", "example", "examples", "default", "deprecated", "readOnly", "writeOnly", "externalDocs", "xml", "$comment", "discriminator"]);

/** A schema (a boolean, or an object whose own annotations are left out), as compiled on its own. */
function withoutAnnotations(/** @type {unknown} */ schema) {
  if (!isObject(schema)) return schema;
  return Object.fromEntries(Object.entries(/** @type {object} */ (schema)).filter(([k]) => !ANNOTATIONS.has(k) && !k.startsWith("x-")));
}

/** Where the document is registered in Ajv: every schema is compiled as a `$ref` into it. */
const BASE = "openapi:document";

/**
 * Checks every example of `spec` (media types, parameters and headers: `example` and each of
 * `examples`; schemas: `example` and each of `examples`) against the schema beside it, and drops
 * each one that breaks it. Changes `spec` in place.
 * @param {any} spec a bundled OpenAPI 3.1 document, its other defects already repaired
 * @returns {string[]} one line per dropped example (or per example that could not be checked)
 * @example
 * for (const line of checkExamples(spec)) console.log(`defect: ${line}`);
 */
export function checkExamples(spec) {
  // inlineRefs off: a component is compiled once and shared by every example that reaches it,
  // instead of inlined into each (minutes, not seconds, for a document of 150 operations)
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false, logger: false, inlineRefs: false });
  // a CommonJS module: its function is also its own `default`, which is what the types describe
  formats.default(ajv);
  try {
    ajv.addSchema(spec, BASE);
  } catch (err) {
    return [`examples not checked: the document is not a schema Ajv takes (${err instanceof Error ? err.message : String(err)})`];
  }
  /** @type {Map<string, import("ajv").ValidateFunction | Error>} */
  const compiled = new Map();
  /** Why `value` breaks the schema at `pointer`, or null when it does not. */
  const breaks = (/** @type {string} */ at, /** @type {unknown} */ value) => {
    const node = pointerTarget(spec, at);
    // compiling is what costs: a schema that is only a `$ref` is checked as its component, and one
    // without any `$ref` by its content (most property schemas are alike), each compiled once
    const ref = isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/") && Object.keys(node).length === 1 ? node.$ref : undefined;
    const standalone = !ref && !JSON.stringify(node ?? null).includes('"$ref"') ? withoutAnnotations(node) : undefined;
    const key = ref ?? (standalone !== undefined ? `schema:${JSON.stringify(standalone)}` : at);
    let validate = compiled.get(key);
    if (!validate) {
      try {
        if (standalone !== undefined) validate = ajv.compile(/** @type {any} */ (standalone));
        else {
          // resolved inside the registered document, so that its components are compiled once
          const pointer = ref ?? at;
          validate = ajv.getSchema(`${BASE}#${pointer.slice(1).split("/").map((t) => encodeURIComponent(t)).join("/")}`) ?? new Error(`no schema at ${pointer}`);
        }
      } catch (err) {
        validate = err instanceof Error ? err : new Error(String(err));
      }
      compiled.set(key, validate);
    }
    if (validate instanceof Error) return `not checked: ${validate.message}`;
    if (validate(value)) return null;
    const [first] = validate.errors ?? [];
    return first ? `${first.instancePath || "the value"} ${first.message}` : "invalid";
  };

  /** @type {string[]} */
  const lines = [];
  const drop = (/** @type {string} */ where, /** @type {string} */ why) =>
    lines.push(why.startsWith("not checked") ? `${where}: example ${why}` : `${where}: breaks its own schema (${why}); dropped, so the mock and the docs derive one from the schema`);

  // one media type, parameter or header: its schema is at `${at}/schema`
  const beside = (/** @type {any} */ node, /** @type {string} */ at, /** @type {string} */ schemaAt) => {
    if ("example" in node) {
      const why = breaks(schemaAt, node.example);
      if (why) {
        drop(`${at}/example`, why);
        if (!why.startsWith("not checked")) delete node.example;
      }
    }
    if (isObject(node.examples)) {
      for (const [name, raw] of Object.entries(node.examples)) {
        const example = deref(spec, raw);
        if (!isObject(example) || !("value" in example)) continue;
        const why = breaks(schemaAt, example.value);
        if (!why) continue;
        drop(`${at}/examples/${escapeToken(name)}`, why);
        if (!why.startsWith("not checked")) delete node.examples[name];
      }
      if (!Object.keys(node.examples).length) delete node.examples;
    }
  };
  const walk = (/** @type {any} */ node, /** @type {string} */ at) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`));
    if (!isObject(node)) return;
    if ("schema" in node && (isObject(node.schema) || typeof node.schema === "boolean")) beside(node, at, `${at}/schema`);
    for (const [k, v] of Object.entries(node)) if (k !== "schema" && k !== "example" && k !== "examples" && !k.startsWith("x-")) walk(v, `${at}/${escapeToken(k)}`);
  };
  for (const part of ["paths", "webhooks", "components"]) {
    if (!isObject(spec[part])) continue;
    for (const [k, v] of Object.entries(spec[part])) if (!(part === "components" && k === "schemas")) walk(v, `#/${part}/${escapeToken(k)}`);
  }

  forEachSchema(spec, (parent, key, at) => {
    const node = parent[key];
    if (!isObject(node)) return;
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
  return lines;
}
