// Writes the operation layer of generated/: the table of operations that src/client/method.ts turns
// into methods (operations.ts), the resource tree's interfaces with their JSDoc (resources.ts,
// emit-resources.mjs), a type for every component schema (types.ts), and the standalone functions
// (functions.ts, emit-functions.mjs). Everything here comes from the spec alone.

import { functionsSource } from "./emit-functions.mjs";
import { resourcesSource } from "./emit-resources.mjs";
import { doc } from "./method-doc.mjs";
import { componentName, functionNames, operationType, pascal, typeNames } from "./identifiers.mjs";
import {
  asConst,
  commented,
  constant,
  documented,
  exportNames,
  importAll,
  importNames,
  literal,
  printModule,
  ref,
} from "./print.mjs";
import { indexed, interfaceOf, keyword, namesUsed, property, typeAlias, typeRef, union } from "./print-types.mjs";
import { errorSchema, readerImports, rowOf } from "./operation-rows.mjs";
import { identityOf } from "../shared/identity.mjs";

/**
 * @typedef {import("./read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {import("./read-operations.mjs").Parameter} Parameter
 * @typedef {import("./security.mjs").AuthScheme} AuthScheme
 * @typedef {import("../shared/identity.mjs").Identity} Identity
 * @typedef {{ add(schema: unknown, where: string): number, name(index: number): string }} SchemaRefs the
 *   schema checks (schema-table.mjs): a schema registered, and the constant an index is named
 * @typedef {(schema: unknown, where: string) => import("./print.mjs").Code} SchemaRef registers a schema, returns
 *   its reference (`S.Name`, named when printed)
 */

/**
 * Renders generated/operations.ts, generated/resources.ts, generated/functions.ts and generated/types.ts.
 * @param {import("../spec/document.mjs").DocumentHead} spec the bundled document
 * @param {OperationInfo[]} operations from readOperations()
 * @param {SchemaRefs} table the schema checks (schema-table.mjs)
 * @param {string} header the generated-file header
 * @param {{ auth?: AuthScheme, headerOptions?: import("./headers.mjs").HeaderOption[], identity?: Identity }} [options]
 * `auth`: the document's own scheme (a row carries `auth` only where its operation's differs); `headerOptions`:
 * the headers a client option sets (never required per call), default none; `identity`: the package's names
 * (scripts/lib/shared/identity.mjs), default those the document's title gives
 * @returns {{ "operations.ts": string, "resources.ts": string, "functions.ts": string, "types.ts": string }}
 */
export function emitClient(spec, operations, table, header, options = {}) {
  const { auth, headerOptions = [], identity = identityOf({}, spec.info) } = options;
  const schemaNames = Object.keys(spec.components?.schemas ?? {});
  const reserved = [identity.errorName, identity.clientName];
  const types = typeNames(schemaNames, reserved);
  const fns = functionNames(operations);
  return {
    "operations.ts": operationsSource(operations, table, header, auth, fns, identity),
    "resources.ts": resourcesSource(spec, operations, types, header, fns, headerOptions, reserved),
    "functions.ts": functionsSource(operations, fns, header, identity),
    "types.ts": typesSource(schemaNames, types, operations, header),
  };
}

/**
 * generated/operations.ts: one row per operation.
 * @param {OperationInfo[]} operations
 * @param {SchemaRefs} table
 * @param {string} header
 * @param {AuthScheme | undefined} auth the document's own scheme
 * @param {Map<object, string>} fns each operation's function name
 * @param {Identity} identity
 * @returns {string}
 */
function operationsSource(operations, table, header, auth, fns, identity) {
  // a schema or a reader in a row is a reference: code in the row's value, its name read when printed
  /** @type {SchemaRef} */
  const schema = (schema, where) => {
    const index = table.add(schema, where);
    return ref(() => `S.${table.name(index)}`);
  };
  const rows = operations.map((op) => rowOf(op, schema, auth));
  const consts = rows.map((row, i) => {
    const op = /** @type {OperationInfo} */ (operations[i]);
    const fn = /** @type {string} */ (fns.get(op));
    const about = `\`${op.method} ${doc(op.path)}\`: \`client.${op.name}\`, \`${fn}\` of ${identity.packageName}/operations.`;
    return [documented(constant(fn, asConst(literal(row), typeRef("Operation"))), [about])];
  });
  const all = constant(
    "operations",
    asConst(
      literal(
        operations.map((op) => ref(/** @type {string} */ (fns.get(op)))),
        { expanded: true },
      ),
    ),
  );
  return printModule(header, [
    [
      importNames("../src/client/operation-row.js", ["Operation"], { typeOnly: true }),
      ...readerImports(operations),
      importAll("./validators.js", "S"),
    ],
    [exportNames(["Operation"], { typeOnly: true })],
    [
      commented([
        "one constant per operation, its schemas and readers by reference, so that a bundle keeps only the",
        "rows of the operations a program calls, and what those reach",
      ]),
    ],
    ...consts,
    [documented(all, ["Every operation of the spec, in document order."])],
  ]);
}

/**
 * The type of an operation's error bodies: the union of what errorSchema() checks, `unknown` where it checks nothing.
 * @param {OperationInfo} op
 * @param {Map<string, string>} types each component schema's type name
 */
function errorBodyType(op, types) {
  if (!errorSchema(op.errorBodies)) return keyword("unknown");
  const each = op.errorBodies.map((b) => {
    const name = componentName(b.schema);
    const type = name ? types.get(name) : undefined;
    return type !== undefined
      ? typeRef(type)
      : indexed(operationType(op), "responses", String(b.status), "content", b.mediaType);
  });
  return union(each);
}

/**
 * generated/types.ts: a type per component schema, and each method's error bodies.
 * @param {string[]} schemaNames
 * @param {Map<string, string>} types
 * @param {OperationInfo[]} operations
 * @param {string} header
 * @returns {string}
 */
function typesSource(schemaNames, types, operations, header) {
  const named = schemaNames.map((name) => {
    const type = /** @type {string} */ (types.get(name));
    const note = type === name ? "" : ` (exported as \`${type}\`, so that it does not shadow \`${pascal(name)}\`)`;
    return [
      documented(typeAlias(type, indexed(typeRef("components"), "schemas", name)), [
        `The spec's \`${doc(name)}\` schema${note}.`,
      ]),
    ];
  });
  // src/core/errors.ts types ApiError.body by these, whatever shape the spec gives its errors
  const bodies = operations.map((op) => property(op.name, errorBodyType(op, types), { quoted: true }));
  const errorBodies = documented(interfaceOf("ErrorBodies", bodies), [
    "The JSON body of each method's declared error answers (its 4xx, 5xx, `4XX`, `5XX` and `default`",
    "responses), by method name; `unknown` where it declares none. `ApiError.body` holds one of them,",
    "as parsed, or the answer's text; `ErrorBodyOf<\"group.method\">` is one method's.",
  ]);
  const fromSchema = ["components", ...(namesUsed(bodies).has("paths") ? ["paths"] : [])];
  return printModule(header, [
    [importNames("./schema.js", fromSchema, { typeOnly: true })],
    ...named,
    [errorBodies],
    [exportNames(["components", "operations", "paths"], { from: "./schema.js", typeOnly: true })],
  ]);
}
