// Reads the operations of a bundled OpenAPI 3.1 document (with its `$ref`s kept) into what the
// generator writes: for each one, where it lives on the client, how it is called (path and query
// parameters, request body), what it answers and whether it may be sent twice. Never throws on a
// valid document: what the client cannot express yet is listed in `report.unsupported`.
import { fillTemplate } from "../../../src/core/path-template.js";
import { IDEMPOTENCY_KEY_HEADER, idempotentMethod } from "../../../src/core/policy.js";
import { resolve } from "../spec/refs.mjs";
import { operationsOf } from "../spec/document.mjs";
import { fieldsOf, isRecord, keyword } from "../spec/guards.mjs";
import { QUERYSTRING } from "../spec/openapi31-paths.mjs";
import { BODY_SENT_BY } from "../spec/repair-paths.mjs";
import { tagGroups } from "./client-methods.mjs";
import { assignNames } from "./name-clashes.mjs";
import { pagination } from "./pagination.mjs";
import { openapi31 } from "../spec/openapi31.mjs";
import { queryStyles } from "./query-styles.mjs";
import { errorBodies, errors, readsList, readsOneThing, success, successKeys } from "./read-answers.mjs";
import { carriesKey, mergeParameters, parameter, pathOrder } from "./read-parameters.mjs";
import { readSecurity } from "./security.mjs";
import { requestBody } from "./request-bodies.mjs";

const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
// header parameters OpenAPI says to ignore: the client writes these itself
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * The first server's address with its variables at their defaults and no trailing slash; empty
 * when the document declares no server (the samples then show the path alone).
 * @param {unknown} spec a bundled OpenAPI document
 * @returns {string}
 * @example
 * serverUrl({ servers: [{ url: "{base_url}", variables: { base_url: { default: "https://api.example.com" } } }] }); // "https://api.example.com"
 */
export function serverUrl(spec) {
  const servers = keyword(spec, "servers");
  const server = Array.isArray(servers) ? servers[0] : undefined;
  const template = keyword(server, "url");
  if (typeof template !== "string") return "";
  const variables = keyword(server, "variables");
  const url = fillTemplate(template, (name) => {
    const value = keyword(keyword(variables, name), "default");
    return value === undefined ? `{${name}}` : String(value);
  });
  return url.replace(/\/+$/, "");
}

/**
 * @typedef {import("./read-parameters.mjs").Parameter} Parameter
 * @typedef {import("./read-answers.mjs").ErrorBody} ErrorBody
 * @typedef {import("./read-answers.mjs").Success} Success
 *
 * @typedef {object} OperationInfo
 * @property {string} name where it lives on the client, e.g. "browsers.computer.clickMouse"
 * @property {boolean} derived true when the name came from the path, not from x-client-method
 * @property {string | undefined} bodySentBy for a GET or HEAD whose body fetch cannot send, the method
 *   of the same path that takes that body (repair-paths.mjs `BODY_SENT_BY`)
 * @property {string} method the HTTP method as sent, in capitals: one of 3.1's eight, or QUERY or an
 *   `additionalOperations` method of OpenAPI 3.2, typed by its stand-in (`STAND_IN` of spec/document.mjs)
 * @property {string} path the path template
 * @property {string | undefined} operationId
 * @property {string | undefined} summary
 * @property {string | undefined} description
 * @property {string} [querystring] where it stands for OpenAPI 3.2's `querystring` (the whole query
 *   string, its schema's object): the media type that writes it, and then it is the operation's only query parameter
 * @property {boolean} deprecated
 * @property {Parameter[]} pathParams in path order
 * @property {Parameter[]} queryParams
 * @property {Record<string, { style?: string, explode?: boolean }> | undefined} queryStyles how the query
 * parameters the document writes otherwise than openapi-fetch are written (query-styles.mjs)
 * @property {Parameter[]} headerParams the `in: header` ones, which a call passes in its typed `options.headers`
 *   (not `Accept`, `Content-Type` or `Authorization`, which OpenAPI says to ignore; headers.mjs)
 * @property {import("./request-bodies.mjs").RequestBody | undefined} body the media type a call sends by default, and the
 *   others it may send instead (`body.others`, each with its own `form` or `encoding`)
 * @property {Success} success its first 2xx answer (read-answers.mjs)
 * @property {import("./read-answers.mjs").ErrorAnswer[]} errors the declared 4xx/5xx answers with a JSON body
 * @property {ErrorBody[]} errorBodies every JSON body the declared error answers carry (errorBodies())
 * @property {boolean} idempotent `x-idempotent`, else the HTTP method's rule (src/core/policy.js
 *   `idempotentMethod`) or a declared idempotency key
 * @property {string | undefined} idempotencyKey the name of its `Idempotency-Key` header parameter (any
 *   case), as the document writes it: the client sends a key there with each call
 * @property {import("./security.mjs").AuthScheme} auth how it carries the key: its own `security`, else the document's
 * @property {import("./pagination.mjs").Pagination} [page] how a list's pages work (pagination.mjs)
 * @property {import("./multipart.mjs").FormShape} [form] how the default body is built, where it is multipart (multipart.mjs)
 * @property {Record<string, { style?: string, explode?: boolean }>} [encoding] how the fields of the default
 *   body are written, where it is `application/x-www-form-urlencoded` and their `encoding` says other than the default
 */

