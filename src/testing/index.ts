// The package's `/testing` entry: a scripted `fetch` for unit tests of code that uses the client.
// It knows the spec's operations (the generated table), so answers are given per method name; what it
// records of a call is ./calls.ts's, the answers it sends ./answers.ts's.
import { operations as table } from "../../generated/operations.js";
import type { Operation } from "../client/operation-row.js";
import { givenBaseUrl } from "../core/config.js";
import { checkOptions } from "../core/options.js";
import { operationMatcher } from "../core/path-template.js";
import { type MockAnswer, MockFetchError, respond } from "./answers.js";
import { type OperationName, type RecordedCall, type ResultOf, record } from "./calls.js";

export { eventStreamResponse, MockFetchError, type EventDataOf, type MockAnswer, type MockEvent } from "./answers.js";
export type { OperationName, RecordedCall, ResultOf } from "./calls.js";

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
    // Stryker disable next-line ConditionalExpression: `typeof undefined` is no object either; the first test names it in the message
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
    // a signal fires once, and the listener goes once the answer settles: `once` only lets it go sooner
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: see above
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(answer)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });
}
