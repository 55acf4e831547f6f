import { PACKAGE_NAME } from "../../generated/identity.js";
import { sleep, watch } from "./abort.js";
import { readAll } from "./buffered-response.js";
import { actedBefore, ClientError, ConnectionError, ConnectionTimeoutError, UserAbortError } from "./errors.js";
import type { FetchFn, Settings } from "./config.js";
import { IDEMPOTENT_METHODS as RFC_IDEMPOTENT, mayHaveActed } from "./policy.js";
import {
  backoffMs,
  failedBeforeSending,
  isRetryable,
  MAX_RETRY_AFTER_MS,
  retryAfterMs,
  type Outcome,
} from "./retry.js";

/**
 * One call as its method prepared it, which the call's own `fetch` hands to `send` with the
 * `Request` openapi-fetch built for it: the body as the method built it, sent as it is on each
 * attempt rather than read back from the `Request`'s stream (a string is not copied through a
 * stream, a file is read again); the caller's signal; the address with a query credential; and the
 * answer, once it came. A `Request` sent without it (one a raw call or a middleware made) is sent as
 * itself, a copy per attempt.
 */
export interface CallState {
  readonly body: unknown;
  readonly signal?: AbortSignal | undefined;
  /** The address openapi-fetch built, as the caller sees it. */
  address?: string | undefined;
  /** The address sent to, where the key goes in the query. */
  url?: string | undefined;
  answer?: Response | undefined;
}

/** One call's own limits, over the client's; and what its answer is. */
export type Limits = Partial<Pick<Settings, "timeoutMs" | "maxRetries" | "maxResponseBytes">> & {
  /**
   * Whether the operation may be sent twice. Default: true for RFC 9110's idempotent methods and QUERY
   * (src/core/policy.js `IDEMPOTENT_METHODS`); a method passes its row's, a raw request its operation's
   * or the IANA registry's rule (src/client/raw-operation.ts).
   */
  idempotent?: boolean | undefined;
  /** A 2xx answer's body is handed over unread (an event stream, a download). */
  stream?: boolean | undefined;
  /** A 2xx answer carries nothing the call reads: one the service sends empty is not read at all. */
  empty?: boolean | undefined;
};

// what an attempt's own signal keeps alive while its answer is read: a Request follows the signal it
// was made with only as long as the Request lives (Node's fetch holds its controller weakly), and the
// caller's Request, or the one handed to fetch, may be held by nobody else by then
const followers = new WeakMap<AbortSignal, readonly Request[]>();

// error answers that come after an attempt that may have acted (a timeout, a 5xx, a broken connection)
const afterActing = new WeakSet<Response>();

/**
 * Whether an earlier attempt of the call that ended with `response` may have acted, so that the
 * error built from it says `maybePerformed` even when its own status (a 4xx) says the service refused.
 */
export function earlierAttemptMayHaveActed(response: Response): boolean {
  return afterActing.has(response);
}

/**
 * Sends a request with the client's policy: each attempt bounded by `timeoutMs`, its answer by
 * `maxResponseBytes`, retried as `isRetryable` allows with backoff or the advised wait, the caller's
 * signal honoured at once. Redirects are never followed: a 3xx comes back as the answer. Resolves
 * to the last answer, body read in full; rejects with `ConnectionError`, `ConnectionTimeoutError`,
 * `ResponseTooLargeError` or `UserAbortError`. `limits` overrides the client's for one call, and
 * says whether its operation is idempotent (default: what its HTTP method says) and whether a 2xx
 * answer's body is handed over unread (`stream`: an event stream, a download; `timeoutMs` then
 * bounds the wait for its headers, the caller's signal still ends the body).
 */
