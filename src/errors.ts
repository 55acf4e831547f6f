import type { ErrorBody, ErrorDetail } from "./types.js";

/**
 * The root of every error this client throws; `catch (e) { if (e instanceof BrowserCloudError) … }`
 * catches them all.
 */
export class BrowserCloudError extends Error {
  override name = "BrowserCloudError";
}

/**
 * The service answered with a non-2xx status.
 *
 * @example
 * try {
 *   await client.deployments.delete("dep_5n1v7c2x");
 * } catch (err) {
 *   if (err instanceof ApiError && err.status === 404) console.log("already gone");
 *   else throw err;
 * }
 */
export class ApiError extends BrowserCloudError {
  override name = "ApiError";
  /** The HTTP status code. */
  readonly status: number;
  /** The machine-readable `code` of the error body, when the body had one. */
  readonly code: string | undefined;
  /** `details` of the error body, when present. */
  readonly details: ErrorDetail[] | undefined;
  /** `inner_error` of the error body, when present. */
  readonly innerError: ErrorDetail | undefined;
  /** The response headers. */
  readonly headers: Headers;
  /** The parsed error body; a string when the body was not JSON; `undefined` when empty. */
  readonly body: ErrorBody | string | undefined;

  constructor(status: number, headers: Headers, body: ErrorBody | string | undefined, message: string) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.body = body;
    const parsed = isErrorBody(body) ? body : undefined;
    this.code = parsed?.code;
    this.details = parsed?.details;
    this.innerError = parsed?.inner_error;
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === "object" && body !== null && typeof (body as ErrorBody).code === "string";
}

const SNIPPET = 200;

/**
 * Builds the error for a non-2xx answer from what openapi-fetch parsed of its body
 * (an object for JSON, a string otherwise, `undefined` or `""` when empty).
 */
export function apiErrorFrom(response: Response, body: unknown): ApiError {
  const normalized = body === "" || body === undefined ? undefined : isErrorBody(body) ? body : typeof body === "string" ? body : JSON.stringify(body);
  let message: string;
  if (isErrorBody(normalized) && typeof normalized.message === "string") {
    message = `${response.status} ${normalized.code}: ${normalized.message}`;
  } else {
    const text = typeof normalized === "string" ? normalized.replace(/\s+/g, " ").trim() : "";
    const snippet = text.length > SNIPPET ? `${text.slice(0, SNIPPET)}…` : text;
    message = `${response.status} ${response.statusText || "error"}${snippet ? `: ${snippet}` : ""}`;
  }
  return new ApiError(response.status, response.headers, normalized as ErrorBody | string | undefined, message);
}

/**
 * The client was configured in a way that cannot work (for example, no API key); thrown by
 * `createClient` itself, before anything is sent.
 */
export class ConfigurationError extends BrowserCloudError {
  override name = "ConfigurationError";
}
