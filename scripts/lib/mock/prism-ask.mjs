// Prism's side of one request: the request sent on to Prism, its answer held whole, and whether
// that answer lets the request through to the mock's own answers (dispatch.mjs).
import { request } from "node:http";

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
function endToEnd(headers) {
  const drop = new Set(HOP_BY_HOP);
  for (const name of String(headers.connection ?? "").split(",")) drop.add(name.trim().toLowerCase());
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name)));
}

/** How long Prism may take over one request before the mock answers it without Prism. */
export const PRISM_MS = 5_000;
/** The largest request body the mock reads, and the largest answer of Prism's it holds. */
export const MAX_BODY = 32 << 20;

/**
 * @typedef {object} PrismAnswer Prism's answer to one request, held whole
 * @property {number} status
 * @property {Record<string, string | string[] | undefined>} headers end to end only
 * @property {Buffer} body
 */

/**
 * A request body, read whole; `undefined` past `max` bytes.
 * @param {import("node:http").IncomingMessage} req
 * @param {number} max
 * @returns {Promise<Buffer | undefined>}
 */
export function readBody(req, max) {
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
export function askPrism({ address, agent }, req, body, ms, accept, prefix) {
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
 * Whether Prism's answer lets the request through: a 2xx, its own 500, a refusal that may be of a body the proxy read itself alone.
 * @param {PrismAnswer} prism
 * @param {boolean} readItself
 */
export function letThrough(prism, readItself) {
  return (prism.status >= 200 && prism.status < 300) || prism.status === 500 || (readItself && bodyOnly(prism));
}

/**
 * Prism's headers to pass on, the length left to the answer that goes out.
 * @param {Record<string, string | string[] | undefined>} headers
 * @returns {Record<string, string | string[]>}
 */
export function plainHeaders(headers) {
  /** @type {Record<string, string | string[]>} */
  const out = {};
  for (const [name, value] of Object.entries(headers))
    if (name !== "content-length" && value !== undefined) out[name] = value;
  return out;
}
