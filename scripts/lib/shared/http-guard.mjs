// What the dev servers (the docs page in serve-docs.mjs, the mock proxy in dev.mjs) share so that
// no request, however malformed, throws out of them: every refusal is an answer, and a client
// that goes away mid-request is only a closed socket.
import { STATUS_CODES, createServer } from "node:http";

/** Longest request target (path and query) the dev servers accept, in bytes; longer gets 414. */
export const MAX_TARGET_BYTES = 8 * 1024;

// a % not followed by two hex digits
const BAD_ESCAPE = /%(?![0-9a-f]{2})/i;
// control bytes, NUL included, once the path is decoded
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control bytes are what it looks for
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * Why a request target is refused, as `{ status, message }`, or null for a path (origin-form,
 * `/...`) that is safe to pass on and whose path part decodes (decodeURIComponent) without error.
 * Refused: absolute-form (`GET http://host/`) and asterisk-form (`OPTIONS *`) targets (400),
 * targets over MAX_TARGET_BYTES (414), malformed percent-encoding (`/%`) or a path that does not
 * decode as UTF-8 (`/%ff`) (400), and a path with an encoded control byte (`/%00`) (400).
 * @example
 * badTarget("/org/limits"); // null
 * badTarget("/%"); // { status: 400, message: "malformed percent-encoding in the request target" }
 * @param {unknown} target
 * @returns {{ status: number, message: string } | null}
 */
export function badTarget(target) {
  if (typeof target !== "string" || !target.startsWith("/"))
    return { status: 400, message: "the request target must be a path starting with /" };
  if (target.length > MAX_TARGET_BYTES)
    return { status: 414, message: `the request target is longer than ${MAX_TARGET_BYTES} bytes` };
  if (BAD_ESCAPE.test(target)) return { status: 400, message: "malformed percent-encoding in the request target" };
  let path;
  try {
    path = decodeURIComponent(target.replace(/[?#].*$/s, ""));
  } catch {
    return { status: 400, message: "the path does not decode as UTF-8" };
  }
  if (CONTROL.test(path)) return { status: 400, message: "a control byte in the path" };
  return null;
}

/**
 * Turns a refusal into `[content type, body]`.
 * @typedef {(status: number, message: string) => [string, string]} RefusalFormat
 */

/** A refusal as plain text: `[content type, body]`. @type {RefusalFormat} */
export const plainText = (_status, message) => ["text/plain; charset=utf-8", `${message}\n`];

/** A refusal in the API's Error shape, `{ code, message }`, with the status's name as code (`bad_request`). @type {RefusalFormat} */
export const apiError = (status, message) => [
  "application/json",
  JSON.stringify({ code: (STATUS_CODES[status] ?? "error").toLowerCase().replace(/\W+/g, "_"), message }),
];

/**
 * Answers `res` with `status` and `message` in `format` (plainText by default) and closes the
 * connection, or only destroys the response when its head is already out or its client gone.
 * `headers` are added.
 * @param {import("node:http").ServerResponse} res
 * @param {number} status
 * @param {string} message
 * @param {RefusalFormat} [format]
 * @param {import("node:http").OutgoingHttpHeaders} [headers]
 */
export function refuse(res, status, message, format = plainText, headers = {}) {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const [type, body] = format(status, message);
  res
    .writeHead(status, {
      ...headers,
      "Content-Type": type,
      "Content-Length": Buffer.byteLength(body),
      Connection: "close",
    })
    .end(body);
}

/**
 * An HTTP server whose `handler` (sync or async) can throw nothing out of it, and that answers
 * whatever reaches it:
 * - a throw before the answer started is a 500 in `format`, after it a destroyed response;
 * - what Node's parser refuses (a malformed request line or header, headers over the size limit,
 *   a slow client) gets the status Node itself would give (400, 431, 413, 408), in `format`;
 * - a client that resets mid-request only closes its socket;
 * - an accept that fails once listening (too many open files) drops that one connection.
 * `format` is plainText (the default) or apiError.
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} handler
 * @param {RefusalFormat} [format]
 * @returns {import("node:http").Server}
 * @example
 * const server = createGuardedServer((req, res) => res.end("ok"), apiError);
 */
export function createGuardedServer(handler, format = plainText) {
  // the response under way on each connection: an error answer written next to it would corrupt it
  const pending = new WeakMap();
  const server = createServer((req, res) => {
    const { socket } = req;
    pending.set(socket, res);
    res.once("close", () => pending.get(socket) === res && pending.delete(socket));
    const fail = () => {
      try {
        refuse(res, 500, "the server failed on this request", format);
      } catch {
        res.destroy();
      }
    };
    try {
      Promise.resolve(handler(req, res)).catch(fail);
    } catch {
      fail();
    }
  });
  server.on("clientError", (/** @type {NodeJS.ErrnoException} */ err, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable || pending.has(socket)) {
      socket.destroy();
      return;
    }
    const status =
      err.code === "HPE_HEADER_OVERFLOW"
        ? 431
        : err.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW"
          ? 413
          : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
            ? 408
            : 400;
    const [type, body] = format(
      status,
      status === 400 ? "malformed request" : String(STATUS_CODES[status]).toLowerCase(),
    );
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // a peer that keeps its side open must not hold the socket
    socket.once("finish", () => socket.destroy());
  });
  server.once("listening", () => server.on("error", () => {}));
  return server;
}