export async function send(
  settings: Pick<Settings, "timeoutMs" | "maxRetries" | "maxResponseBytes" | "fetch" | "logger">,
  input: Request,
  limits: Limits,
  state?: CallState,
): Promise<Response> {
  const timeoutMs = limits.timeoutMs ?? settings.timeoutMs;
  const maxRetries = limits.maxRetries ?? settings.maxRetries;
  const maxBytes = limits.maxResponseBytes ?? settings.maxResponseBytes;
  const { method } = input;
  const url = state?.url ?? input.url;
  // a call's own signal, not the one the Request follows it with (a listener per call for nothing)
  const signal = state ? state.signal : input.signal;
  const idempotent = limits.idempotent ?? RFC_IDEMPOTENT.includes(method);
  const logger = settings.logger;
  // set once an attempt may have reached the service without an answer
  let outcomeUnknown = false;
  // set once any attempt may have acted: what maybePerformed says of the call's failure
  let acted = false;

  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    let response: Response | undefined;
    let failure: ClientError | undefined;
    try {
      if (signal?.aborted) throw new UserAbortError({ cause: signal.reason, maybePerformed: acted });
      response = await attemptOnce(settings.fetch, input, state, signal ?? undefined, timeoutMs, maxBytes, limits);
    } catch (err) {
      failure = err as ClientError;
    }
    // built only when someone reads it
    logger?.debug(
      `${PACKAGE_NAME}: ${method} ${new URL(url).pathname} -> ${response?.status ?? (failure instanceof UserAbortError ? "aborted by caller" : failure!.name)} (attempt ${attempt}/${maxRetries + 1}, ${Date.now() - started} ms)`,
    );

    let outcome: Outcome;
    let delay: number | undefined;
    if (response) {
      // a retry of a delete whose first try may have worked: not found means it is gone
      if (outcomeUnknown && method === "DELETE" && response.status === 404)
        return new Response(null, { status: 204, headers: response.headers });
      // a 2xx, or a redirect, which is never followed nor sent again
      // Stryker disable next-line ConditionalExpression: a shortcut; isRetryable refuses a status below 400, and it says it may have acted itself
      if (response.status < 400) return response;
      outcome = { kind: "status", status: response.status };
      delay = retryAfterMs(response.headers);
      if (acted) afterActing.add(response);
      acted ||= mayHaveActed(response.status);
      if (delay! > MAX_RETRY_AFTER_MS) return response;
    } else if (failure instanceof ConnectionError) {
      // a timeout is a request that was out: sent, its outcome unknown
      // Stryker disable next-line StringLiteral: isRetryable tells an answer by the kind "status"; any other kind is a connection's
      outcome = { kind: "connection", sent: failure.maybePerformed };
      outcomeUnknown ||= failure.maybePerformed;
      actedBefore(failure, acted);
      acted ||= failure.maybePerformed;
    } else {
      // an abort, or an answer too large: the service would send the same answer again
      throw actedBefore(failure!, acted);
    }
    if (attempt > maxRetries || !isRetryable(idempotent, outcome)) {
      if (response) return response;
      throw failure;
    }
    // ended early by the caller's signal, whereupon the next turn ends the call
    await sleep(delay ?? backoffMs(attempt - 1), signal ?? undefined);
  }
}

