// The package's `/testing` entry: a scripted `fetch` for unit tests of code that uses the client.
// it knows the spec's operations (the generated table), so answers are given per method name.
import { AUTH } from "../../generated/meta.js";
import { operations as table } from "../../generated/operations.js";
import type { Operation } from "../client/operation-row.js";
import type { Resources } from "../../generated/resources.js";
import { ClientError, type ApiErrorBody } from "../core/errors.js";
import { givenBaseUrl } from "../core/config.js";
import { checkOptions } from "../core/options.js";
import { operationMatcher, templateParams } from "../core/path-template.js";
import type { EventStream } from "../streams/event-stream.js";
import type { MethodAt } from "../client/method-type.js";

type Method = (...args: never[]) => Promise<unknown>;
type Names<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends Method ? `${Prefix}${K}` : Names<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The name of every method of the client, as the spec's `x-client-method`s place them: `"<group>.<method>"`. */
export type OperationName = Names<Resources>;

/** What the method `Name` resolves to (`void` for an empty answer). */
export type ResultOf<Name extends OperationName> =
  MethodAt<Resources, Name> extends (...args: never[]) => Promise<infer R> ? R : never;

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

/** A call the mock received, parsed. */
export interface RecordedCall {
  /** The method it was for, by name: `"<group>.<method>"`. */
  operation: OperationName;
  /** The HTTP method. */
  method: string;
  /** The path as sent, its parameters filled in, base address excluded. */
  path: string;
  /** The path parameters, decoded: `{ id: "t_1" }`. */
  params: Record<string, string>;
  /** The query parameters; one that carries the key shows `[redacted]`. */
  query: Record<string, string>;
  /** The body, parsed when it was JSON; `undefined` when there was none. */
  body: unknown;
  /**
   * The request headers, names lowercased; `authorization` shows the scheme only (`Bearer [redacted]`),
   * and a header that carries the key shows `[redacted]`.
   */
  headers: Record<string, string>;
}

/**
 * How one operation answers: one answer for every call; a list (one per call in turn, the last
 * repeated); a function of the call (it may throw, e.g. `new TypeError("fetch failed")` for a
 * network failure, or never settle, to meet the client's timeout); or a `Response`.
 */
export type Script<T = unknown> =
  | MockAnswer<T>
  | Response
  | readonly (MockAnswer<T> | Response)[]
  | ((call: RecordedCall) => MockAnswer<T> | Response | Promise<MockAnswer<T> | Response>);

/** The answers of `mockFetch`, by method name; an operation left out is refused with `MockFetchError`. */
export type Scripts = { [Name in OperationName]?: Script<ResultOf<Name>> };

/** Options of `mockFetch`. */
export interface MockFetchOptions {
  /** Calls kept in `calls`; one more fails with `MockFetchError` (a loop in the code under test). Default: 1000. */
  maxCalls?: number;
  /**
   * The client's base address, whose path precedes every operation's path: give it when the
   * client is made with a `baseUrl` of another path. Default: as the client's own, the base address variable (`BASE_URL_ENV`),
   * else the spec's first server.
   */
  baseUrl?: string;
}

