// The error of a non-2xx answer: its class by status (src/core/policy.js's table), its message
// and body read from what came, within bounds. The classes themselves are in errors.ts.
import { isJson, readError } from "./error-body.js";
import { ApiError, type ApiErrorBody, CLASSES, type ErrorOptions, RedirectError } from "./errors.js";
import { errorClassName } from "./policy.js";

/** The `ApiError` subclass thrown for a status, as src/core/policy.js's `errorClassName` names it. */
export function errorClassFor(status: number): typeof ApiError {
  const name = errorClassName(status);
  return (name === "RedirectError" ? RedirectError : (CLASSES[name] ?? ApiError)) as typeof ApiError;
}

/** The most of an error body an `ApiError` keeps, in bytes: of a larger body, `body` is its first bytes as text. */
export const MAX_ERROR_BODY_BYTES = 8192;
// the most of a body the message looks at, so that reading it stays linear and short
const MESSAGE_SCAN = 1024;
const SNIPPET = 200;
const decoder = new TextDecoder();
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Builds the error for a non-2xx answer from its body: `raw`, the bytes as received, when the
 * transport kept them, and what openapi-fetch parsed of it (an object for JSON, a string otherwise).
 * A large body is cut to `MAX_ERROR_BODY_BYTES` and not parsed. The code and message are read from
 * parsed JSON by `readError`; `declared` says whether it is a body the operation declares for its
 * errors, which `body` then holds as parsed (the text otherwise). The message holds the status and
 * what was read, never a header or another field of the body.
 */
export function apiErrorFrom(
  response: Response,
  parsed: unknown,
  raw?: Uint8Array | null,
  options: ErrorOptions = {},
  declared: (body: object) => boolean = () => true,
): ApiError {
  const size = raw ? raw.byteLength : typeof parsed === "string" ? parsed.length : 0;
  const whole = size <= MAX_ERROR_BODY_BYTES;
  // the text as received, never re-serialized: JSON.stringify overflows the stack on deep nesting
  const text = raw
    ? decoder.decode(whole ? raw : raw.subarray(0, MAX_ERROR_BODY_BYTES))
    : typeof parsed === "string"
      ? parsed.slice(0, MAX_ERROR_BODY_BYTES)
      : "";
  const json = whole && isJson(parsed);
  const read: Partial<ReturnType<typeof readError>> = json ? readError(parsed) : {};
  const body = json && declared(parsed) ? (parsed as ApiErrorBody) : text || undefined;
  const { status, statusText } = response;
  let message: string;
  if (status < 400) {
    // the location without its query, which may carry a signature
    const to = (response.headers.get("location") ?? "").replace(/[?#].*/s, "").slice(0, SNIPPET);
    message = `${status} redirect${to ? ` to ${to}` : ""} not followed: it would send the request again, maybe elsewhere; point baseUrl at the address that answers.`;
  } else if (read.message !== undefined) {
    message = `${status} ${cut(read.code ?? (statusText || "error"), SNIPPET)}: ${cut(read.message, MESSAGE_SCAN)}`;
  } else if (json) {
    // JSON with no message: the status alone, not the JSON, which may echo what was sent
    message = `${status} ${statusText || "error"}`;
  } else {
    // a proxy's HTML page or a bare status: say what came, briefly; [^<>] keeps the match linear
    const plain = text
      .slice(0, MESSAGE_SCAN)
      .replace(/<[^<>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    const snippet = plain.length > SNIPPET ? `${plain.slice(0, SNIPPET)}…` : plain;
    message = `${status} ${statusText || "error"}${snippet ? `: ${snippet}` : ""}`;
  }
  const Class = errorClassFor(status);
  return new Class(status, response.headers, body, message, size, { ...options, code: read.code });
}
