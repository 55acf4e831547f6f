import { withoutAuthorization } from "./auth.js";
import { checkLimits } from "./config.js";
import type { CallLimits } from "./transport.js";

/** Options every method takes last; each applies to that call only. */
export interface RequestOptions {
  /** Cancels the call, also between retries; it then rejects with `UserAbortError` and is not retried. */
  signal?: AbortSignal;
  /** Bound on each attempt, in milliseconds. Default: the client's `timeoutMs` (60 000). */
  timeoutMs?: number;
  /** Retries after the first attempt, where the retry policy allows one. Default: the client's `maxRetries` (2). */
  maxRetries?: number;
  /** Extra headers for this call; they override the client's, but never `Authorization`. */
  headers?: Record<string, string>;
}

/** Splits a call's options into openapi-fetch's init and the transport's limits. */
export function splitOptions(options: RequestOptions | undefined): { init: { signal?: AbortSignal; headers?: Record<string, string> }; limits: CallLimits } {
  if (!options) return { init: {}, limits: {} };
  checkLimits("options.", options);
  const init: { signal?: AbortSignal; headers?: Record<string, string> } = { headers: withoutAuthorization(options.headers) };
  if (options.signal) init.signal = options.signal;
  return { init, limits: { timeoutMs: options.timeoutMs, maxRetries: options.maxRetries } };
}
