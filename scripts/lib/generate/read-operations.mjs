// Reads the operations of a bundled OpenAPI 3.1 document (with its `$ref`s kept) into what the
// generator writes: for each one, where it lives on the client, how it is called (path and query
// parameters, request body), what it answers and whether it may be sent twice. Never throws on a
// valid document: what the client cannot express yet is listed in `report.unsupported`.
import { fillTemplate, templateParams } from "../../../src/core/path-template.js";
import { IDEMPOTENCY_KEY_HEADER, idempotentMethod } from "../../../src/core/policy.js";
import { exampleOf, operationsOf, resolve } from "../spec/document.mjs";
import { QUERYSTRING } from "../spec/openapi31-paths.mjs";
import { BODY_SENT_BY } from "../spec/repair-paths.mjs";
import { tagGroups } from "./client-methods.mjs";
import { assignNames } from "./name-clashes.mjs";
import { pagination } from "./pagination.mjs";
import { eventStreamAnswer, sequenceAnswer } from "./event-streams.mjs";
import { openapi31 } from "../spec/openapi31.mjs";
import { sequenceFraming } from "../../../src/streams/sequence-media.js";
import { queryStyles } from "./query-styles.mjs";
import { readSecurity } from "./security.mjs";
import { requestBody } from "./request-bodies.mjs";

const JSON_MEDIA = /^application\/(.+\+)?json$/i;
const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
// header parameters OpenAPI says to ignore: the client writes these itself
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * The first server's address with its variables at their defaults and no trailing slash; empty
 * when the document declares no server (the samples then show the path alone).
 * @param {any} spec a bundled OpenAPI document
 * @returns {string}
 * @example
 * serverUrl({ servers: [{ url: "{base_url}", variables: { base_url: { default: "https://api.example.com" } } }] }); // "https://api.example.com"
 */
export function serverUrl(spec) {
  const server = Array.isArray(spec?.servers) ? spec.servers[0] : undefined;
  if (!server || typeof server.url !== "string") return "";
  const variables = server.variables ?? {};
  const url = fillTemplate(server.url, (name) => {
    const value = variables[name]?.default;
    return value === undefined ? `{${name}}` : String(value);
  });
  return url.replace(/\/+$/, "");
}

/**
 * @typedef {object} Parameter
 * @property {string} name
 * @property {boolean} required
 * @property {any} schema
 * @property {unknown} example
 * @property {string | undefined} description
 * @property {string} [querystring] where it stands for OpenAPI 3.2's `querystring` (the whole query
 *   string, its schema's object): the media type that writes it, and then it is the operation's only query parameter
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
 * @property {{ status: number, kind: "json" | "empty" | "other" | "stream" | "sequence", schema: any, mediaType: string | undefined, example: unknown, eventFromMedia?: boolean, eventItem?: import("../spec/event-items.mjs").EventData, itemFrom?: "itemSchema" | "items" | "schema" }} success
 *   for a stream, `schema` is one event's data, or the whole event where `eventItem` says which events' data is JSON
 *   (an OpenAPI 3.2 `itemSchema`, spec/event-items.mjs); for a sequence of JSON items, one item's (see event-streams.mjs)
 * @property {{ status: number, schema: any, example: unknown }[]} errors the declared 4xx/5xx answers with a JSON body
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

/**
 * Every operation of `spec`, in document order, named and described for the generator, and how
 * the document's requests authenticate (`auth`, its top-level `security`; security.mjs). An OpenAPI
 * 3.2 document is read through its 3.1 view (spec/openapi31.mjs), as the client is generated from it:
 * its querystring, its item schemas and its QUERY operations as the client has them.
 * @param {any} spec a bundled OpenAPI 3.1 document, or 3.2
 * @returns {{ operations: OperationInfo[], auth: import("./security.mjs").AuthScheme, report: { derived: string[], resolved: string[], unsupported: string[], shapes: string[], auth: string[] } }}
 */
