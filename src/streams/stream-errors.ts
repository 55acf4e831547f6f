import { ClientError, ConnectionTimeoutError } from "../core/errors.js";

/**
 * A line or an event of an event stream was longer than `maxEventSize` (default 1 MiB of text):
 * the client stopped reading and dropped the connection, so memory stays bounded. Not resumed.
 *
 * @example
 * const events = await client.group.follow(id, { maxEventSize: 8 * 1024 * 1024 }); // allow 8 MiB events
 */
export class EventTooLargeError extends ClientError {
  override name = "EventTooLargeError";
  /** The limit that was passed, in characters of decoded text. */
  readonly limit: number;
  constructor(limit: number) {
    super(
      `An event stream sent a line or an event longer than maxEventSize, ${limit} characters; the connection was dropped. Pass a larger maxEventSize to the call to accept it.`,
      { maybePerformed: true },
    );
    this.limit = limit;
  }
}

/**
 * An event stream sent nothing, not even a heartbeat, for longer than `idleTimeoutMs` (default
 * 120 000): the client dropped the connection. A `ConnectionTimeoutError`, so code that handles
 * timeouts handles it too.
 *
 * @example
 * const events = await client.group.follow(id, { idleTimeoutMs: 30_000 });
 */
export class StreamIdleError extends ConnectionTimeoutError {
  override name = "StreamIdleError";
  /** The limit that was passed, in milliseconds. */
  readonly idleTimeoutMs: number;
  constructor(where: string, idleTimeoutMs: number) {
    super(
      `${where}: the event stream was silent for longer than idleTimeoutMs, ${idleTimeoutMs} ms; the connection was dropped.`,
      { maybePerformed: true },
    );
    this.idleTimeoutMs = idleTimeoutMs;
  }
}

/** One event as it came off the wire, before its `data` was read as JSON. */
export interface RawEvent {
  /** The `id:` field, when the event had one. */
  id: string | undefined;
  /** The `event:` field, when the event had one. */
  type: string | undefined;
  /** The `data:` lines, joined by line breaks. */
  data: string;
}

/**
 * An event's `data` was not JSON, or not what the spec promises for the stream. It carries the
 * event as received (`event`) and every problem found (`issues`), so nothing that arrived is lost.
 */
export class StreamEventError extends ClientError {
  override name = "StreamEventError";
  /** The event as received. */
  readonly event: RawEvent;
  /** What is wrong with it: `{ path, message }`, paths starting at `data`. */
  readonly issues: { path: string; message: string }[];
  constructor(message: string, event: RawEvent, issues: { path: string; message: string }[]) {
    // the stream was answered: the service has acted on its request
    super(message, { maybePerformed: true });
    this.event = event;
    this.issues = issues;
  }
}
