// One document's mock, request by request: Prism checks the request, then the answer is Prism's
// refusal, the answer a request asked for (`Prefer:`), or one the proxy makes: an event stream,
// a list's page, a JSON answer held to the document's schema. See mockServer in proxy.mjs.
import { METHODS, request } from "node:http";
import { operationMatcher } from "../../../src/core/path-template.js";
import { readOperations } from "../generate/read-operations.mjs";
import { operationsOf } from "../spec/document.mjs";
import { apiError, refuse } from "../shared/http-guard.mjs";
import { answerBook } from "./answers.mjs";
import { listPageMock } from "./pages.mjs";
import { eventStreamMock } from "./streams.mjs";
import { prismRoutes } from "./prism-view.mjs";
import { textBodyIssues } from "./text-bodies.mjs";
import { formFields, sentMedia } from "./uploads.mjs";
import { variantRouter } from "./variants.mjs";

// headers that belong to one connection, never forwarded (RFC 9110 7.6.1), and expect: the
// client already got its 100-continue from the proxy
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "proxy-authenticate",
  "proxy-authorization",
  "expect",
];

/**
 * The headers of a message that are not about its connection.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @returns {Record<string, string | string[] | undefined>}
 */
export function endToEnd(headers) {
  const drop = new Set(HOP_BY_HOP);
  for (const name of String(headers.connection ?? "").split(",")) drop.add(name.trim().toLowerCase());
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name)));
}

/** How long Prism may take over one request before the mock answers it without Prism. */
export const PRISM_MS = 5_000;
/** The largest request body the mock reads, and the largest answer of Prism's it holds. */
export const MAX_BODY = 32 << 20;
const FORM = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * @typedef {import("../generate/read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {OperationInfo & { where: string, raw: import("openapi-typescript").OperationObject | undefined, status: number }} Route
 *   an operation as readOperations describes it, plus `where` ("GET /path"), `raw` (its object in
 *   the document) and `status` (its success's)
 * @typedef {Awaited<ReturnType<typeof import("../spec/sample.mjs").createSampler>>} Sampler
 *
 * @typedef {object} PrismAnswer Prism's answer to one request, held whole
 * @property {number} status
 * @property {Record<string, string | string[] | undefined>} headers end to end only
 * @property {Buffer} body
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
 * A request body, read whole; `undefined` past `max` bytes.
 * @param {import("node:http").IncomingMessage} req
 * @param {number} max
 * @returns {Promise<Buffer | undefined>}
 */
function readBody(req, max) {
  return new Promise((done, fail) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > max) {
        req.destroy();
        done(undefined);
      } else chunks.push(chunk);
    });
    req.once("end", () => done(Buffer.concat(chunks)));
    req.once("error", fail);
  });
}

/**
 * Sends the request to Prism and holds its answer; undefined when none came within `ms` (or it
 * was larger than MAX_BODY, or Prism failed), the upstream request then ended. A request of a
 * method Prism does not route (QUERY, COPY) goes to its operation's own path in Prism's view, as a
 * POST (`prefix`: prism-view.mjs `prismRoutes`).
 * @param {{ address: { host: string, port: number }, agent: import("node:http").Agent }} prism
 * @param {import("node:http").IncomingMessage} req
 * @param {Buffer} body
 * @param {number} ms
 * @param {string | undefined} accept the media type the operation answers
 * @param {string | undefined} prefix
 * @returns {Promise<PrismAnswer | undefined>}
 */
function askPrism({ address, agent }, req, body, ms, accept, prefix) {
  /** @type {Record<string, string | string[] | undefined>} */
  const headers = { ...endToEnd(req.headers), "content-length": String(body.length) };
  // what fetch sends by default, narrowed to the type the operation answers: Prism holds an
  // `Accept` header parameter (which OpenAPI says to ignore) to its enum
  if (accept && /^(\*\/\*)?$/.test(String(headers.accept ?? "").trim())) headers.accept = accept;
  return new Promise((done) => {
    const upstream = request(
      {
        ...address,
        path: prefix === undefined ? req.url : `${prefix}${req.url}`,
        method: prefix === undefined ? req.method : "POST",
        headers,
        agent,
      },
      (answer) => {
        readBody(answer, MAX_BODY).then(
          (held) => done(held && { status: answer.statusCode ?? 502, headers: endToEnd(answer.headers), body: held }),
          () => done(undefined),
        );
      },
    );
    const timer = setTimeout(() => (upstream.destroy(), done(undefined)), ms);
    upstream.once("close", () => clearTimeout(timer));
    upstream.once("error", () => done(undefined));
    upstream.end(body);
  });
}

