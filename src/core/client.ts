import createFetchClient, { createQuerySerializer, type Client, type Middleware } from "openapi-fetch";
import { AUTH, CLIENT_VERSION } from "../../generated/meta.js";
import { operations } from "../../generated/operations.js";
import type { Operation } from "./operation-row.js";
import { resources, type Resources } from "../../generated/resources.js";
import type { paths } from "../../generated/schema.d.js";
import { credentialOf, withoutAuthorization, withQueryParameter, type AuthScheme } from "./auth.js";
import { inBrowser, resolveConfig, type ClientOptions } from "./config.js";
import type { openEventStream } from "../streams/event-stream.js";
import { method, operationOf, rawIdempotency, type Call, type Readers } from "./method.js";
import { splitOptions } from "./request-options.js";
import { result } from "./response.js";
import { PreparedRequest, send } from "./transport.js";

/** The openapi-fetch client, typed by `generated/schema.d.ts`. */
export type RawClient = Client<paths>;

export type { ClientOptions };

/**
 * A client of the Browser Cloud API: one property per operation group, as the spec's
 * `x-client-method`s place them (`client.<group>.<method>(...)`), plus the raw typed client.
 */
export interface BrowserCloudClient extends Resources {
  /**
   * The underlying openapi-fetch client, typed by the spec, with the same auth, retries and
   * timeouts; it does no input checks and throws no `ApiError` (it returns `{ data, error, response }`).
   * Its middleware gets a real `Request`, as openapi-fetch documents (`clone()` works).
   */
  readonly raw: RawClient;
}

/**
 * Creates a client. Throws `ConfigurationError` synchronously when there is no API key, the base
 * address is unusable or plain http to a remote host, or it runs in a web page; nothing is sent.
 *
 * @example
 * import { createClient } from "browser-cloud-client";
 * const client = createClient({ apiKey: process.env.BROWSER_CLOUD_API_KEY, timeoutMs: 10_000 });
 * // every operation of the spec is a method where its x-client-method says, typed from the spec:
 * // path parameters, then the body (or the query object), then per-call options
 * const answer = await client.group.method(id, body, { timeoutMs: 5_000 });
 */
export function createClient(options: ClientOptions = {}): BrowserCloudClient {
  const { call, raw, settings } = connect(options, undefined, operations);
  return { ...resources((op) => method(op, call, settings)), raw };
}

/**
 * A client of a table of operations of the caller's own, untyped: for tests of kinds of operation
 * the spec does not have yet, with the readers (of event streams, pages, forms, binary bodies) the
 * generated table has none of: a reader of event streams alone, or `Readers`. Not part of the
 * package's entry point.
 *
 * @example
 * const client = clientOf({ apiKey: "sk-test" }, [streamEntry], openEventStream) as { events: { follow(): Promise<EventStream<unknown>> } };
 */
export function clientOf(
  options: ClientOptions,
  table: readonly Operation[],
  readers?: typeof openEventStream | Readers,
): Record<string, unknown> & { raw: RawClient } {
  const { call, raw, settings } = connect(
    options,
    typeof readers === "function" ? { openStream: readers } : readers,
    table,
  );
  const tree: Record<string, unknown> = {};
  for (const op of table) {
    const segments = op.name.split(".");
    const last = segments.pop()!;
    let node = tree;
    for (const segment of segments) node = (node[segment] ??= {}) as Record<string, unknown>;
    node[last] = method(op, call, settings);
  }
  return { ...tree, raw };
}

// openapi-fetch builds its query serializer per call unless given one: the same one, made once
const querySerializer = /* @__PURE__ */ createQuerySerializer();
const NO_OPTIONS: ReturnType<typeof splitOptions> = { init: {}, limits: {} };

/**
 * What every method of one client shares: its settings, its transport as a `Call`, and the raw
 * client, which finds its request's operation in `table`.
 */
