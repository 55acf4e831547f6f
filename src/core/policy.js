// @ts-check
// The client's policy as data: the client (src/) and the generator (scripts/, plain Node without a
// TypeScript loader) both import this one file, so the README, generated/api.md and the runtime
// cannot disagree. Plain JavaScript with JSDoc types, compiled and type-checked with src/.

/**
 * Methods that may be sent twice with the effect of once: RFC 9110's (9.2.2) and QUERY, which is
 * safe and idempotent (RFC 9110's GET with a body: draft-ietf-httpbis-safe-method-w-body, OpenAPI
 * 3.2's `query`); an operation's `x-idempotent` overrides what its method says.
 * @type {readonly string[]}
 */
export const IDEMPOTENT_METHODS = ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE", "QUERY"];

/**
 * The other methods the IANA HTTP Method Registry marks idempotent (WebDAV, RFC 4918, and its
 * extensions: RFC 3253, 3648, 3744, 4437, 4791, 5323, 5842; RFC 2068's LINK and UNLINK), which an
 * OpenAPI 3.2 `additionalOperations` entry may name; the registry's methods that are neither safe
 * nor idempotent (CONNECT, LOCK, PATCH, POST), and any method it does not list, are treated as POST
 * is. Methods are case-sensitive: these are as the registry writes them.
 * @type {readonly string[]}
 */
export const REGISTERED_IDEMPOTENT_METHODS = [
  "ACL",
  "BASELINE-CONTROL",
  "BIND",
  "CHECKIN",
  "CHECKOUT",
  "COPY",
  "LABEL",
  "LINK",
  "MERGE",
  "MKACTIVITY",
  "MKCALENDAR",
  "MKCOL",
  "MKREDIRECTREF",
  "MKWORKSPACE",
  "MOVE",
  "ORDERPATCH",
  "PROPFIND",
  "PROPPATCH",
  "REBIND",
  "REPORT",
  "SEARCH",
  "UNBIND",
  "UNCHECKOUT",
  "UNLINK",
  "UNLOCK",
  "UPDATE",
  "UPDATEREDIRECTREF",
  "VERSION-CONTROL",
];

/**
 * Whether a request of this method may be sent twice with the effect of once, as its method's RFC
 * says (`IDEMPOTENT_METHODS`, `REGISTERED_IDEMPOTENT_METHODS`); any other is treated as POST is.
 * @param {string} method as sent, in capitals
 * @example
 * idempotentMethod("QUERY"); // true
 * idempotentMethod("LOCK"); // false
 */
export function idempotentMethod(method) {
  return IDEMPOTENT_METHODS.includes(method) || REGISTERED_IDEMPOTENT_METHODS.includes(method);
}

/**
 * The header parameter (in any case) whose operation the client sends with a key of its own making
 * per call, the same on every attempt: such an operation counts as idempotent unless its
 * `x-idempotent` says otherwise.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/**
 * Statuses after which an idempotent request is sent again. 409 is not among them: a conflict is
 * the caller's to resolve.
 * @type {readonly number[]}
 */
export const RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504];

/**
 * The error class of each status that has its own; `errorClassName` says what the others get.
 * @type {Readonly<Record<number, "BadRequestError" | "AuthenticationError" | "PermissionDeniedError" | "NotFoundError" | "ConflictError" | "UnprocessableEntityError" | "RateLimitError">>}
 */
export const ERROR_CLASS_BY_STATUS = {
  400: "BadRequestError",
  401: "AuthenticationError",
  403: "PermissionDeniedError",
  404: "NotFoundError",
  409: "ConflictError",
  422: "UnprocessableEntityError",
  429: "RateLimitError",
};

/**
 * The name of the `ApiError` class thrown for a non-2xx status: `RedirectError` below 400, the
 * status's own class where it has one, `InternalServerError` for 500 and above, else `ApiError`.
 * @param {number} status
 * @example
 * errorClassName(404); // "NotFoundError"
 * errorClassName(503); // "InternalServerError"
 */
export function errorClassName(status) {
  return status < 400
    ? "RedirectError"
    : (ERROR_CLASS_BY_STATUS[status] ?? (status >= 500 ? "InternalServerError" : "ApiError"));
}

/**
 * Whether an answer with this status may come after the service acted on the request: a 2xx did,
 * a 3xx may have (a 303 says it did), a 5xx may have failed after acting; a 4xx is a refusal, so
 * the service did not act. What `maybePerformed` says of an error built from an answer.
 * @param {number} status
 * @example
 * mayHaveActed(503); // true
 * mayHaveActed(409); // false
 */
export function mayHaveActed(status) {
  return status < 400 || status >= 500;
}