/**
 * Whether Prism's refusal of a request may be about its body alone: a 400 or 422 whose
 * `validation` entries, when it lists them, are all under `body`. Prism answers a request it finds
 * invalid with the document's own 422 or 400, which says nothing of why.
 * @param {PrismAnswer} prism
 */
function bodyOnly(prism) {
  if (prism.status !== 400 && prism.status !== 422) return false;
  let validation;
  try {
    ({ validation } = JSON.parse(prism.body.toString("utf8")));
  } catch {
    return true;
  }
  return !Array.isArray(validation) || validation.every((v) => v?.location?.[0] === "body");
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
  const find = operationMatcher(routes);
  // Node's HTTP parser (llhttp) refuses a method it does not know, before any handler sees it
  for (const method of new Set(routes.map((route) => route.method)))
    if (!METHODS.includes(method))
      say(
        `mock: ${method} (${routes.find((route) => route.method === method)?.where}): Node's HTTP parser (llhttp ${process.versions.llhttp}) refuses the method with 400 before the mock reads the request; its calls fail against this mock`,
      );
  // where Prism is given the operations of methods it does not route
  const standIns = prismRoutes(spec);
  const choose = variantRouter(spec);
  const answers = answerBook(spec, sampler, say);
  const pages = listPageMock(spec, {
    operations,
    sample: answers.sample,
    check: (schema, value) => sampler.check(schema, value, "response"),
  });
  const streams = eventStreamMock(spec, { variants: (schema) => sampler.variants(schema) });
  /** @type {MockHandler[]} */
  const chain = [
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
    ({ route, prism, send }) => {
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
    },
  ];

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
    let fields;
    // a body the proxy read and checked itself (a form, JSON lines, a number as text): Prism's
    // refusal of that body alone is not the answer
    let readItself = false;
    if (route && !asked) {
      const list = pages.list(route.method, route.path);
      const at = list && pages.position(list, url);
      if (at?.error !== undefined) return refuse(res, 400, at.error, apiError);
      // of the media types the operation offers, the one the request says it sent
      const media = route.body && sentMedia(route.body, type);
      if (media && FORM.test(type) && FORM.test(media.mediaType)) {
        fields = await formFields(spec, type, body, media.schema, media.encoding ?? {});
        readItself = fields !== undefined;
        const issues =
          fields === undefined
            ? [{ path: "body", message: `is no ${type.split(";")[0]} body` }]
            : sampler.check(media.schema, fields, "request");
        if (issues.length)
          return refuse(
            res,
            422,
            `request ${issues
              .slice(0, 3)
              .map((i) => `${i.path.replace(/^value/, "body")} ${i.message}`)
              .join("; ")}`,
            apiError,
          );
      } else if (media && (media.kind === "lines" || media.kind === "text")) {
        const issues = textBodyIssues(media, body, sampler);
        if (issues.length)
          return refuse(
            res,
            422,
            `request ${issues[0]?.path.replace(/^value/, "body")} ${issues[0]?.message}`,
            apiError,
          );
        readItself = true;
      } else fields = json;
    }
    const prefix = route && standIns.get(`${route.method} ${route.path}`);
    const prism = await askPrism({ address, agent }, req, body, prismMs, route?.success.mediaType, prefix);
    if (!route || asked || (prism && !letThrough(prism, readItself))) {
      if (!prism) return refuse(res, 504, `Prism gave no answer within ${prismMs} ms`, apiError);
      return send(prism.status, plainHeaders(prism.headers), prism.body);
    }
    const origin = url.origin;
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

/**
 * Whether Prism's answer lets the request through: a 2xx, its own 500, a refusal that may be of a body the proxy read itself alone.
 * @param {PrismAnswer} prism
 * @param {boolean} readItself
 */
function letThrough(prism, readItself) {
  return (prism.status >= 200 && prism.status < 300) || prism.status === 500 || (readItself && bodyOnly(prism));
}

/**
 * Prism's headers to pass on, the length left to the answer that goes out.
 * @param {Record<string, string | string[] | undefined>} headers
 * @returns {Record<string, string | string[]>}
 */
function plainHeaders(headers) {
  /** @type {Record<string, string | string[]>} */
  const out = {};
  for (const [name, value] of Object.entries(headers))
    if (name !== "content-length" && value !== undefined) out[name] = value;
  return out;
}
