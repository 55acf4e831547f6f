// The client's own checks, run by the scripts on any document's schemas: `check()` of
// src/checks/check.ts, bundled once by esbuild, given the document's schemas as
// generated/validators.ts would hold them (schema-table.mjs `schema()`). A sample or a mock answer
// that passes here is one the client accepts.
import { fromRoot } from "../shared/paths.mjs";
import { identityOf } from "../shared/identity.mjs";
import { identitySources } from "../generate/emit-identity.mjs";
import { schemaTable } from "../generate/schema-table.mjs";

// the checks throw the client's errors, whose root error takes its name from generated/identity.ts,
// which a copy of the project being generated for the first time has not written yet; the checker
// reads issues, never that name, so the bundle is given a stand-in of the same exports
/** @type {import("esbuild").Plugin} */
const IDENTITY_STAND_IN = {
  name: "identity-stand-in",
  setup(build) {
    build.onResolve({ filter: /(^|\/)generated\/identity\.js$/ }, () => ({ path: "identity", namespace: "stand-in" }));
    build.onLoad({ filter: /.*/, namespace: "stand-in" }, () => ({
      contents: identitySources(identityOf({}, undefined), "")["identity.ts"],
      loader: "ts",
    }));
  },
};

/**
 * The bundled checks as this file and `schemaTable` call them: src/checks/check.ts's `check`,
 * `checkParam` and `jsonSnapshot`, src/uploads/form-fields.ts's `formFields`, and the modules of
 * formats (`F`) and keywords (`K`).
 * @typedef {object} BundledChecks
 * @property {(row: unknown, value: unknown, path: string, issues: Issue[], answer: boolean) => Issue[]} check
 * @property {(row: unknown, text: string, path: string, issues: Issue[]) => Issue[]} checkParam
 * @property {(value: unknown, path: string, issues: Issue[]) => unknown} jsonSnapshot
 * @property {(form: FormData | URLSearchParams, row: unknown, encoding: Record<string, FieldEncoding>) => Record<string, unknown>} formFields
 * @property {Record<string, unknown>} F
 * @property {Record<string, unknown>} K
 */

/** @type {Promise<BundledChecks> | undefined} the bundled checks, imported once a process */
let bundled;

async function checksSource() {
  const { build } = await import("esbuild");
  const result = await build({
    stdin: {
      contents: `export { check, checkParam, jsonSnapshot } from "./src/checks/check.ts"; export { formFields } from "./src/uploads/form-fields.ts"; export * as F from "./src/checks/formats.ts"; export * as K from "./src/checks/keywords.ts";`,
      resolveDir: fromRoot("."),
      loader: "ts",
    },
    bundle: true,
    plugins: [IDENTITY_STAND_IN],
    format: "esm",
    platform: "neutral",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

/**
 * @typedef {{ path: string, message: string }} Issue
 * @typedef {object} DocumentChecker
 * @property {(schema: unknown, value: unknown, options?: { answer?: boolean, path?: string }) => Issue[]} check
 * @property {(schema: unknown, text: string, options?: { path?: string }) => Issue[]} checkParam how a
 *   parameter sent as text (a path segment, a header) breaks its schema, as the client's `checkParam` reads it
 * @property {(schema: unknown, form: FormData | URLSearchParams, encoding?: Record<string, FieldEncoding>) => Record<string, unknown>} formFields
 *   a form's fields read into the shape of `schema` (the body's), as the client's `formFields` reads them
 * @typedef {{ style?: string, explode?: boolean }} FieldEncoding how a form field is written (its `encoding`)
 */

/**
 * The client's checks over the schemas of `spec` (a bundled document, `$ref`s kept): `check(schema,
 * value)` lists how `value` breaks `schema` (a schema object of the document, or a `{ $ref }` into
 * it), as the client would list them; empty when it conforms. `answer: true` reads it as the
 * client reads what a service sent (unknown fields accepted, `writeOnly` not required); the default
 * reads it as a request (`readOnly` not required). Each call gets its own table, so several
 * documents can be checked in one process.
 * @param {unknown} spec
 * @returns {Promise<DocumentChecker>}
 * @example
 * const { check } = await documentChecker(spec);
 * check({ $ref: "#/components/schemas/Error" }, { message: 1 }, { answer: true });
 * // [{ path: "value.code", message: "is required" }, { path: "value.message", message: "must be string" }]
 */
export async function documentChecker(spec) {
  // one module for every checker of the process: its compiled checks are cached by schema object
  // (a WeakMap), and each checker's table has objects of its own, so nothing is shared between
  // documents and a table dropped is collected; a module per checker would never be
  // the module is the bundle of checksSource(), whose exports BundledChecks names
  bundled ??= checksSource().then(
    (source) => import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`),
  );
  const checks = await bundled;
  const table = schemaTable(spec, { checks });
  /** schema object -> its row, for schemas met again */
  const indexes = new Map();
  let where = 0;
  /** `schema` as generated/validators.ts would hold it, added to the table the first time it is met. */
  const rowOf = (/** @type {unknown} */ schema) => {
    let index = indexes.get(schema);
    if (index === undefined) {
      index = table.add(schema, `sample ${where++}`);
      indexes.set(schema, index);
    }
    return table.schema(index);
  };
  return {
    check(schema, value, { answer = false, path = "value" } = {}) {
      const row = rowOf(schema);
      /** @type {Issue[]} */
      const issues = [];
      const sent = checks.jsonSnapshot(value, path, issues);
      return issues.length > 0 ? issues : checks.check(row, sent, path, [], answer);
    },
    checkParam(schema, text, { path = "value" } = {}) {
      return checks.checkParam(rowOf(schema), text, path, []);
    },
    formFields(schema, form, encoding = {}) {
      return checks.formFields(form, schema === undefined ? undefined : rowOf(schema), encoding);
    },
  };
}
