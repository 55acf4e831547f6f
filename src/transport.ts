import { readAll } from "./buffered-response.js";
import { BrowserCloudError, ConnectionError, ConnectionTimeoutError, retryAfterMs, UserAbortError } from "./errors.js";
import { backoffMs, failedBeforeSending, IDEMPOTENT_METHODS, isRetryable, MAX_RETRY_AFTER_MS, type Outcome } from "./retry.js";

/** A console-like sink for one line per attempt; `console` works. */
export interface Logger {
  debug(line: string): void;
}

/** What openapi-fetch's `fetch` option is called with when the caller supplies it. */
export type FetchFn = (request: Request) => Promise<Response>;

/** Limits of one call; each falls back to the client's. */
export interface CallLimits {
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  maxResponseBytes?: number | undefined;
  /** Whether the operation may be sent twice with the effect of once. Default: what its HTTP method says. */
  idempotent?: boolean | undefined;
  /**
   * Hand a 2xx answer's body over unread (an event stream, a download): `timeoutMs` then bounds the
   * wait for its headers, the caller's signal still ends the body, and reading it is the caller's.
   */
  stream?: boolean | undefined;
}

/** The client-wide settings of the transport. */
export interface TransportSettings {
  timeoutMs: number;
  maxRetries: number;
  maxResponseBytes: number;
  fetch?: FetchFn | undefined;
  logger?: Logger | undefined;
}

/**
 * The request openapi-fetch builds, kept as URL and init rather than a `Request`: it can be sent
 * again after a failure, and `fetch(url, init)` with a string body skips the stream copy that
 * `fetch(request)` makes. Passed to openapi-fetch as its `Request` class.
 */
export class PreparedRequest {
  // openapi-fetch accepts a middleware's result only if it is `instanceof` this class: let a real Request pass
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Request || PreparedRequest.prototype.isPrototypeOf(value as object);
  }
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null | undefined;
  readonly signal: AbortSignal | null | undefined;
  readonly init: RequestInit;
  constructor(url: string, init: RequestInit) {
    this.url = url;
    this.init = init;
    this.method = (init.method ?? "GET").toUpperCase();
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal;
  }
}

/**
 * Sends a request with the client's policy: each attempt bounded by `timeoutMs`, its answer by
 * `maxResponseBytes`, retried as `isRetryable` allows with backoff or the advised wait, the caller's
 * signal honoured at once. Redirects are never followed: a 3xx comes back as the answer. Resolves
 * to the last answer, body read in full; rejects with `ConnectionError`, `ConnectionTimeoutError`,
 * `ResponseTooLargeError` or `UserAbortError`.
 */
export async function send(settings: TransportSettings, input: PreparedRequest | Request, limits?: CallLimits): Promise<Response> {
  const timeoutMs = limits?.timeoutMs ?? settings.timeoutMs;
  const maxRetries = limits?.maxRetries ?? settings.maxRetries;
  const maxBytes = limits?.maxResponseBytes ?? settings.maxResponseBytes;
  const { method, signal, url } = input;
  const idempotent = limits?.idempotent ?? IDEMPOTENT_METHODS.has(method);
  const logger = settings.logger;
  // set once an attempt may have reached the service without an answer
  let outcomeUnknown = false;

  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    let response: Response | undefined;
    let failure: BrowserCloudError | undefined;
    try {
      if (signal?.aborted) throw new UserAbortError({ cause: signal.reason });
      response = await attemptOnce(settings.fetch, input, signal ?? undefined, timeoutMs, maxBytes, limits?.stream);
    } catch (err) {
      failure = err as BrowserCloudError;
    }
    // built only when someone reads it
    logger?.debug(`browser-cloud-client: ${method} ${new URL(url).pathname} -> ${response?.status ?? (failure instanceof UserAbortError ? "aborted by caller" : failure?.name)} (attempt ${attempt}/${maxRetries + 1}, ${Date.now() - started} ms)`);

    let outcome: Outcome;
    let delay: number | undefined;
    if (response) {
      // a retry of a delete whose first try may have worked: not found means it is gone
      if (outcomeUnknown && method === "DELETE" && response.status === 404) return new Response(null, { status: 204, headers: response.headers });
      // a 2xx, or a redirect, which is never followed nor sent again
      if (response.status < 400) return response;
      outcome = { kind: "status", status: response.status };
      delay = retryAfterMs(response.headers);
      if (delay! > MAX_RETRY_AFTER_MS) return response;
    } else if (failure instanceof ConnectionError) {
      outcome = failure instanceof ConnectionTimeoutError ? { kind: "timeout" } : { kind: "connection", sent: failure.maybePerformed };
      outcomeUnknown ||= failure.maybePerformed;
    } else {
      // an abort, or an answer too large: the service would send the same answer again
      throw failure;
    }
    if (attempt > maxRetries || !isRetryable(idempotent, outcome)) {
      if (response) return response;
      throw failure;
    }
    await sleep(delay ?? backoffMs(attempt - 1), signal ?? undefined);
  }
}

