// The answers mockFetch sends: a scripted answer as the Response a server would send (JSON, text, no
// body), an event stream of scripted events, and the error a wrong script gets.
import type { Operation } from "../client/operation-row.js";
import { ClientError, type ApiErrorBody } from "../core/errors.js";
import type { EventStream } from "../streams/event-stream.js";

/** One scripted event of a stream: its `data` (sent as JSON), and its `id` and `event` fields when given. */
export interface MockEvent<D = unknown> {
  data: D;
  id?: string;
  event?: string;
}

/** The type of one event's data of a method that answers an event stream. */
export type EventDataOf<T> = T extends EventStream<infer D> ? D : unknown;

/**
 * One scripted answer. Every field is optional: `{}` answers the operation's success status with
 * no body.
 */
export interface MockAnswer<T = unknown> {
  /** For an event stream: the events sent, in order, as `text/event-stream`. */
  events?: MockEvent<EventDataOf<T>>[];
  /** For an event stream: a `retry:` field sent first, in milliseconds. */
  retryMs?: number;
  /** For an event stream: drop the connection after the events instead of ending the stream, so the client re-opens it. */
  drop?: boolean;
  /** Default: the operation's success status, the first 2xx the spec declares for it. */
  status?: number;
  /** Sent as JSON, or as given when a string; none when left out. A 2xx body is what the method resolves to. */
  body?: T | ApiErrorBody | string;
  /** Answer headers, e.g. `{ "Retry-After": "0" }`. */
  headers?: Record<string, string>;
}

/**
 * The mock was asked for something it has no answer for (an operation left out of the script, a
 * path that is no operation of the spec), was scripted wrongly, or received more than `maxCalls`.
 * The client passes it through as it is and does not retry it.
 */
export class MockFetchError extends ClientError {
  override name = "MockFetchError";
}

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A `text/event-stream` answer of `events`, as a server sends it: a `retry:` field first when
 * `retryMs` is given, then each event with its `id` and `event` fields and its `data` as JSON. With
 * `drop`, the body fails after the events as a dropped connection does (a `TypeError`), and the
 * client re-opens the stream with `Last-Event-ID`. `mockFetch` sends it for an answer with `events`.
 *
 * @example
 * const fetch = async () => eventStreamResponse([{ id: "1", data: { event: "log", message: "hi" } }], { drop: true });
 */
export function eventStreamResponse(
  events: readonly MockEvent[],
  options: {
    retryMs?: number | undefined;
    drop?: boolean | undefined;
    status?: number | undefined;
    headers?: Record<string, string> | undefined;
  } = {},
): Response {
  const text =
    (options.retryMs === undefined ? "" : `retry: ${options.retryMs}\n\n`) +
    events
      .map(
        (e) =>
          `${e.id === undefined ? "" : `id: ${e.id}\n`}${e.event === undefined ? "" : `event: ${e.event}\n`}data: ${JSON.stringify(e.data)}\n\n`,
      )
      .join("");
  const bytes = new TextEncoder().encode(text);
  let sent = false;
  // pulled, not started: an error raised at start would discard the events queued before it
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent && bytes.byteLength) {
        sent = true;
        return controller.enqueue(bytes);
      }
      if (options.drop) controller.error(new TypeError("terminated: the scripted connection was dropped"));
      else controller.close();
    },
  });
  const headers = new Headers(options.headers);
  headers.set("content-type", "text/event-stream");
  return new Response(body, { status: options.status ?? 200, headers });
}

/** The Response a scripted answer of `op` stands for: checked to be one a server could send. */
export function respond(op: Operation, answer: MockAnswer): Response {
  const status = answer.status ?? op.status;
  if (answer.events !== undefined) return eventStreamResponse(answer.events, { ...answer, status });
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new MockFetchError(
      `mockFetch: the answer for ${op.name} has status ${String(status)}; a status is a whole number from 200 to 599`,
    );
  const { body } = answer;
  if (body !== undefined && NO_BODY.has(status))
    throw new MockFetchError(
      `mockFetch: the answer for ${op.name} has status ${status} and a body; a ${status} answer has none`,
    );
  const headers = new Headers(answer.headers);
  if (body !== undefined && typeof body !== "string" && !headers.has("content-type"))
    headers.set("content-type", "application/json");
  // JSON.stringify(undefined) is undefined: no body
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers,
  });
}
