import { PACKAGE_NAME } from "../../generated/identity.js";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { apiErrorFrom } from "../core/error-answer.js";
import { ApiError, ConnectionError, UserAbortError } from "../core/errors.js";
import { EventBounds } from "./event-bounds.js";
import { eventReader, type StreamEvent, type StreamOperation } from "./event-check.js";
import { eventIterator } from "./event-iterator.js";
import type { Logger } from "../core/config.js";
import type { RequestOptions } from "../core/request-options.js";
import { backoffMs, MAX_RETRY_AFTER_MS } from "../core/retry.js";
import { sleep } from "../core/abort.js";
import { readChunk, streamEnd, streamOptions, type StreamBounds, type StreamReader } from "./stream-read.js";

export { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_EVENT_SIZE, DEFAULT_MAX_RECONNECTS } from "./stream-read.js";

/** Options of a method that answers an event stream: the per-call options, and the stream's own. */
export interface StreamOptions extends RequestOptions, StreamBounds {
  /**
   * Attempts in a row to re-open a dropped stream (a GET, or `x-idempotent: true`) before it fails;
   * the count starts again once an event arrives. 0 never re-opens. Default: 5.
   */
  maxReconnects?: number;
  /** Resume a stream from here: sent as `Last-Event-ID` with the first request. Default: none. */
  lastEventId?: string;
}

/**
 * An open event stream: iterate it with `for await`; breaking out of the loop, `close()` or the
 * call's `signal` ends the request and drops the connection. It can be iterated once. `T` is the type
 * of an event's data; `E` of the event itself, where an OpenAPI 3.2 `itemSchema` types each kind's
 * name and data together (`NamedEvent`).
 *
 * @example
 * const events = await client.group.follow(id, { signal });
 * for await (const event of events) {
 *   console.log(event.id, event.data);
 *   if (done(event)) break; // the connection is dropped here
 * }
 */
export interface EventStream<T, E = StreamEvent<T>> extends AsyncIterable<E> {
  /** The answer of the connection open now (its status, headers); its body is the stream's to read. */
  readonly response: Response;
  /** The `id` of the last event that had one: where a re-opened stream resumes. */
  readonly lastEventId: string | undefined;
  /** How many times the stream was re-opened after a dropped connection. */
  readonly reconnects: number;
  /** Ends the stream: the connection is dropped, and a loop over it ends without error. */
  close(): void;
}

type OpenEvents = StreamReader<StreamOperation, StreamOptions, EventStream<unknown>>;

/**
 * Opens an event stream with `open` (the operation's request, through the client's transport),
 * and returns it once the first answer's headers arrived: a non-2xx rejects like any call. Each
 * event's data is read and checked by `eventReader`; lines and events are bounded by
 * `maxEventSize`, silence by `idleTimeoutMs`. A dropped connection of an idempotent operation is
 * re-opened with `Last-Event-ID` after the server's `retry:` (at most 60 s) or the client's
 * backoff, up to `maxReconnects` attempts in a row, each a single request; a 4xx (or 3xx) answer
 * to a re-open ends the stream with its `ApiError`.
 */
export const openEventStream: OpenEvents = async (op, open, options, policy = {}) => {
  const { maxEventSize, idleTimeoutMs, maxReconnects, lastEventId, request } = streamOptions(options);
  const state = { lastEventId, reconnects: 0, closed: false, stopped: false };
  // the caller's signal ends the open connection and the wait between two
  const { stop, release, close: end } = streamEnd(request.signal, state);
  // an error answer is JSON: asking for the stream alone, a mock may answer the stream instead
  const connect = (id: string | undefined, maxRetries?: number) =>
    open({
      ...request,
      signal: stop.signal,
      ...(maxRetries === undefined ? {} : { maxRetries }),
      headers: {
        Accept: "text/event-stream, application/json;q=0.9",
        ...request.headers,
        // Stryker disable next-line ConditionalExpression: a header given as undefined is sent as none (openapi-fetch leaves it out)
        ...(id === undefined ? {} : { "Last-Event-ID": id }),
      },
    });

  let response: Response;
  try {
    response = await connect(lastEventId);
  } catch (err) {
    release();
    throw err;
  }
  const feed: Feed = {
    op,
    where: `${op.method} ${op.path}`,
    state,
    stop,
    release,
    connect,
    response,
    limits: { maxEventSize, idleTimeoutMs, maxReconnects },
    logger: policy.logger,
  };
  const read = eventReader(op, policy, () => feed.response);
  // read for every event handed out: a field, where the signal's getter checks its receiver each time
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal fires once; `once` only lets the listener go sooner
  stop.signal.addEventListener("abort", () => (state.stopped = true), { once: true });

  const close = () => end(feed.response);
  let iterator: AsyncIterableIterator<StreamEvent<unknown>> | undefined;
  return {
    get response() {
      return feed.response;
    },
    get lastEventId() {
      return state.lastEventId;
    },
    get reconnects() {
      return state.reconnects;
    },
    close,
    [Symbol.asyncIterator]() {
      return (iterator ??= eventIterator(batches(feed), read, state, close));
    },
  };
};

/** One event stream's connection as its reads and re-opens share it: the answer open now among them. */
interface Feed {
  readonly op: StreamOperation;
  /** The operation as messages name it: `GET /path`. */
  readonly where: string;
  readonly state: { lastEventId: string | undefined; reconnects: number; closed: boolean };
  /** Ends the connection open now and the wait for the next. */
  readonly stop: AbortController;
  readonly release: () => void;
  /** Sends the stream's request again, with `Last-Event-ID` where an event had an id. */
  readonly connect: (id: string | undefined, maxRetries?: number) => Promise<Response>;
  response: Response;
  readonly limits: { maxEventSize: number; idleTimeoutMs: number; maxReconnects: number };
  readonly logger: Logger | undefined;
}

