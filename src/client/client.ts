import createFetchClient, { createQuerySerializer, type Client } from "openapi-fetch";
import { USER_AGENT } from "../../generated/identity.js";
import { AUTH, KEY_IN_QUERY } from "../../generated/meta.js";
import { operations } from "../../generated/operations.js";
import type { Operation } from "./operation-row.js";
import { resources, type Resources } from "../../generated/resources.js";
import type { paths } from "../../generated/schema.d.js";
import { credentialOf, withoutAuthorization, type AuthScheme } from "../core/auth.js";
import { ClientError } from "../core/errors.js";
import { clientHeaders, inBrowser, resolveConfig, type ClientOptions } from "../core/config.js";
import type { openEventStream } from "../streams/event-stream.js";
import { method, type AnyPaths, type Connection, type Readers } from "./method.js";
import { rawRequests } from "./raw-operation.js";
import { send, type CallState } from "../core/transport.js";

/** The openapi-fetch client, typed by `generated/schema.d.ts`. */
export type RawClient = Client<paths>;

export type { ClientOptions };

/**
 * A client of the API: one property per operation group, as the spec's `x-client-method`s place
 * them (`client.<group>.<method>(...)`), plus the raw typed client. The package exports it under
 * its own name (package.json's client.displayName and "Client", generated/public-names.ts).
 */
export interface ApiClient extends Resources {
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
 * // the key: the apiKey option, else the environment variable the README's Configuration names
 * const client = createClient({ timeoutMs: 10_000 });
 * // every operation of the spec is a method where its x-client-method says, typed from the spec:
 * // path parameters, then the body (or the query object), then per-call options
 * const answer = await client.group.method(id, body, { timeoutMs: 5_000 });
 */
export function createClient(options: ClientOptions = {}): ApiClient {
  const { connection, raw, settings } = connect(options, undefined, operations, rawRequests);
  return { ...resources((op) => method(op, connection, settings)), raw };
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
  const { connection, raw, settings } = connect(
    options,
    typeof readers === "function" ? { openStream: readers } : readers,
    table,
    rawRequests,
  );
  const tree: Record<string, unknown> = {};
  for (const op of table) {
    const segments = op.name.split(".");
    const last = segments.pop()!;
    let node = tree;
    for (const segment of segments) node = (node[segment] ??= {}) as Record<string, unknown>;
    node[last] = method(op, connection, settings);
  }
  return { ...tree, raw };
}

/**
 * The `Request` openapi-fetch builds (its documented `Request` option): a real one, which middleware
 * gets, marked so that a call's `fetch` knows it from one a middleware returned in its place. A
 * middleware may return any `Request` (openapi-fetch checks it with `instanceof` this class).
 */
class BuiltRequest extends Request {
  // Stryker disable next-line BooleanLiteral: `built()` asks whether the field is there, not its value
  readonly #built = true;
  static built(request: Request): boolean {
    return #built in request;
  }
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Request;
  }
}

// openapi-fetch builds its query serializer per call unless given one: the same one, made once
const querySerializer = /* @__PURE__ */ createQuerySerializer();

/**
 * What every method of one client shares: its one openapi-fetch client (also `client.raw`), the
 * `fetch` of each call (the client's key and transport) and the readers: the adapter to
 * openapi-fetch. It uses openapi-fetch's documented options only: `fetch`, the client's own for
 * raw calls and one per call for a method, which holds that call's limits and `CallState`;
 * `Request`, a class of its own, so that the call's `fetch` tells the `Request` openapi-fetch built
 * (sent with the body as the method built it: CONTRIBUTING.md, "The call path", says why) from one
 * a middleware made in its place (sent as itself); `querySerializer`; `headers`. Middleware gets a
 * real `Request`, as openapi-fetch documents. `lookup` reads a raw request (./raw-operation.ts `rawRequests`): its operation
 * in `table` and its retry policy; without it (the standalone functions' client, which has no raw
 * client to offer) the path matcher and the registry's methods stay out of the bundle.
 */