export function readOperations(spec) {
  spec = openapi31(spec).spec;
  const found = [];
  const security = readSecurity(spec);
  const unsupported = security.unsupported;
  const shapes = [];
  for (const { path, method, item, op } of operationsOf(spec)) {
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
        unsupported.push(
          `${where}: query parameter ${p.name} (content ${Object.keys(p.content)}) is sent as form style`,
        );
    }
    const auth = security.operation(op, where);
    // the body's report lines follow the list's, as generate prints an operation's shapes
    const bodyLines = { shapes: [], unsupported };
    const body = requestBody(spec, op.requestBody, where, bodyLines);
    const answer = success(spec, op.responses ?? {}, where, unsupported, shapes);
    /** @type {{ page?: any, form?: any, encoding?: any }} */
    const shape = listShape(spec, where, op, queryParams, answer, { shapes, unsupported });
    shapes.push(...bodyLines.shapes);
    // the default body's form or encoding, where it has one
    if (body?.form) shape.form = body.form;
    if (body?.encoding) shape.encoding = body.encoding;
    found.push({
      ...shape,
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      given: op["x-client-method"],
      tags: op.tags,
      bodySentBy: op[BODY_SENT_BY],
      summary: op.summary,
      description: op.description,
      deprecated: op.deprecated === true,
      pathParams: pathParams.map((p) => parameter(spec, p)),
      queryParams: queryParams.map((p) => parameter(spec, p)),
      queryStyles: whole ? undefined : queryStyles(spec, queryParams),
      headerParams: params
        .filter((p) => p.in === "header" && !IGNORED_HEADERS.has(p.name.toLowerCase()) && !carriesKey(auth, p))
        .map((p) => parameter(spec, p)),
      body,
      success: answer,
      errors: errors(spec, op.responses ?? {}),
      errorBodies: errorBodies(spec, op.responses ?? {}),
      idempotent:
        typeof op["x-idempotent"] === "boolean"
          ? op["x-idempotent"]
          : idempotentMethod(method.toUpperCase()) || keyHeader !== undefined,
      idempotencyKey: keyHeader,
      auth,
    });
  }
  const gets = found.filter((op) => op.method === "GET");
  const readsOne = new Set(gets.filter((op) => !op.page && readsOneThing(spec, op.success)).map((op) => op.path));
  const readsMany = new Set(gets.filter((op) => op.page || readsList(spec, op.success)).map((op) => op.path));
  const { names, derived, resolved } = assignNames(found, { readsOne, readsMany, tagGroups: tagGroups(spec.tags) });
  /** @type {OperationInfo[]} */
  const operations = /** @type {any[]} */ (found).map(({ given, tags: _tags, ...op }, i) => ({
    ...op,
    name: names[i] ?? "",
    derived: typeof given !== "string",
  }));
  return { operations, auth: security.auth, report: { derived, resolved, unsupported, shapes, auth: security.lines } };
}

const isArray = (/** @type {any} */ s) => s?.type === "array" || (Array.isArray(s?.type) && s.type.includes("array"));

/**
 * Whether an answer is one thing, not a list: a JSON object none of whose fields is an array (a
 * list's items, however it pages), `$ref`s followed.
 */
function readsOneThing(spec, answer) {
  if (answer.kind !== "json") return false;
  const schema = resolve(spec, answer.schema);
  if (!schema || typeof schema !== "object" || !schema.properties || schema.type === "array") return false;
  return Object.values(schema.properties).every((field) => !isArray(resolve(spec, field)));
}

/** Whether an answer is a list: a JSON array, or an object one of whose fields is one, `$ref`s followed. */
function readsList(spec, answer) {
  if (answer.kind !== "json") return false;
  const schema = resolve(spec, answer.schema);
  if (!schema || typeof schema !== "object") return false;
  if (isArray(schema)) return true;
  return Object.values(schema.properties ?? {}).some((field) => isArray(resolve(spec, field)));
}

