import type { Client } from "openapi-fetch";
import type { Operation, Readers } from "./operation-row.js";
import type { StreamOptions } from "../streams/event-stream.js";
import type { ItemStreamOptions } from "../streams/item-stream.js";
import { checkAnswer } from "../checks/answer-check.js";
import type { AnswerPolicy } from "../core/config.js";
import type { RequestOptions } from "../core/request-options.js";
import type { MethodOf } from "./method-type.js";
import { answerOf, unreadable, type Answer, type FetchResult } from "./response.js";
import { splitOptions } from "../core/request-options.js";
import type { CallState, Limits } from "../core/transport.js";
import { defaultPathSerializer } from "openapi-fetch";
import { pathVariant, templateParams, templatePieces } from "../core/path-template.js";
import { IDEMPOTENT_METHODS } from "../core/policy.js";
import type { FetchedPage, PageFetcher, PageOptions, PagePromise, Pagination } from "../lists/pages.js";
import { need } from "./request-body.js";
import { preparer, type Filled, type Override, type Prepared } from "./call-inputs.js";

export type { Readers };

/**
 * What the methods of one client share (src/client/client.ts makes it): the client's one openapi-fetch
 * client, the `fetch` of one call, and the readers only some operations need, where the generated
 * table brings none of its own.
 */
export interface Connection {
  /** The client's openapi-fetch client, for any document's paths: every call goes through its `request`. */
  readonly raw: Client<AnyPaths>;
  /**
   * The `fetch` openapi-fetch calls for one call of `op`: the client's key put on, then the
   * transport within `limits`; the answer is kept in `state.answer`.
   */
  fetchFor(op: Operation, limits: Limits, state: CallState): (request: Request) => Promise<Response>;
  readonly readers: Readers;
  /** The headers the client sends with every request, by name in lower case: a required header parameter among them need not be passed per call. */
  readonly sends?: ReadonlySet<string>;
}