export function connect(
  options: ClientOptions,
  readers: Readers | undefined,
  table: readonly Operation[],
  lookup?: typeof rawRequests,
) {
  const settings = resolveConfig(options, [AUTH, ...table.flatMap((op) => (op.security ? [op.security] : []))]);
  const headers = withoutAuthorization(clientHeaders(options));
  // browsers refuse to let a page set it
  if (!inBrowser()) headers["User-Agent"] = USER_AGENT;
  const authorize = authorizer(settings.apiKey, readers?.keyInQuery ?? KEY_IN_QUERY);

  // a raw request's operation gives the key header, the scheme and the retry policy; the standalone
  // functions' client (no `lookup`) offers no raw client, so no request reaches its fetch
  const rawRequest = lookup?.(table, settings.baseUrl);
  const raw = createFetchClient<paths>({
    baseUrl: settings.baseUrl,
    Request: BuiltRequest,
    headers,
    querySerializer,
    fetch: async (request) => {
      // as a method does: a new key per request unless the caller set one, the same on each attempt
      const { op, idempotent } = rawRequest!(request.method, request.url);
      const key = op?.idempotencyKey;
      if (key && !request.headers.has(key)) request.headers.set(key, crypto.randomUUID());
      return send(settings, await authorize(request, op?.security ?? AUTH), { idempotent });
    },
  });
  // Stryker disable next-line ConditionalExpression,StringLiteral: openapi-fetch's client always has request(); the guard narrows its type
  if (!forAnyPath(raw)) throw new TypeError("openapi-fetch's client has no request()");
  const connection: Connection = {
    raw,
    readers: readers ?? {},
    sends: new Set(
      Object.keys(headers)
        .filter((name) => headers[name] !== undefined)
        .map((name) => name.toLowerCase()),
    ),
    fetchFor: (op, limits, state) => async (request) => {
      state.address ??= request.url;
      // the method's body and address go with the Request openapi-fetch built, not one a middleware made
      const own = BuiltRequest.built(request) ? state : undefined;
      let ready = authorize(request, op.security ?? AUTH, own);
      // only a Request a middleware made, with the key in its query, waits for a copy
      // Stryker disable next-line ConditionalExpression: awaiting a Request that is no promise gives it back as it is
      if (ready instanceof Promise) ready = await ready;
      return (state.answer = await send(settings, ready, limits, own));
    },
  };
  return { connection, raw, settings };
}

/**
 * Whether the client typed by the document's paths also serves any path, as the methods send a row's
 * path (a string): openapi-fetch's `request` takes every path alike, the paths' types are erased,
 * and TypeScript relates no interface of paths to an index signature of them.
 */
function forAnyPath(raw: RawClient): raw is RawClient & Client<AnyPaths> {
  // Stryker disable next-line ConditionalExpression: the guard above, which openapi-fetch always passes
  return typeof raw.request === "function";
}

/**
 * Puts the key on a request as its operation's scheme says, as the last step before the transport
 * (after any middleware, which never sees the key): a header set over any of that name, or a query
 * parameter in place of any of that name, written by `inQuery` (src/core/key-in-query.ts, which a
 * client brings only where the document has such a scheme). Each scheme's credential is built once.
 */
function authorizer(apiKey: string, inQuery: Readers["keyInQuery"]) {
  const credentials = new Map<AuthScheme, ReturnType<typeof credentialOf>>();
  return (request: Request, scheme: AuthScheme, state?: CallState): Request | Promise<Request> => {
    let credential = credentials.get(scheme);
    // Stryker disable next-line ConditionalExpression: a cache; building the credential again gives the same one
    if (!credentials.has(scheme)) credentials.set(scheme, (credential = credentialOf(scheme, apiKey)));
    if (!credential) return request;
    if ("header" in credential) {
      request.headers.set(...credential.header);
      return request;
    }
    if (!inQuery)
      throw new ClientError("the key goes in the query, and this client has no writer of it; run npm run generate");
    return inQuery(request, ...credential.query, state);
  };
}
