import { withoutAuthorization } from "./auth.js";
import { ValidationError } from "./errors.js";
import { checkOptions, LIMITS } from "./options.js";
import { mustBe } from "./values.js";
import type { Settings } from "./config.js";

/** Options every method takes last; each applies to that call only. */
export interface RequestOptions {
  /** Cancels the call, also between retries; it then rejects with `UserAbortError` and is not retried. */
  signal?: AbortSignal;
  /** Bound on each attempt, in milliseconds, at most 2 147 483 647. Default: the client's `timeoutMs` (60 000). */
  timeoutMs?: number;
  /** Retries after the first attempt, where the retry policy allows one. Default: the client's `maxRetries` (2). */
  maxRetries?: number;
  /** Largest answer body accepted, in bytes after decompression. Default: the client's `maxResponseBytes` (16 MiB). */
  maxResponseBytes?: number;
  /**
   * Extra headers for this call; they override the client's, but never `Authorization`. Headers
   * the transport writes (`Content-Length`, `Transfer-Encoding`, `Connection`, `Host`, ...) are refused.
   */
  headers?: Record<string, string>;
}

/** The options every call takes: its limits and headers, and its signal. */
const CALL_OPTIONS = [...LIMITS, "signal"];

/**
 * Splits a call's options into openapi-fetch's init and the transport's limits. Throws
 * `ValidationError`, before anything is sent, listing every option that cannot work.
 */
export function splitOptions(options: RequestOptions | undefined): {
  init: { signal?: AbortSignal; headers?: Record<string, string> };
  limits: Partial<Settings>;
} {
  if (options == null) return { init: {}, limits: {} };
  const issues =
    typeof options === "object"
      ? checkOptions(options, CALL_OPTIONS, "options.")
      : [{ path: "options", message: mustBe("an object", options) }];
  if (issues.length) throw new ValidationError(issues);
  const { signal } = options;
  return {
    init: { signal, headers: withoutAuthorization(options.headers) },
    limits: {
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      maxResponseBytes: options.maxResponseBytes,
    },
  };
}