/** A field the document gives as text: a string, else none (a number where text belongs is lint's to name). */
const text = (/** @type {unknown} */ value) => (typeof value === "string" ? value : undefined);

/**
 * Every operation of `spec`, in document order, named and described for the generator, and how
 * the document's requests authenticate (`auth`, its top-level `security`; security.mjs). An OpenAPI
 * 3.2 document is read through its 3.1 view (spec/openapi31.mjs), as the client is generated from it:
 * its querystring, its item schemas and its QUERY operations as the client has them.
 * @param {unknown} document a bundled OpenAPI 3.1 document, or 3.2
 * @returns {{ operations: OperationInfo[], auth: import("./security.mjs").AuthScheme, report: { derived: string[], resolved: string[], unsupported: string[], shapes: string[], auth: string[] } }}
 */
export function readOperations(document) {
  // a document that is no object has no operation
  const spec = fieldsOf(openapi31(document).spec);
  /** @type {(Omit<OperationInfo, "name" | "derived"> & { given: unknown, tags: unknown })[]} each before it is named */
  const found = [];
  const security = readSecurity(spec);
  const unsupported = security.unsupported;
  /** @type {string[]} */
  const shapes = [];
  for (const at of operationsOf(spec)) found.push(readOperation(spec, at, security, { shapes, unsupported }));
  const gets = found.filter((op) => op.method === "GET");
  const readsOne = new Set(gets.filter((op) => !op.page && readsOneThing(spec, op.success)).map((op) => op.path));
  const readsMany = new Set(gets.filter((op) => op.page || readsList(spec, op.success)).map((op) => op.path));
  const { names, derived, resolved } = assignNames(found, { readsOne, readsMany, tagGroups: tagGroups(spec.tags) });
  /** @type {OperationInfo[]} */
  const operations = found.map(({ given, tags: _tags, ...op }, i) => ({
    ...op,
    name: names[i] ?? "",
    derived: typeof given !== "string",
  }));
  return { operations, auth: security.auth, report: { derived, resolved, unsupported, shapes, auth: security.lines } };
}

/**
 * One operation as the generator reads it, before it is named: its parameters merged and in order,
 * its security, body, answer and list shape; what it cannot express goes to `lines.unsupported`, its
 * report lines to `lines.shapes`.
 * @param {Record<string, unknown>} spec
 * @param {ReturnType<typeof operationsOf>[number]} at
 * @param {ReturnType<typeof readSecurity>} security
 * @param {{ shapes: string[], unsupported: string[] }} lines
 * @returns {Omit<OperationInfo, "name" | "derived"> & { given: unknown, tags: unknown }}
 */
