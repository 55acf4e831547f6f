// One document's mock, request by request: Prism checks the request, then the answer is Prism's
// refusal, the answer a request asked for (`Prefer:`), or one the proxy makes: an event stream,
// a list's page, a JSON answer held to the document's schema. See mockServer in proxy.mjs.
import { METHODS } from "node:http";
import { operationMatcher } from "../../../src/core/path-template.js";
import { readOperations } from "../generate/read-operations.mjs";
import { operationsOf } from "../spec/document.mjs";
import { apiError, refuse } from "../shared/http-guard.mjs";
import { answerBook } from "./answers.mjs";
import { listPageMock } from "./pages.mjs";
import { askPrism, letThrough, MAX_BODY, PRISM_MS, plainHeaders, readBody } from "./prism-ask.mjs";
import { prismRoutes } from "./prism-view.mjs";
import { eventStreamMock } from "./streams.mjs";
import { textBodyIssues } from "./text-bodies.mjs";
import { formFields, sentMedia } from "./uploads.mjs";
import { variantRouter } from "./variants.mjs";

const FORM = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * @typedef {import("../generate/read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {OperationInfo & { where: string, raw: import("../spec/document.mjs").OperationNode | undefined, status: number }} Route
 *   an operation as readOperations describes it, plus `where` ("GET /path"), `raw` (its object in
 *   the document) and `status` (its success's)
 * @typedef {Awaited<ReturnType<typeof import("../spec/sample.mjs").createSampler>>} Sampler
 * @typedef {import("./prism-ask.mjs").PrismAnswer} PrismAnswer
 *
 * @typedef {object} MockRequest one request the mock answers, for the handlers that answer it
 * @property {import("node:http").IncomingMessage} req
 * @property {import("node:http").ServerResponse} res
 * @property {URL} url the request's target, against the mock's own origin
 * @property {string} origin the mock's address as the client reached it (`http://127.0.0.1:4010`)
 * @property {Route & { params: Record<string, string> }} route the operation, plus `params` (the path's values by name)
 * @property {Buffer} body the request's body
 * @property {unknown} [fields] a JSON body parsed, or a form body read into the document's shape
 * @property {PrismAnswer | undefined} prism what Prism answered, having let the request through (a
 *   2xx, its own 500, a form's 400 or 422 on the body alone), or undefined when it gave no answer in time
 * @property {(status: number, headers: Record<string, string | string[]>, body?: string | Buffer) => void} send
 *
 * @typedef {(request: MockRequest) => boolean | Promise<boolean>} MockHandler answers the request
 *   and returns true, or returns false for the next handler to
 * @typedef {(spec: unknown, tools: { answers: ReturnType<typeof answerBook>, sampler: Sampler, operations: Route[] }) => MockHandler[]} HandlersOf
 */

/**
 * The document's operations as routes; none, said once, when they cannot be read. An operation of
 * a method Node's HTTP parser (llhttp) refuses before any handler sees it is said once too.
 * @param {unknown} spec
 * @param {(line: string) => void} say
 * @returns {{ operations: OperationInfo[], routes: Route[] }}
 */
function readRoutes(spec, say) {
  /** @type {OperationInfo[]} */
  let operations = [];
  try {
    ({ operations } = readOperations(spec));
  } catch (err) {
    say(
      `mock: the operations could not be read (${err instanceof Error ? err.message : err}); every answer is Prism's`,
    );
  }
  const raws = new Map(operationsOf(spec).map(({ method, path, op }) => [`${method.toUpperCase()} ${path}`, op]));
  const routes = operations.map((op) => /** @returns {Route} */ {
    const where = `${op.method} ${op.path}`;
    return { ...op, where, raw: raws.get(where), status: op.success.status };
  });
  for (const method of new Set(routes.map((route) => route.method)))
    if (!METHODS.includes(method))
      say(
        `mock: ${method} (${routes.find((route) => route.method === method)?.where}): Node's HTTP parser (llhttp ${process.versions.llhttp}) refuses the method with 400 before the mock reads the request; its calls fail against this mock`,
      );
  return { operations, routes };
}

/**
 * The last handler: Prism's answer when it is a 2xx (a JSON one held to the schema), else the
 * operation's success answer built from the schema, why said once per operation.
 * @param {ReturnType<typeof answerBook>} answers
 * @param {number} prismMs
 * @returns {MockHandler}
 */
function successAnswer(answers, prismMs) {
  return ({ route, prism, send }) => {
    const ok = prism && prism.status >= 200 && prism.status < 300;
    const why = !prism
      ? `Prism gave no answer within ${prismMs} ms`
      : ok
        ? ""
        : prism.status === 400 || prism.status === 422
          ? "Prism cannot read the form body as the client sends it"
          : `Prism answered ${prism.status} of its own`;
    const status = ok ? /** @type {PrismAnswer} */ (prism).status : route.status;
    if (route.success.kind === "json") {
      const answer = ok
        ? answers.hold(route, status, /** @type {PrismAnswer} */ (prism).body.toString("utf8"))
        : answers.replace(route, why);
      if (answer) {
        const kept = ok ? /** @type {PrismAnswer} */ (prism).headers : {};
        send(status, { ...plainHeaders(kept), "content-type": answer.mediaType }, answer.body);
        return true;
      }
    }
    if (ok) {
      const held = /** @type {PrismAnswer} */ (prism);
      send(held.status, plainHeaders(held.headers), held.body);
      return true;
    }
    if (route.success.kind !== "empty") answers.replace(route, why);
    send(status, route.success.mediaType ? { "content-type": route.success.mediaType } : {}, "");
    return true;
  };
}

/**
 * The handlers of one document, in the order they are tried: the caller's, an event stream, a
 * list's page, then the success answer.
 * @param {unknown} spec
 * @param {Sampler} sampler
 * @param {{ routes: Route[], answers: ReturnType<typeof answerBook>, pages: ReturnType<typeof listPageMock>, handlers?: HandlersOf, prismMs: number }} parts
 * @returns {MockHandler[]}
 */
function handlerChain(spec, sampler, { routes, answers, pages, handlers, prismMs }) {
  const streams = eventStreamMock(spec, { variants: (schema) => sampler.variants(schema) });
  return [
    ...(handlers?.(spec, { answers, sampler, operations: routes }) ?? []),
    ({ req, res, route }) => {
      const stream = streams.stream(route.method, route.path);
      if (stream) streams.write(stream, req, res);
      return Boolean(stream);
    },
    ({ url, route, origin, send }) => {
      const list = pages.list(route.method, route.path);
      if (!list) return false;
      const page = pages.answer(list, url, pages.position(list, url), origin);
      send(page.status, page.headers, page.body);
      return true;
    },
    successAnswer(answers, prismMs),
  ];
}

/**
 * The body of a request the proxy reads and checks itself, as the one media type of those its
 * operation offers that the request says it sent: a form read into the document's shape, JSON
 * lines or a number as text checked; any other body as the JSON it parsed to. `refusal` names
 * what breaks the schema; `readItself` says that Prism's refusal of that body alone is not the answer.
 * @param {Sampler} sampler
 * @param {{ route: Route, type: string, body: Buffer, json: unknown }} sent
 * @returns {Promise<{ fields?: unknown, readItself: boolean, refusal?: string }>}
 */
async function readSentBody(sampler, { route, type, body, json }) {
  const media = route.body && sentMedia(route.body, type);
  if (media && FORM.test(type) && FORM.test(media.mediaType)) {
    const fields = await formFields(sampler.formFields, type, body, media.schema, media.encoding ?? {});
    const issues =
      fields === undefined
        ? [{ path: "body", message: `is no ${type.split(";")[0]} body` }]
        : sampler.check(media.schema, fields, "request");
    const refusal = issues.length
      ? `request ${issues
          .slice(0, 3)
          .map((i) => `${i.path.replace(/^value/, "body")} ${i.message}`)
          .join("; ")}`
      : undefined;
    return { fields, readItself: fields !== undefined, refusal };
  }
  if (media && (media.kind === "lines" || media.kind === "text")) {
    const [issue] = textBodyIssues(media, body, sampler);
    return { readItself: true, refusal: issue && `request ${issue.path.replace(/^value/, "body")} ${issue.message}` };
  }
  return { fields: json, readItself: false };
}

/**
 * The request handler of one document: `documentMock(spec, sampler, { address, agent, say })`
 * answers each request as mockServer (proxy.mjs) says, Prism at `address`.
 * @param {unknown} spec the bundled document, `$ref`s kept
 * @param {Sampler} sampler
 * @param {{ address: { host: string, port: number }, agent: import("node:http").Agent, say: (line: string) => void, handlers?: HandlersOf, prismMs?: number }} options
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<void>}
 */
export function documentMock(spec, sampler, { address, agent, say, handlers, prismMs = PRISM_MS }) {
  const { operations, routes } = readRoutes(spec, say);
  const find = operationMatcher(routes);
  // where Prism is given the operations of methods it does not route
  const standIns = prismRoutes(spec);
  const choose = variantRouter(spec);
  const answers = answerBook(spec, sampler, say);
  const pages = listPageMock(spec, {
    operations,
    sample: answers.sample,
    check: (schema, value) => sampler.check(schema, value, "response"),
  });
  const chain = handlerChain(spec, sampler, { routes, answers, pages, handlers, prismMs });

  return async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? `${address.host}:${address.port}`}`);
    const found = find(req.method ?? "", url.pathname);
    const asked = req.headers.prefer !== undefined;
    const body = await readBody(req, MAX_BODY).catch(() => undefined);
    if (!body) return refuse(res, 413, `the mock reads bodies up to ${MAX_BODY} bytes`, apiError);
    const type = String(req.headers["content-type"] ?? "");
    const json = body.length && JSON_TYPE.test(type) ? parsed(body) : undefined;
    // a path's variants (`/things#stream` beside `/things`) are told apart by what the request carries
    const route = found && {
      ...(found.variants.length
        ? choose([found.operation, ...found.variants], { fields: json, query: url.searchParams, headers: req.headers })
        : found.operation),
      params: found.params,
    };
    /** @type {MockRequest["send"]} */
    const send = (status, headers, text = "") => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(text)) }).end(text);
    };
    /** @type {{ fields?: unknown, readItself: boolean, refusal?: string }} */
    let sent = { readItself: false };
    if (route && !asked) {
      const list = pages.list(route.method, route.path);
      const at = list && pages.position(list, url);
      if (at?.error !== undefined) return refuse(res, 400, at.error, apiError);
      sent = await readSentBody(sampler, { route, type, body, json });
      if (sent.refusal) return refuse(res, 422, sent.refusal, apiError);
    }
    const prefix = route && standIns.get(`${route.method} ${route.path}`);
    const prism = await askPrism({ address, agent }, req, body, prismMs, route?.success.mediaType, prefix);
    if (!route || asked || (prism && !letThrough(prism, sent.readItself))) {
      if (!prism) return refuse(res, 504, `Prism gave no answer within ${prismMs} ms`, apiError);
      return send(prism.status, plainHeaders(prism.headers), prism.body);
    }
    const { origin } = url;
    const { fields } = sent;
    for (const handler of chain) if (await handler({ req, res, url, origin, route, body, fields, prism, send })) return;
  };
}

/**
 * A JSON body parsed; undefined for one that is no JSON.
 * @param {Buffer} body
 * @returns {unknown}
 */
function parsed(body) {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}