/** The `fetch` `mockFetch` returns: pass it as `createClient({ fetch })`. */
export interface MockFetch {
  (request: Request): Promise<Response>;
  /** Every call received, in order. */
  readonly calls: readonly RecordedCall[];
  /** The calls of one operation. */
  callsTo(name: OperationName): RecordedCall[];
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
// each entry as the common shape, not its literal type
const operations: readonly Operation[] = table;

/**
 * A `fetch` that answers the client's requests from a script, with no network, and records every
 * call. Requests are matched to the spec's operations by HTTP method and path: the base address's
 * path (the client's, or `options.baseUrl`), then the whole path template. The client's own policy still runs: its input checks, retries (a `Retry-After: 0` keeps
 * a retry test fast), answer checks and errors.
 *
 * @example
 * // createClient from the package, mockFetch from its `/testing` entry
 * // keys are method names (`"<group>.<method>"`, as typed by `OperationName`); the README and
 * // examples/test-your-code.ts show this client's own
 * const fetch = mockFetch({
 *   "group.read": { body: { answer: 42 } },                       // 2xx with a JSON body
 *   "group.remove": { status: 404, body: { code: "not_found", message: "Not found" } },
 *   "group.act": [{ status: 429, headers: { "Retry-After": "0" } }, {}], // a 429, then success
 * });
 * const client = createClient({ apiKey: "test", fetch });
 * // ... run the code under test with `client`, then:
 * fetch.callsTo("group.act").length; // 2: the 429, then the retry
 */
export function mockFetch(scripts: Scripts, options: MockFetchOptions = {}): MockFetch {
  const maxCalls = options.maxCalls ?? 1000;
  const [bad] = checkOptions({ maxCalls }, ["maxCalls"]);
  if (bad) throw new MockFetchError(`${bad.path} ${bad.message}`);
  const known = new Set<string>(operations.map((op) => op.name));
  for (const name of Object.keys(scripts)) {
    if (!known.has(name))
      throw new MockFetchError(
        `mockFetch has an answer for ${JSON.stringify(name)}, which is no method of the client; the methods are ${[...known].join(", ")}`,
      );
  }
  const given = givenBaseUrl(options.baseUrl);
  if (typeof given !== "string" || !URL.canParse(given))
    throw new MockFetchError(`baseUrl must be an absolute URL (got ${JSON.stringify(given)})`);
  const base = new URL(given).pathname.replace(/\/+$/, "");
  // anchored at both ends: a literal segment wins over a parameter (/things/stats before /things/{id})
  const find = operationMatcher(operations, base);
  const calls: RecordedCall[] = [];
  const seen = new Map<string, number>();

  const mock = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const found = find(request.method, url.pathname);
    if (!found)
      throw new MockFetchError(
        `mockFetch: no operation of the spec is ${request.method} ${url.pathname}${url.pathname.startsWith(`${base}/`) ? "" : ` (it does not start with the base path ${base}; pass mockFetch(scripts, { baseUrl }) for a client with another)`}`,
      );
    const op = found.operation;
    if (calls.length >= maxCalls)
      throw new MockFetchError(
        `mockFetch received more than maxCalls, ${maxCalls} calls; pass mockFetch(scripts, { maxCalls }) to allow more`,
      );
    const call = await record(op, found.params, url.pathname.slice(base.length), url, request);
    calls.push(call);
    const n = seen.get(op.name) ?? 0;
    seen.set(op.name, n + 1);

    const script = (scripts as Record<string, Script | undefined>)[op.name];
    if (script === undefined)
      throw new MockFetchError(
        `mockFetch has no answer for ${op.name} (${op.method} ${call.path}); add ${JSON.stringify(op.name)}: {} or an answer of your own`,
      );
    const next =
      typeof script === "function"
        ? script(call)
        : Array.isArray(script)
          ? script[Math.min(n, script.length - 1)]
          : script;
    const answer = await settle(
      next as MockAnswer | Response | Promise<MockAnswer | Response> | undefined,
      request.signal,
    );
    if (answer instanceof Response) return answer.clone();
    if (answer === undefined || typeof answer !== "object")
      throw new MockFetchError(
        `mockFetch: the answer for ${op.name} must be an object, a list or a function (got ${answer === undefined ? "an empty list" : typeof answer})`,
      );
    return respond(op, answer);
  };
  return Object.assign(mock, {
    calls,
    callsTo: (name: OperationName) => calls.filter((c) => c.operation === name),
  });
}

/** The answer, or a rejection like fetch's as soon as the client aborts the attempt (its timeout, the caller's signal). */
function settle<T>(answer: T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(answer)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });
}

async function record(
  op: Operation,
  sent: Record<string, string>,
  path: string,
  url: URL,
  request: Request,
): Promise<RecordedCall> {
  const params: Record<string, string> = {};
  (op.params ?? templateParams(op.path)).forEach((name) => {
    const value = sent[name] ?? "";
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  });
  // the key stays out of test output and snapshots
  const auth = op.security ?? AUTH;
  const keyHeader = auth.kind === "header" ? auth.name.toLowerCase() : undefined;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] =
      name === keyHeader ? "[redacted]" : name === "authorization" ? `${value.split(" ")[0]} [redacted]` : value;
  });
  const text = request.body ? await request.text() : "";
  let body: unknown = text || undefined;
  if (text && /json/i.test(headers["content-type"] ?? "")) {
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: the test sees what was sent
    }
  }
  const query: Record<string, string> = {};
  url.searchParams.forEach(
    (value, name) => (query[name] = auth.kind === "query" && name === auth.name ? "[redacted]" : value),
  );
  return { operation: op.name as OperationName, method: request.method, path, params, query, body, headers };
}

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

function respond(op: Operation, answer: MockAnswer): Response {
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
  return new Response(body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers,
  });
}