/** One attempt: the request sent and its body read, all within `timeoutMs` and `maxBytes`. */
async function attemptOnce(fetchFn: FetchFn | undefined, input: PreparedRequest | Request, signal: AbortSignal | undefined, timeoutMs: number, maxBytes: number, stream = false): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let unwatch = signal ? watch(signal, () => controller.abort()) : undefined;
  try {
    const response = await dispatch(fetchFn, input, controller.signal);
    // a browser's redirect answer: status 0, no body, nothing to read
    if (response.type === "opaqueredirect") return response;
    if (stream && response.ok && response.body) {
      // the caller's signal keeps ending the body until it is read to its end
      const release = unwatch;
      unwatch = undefined;
      const body = response.body.pipeThrough(new TransformStream({ flush: () => release?.() }));
      return new Response(body, response);
    }
    // reading the body inside the attempt bounds it by the timeout and turns a truncated body
    // into a connection failure, and the connection goes back to the pool at once
    return await readAll(response, maxBytes);
  } catch (err) {
    // drops the connection, whatever went wrong
    controller.abort();
    if (signal?.aborted) throw new UserAbortError({ cause: signal.reason });
    if (err instanceof BrowserCloudError) throw err;
    // the address without userinfo or query, which may hold secrets
    const { protocol, hostname, port, pathname } = new URL(input.url);
    const where = `${input.method} ${protocol}//${hostname}:${port || (protocol === "https:" ? 443 : 80)}${pathname}`;
    if (timedOut) throw new ConnectionTimeoutError(`${where}: no answer within ${timeoutMs} ms.`, { cause: err, maybePerformed: true });
    const sent = !failedBeforeSending(err);
    const code = (err as { cause?: { code?: string } } | undefined)?.cause?.code;
    throw new ConnectionError(`${where}: ${sent ? "the connection failed" : "could not connect"}: ${(err as Error | undefined)?.message}${code ? ` (${code})` : ""}`, { cause: err, maybePerformed: sent });
  } finally {
    clearTimeout(timer);
    unwatch?.();
  }
}

function dispatch(fetchFn: FetchFn | undefined, input: PreparedRequest | Request, signal: AbortSignal): Promise<Response> {
  // redirect "manual" everywhere: following would send the request again, maybe elsewhere, with its headers
  if (input instanceof Request) {
    // a Request made by a middleware of the raw client: its body can be read once, so send a copy
    const copy = new Request(input.clone(), { signal, redirect: "manual" });
    return fetchFn ? fetchFn(copy) : fetch(copy);
  }
  const init: RequestInit = { ...input.init, method: input.method, headers: input.headers, body: input.body ?? null, signal, redirect: "manual" };
  return fetchFn ? fetchFn(new Request(input.url, init)) : fetch(input.url, init);
}

// calls sharing a signal are told through one listener on it: node warns past ten
class Watchers extends Set<() => void> {
  handleEvent(): void {
    for (const onAbort of this) onAbort();
  }
}
const watched = new WeakMap<AbortSignal, Watchers>();

/** Runs `onAbort` when `signal` fires; the function returned stops watching and leaves no listener behind. */
function watch(signal: AbortSignal, onAbort: () => void): () => void {
  let watchers = watched.get(signal);
  if (!watchers) {
    watched.set(signal, (watchers = new Watchers()));
    signal.addEventListener("abort", watchers);
  }
  watchers.add(onAbort);
  return () => {
    watchers.delete(onAbort);
    if (!watchers.size) {
      signal.removeEventListener("abort", watchers);
      watched.delete(signal);
    }
  };
}

/** Waits `ms`, or rejects with `UserAbortError` as soon as `signal` fires; leaves no timer or listener behind. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UserAbortError({ cause: signal.reason }));
    const timer = setTimeout(() => {
      unwatch?.();
      resolve();
    }, ms);
    const unwatch =
      signal &&
      watch(signal, () => {
        clearTimeout(timer);
        unwatch!();
        reject(new UserAbortError({ cause: signal.reason }));
      });
  });
}