/**
 * The connection's work, a chunk at a time: each chunk read, bounded and parsed yields the events it
 * completed as one batch (the same array each time, emptied when the next chunk is asked for); a
 * dropped connection is re-opened (`reopen`) where the operation may be sent twice.
 */
async function* batches(feed: Feed): AsyncGenerator<EventSourceMessage[]> {
  const { state, stop, where } = feed;
  const inARow = { count: 0 };
  let retryMs: number | undefined;
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event), onRetry: (ms) => (retryMs = ms) });
  try {
    for (;;) {
      let dropped: ConnectionError;
      const reader = feed.response.body?.getReader();
      // a stream not read through the transport (readEventStream) ends on stop too
      const cancel = () => void reader?.cancel().catch(() => {});
      stop.signal.addEventListener("abort", cancel);
      const decoder = new TextDecoder();
      const bounds = new EventBounds(feed.limits.maxEventSize);
      parser.reset();
      try {
        for (;;) {
          const chunk = await readChunk(reader, feed.limits.idleTimeoutMs, where);
          if (stop.signal.aborted) throw stop.signal.reason;
          // the server ended the stream: an event without its blank line is dropped, as EventSource does
          if (chunk.done) return;
          const text = decoder.decode(chunk.value, { stream: true });
          bounds.scan(text);
          parser.feed(text);
          if (queue.length) {
            inARow.count = 0;
            yield queue;
            queue.length = 0;
          }
        }
      } catch (err) {
        if (state.closed) return;
        if (stop.signal.aborted) throw new UserAbortError({ cause: stop.signal.reason });
        // a read that failed is a dropped connection; anything else (a limit) ends the stream
        if (!(err instanceof TypeError)) throw err;
        dropped = new ConnectionError(`${where}: the event stream was dropped: ${err.message}`, {
          cause: err,
          maybePerformed: true,
        });
      } finally {
        queue.length = 0;
        stop.signal.removeEventListener("abort", cancel);
        cancel();
      }
      await reopen(feed, dropped, inARow, retryMs);
    }
  } finally {
    stop.abort();
    feed.release();
  }
}

/**
 * Re-opens a dropped stream of an operation that may be sent twice, after the server's `retry:` (at
 * most 60 s) or the client's backoff, each attempt a single request, up to `maxReconnects` in a row
 * (`inARow`, which an event sets back to 0); throws what dropped it (or the last attempt's failure)
 * when it may not, a 4xx (or a redirect) to a re-open, or the caller's abort.
 */
async function reopen(
  feed: Feed,
  dropped: ConnectionError,
  inARow: { count: number },
  retryMs: number | undefined,
): Promise<void> {
  const { state, stop, limits } = feed;
  // only an operation that may be sent twice is sent again
  if (!feed.op.idempotent) throw dropped;
  for (;;) {
    if (inARow.count >= limits.maxReconnects) throw dropped;
    const attempt = ++inARow.count;
    state.reconnects++;
    const wait = retryMs === undefined ? backoffMs(attempt - 1) : Math.min(retryMs, MAX_RETRY_AFTER_MS);
    feed.logger?.debug(
      `${PACKAGE_NAME}: ${feed.where}: event stream dropped; re-opening in ${Math.round(wait)} ms (attempt ${attempt}/${limits.maxReconnects}${state.lastEventId === undefined ? "" : ", with Last-Event-ID"})`,
    );
    await sleep(wait, stop.signal);
    // Stryker disable next-line ConditionalExpression: a shortcut; the transport refuses an aborted signal with the same UserAbortError, sending nothing
    if (stop.signal.aborted) throw new UserAbortError({ cause: stop.signal.reason });
    try {
      feed.response = await feed.connect(state.lastEventId, 0);
      return;
    } catch (err) {
      // a 4xx (or a redirect) says the stream is gone or not ours: never resumed
      if (!(err instanceof ConnectionError || (err instanceof ApiError && err.status >= 500))) throw err;
      dropped = err as ConnectionError;
    }
  }
}

/**
 * Reads an event stream you already hold (from `client.raw`, or an operation that resolves to its
 * `Response`) as `openEventStream` reads one: each event's `data` read as JSON (unchecked: no
 * schema is known here, so `T` is your word), lines and events bounded by `maxEventSize`, silence
 * by `idleTimeoutMs`. There is no request to send again, so a dropped connection ends it with
 * `ConnectionError`. A non-2xx answer throws its `ApiError`.
 *
 * @example
 * const { response } = await client.raw.GET("/some/events", { parseAs: "stream" });
 * for await (const event of await readEventStream<MyEvent>(response, { idleTimeoutMs: 30_000 })) console.log(event.data);
 */
export async function readEventStream<T = unknown>(
  response: Response,
  options?: Pick<StreamOptions, "maxEventSize" | "idleTimeoutMs" | "signal">,
): Promise<EventStream<T>> {
  if (!response.ok) throw apiErrorFrom(response, undefined);
  const where = URL.canParse(response.url) ? new URL(response.url).pathname : "(a Response)";
  // Stryker disable next-line StringLiteral: only a drift report reads the name, and a stream without an event schema has none
  const op: StreamOperation = { name: "readEventStream", method: "GET", path: where, idempotent: false };
  return openEventStream(op, async () => response, options) as Promise<EventStream<T>>;
}