/** One attempt: the request sent and its body read, all within `timeoutMs` and `maxBytes`. */
async function attemptOnce(
  fetchFn: FetchFn | undefined,
  input: Request,
  state: CallState | undefined,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  maxBytes: number,
  { stream, empty }: Limits,
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let unwatch = signal ? watch(signal, () => controller.abort()) : undefined;
  let status: number | undefined;
  try {
    const response = await dispatch(fetchFn, input, state, controller.signal);
    status = response.status;
    // a browser's redirect answer: status 0, no body, nothing to read
    if (response.type === "opaqueredirect") return response;
    if (stream && response.ok && response.body) {
      // the caller's signal keeps ending the body until it is read to its end
      const release = unwatch;
      unwatch = undefined;
      const body = response.body.pipeThrough(new TransformStream({ flush: () => release?.() }));
      return new Response(body, response);
    }
    // an empty answer the service kept empty: nothing to read
    // Stryker disable next-line ConditionalExpression: a shortcut; a 204 holds no body, which reads as nothing
    if (empty && response.ok && (response.status === 204 || response.headers.get("content-length") === "0"))
      return response;
    // reading the body inside the attempt bounds it by the timeout and turns a truncated body
    // into a connection failure, and the connection goes back to the pool at once
    return await readAll(response, maxBytes);
  } catch (err) {
    // drops the connection, whatever went wrong
    controller.abort();
    // a redirect answer to a streamed body, which the runtime did not show: status 0, as a browser's
    if (refusedRedirect(err)) return Response.error();
    // the request was out: it may have acted, unless its answer had already come and said it did not
    if (signal?.aborted)
      throw new UserAbortError({ cause: signal.reason, maybePerformed: status === undefined || mayHaveActed(status) });
    if (err instanceof ClientError) throw err;
    // the address without userinfo or query, which may hold secrets
    const { protocol, hostname, port, pathname } = new URL(state?.url ?? input.url);
    const where = `${input.method} ${protocol}//${hostname}:${port || (protocol === "https:" ? 443 : 80)}${pathname}`;
    if (timedOut)
      throw new ConnectionTimeoutError(`${where}: no answer within ${timeoutMs} ms.`, {
        cause: err,
        maybePerformed: true,
      });
    const sent = !failedBeforeSending(err);
    const code = (err as { cause?: { code?: string } } | undefined)?.cause?.code;
    throw new ConnectionError(
      `${where}: ${sent ? "the connection failed" : "could not connect"}: ${(err as Error | undefined)?.message}${code ? ` (${code})` : ""}`,
      { cause: err, maybePerformed: sent },
    );
  } finally {
    clearTimeout(timer);
    unwatch?.();
  }
}

function dispatch(
  fetchFn: FetchFn | undefined,
  input: Request,
  state: CallState | undefined,
  signal: AbortSignal,
): Promise<Response> {
  // redirect "manual" everywhere: following would send the request again, maybe elsewhere, with its headers
  if (!state) {
    // a Request a raw call or a middleware made: its body can be read once, so send a copy
    const copy = new Request(input.clone(), { signal, redirect: "manual" });
    followers.set(signal, [input, copy]);
    return fetchFn ? fetchFn(copy) : fetch(copy);
  }
  const body = (state.body ?? null) as BodyInit | null;
  const init: RequestInit = { body, signal };
  // the Request wrote its own form's boundary there; fetch writes the boundary of the form it sends
  if (body instanceof FormData) input.headers.delete("content-type");
  if (streamed(body)) {
    // "manual" makes Node's fetch (undici) keep a copy of every byte sent until the answer comes, in
    // case it follows; "error" with no window sends the body as it reads it
    // (https://github.com/nodejs/undici/issues/4058), and refusedRedirect() reads its refusal
    init.redirect = "error";
    init.window = null;
    // a stream body is sent as it is read (fetch asks this of a stream, and ignores it for a Blob or a form)
    (init as { duplex?: string }).duplex = "half";
  } else init.redirect = "manual";
  // the Request openapi-fetch built is the one sent, with the body the method built in place of its
  // stream; where the key goes in the query, the same request to the address that holds it
  let target: Request | string = input;
  if (state.url !== undefined) {
    target = state.url;
    init.method = input.method;
    init.headers = input.headers;
  }
  if (!fetchFn) return fetch(target, init);
  const request = new Request(target, init);
  followers.set(signal, [request]);
  return fetchFn(request);
}

/** Whether fetch reads `body` in pieces as it sends it: a file, a stream, or a form holding a file. */
function streamed(body: BodyInit | null): boolean {
  if (body instanceof Blob || body instanceof ReadableStream) return true;
  if (!(body instanceof FormData)) return false;
  let file = false;
  body.forEach((value) => (file ||= typeof value !== "string"));
  return file;
}

/**
 * Whether a fetch sent with `redirect: "error"` failed because the answer was a redirect, as each
 * runtime says it: undici (Node) in the cause's message, Bun in the code, Deno in the message.
 */
function refusedRedirect(err: unknown): boolean {
  const { message, code, cause } = (err ?? {}) as { message?: unknown; code?: unknown; cause?: { message?: unknown } };
  return (
    cause?.message === "unexpected redirect" ||
    code === "UnexpectedRedirect" ||
    (typeof message === "string" && message.includes("Encountered redirect while redirect mode is set to 'error'"))
  );
}
