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
import { offeredMedia } from "./request-bodies.mjs";
import { identityOf } from "../shared/identity.mjs";
import { IDEMPOTENT_METHODS } from "../../../src/core/policy.js";

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
  const rows = operations.map((op) => {
    // a row holds only what differs from its defaults (src/client/operation-row.ts): its path parameters
    // are its template's, its idempotency RFC 9110's rule for its method unless the document or the
    // IANA registry says otherwise, and a JSON answer's media type application/json unless it is another
    /** @type {Record<string, unknown>} */
    const row = { name: op.name, method: op.method, path: op.path };
    const whole = op.queryParams.find((p) => p.querystring);
    if (whole) {
      // OpenAPI 3.2's querystring: the whole query string is one value, checked against its schema
      row.query = schema(whole.schema, `${op.method} ${op.path} querystring ${whole.name}`);
      if (whole.required) row.queryRequired = true;
      row.querystring = { name: whole.name, type: whole.querystring };
    } else if (op.queryParams.length) {
      const query = {
        type: "object",
        properties: Object.fromEntries(op.queryParams.map((p) => [p.name, p.schema])),
        required: op.queryParams.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      };
      row.query = schema(query, `${op.method} ${op.path} query`);
      if (query.required.length) row.queryRequired = true;
      if (op.queryStyles) row.queryStyles = op.queryStyles;
    }
    if (op.body) {
      row.body = op.body.kind;
      if (op.body.kind !== "raw") row.bodySchema = schema(op.body.schema, `${op.method} ${op.path} request body`);
      row.bodyType = op.body.mediaType;
      if (op.body.required) row.bodyRequired = true;
      if (op.encoding) row.encoding = op.encoding;
      if (op.form)
        Object.assign(row, {
          bodySchema: schema(op.body.schema, `${op.method} ${op.path} form fields`),
          form: op.form,
        });
      if (op.body.others) row.bodies = op.body.others.map((media) => otherBody(op, media, schema));
    }
    if (op.page) row.page = op.page;
    row.status = op.success.status;
    row.answer = op.success.kind;
    if (op.success.kind === "json") {
      row.answerSchema = schema(op.success.schema, `${op.method} ${op.path} ${op.success.status} answer`);
      if (op.success.mediaType !== "application/json") row.answerType = op.success.mediaType;
    }
    if (op.success.kind === "stream" && op.success.schema)
      row.eventSchema = schema(op.success.schema, `${op.method} ${op.path} ${op.success.status} event`);
    if (op.success.kind === "stream" && op.success.eventItem) row.eventItem = op.success.eventItem;
    if (op.success.kind === "sequence") {
      row.answerType = op.success.mediaType;
      if (op.success.schema)
        row.itemSchema = schema(op.success.schema, `${op.method} ${op.path} ${op.success.status} item`);
    }
    const schemasOf = (/** @type {Parameter[]} */ params, /** @type {string} */ place) =>
      Object.fromEntries(
        params.map((p) => [p.name, schema(p.schema, `${op.method} ${op.path} ${place} parameter ${p.name}`)]),
      );
    const errors = errorSchema(op.errorBodies);
    if (errors) row.errorSchema = schema(errors, `${op.method} ${op.path} error answers`);
    if (op.pathParams.length) row.pathSchemas = schemasOf(op.pathParams, "path");
    if (op.headerParams.length) row.headerSchemas = schemasOf(op.headerParams, "header");
    const mustPass = op.headerParams.filter((p) => p.required && p.name !== op.idempotencyKey).map((p) => p.name);
    if (mustPass.length) row.headersRequired = mustPass;
    if (op.idempotent !== IDEMPOTENT_METHODS.includes(op.method)) row.idempotent = op.idempotent;
    if (op.idempotencyKey) row.idempotencyKey = op.idempotencyKey;
    if (op.auth && JSON.stringify(op.auth) !== JSON.stringify(auth)) row.security = op.auth;
    const needs = READERS.filter(([, , , needed]) => needed(op));
    if (needs.length) row.readers = Object.fromEntries(needs.map(([key, source]) => [key, ref(source)]));
    return row;
  });
  const consts = rows.map((row, i) => {
    const op = /** @type {OperationInfo} */ (operations[i]);
    const fn = /** @type {string} */ (fns.get(op));
    const about = `\`${op.method} ${doc(op.path)}\`: \`client.${op.name}\`, \`${fn}\` of ${identity.packageName}/operations.`;
    return [documented(constant(fn, asConst(literal(row), typeRef("Operation"))), [about])];
  });
  const used = READERS.filter(([, , , needed]) => operations.some(needed));
  const files = [...new Set(used.map(([, , file]) => file))].sort();
  const imports = files.map((file) =>
    importNames(
      `../src/${file}.js`,
      used.filter(([, , f]) => f === file).map(([, source]) => source),
    ),
  );
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
      ...imports,
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
 * One more media type of an operation's body, as a row's `bodies` carries it
 * (src/client/operation-row.ts `OtherBody`): only what differs from the row's own, so its schema only
 * where it is not the row's `bodySchema`.
 * @param {import("./read-operations.mjs").OperationInfo} op
 * @param {import("./request-bodies.mjs").BodyMedia} media
 * @param {SchemaRef} schema registers a schema, returns its reference
 */