function readOperation(spec, { path, method, item, op }, security, { shapes, unsupported }) {
  const where = `${method.toUpperCase()} ${path}`;
  const params = mergeParameters(spec, item.parameters, op.parameters);
  const pathParams = pathOrder(
    path,
    params.filter((p) => p.in === "path"),
    where,
    unsupported,
  );
  // OpenAPI 3.2's querystring, the whole query string, is the one query parameter where it is (openapi31.mjs)
  const whole = params.find((p) => p.in === "query" && p[QUERYSTRING]);
  const queryParams = params.filter((p) => p.in === "query" && (!whole || p === whole));
  if (whole && params.some((p) => p.in === "query" && p !== whole))
    unsupported.push(`${where}: query parameters beside querystring ${whole.name} (3.2 forbids them) are left out`);
  const keyHeader = params.find((p) => p.in === "header" && p.name.toLowerCase() === KEY_HEADER)?.name;
  for (const p of params.filter((p) => p.in === "cookie"))
    unsupported.push(`${where}: cookie parameter ${p.name} is not a method argument; pass it in options.headers`);
  if (keyHeader)
    shapes.push(
      `idempotency key ${where}: header ${keyHeader} sent with a new key per call (the same on its retries) unless options.headers has one`,
    );
  for (const p of queryParams) {
    if (p.content)
      unsupported.push(`${where}: query parameter ${p.name} (content ${Object.keys(p.content)}) is sent as form style`);
  }
  const auth = security.operation(op, where);
  // the body's report lines follow the list's, as generate prints an operation's shapes
  /** @type {{ shapes: string[], unsupported: string[] }} */
  const bodyLines = { shapes: [], unsupported };
  const body = requestBody(spec, op.requestBody, where, bodyLines);
  const responses = isRecord(op.responses) ? op.responses : {};
  const answer = success(spec, responses, where, unsupported, shapes);
  /** @type {Pick<OperationInfo, "page" | "form" | "encoding">} */
  const shape = listShape(spec, where, op, responses, queryParams, answer, { shapes, unsupported });
  shapes.push(...bodyLines.shapes);
  // the default body's form or encoding, where it has one
  if (body?.form) shape.form = body.form;
  if (body?.encoding) shape.encoding = body.encoding;
  return {
    ...shape,
    method: method.toUpperCase(),
    path,
    operationId: text(op.operationId),
    given: op["x-client-method"],
    tags: op.tags,
    bodySentBy: text(op[BODY_SENT_BY]),
    summary: text(op.summary),
    description: text(op.description),
    deprecated: op.deprecated === true,
    pathParams: pathParams.map((p) => parameter(spec, p)),
    queryParams: queryParams.map((p) => parameter(spec, p)),
    queryStyles: whole ? undefined : queryStyles(spec, queryParams),
    headerParams: params
      .filter((p) => p.in === "header" && !IGNORED_HEADERS.has(p.name.toLowerCase()) && !carriesKey(auth, p))
      .map((p) => parameter(spec, p)),
    body,
    success: answer,
    errors: errors(spec, responses),
    errorBodies: errorBodies(spec, responses),
    idempotent:
      typeof op["x-idempotent"] === "boolean"
        ? op["x-idempotent"]
        : idempotentMethod(method.toUpperCase()) || keyHeader !== undefined,
    idempotencyKey: keyHeader,
    auth,
  };
}

/**
 * The list shape of one operation (pagination.mjs): its report line goes to `shapes`, what it cannot express to `unsupported`.
 * @param {object} spec
 * @param {string} where
 * @param {import("./pagination.mjs").ListOperation} op
 * @param {Record<string, unknown>} responses its `responses`
 * @param {import("./pagination.mjs").QueryParam[]} queryParams
 * @param {Success} answer
 * @param {{ shapes: string[], unsupported: string[] }} report
 * @returns {{ page?: import("./pagination.mjs").Pagination }}
 */
function listShape(spec, where, op, responses, queryParams, answer, { shapes, unsupported }) {
  const key = successKeys(responses)[0];
  const { page, note, unexpressed } = pagination(
    spec,
    where,
    op,
    queryParams,
    answer,
    key ? resolve(spec, responses[key]) : undefined,
  );
  if (note) shapes.push(`list ${note}`);
  if (unexpressed) unsupported.push(`list ${unexpressed}`);
  return page ? { page } : {};
}