export function connect(options: ClientOptions, readers: Readers | undefined, table: readonly Operation[]) {
  const settings = resolveConfig(options, [AUTH, ...table.flatMap((op) => (op.security ? [op.security] : []))]);
  const headers = withoutAuthorization(options.headers);
  // browsers refuse to let a page set it
  if (!inBrowser()) headers["User-Agent"] = `browser-cloud-client/${CLIENT_VERSION}`;
  const authorize = authorizer(settings.apiKey);

  // one lookup per raw request, and none where no operation differs from the document's defaults:
  // its operation gives the key header, the scheme and the retry policy
  const differs = table.some((op) => op.security || op.idempotencyKey || rawIdempotency(op) !== undefined);
  const rawOperation = differs ? operationOf(table, settings.baseUrl) : () => undefined;
  const raw = createFetchClient<paths>({
    baseUrl: settings.baseUrl,
    headers,
    querySerializer,
    fetch: (request) => {
      // as a method does: a new key per request unless the caller set one, the same on each attempt
      const op = rawOperation(request.method, request.url);
      const key = op?.idempotencyKey;
      if (key && !request.headers.has(key)) request.headers.set(key, crypto.randomUUID());
      return authorize(request, op?.security ?? AUTH, (ready) =>
        send(settings, ready, { idempotent: rawIdempotency(op) }),
      );
    },
  });
  // the methods' own path while no middleware is registered: it skips building a Request per call;
  // with one, the methods go through raw, so that the middleware sees their requests as real ones
  const light = createFetchClient<paths>({
    baseUrl: settings.baseUrl,
    headers,
    Request: PreparedRequest as never,
    querySerializer,
  });
  const middlewares = new Set<Middleware>();
  const { use, eject } = raw;
  raw.use = (...added) => {
    for (const m of added) middlewares.add(m);
    use(...added);
  };
  raw.eject = (...removed) => {
    for (const m of removed) middlewares.delete(m);
    eject(...removed);
  };
  const call: Call = (callOptions, op, run) => {
    const { init, limits } = callOptions === undefined ? NO_OPTIONS : splitOptions(callOptions);
    const callLimits = {
      timeoutMs: limits.timeoutMs,
      maxRetries: limits.maxRetries,
      maxResponseBytes: limits.maxResponseBytes,
      idempotent: op.idempotent,
      stream: op.answer === "other" || op.answer === "stream",
    };
    let answered: Response | undefined;
    const scheme = op.security ?? AUTH;
    const fetch = (request: Request) =>
      authorize(request, scheme, (ready) => send(settings, ready, callLimits)).then(
        (response) => (answered = response),
      );
    return result(
      run((middlewares.size ? raw : light) as never, { signal: init.signal, headers: init.headers, fetch }),
      op.name,
      () => answered,
      op.errorSchema,
    );
  };
  Object.assign(call, readers);
  return { call, raw, settings };
}

/**
 * Puts the key on a request as its operation's scheme says, as the last step before the transport
 * (after any middleware, which never sees the key): a header set over any of that name, or a query
 * parameter in place of any of that name. Each scheme's credential is built once.
 */
function authorizer(apiKey: string) {
  const credentials = new Map<AuthScheme, ReturnType<typeof credentialOf>>();
  return (
    request: Request | PreparedRequest,
    scheme: AuthScheme,
    next: (request: Request | PreparedRequest) => Promise<Response>,
  ): Promise<Response> => {
    let credential = credentials.get(scheme);
    if (!credentials.has(scheme)) credentials.set(scheme, (credential = credentialOf(scheme, apiKey)));
    if (!credential) return next(request);
    if ("header" in credential) {
      request.headers.set(...credential.header);
      return next(request);
    }
    const url = withQueryParameter(request.url, ...credential.query);
    if (request instanceof Request) return withUrl(request, url).then(next);
    return next(new PreparedRequest(url, { ...request.init, headers: request.headers }));
  };
}

/** A copy of a `Request` for another address; its body read into memory, so that it is sent framed as it was. */
async function withUrl(request: Request, url: string): Promise<Request> {
  const { method, headers, signal, redirect } = request;
  const body = request.body ? await request.arrayBuffer() : null;
  return new Request(url, { method, headers, body, signal, redirect });
}