function otherBody(op, media, schema) {
  /** @type {Record<string, unknown>} */
  const out = { body: media.kind, bodyType: media.mediaType };
  const main = /** @type {import("./request-bodies.mjs").RequestBody} */ (op.body);
  const checked = (/** @type {import("./request-bodies.mjs").BodyMedia} */ m) => m.kind !== "raw" || m.form;
  if (checked(media) && !(checked(main) && JSON.stringify(media.schema) === JSON.stringify(main.schema)))
    out.bodySchema = schema(media.schema, `${op.method} ${op.path} request body ${media.mediaType}`);
  if (media.form) out.form = media.form;
  if (media.encoding) out.encoding = media.encoding;
  return out;
}

/** Every media type an operation's body may be sent as: its own, then the others it offers. */
const offered = (/** @type {OperationInfo} */ op) => offeredMedia(op.body);

/**
 * @type {[key: string, source: string, file: string, needed: (op: OperationInfo) => boolean][]}
 * The readers only some operations need, by the key of a row's \`readers\` (src/client/operation-row.ts):
 * the export that reads it, its module under src/, and which operations need it. A row brings its
 * own, so that a bundle of operations without lists, streams or forms leaves their modules out.
 */
const READERS = [
  ["openStream", "openEventStream", "streams/event-stream", (op) => op.success.kind === "stream"],
  ["openItems", "openItemStream", "streams/item-stream", (op) => op.success.kind === "sequence"],
  ["PageList", "PagePromise", "lists/pages", (op) => Boolean(op.page)],
  ["pickMedia", "pickMedia", "client/media-type", (op) => Boolean(op.body?.others)],
  ["styledQuery", "styledQuery", "client/query-string", (op) => Boolean(op.queryStyles)],
  ["wholeQuery", "wholeQuery", "client/query-string", (op) => op.queryParams.some((p) => p.querystring)],
  ["formBody", "formBody", "uploads/form-body", (op) => offered(op).some((media) => media.form)],
  ["urlEncodedBody", "urlEncodedBody", "uploads/url-encoded", (op) => offered(op).some((m) => m.kind === "urlencoded")],
  [
    "givenBody",
    "givenBody",
    "uploads/form-body",
    (op) => offered(op).some((media) => media.kind === "raw" && !media.form),
  ],
  ["sequenceBody", "sequenceBody", "uploads/sequence-body", (op) => offered(op).some((m) => m.kind === "lines")],
];

/**
 * The schema an operation's error body is checked against before `ApiError.body` holds it as
 * parsed: its one declared error body, or `anyOf` them all; `undefined` (any JSON) where it
 * declares none or one of them has no schema.
 * @param {import("./read-operations.mjs").ErrorBody[]} bodies
 */
function errorSchema(bodies) {
  if (!bodies.length || bodies.some((b) => b.schema === undefined)) return undefined;
  const distinct = [...new Map(bodies.map((b) => [JSON.stringify(b.schema), b.schema])).values()];
  return distinct.length === 1 ? distinct[0] : { anyOf: distinct };
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
