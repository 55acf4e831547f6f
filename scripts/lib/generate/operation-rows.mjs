// The rows of generated/operations.ts: each operation as src/client/operation-row.ts reads it, only
// what differs from its defaults, its schemas registered with the schema table and named by
// reference, and the readers only some rows need.
import { offeredMedia } from "./request-bodies.mjs";
import { importNames, ref } from "./print.mjs";
import { IDEMPOTENT_METHODS } from "../../../src/core/policy.js";

/**
 * @typedef {import("./read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {import("./read-operations.mjs").Parameter} Parameter
 * @typedef {import("./security.mjs").AuthScheme} AuthScheme
 * @typedef {(schema: unknown, where: string) => import("./print.mjs").Code} SchemaRef registers a schema, returns
 *   its reference (`S.Name`, named when printed)
 */

/**
 * An operation's row: only what differs from its defaults (src/client/operation-row.ts): its path
 * parameters are its template's, its idempotency RFC 9110's rule for its method unless the document
 * or the IANA registry says otherwise, and a JSON answer's media type application/json unless it is
 * another. Its fields in a fixed order, its schemas registered in that order.
 * @param {OperationInfo} op
 * @param {SchemaRef} schema
 * @param {AuthScheme | undefined} auth the document's own scheme
 */
export function rowOf(op, schema, auth) {
  /** @type {Record<string, unknown>} */
  const row = { name: op.name, method: op.method, path: op.path };
  queryFields(row, op, schema);
  bodyFields(row, op, schema);
  if (op.page) row.page = op.page;
  answerFields(row, op, schema);
  const schemasOf = (/** @type {Parameter[]} */ params, /** @type {string} */ place) =>
    Object.fromEntries(
      params.map((p) => [p.name, schema(p.schema, `${op.method} ${op.path} ${place} parameter ${p.name}`)]),
    );
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
}

/**
 * A row's query: OpenAPI 3.2's querystring, the whole query string one value checked against its
 * schema; or its parameters as one object schema, and their styles.
 * @param {Record<string, unknown>} row
 * @param {OperationInfo} op
 * @param {SchemaRef} schema
 */
function queryFields(row, op, schema) {
  const whole = op.queryParams.find((p) => p.querystring);
  if (whole) {
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
}

/**
 * A row's body: its kind, schema, media type, form fields and each other media type it may go as.
 * @param {Record<string, unknown>} row
 * @param {OperationInfo} op
 * @param {SchemaRef} schema
 */
function bodyFields(row, op, schema) {
  if (!op.body) return;
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

/**
 * A row's answer: its status and kind, the schema of its body, event or item, and of its error answers.
 * @param {Record<string, unknown>} row
 * @param {OperationInfo} op
 * @param {SchemaRef} schema
 */
function answerFields(row, op, schema) {
  const { success } = op;
  row.status = success.status;
  row.answer = success.kind;
  const where = `${op.method} ${op.path} ${success.status}`;
  if (success.kind === "json") {
    row.answerSchema = schema(success.schema, `${where} answer`);
    if (success.mediaType !== "application/json") row.answerType = success.mediaType;
  }
  if (success.kind === "stream" && success.schema) row.eventSchema = schema(success.schema, `${where} event`);
  if (success.kind === "stream" && success.eventItem) row.eventItem = success.eventItem;
  if (success.kind === "sequence") {
    row.answerType = success.mediaType;
    if (success.schema) row.itemSchema = schema(success.schema, `${where} item`);
  }
  const errors = errorSchema(op.errorBodies);
  if (errors) row.errorSchema = schema(errors, `${op.method} ${op.path} error answers`);
}

/**
 * The imports of the readers the rows name, one per file of src/.
 * @param {OperationInfo[]} operations
 */
export function readerImports(operations) {
  const used = READERS.filter(([, , , needed]) => operations.some(needed));
  const files = [...new Set(used.map(([, , file]) => file))].sort();
  return files.map((file) =>
    importNames(
      `../src/${file}.js`,
      used.filter(([, , f]) => f === file).map(([, source]) => source),
    ),
  );
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
  [
    "callHeaders",
    "callHeaders",
    "client/call-headers",
    (op) => op.headerParams.length > 0 || Boolean(op.idempotencyKey),
  ],
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
export function errorSchema(bodies) {
  if (!bodies.length || bodies.some((b) => b.schema === undefined)) return undefined;
  const distinct = [...new Map(bodies.map((b) => [JSON.stringify(b.schema), b.schema])).values()];
  return distinct.length === 1 ? distinct[0] : { anyOf: distinct };
}
