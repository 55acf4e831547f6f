// What every stream reader of the client shares, whatever the stream's framing (server-sent events,
// src/streams/event-stream.ts; JSON Lines and JSON text sequences, src/streams/item-stream.ts): the
// options that bound it, their defaults and their check, and one read of the body within the idle time.
import { ValidationError } from "../core/errors.js";
import { checkOptions } from "../core/options.js";
import type { AnswerPolicy } from "../core/config.js";
import type { RequestOptions } from "../core/request-options.js";
import { mustBe } from "../core/values.js";
import { StreamIdleError } from "./stream-errors.js";

/** Default `maxEventSize`: 1 MiB (1 048 576 characters) for one line, and for one event's (or item's) lines together. */
/**
 * A stream's reader, as a method calls it (src/client/method.ts): `op`'s row, `open` to send the
 * call's request (again, for a re-open) with the reader's own options, the call's options, and how
 * to treat what drifts from the spec.
 */
export type StreamReader<Op, Options, Stream> = (
  op: Op,
  open: (options: RequestOptions) => Promise<Response>,
  options: Options | undefined,
  policy?: AnswerPolicy,
) => Promise<Stream>;

export const DEFAULT_MAX_EVENT_SIZE = 1024 * 1024;
/** Default `idleTimeoutMs`: 120 000 ms of silence (no event, no heartbeat, no comment) ends a stream. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
/** Default `maxReconnects`: 5 attempts in a row to re-open a dropped stream. */
export const DEFAULT_MAX_RECONNECTS = 5;

/** The bounds every stream takes beside the call's options. */
export interface StreamBounds {
  /**
   * Longest line, and longest event or item (its lines together), in characters of decoded text; a
   * longer one ends the stream with `EventTooLargeError` and drops the connection. Default: 1 MiB (1 048 576).
   */
  maxEventSize?: number;
  /**
   * Longest silence, in milliseconds: a stream that sends nothing for longer (a heartbeat counts)
   * ends with `StreamIdleError`. At most 2 147 483 647. Default: 120 000.
   */
  idleTimeoutMs?: number;
}

/** A stream's own options, as `checkOptions` checks them. */
const STREAM_OPTIONS = ["maxEventSize", "idleTimeoutMs", "maxReconnects", "lastEventId"];

/** The stream's own options (and a resumable one's), checked, with their defaults; the rest is the call's. Throws `ValidationError` listing every problem. */
export function streamOptions(
  options: (RequestOptions & StreamBounds & { maxReconnects?: number; lastEventId?: string }) | undefined,
) {
  if (options != null && typeof options !== "object")
    throw new ValidationError([{ path: "options", message: mustBe("an object", options) }]);
  const {
    maxEventSize = DEFAULT_MAX_EVENT_SIZE,
    idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS,
    maxReconnects = DEFAULT_MAX_RECONNECTS,
    lastEventId,
    ...request
  } = options ?? {};
  const issues = checkOptions(options ?? {}, STREAM_OPTIONS, "options.");
  if (issues.length) throw new ValidationError(issues);
  return { maxEventSize, idleTimeoutMs, maxReconnects, lastEventId, request: request as RequestOptions };
}

/**
 * A stream's own end: `stop`, an abort that follows the caller's `signal` while the stream lives
 * (`release()` stops following it), and `close(response)`, which ends the stream quietly: it is
 * marked closed, aborted and released, and its body cancelled (a body a reader took refuses the
 * cancel, and the reader's own cancel drops it).
 */
export function streamEnd(signal: AbortSignal | undefined, state: { closed: boolean }) {
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal!.reason);
  // a signal fires once, and release() removes the listener: `once` only lets it go sooner
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: see above
  signal?.addEventListener("abort", onAbort, { once: true });
  const release = () => signal?.removeEventListener("abort", onAbort);
  const close = (response: Response) => {
    state.closed = true;
    stop.abort();
    release();
    response.body?.cancel().catch(() => {});
  };
  return { stop, release, close };
}

/**
 * The next chunk of a stream's body, or its end; a body that sends nothing for `idleTimeoutMs` is
 * cancelled and the read throws `StreamIdleError` (naming `where`). A stream without a body ends at once.
 *
 * @example
 * const chunk = await readChunk(response.body?.getReader(), 30_000, "GET /things/stream");
 */
export async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array> | undefined,
  idleTimeoutMs: number,
  where: string,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  if (!reader) return { done: true, value: undefined };
  let idle = false;
  const timer = setTimeout(() => {
    idle = true;
    reader.cancel().catch(() => {});
  }, idleTimeoutMs);
  let chunk: ReadableStreamReadResult<Uint8Array>;
  try {
    chunk = await reader.read();
  } finally {
    clearTimeout(timer);
  }
  if (idle) throw new StreamIdleError(where, idleTimeoutMs);
  return chunk;
}