/** The list shape of one operation (pagination.mjs): its report line goes to `shapes`, what it cannot express to `unsupported`. */
function listShape(spec, where, op, queryParams, answer, { shapes, unsupported }) {
  const responses = op.responses ?? {};
  const key = Object.keys(responses)
    .filter((s) => /^2(\d\d|XX)$/i.test(s))
    .sort()[0];
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

/** Path-level parameters, overridden by operation-level ones of the same name and place. */
function mergeParameters(spec, pathLevel = [], opLevel = []) {
  const byKey = new Map();
  for (const raw of [...pathLevel, ...opLevel]) {
    const p = resolve(spec, raw);
    if (p?.name && p.in) byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

/** The path parameters in the order the template names them. */
function pathOrder(path, declared, where, unsupported) {
  const names = templateParams(path);
  return names.map((name) => {
    const p = declared.find((d) => d.name === name);
    if (!p) unsupported.push(`${where}: path parameter {${name}} is not declared; it is taken as a string`);
    return p ?? { name, in: "path", required: true, schema: { type: "string" } };
  });
}

function parameter(spec, p) {
  return {
    name: p.name,
    required: p.required === true,
    schema: p.schema ?? {},
    example: exampleOf(spec, p) ?? exampleOf(spec, p.schema),
    description: p.description,
    ...(p[QUERYSTRING] ? { querystring: p[QUERYSTRING] } : {}),
  };
}

function success(spec, responses, where, unsupported, shapes) {
  const statuses = Object.keys(responses)
    .filter((s) => /^2(\d\d|XX)$/i.test(s))
    .sort();
  const key = statuses[0];
  // an answer that is only a redirect (a signed download's 302): the Response, its Location to read
  const redirect = Object.keys(responses).find((s) => /^3\d\d$/.test(s));
  if (!key && redirect) {
    unsupported.push(`${where}: answer ${redirect} resolves to the Response, its Location not followed`);
    return { status: Number(redirect), kind: "other", schema: undefined, mediaType: undefined, example: undefined };
  }
  if (!key) {
    if (!responses.default)
      unsupported.push(
        `${where}: declares no success answer; it resolves to the Response, and the mock answers 200 with no body`,
      );
    return { status: 200, kind: "other", schema: undefined, mediaType: undefined, example: undefined };
  }
  const response = resolve(spec, responses[key]) ?? {};
  const types = Object.keys(response.content ?? {});
  // a sequence of JSON texts (application/stream+json) is no JSON answer
  const json = types.find((t) => JSON_MEDIA.test(t) && !sequenceFraming(t));
  const status = /^\d+$/.test(key) ? Number(key) : 200;
  const stream = eventStreamAnswer(spec, response, status);
  if (stream) return stream;
  const sequence = sequenceAnswer(spec, response, status);
  if (sequence) {
    const item = { itemSchema: "its itemSchema", items: "its array schema's items", schema: "its schema" };
    shapes.push(
      `stream ${where}: ${sequence.mediaType}, read item by item as an ItemStream, each item ${sequence.itemFrom ? `checked against ${item[sequence.itemFrom]}` : "unchecked (no schema)"}`,
    );
    return sequence;
  }
  if (json) {
    const media = response.content[json] ?? {};
    return {
      status,
      kind: "json",
      schema: media.schema ?? {},
      mediaType: json,
      example: exampleOf(spec, media) ?? exampleOf(spec, media.schema),
    };
  }
  if (types.length) {
    unsupported.push(`${where}: answer ${types[0]} resolves to the Response, for the caller to read`);
    return { status, kind: "other", schema: undefined, mediaType: types[0], example: undefined };
  }
  return { status, kind: "empty", schema: undefined, mediaType: undefined, example: undefined };
}

function errors(spec, responses) {
  return Object.keys(responses)
    .filter((s) => /^[45]\d\d$/.test(s))
    .map((s) => {
      const response = resolve(spec, responses[s]) ?? {};
      const json = Object.keys(response.content ?? {}).find((t) => JSON_MEDIA.test(t));
      const media = json ? response.content[json] : undefined;
      return { status: Number(s), schema: media?.schema, example: exampleOf(spec, media) };
    });
}

/**
 * @typedef {object} ErrorBody
 * @property {string} status the response's key: `404`, `4XX` or `default`
 * @property {string} mediaType a JSON media type of it (`application/json`, `application/problem+json`)
 * @property {any} schema that media type's schema; `undefined` where it gives none (any JSON)
 */

/**
 * The JSON bodies an operation's error answers may carry: of every response keyed by a 4xx or 5xx
 * status, a range (`4XX`, `5XX`) or `default` (which stands for every status not listed), each JSON
 * media type's schema. The client keeps an error body it parses when it is one of these, and types
 * `ApiError.body` by them.
 * @param {any} spec the bundled document
 * @param {Record<string, any>} responses the operation's `responses`
 * @returns {ErrorBody[]}
 * @example
 * errorBodies(spec, { 200: {}, 404: { content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } } });
 * // [{ status: "404", mediaType: "application/json", schema: { $ref: "#/components/schemas/Error" } }]
 */
function errorBodies(spec, responses) {
  return Object.keys(responses)
    .filter((status) => /^([45](\d\d|XX)|default)$/i.test(status))
    .flatMap((status) => {
      const content = resolve(spec, responses[status])?.content ?? {};
      return Object.keys(content)
        .filter((mediaType) => JSON_MEDIA.test(mediaType))
        .map((mediaType) => ({ status, mediaType, schema: content[mediaType]?.schema }));
    });
}

/** Whether the header parameter `p` is the one the operation's scheme puts the key in: the client fills it. */
const carriesKey = (auth, p) => auth?.kind === "header" && auth.name.toLowerCase() === p.name.toLowerCase();
