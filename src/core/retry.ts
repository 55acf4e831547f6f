import * as policy from "./policy.js";

/** Statuses after which an idempotent request is sent again, as a set (the list is src/core/policy.js's). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set(policy.RETRYABLE_STATUSES);

/**
 * Methods that may be sent twice with the effect of once, as a set (the lists are src/core/policy.js's:
 * RFC 9110's, QUERY, and the others the IANA registry marks idempotent); an operation's `x-idempotent`
 * overrides it.
 */
// both calls pure, so that a bundle without the raw client (the standalone functions') leaves the registry's list out
export const IDEMPOTENT_METHODS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ policy.IDEMPOTENT_METHODS.concat(policy.REGISTERED_IDEMPOTENT_METHODS),
);

/**
 * Codes (or, for a bad port, the message; for Deno, the error's name) of a fetch that failed before
 * the request left: refused (`ConnectionRefused` is Bun's before 1.4), not allowed to connect (Deno's
 * `NotCapable`, `PermissionDenied` before 2.0), the host not found, or a request undici would not
 * write (a bad header, a port fetch blocks).
 */
const NOT_SENT_CODES: ReadonlySet<unknown> = new Set([
  "ECONNREFUSED",
  "ConnectionRefused",
  "NotCapable",
  "PermissionDenied",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_INVALID_ARG",
  "UND_ERR_NOT_SUPPORTED",
  "bad port",
]);

/** The longest advised wait (`Retry-After`) this client sleeps through; a longer one fails the call at once. */
export const MAX_RETRY_AFTER_MS = 60_000;
/**
 * The wait a response advises, in milliseconds: `retry-after-ms`, else `Retry-After` as seconds
 * or an HTTP date; `undefined` when absent or unreadable.
 */
export function retryAfterMs(headers: Headers): number | undefined {
  // Stryker disable next-line StringLiteral: any text that is not a number reads as NaN, as "" does
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (ms >= 0) return ms;
  const value = headers.get("retry-after");
  // Headers trims a value, so one that is all blanks is "" here, which Number would read as 0
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Backoff before the first retry; it doubles for each retry after. */
export const INITIAL_BACKOFF_MS = 500;
/** The longest backoff between two attempts. */
export const MAX_BACKOFF_MS = 8_000;

/** How one attempt ended, as far as retrying is concerned: an answer, or none (a timeout is one that was sent). */
export type Outcome = { kind: "status"; status: number } | { kind: "connection"; sent: boolean };

/**
 * Whether an attempt that ended with `outcome` may be sent again. Idempotent operations are
 * retried after any connection failure (a timeout among them), or a retryable status; others (the click) only
 * when the service certainly did not act: a 429, or a connection that failed before sending.
 */
export function isRetryable(idempotent: boolean, outcome: Outcome): boolean {
  if (idempotent) {
    return outcome.kind !== "status" || RETRYABLE_STATUSES.has(outcome.status);
  }
  if (outcome.kind === "status") return outcome.status === 429;
  return !outcome.sent;
}

/**
 * True when a fetch failure certainly happened before the request was sent, as each runtime tells it:
 * Node puts the system error's code in `cause` (one per address under happy eyeballs); Bun puts it
 * on the error itself (`ECONNREFUSED`, `ConnectionRefused` before 1.4); Deno names the connect stage
 * in the cause's message (`client error (Connect)`) and throws `NotCapable` (`PermissionDenied`
 * before 2.0) when it may not connect at all. workerd says "Network connection lost." for a refused
 * port and a reset after sending alike, so there the answer stays false: maybe performed.
 */
export function failedBeforeSending(error: unknown): boolean {
  const { code, name, cause } = (error ?? {}) as {
    code?: unknown;
    name?: unknown;
    cause?: { code?: unknown; message?: unknown; errors?: { code?: unknown }[] };
  };
  // deno (hyper) names the connect stage: the connector failed, so no byte was written; a url holds no blank
  if (
    [code, name, cause?.code ?? cause?.message].some((c) => NOT_SENT_CODES.has(c)) ||
    /\): client error \(Connect\)/.test(String(cause?.message))
  )
    return true;
  // happy eyeballs: every address was tried and each refused
  return (
    Array.isArray(cause?.errors) && cause.errors.length > 0 && cause.errors.every((e) => NOT_SENT_CODES.has(e?.code))
  );
}

/** Backoff before retry number `retry` (0 for the first): 0.5 s doubling up to 8 s, less up to 25 % jitter. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  return Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** retry) * (1 - 0.25 * random());
}