/** An operation of any document, as openapi-fetch reads one: inputs of any shape. */
type AnyOperation = {
  parameters: { path?: Record<string, unknown>; query?: unknown };
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
/** The paths of any document, every method of each. */
export type AnyPaths = Record<string, Record<RawMethod, AnyOperation>>;
/** The methods openapi-fetch types (QUERY, which it sends as it is given, goes as one of them). */
type RawMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

// the body openapi-fetch is given is the one to send
const asIs = <B>(body: B): B => body;

// how openapi-fetch reads each kind of answer: "stream" leaves the body to the caller
const PARSE_AS = { json: "json", empty: "text", other: "stream", stream: "stream", sequence: "stream" } as const;

/**
 * Turns one entry of the generated table into a method: `(...pathParams, bodyOrQuery?, options?)`.
 * Path parameters are checked (`checkId`, then their schemas: `checkParam`) and encoded by
 * openapi-fetch; the body goes as the media type the call names (`options.contentType`) or its value
 * is, of those the operation offers (src/client/request-body.ts), checked against that media type's
 * schema and sent as checked: JSON snapshotted to plain data, a form built from that snapshot
 * (src/uploads/); query parameters are checked as one object;
 * headers of `options.headers` that the spec declares as parameters are checked against their
 * schemas. Issues are named by where the input goes: `path.id`, `body.x`, `query.limit`,
 * `header.X-Mode`. Nothing is sent when an input is wrong (`ValidationError`). The answer is read
 * by its kind: JSON parsed and checked (`checkAnswer`: one that drifts from the spec is returned
 * and reported, or thrown with `strictAnswers`), empty as `undefined`, other content as the
 * `Response` itself. A list's method returns a `PagePromise` (src/lists/pages.ts) whose every page
 * is one such request.
 *
 * @example
 * const retrieve = method(row, connection); // row: one entry of generated/operations.ts
 * const answer = await retrieve({ timeoutMs: 5_000 });
 */
export function method<const O extends Operation>(
  op: O,
  connection: Connection,
  answerPolicy?: AnswerPolicy,
): MethodOf<O>;
// the implementation takes its arguments unchecked (it checks them itself); MethodOf above types them
export function method(
  op: Operation,
  connection: Connection,
  answerPolicy: AnswerPolicy = {},
  // biome-ignore lint/suspicious/noExplicitAny: the overload above is the signature callers see
): (...args: any[]) => unknown {
  // what the generated table leaves to its defaults (./operation-row.ts), filled in once
  const row: Filled = {
    ...op,
    params: op.params ?? templateParams(op.path),
    idempotent: op.idempotent ?? IDEMPOTENT_METHODS.includes(op.method),
  };
  if (row.page)
    return listMethod(
      row,
      row.page,
      request(row, connection, answerPolicy, true),
      row.readers?.PageList ?? connection.readers.PageList,
    );
  const call = request(row, connection, answerPolicy, false);
  return (...args) => call(args);
}

/** One request of a list's operation: the call's arguments, the page's query over the call's own. */
type PageRequest = (args: unknown[], override?: Override) => Promise<FetchedPage>;

/**
 * One request of `op`: the inputs checked, sent through the call's transport, the answer read.
 * A page of a list (`paged`) resolves with the answer's status, headers and address, which the walk
 * reads; any other call to its data alone, with nothing built around it.
 */
function request(op: Filled, connection: Connection, answerPolicy: AnswerPolicy, paged: true): PageRequest;
function request(
  op: Filled,
  connection: Connection,
  answerPolicy: AnswerPolicy,
  paged: false,
): (args: unknown[]) => Promise<unknown>;
function request(
  op: Filled,
  connection: Connection,
  answerPolicy: AnswerPolicy,
  paged: boolean,
): PageRequest | ((args: unknown[]) => Promise<unknown>) {
  const prepare = preparer(op, connection.readers, connection.sends);
  const send = sender(op, connection);
  return async (args: unknown[], override?: Override): Promise<unknown> => {
    const call = prepare(args, override);
    // an event stream (its events, re-opened through the same request; never a list: pages are JSON,
    // scripts/lib/generate/pagination.mjs) or a sequence of JSON items, read as they arrive: a typed
    // iterable, opened by the reader its row brings
    if (op.answer === "stream" || op.answer === "sequence") {
      const { readers } = connection;
      const open =
        op.answer === "stream"
          ? need(op.readers?.openStream ?? readers.openStream, op, "stream reader")
          : need(op.readers?.openItems ?? readers.openItems, op, "item stream reader");
      const streamOptions = call.options as (StreamOptions & ItemStreamOptions) | undefined;
      return open(op, async (o) => (await send(call, o)).answer.response, streamOptions, answerPolicy);
    }
    const { answer, url } = await send(call, call.options);
    const { response } = answer;
    // the table gives a schema to JSON answers only
    const data =
      op.answer === "empty"
        ? undefined
        : op.answerSchema !== undefined
          ? checkAnswer(answerPolicy, op.name, op.answerSchema, answer.data, response)
          : answer.data;
    return paged ? { data, headers: response.headers, status: response.status, url } : data;
  };
}

/**
 * How a prepared call of `op` is sent: through the client's openapi-fetch client, with the call's
 * own `fetch` (the key, then the transport within the call's limits), and its answer read (the data,
 * or the `ApiError` of its status); with the address it came from, which a page's next link is
 * resolved against.
 */
function sender(
  op: Filled,
  connection: Connection,
): (call: Prepared, options: RequestOptions | undefined) => Promise<{ answer: Answer<unknown>; url: string }> {
  // openapi-fetch sends the method it is given; its types name every one but QUERY
  const method = op.method.toLowerCase() as RawMethod;
  const pathSerializer = pathRenderer(op.path);
  // a query its row says the style of, or OpenAPI 3.2's querystring, is written by a reader the row
  // brings (src/client/query-string.ts), made at the first call
  let querySerializer: ((query: Record<string, unknown>) => string) | undefined;
  const parseAs = PARSE_AS[op.answer];
  // a download is the Response itself (an event stream's reader takes the Response from `send`)
  const handsOver = op.answer === "other";
  const { raw, readers } = connection;
  const stream = op.answer === "other" || op.answer === "stream" || op.answer === "sequence";
  // Stryker disable next-line ConditionalExpression: a shortcut; openapi-fetch reads no body of a 204 or Content-Length: 0 answer either
  const empty = op.answer === "empty";
  return async ({ params, built }, callOptions) => {
    if (op.querystring)
      querySerializer ??= need(op.readers?.wholeQuery ?? readers.wholeQuery, op, "query writer")(op.querystring.type);
    else if (op.queryStyles)
      querySerializer ??= need(op.readers?.styledQuery ?? readers.styledQuery, op, "query writer")(op.queryStyles);
    // built once, as checked; openapi-fetch passes it on as it is
    const sent = built?.sent;
    const { init, limits } = splitOptions(callOptions);
    const state: CallState = { body: sent, signal: init.signal };
    let headers: Record<string, string | null> | undefined = init.headers;
    // the type of what is sent: JSON keeps openapi-fetch's; for a FormData, fetch writes it with its boundary
    if (built?.type !== undefined) headers = { ...headers, "Content-Type": built.type };
    let outcome: FetchResult<unknown>;
    try {
      outcome = await raw.request(method, op.path, {
        params,
        body: sent,
        bodySerializer: asIs,
        parseAs,
        pathSerializer,
        querySerializer,
        // no signal: a Request built with one listens on it until collected; the transport watches it
        headers,
        // a stream body is sent as it is read
        duplex: sent instanceof ReadableStream ? "half" : undefined,
        fetch: connection.fetchFor(op, { ...limits, idempotent: op.idempotent, stream, empty }, state),
      });
    } catch (err) {
      // a body of items that ended early (an item the checks refused, the iterable's own error) says why
      const ended = built?.failure?.();
      if (ended !== undefined) throw ended;
      throw unreadable(err, op.name, state.answer);
    }
    const answer = answerOf(outcome, op.errorSchema, op.status);
    return {
      answer: handsOver ? { data: answer.response, response: answer.response } : answer,
      // the address fetchFor saw, which a page's next link is read against (read for pages only); a
      // middleware that answers itself leaves it unset, and then no address is known
      // Stryker disable next-line StringLiteral: no test's middleware answers a page itself
      url: state.address ?? "",
    };
  };
}

/**
 * openapi-fetch's path serializer for one template, made once: for a template of plain `{name}`
 * parameters, the address is its pieces joined with each value percent-encoded, as openapi-fetch's
 * own serializer writes it for string values, without its per-call parse of the template. A template
 * with label, matrix or exploded parameters (`{.name}`, `{;name}`, `{name*}`) keeps openapi-fetch's
 * own (undefined); one without parameters gets the address as it is. A variant's `#name`
 * (`/things#stream`, see `pathVariant`) is no part of the address: it goes to the path before it.
 *
 * @example
 * pathRenderer("/things/{id}")!("https://api.example.com/things/{id}", { id: "a/b" }); // "https://api.example.com/things/a%2Fb"
 * pathRenderer("/things#stream")!("https://api.example.com/things#stream", {}); // "https://api.example.com/things"
 */
export function pathRenderer(template: string): ((url: string, params: Record<string, unknown>) => string) | undefined {
  const { path } = pathVariant(template);
  // how much of the end of the address openapi-fetch joined is the variant's `#name`
  const cut = template.length - path.length;
  // odd entries are the parameters' names, even ones the text between them
  const pieces = templatePieces(path);
  // no parameter: the address is as openapi-fetch joined it
  // Stryker disable next-line ConditionalExpression: a shortcut; the loop below joins such a template to the same address
  if (pieces.length === 1) return cut ? (url) => url.slice(0, url.length - cut) : (url) => url;
  if (pieces.some((piece, i) => i % 2 === 1 && !/^\w+$/.test(piece)))
    return cut ? (url, params) => defaultPathSerializer(url.slice(0, url.length - cut), params) : undefined;
  return (url, params) => {
    // openapi-fetch passes the base address and the template, joined
    let out = url.slice(0, url.length - template.length);
    for (let i = 0; i < pieces.length; i++) out += i % 2 ? encodeURIComponent(params[pieces[i]!] as string) : pieces[i];
    return out;
  };
}

/**
 * A list method: returns a `PagePromise` (src/lists/pages.ts) whose pages are requests of `op` with the
 * call's path parameters and options, the query changed only in the page position.
 */
function listMethod(
  op: Filled,
  style: Pagination,
  requestPage: PageRequest,
  Pages: typeof PagePromise | undefined,
): (...args: unknown[]) => PagePromise<unknown> {
  const at = op.params.length;
  const takesInput = op.body !== undefined || op.query !== undefined;
  return (...args) => {
    // thrown when the list is called, not when the client is made, so the rest of the client works
    const Walk = need(Pages, op, "page reader");
    const options = args[takesInput ? at + 1 : at] as (RequestOptions & PageOptions & { query?: unknown }) | undefined;
    const first = (op.body !== undefined ? options?.query : takesInput ? args[at] : undefined) as
      | Record<string, unknown>
      | undefined;
    // the first page's query is the call's own, which requestPage() would read from the arguments alike
    const fetchPage: PageFetcher = (query, trusted) => requestPage(args, { query, trusted });
    return new Walk(fetchPage, style, first, options);
  };
}
