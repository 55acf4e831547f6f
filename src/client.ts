import createFetchClient, { type Client } from "openapi-fetch";
import { CLIENT_VERSION } from "../generated/meta.js";
import { operations, type Operation } from "../generated/operations.js";
import type { Resources } from "../generated/resources.js";
import type { paths } from "../generated/schema.js";
import { authHeaders, withoutAuthorization } from "./auth.js";
import { inBrowser, resolveConfig } from "./config.js";
import type { openEventStream } from "./event-stream.js";
import { idempotencyOverrides, resources, type Call } from "./operation.js";
import { splitOptions } from "./request-options.js";
import { result } from "./response.js";
import { PreparedRequest, send, type FetchFn, type Logger, type TransportSettings } from "./transport.js";

/** The openapi-fetch client, typed by `generated/schema.d.ts`. */
export type RawClient = Client<paths>;

/** Options of `createClient`. */
export interface ClientOptions {
  /** The bearer token. Default: the `BROWSER_CLOUD_API_KEY` environment variable; required one way or the other. */
  apiKey?: string;
  /** The service's base address. Default: `BROWSER_CLOUD_BASE_URL`, else the spec's first server. */
  baseUrl?: string;
  /** Bound on each attempt, in milliseconds, at most 2 147 483 647 (about 24.8 days). Default: 60 000. */
  timeoutMs?: number;
  /** Retries after the first attempt, where the retry policy allows one. Default: 2. */
  maxRetries?: number;
  /**
   * Largest answer body accepted, in bytes after decompression, for a 2xx and an error alike; a
   * larger one fails with `ResponseTooLargeError` and is not read further. Default: 16 MiB (16 777 216).
   */
  maxResponseBytes?: number;
  /** Sends one request. Default: the global `fetch`. Called with a `Request`, as openapi-fetch calls it. */
  fetch?: FetchFn;
  /** Headers sent with every request; `Authorization` is always the client's own, and those the transport writes (`Content-Length`, `Host`, ...) are refused. */
  headers?: Record<string, string>;
  /**
   * Gets one line per attempt (method, path, status or failure, attempt, milliseconds), never a
   * header value. Default: `console` when the environment has `BROWSER_CLOUD_LOG=debug`, else none.
   */
  logger?: Logger;
  /** Allow plain `http:` to a host other than loopback, which sends the key in clear text. Default: false. */
  allowInsecureHttp?: boolean;
  /** Allow use in a web page, which hands the key to every visitor. Default: false. */
  dangerouslyAllowBrowser?: boolean;
}

/**
 * A client of the Browser Cloud API: one property per operation group, as the spec's
 * `x-client-method`s place them (`client.<group>.<method>(...)`), plus the raw typed client.
 */
export interface BrowserCloudClient extends Resources {
  /**
   * The underlying openapi-fetch client, typed by the spec, with the same auth, retries and
   * timeouts; it does no input checks and throws no `ApiError` (it returns `{ data, error, response }`).
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
  return clientOf(options, operations);
}

/**
 * The client of a table of operations: `createClient` with the generated table; a test gives a
 * table of its own, for kinds of operation the spec does not have yet, with the reader of event
 * streams where the generated table has none.
 */
export function clientOf(options: ClientOptions, table: readonly Operation[], openStream?: typeof openEventStream): BrowserCloudClient {
  const config = resolveConfig(options);
  const settings: TransportSettings = { timeoutMs: config.timeoutMs, maxRetries: config.maxRetries, maxResponseBytes: config.maxResponseBytes, fetch: options.fetch, logger: config.logger };
  const headers = { ...withoutAuthorization(options.headers), ...authHeaders(config.apiKey) };
  // browsers refuse to let a page set it
  if (!inBrowser()) headers["User-Agent"] = `browser-cloud-client/${CLIENT_VERSION}`;

  const rawIdempotent = idempotencyOverrides(table);
  const raw = createFetchClient<paths>({
    baseUrl: config.baseUrl,
    headers,
    Request: PreparedRequest as unknown as typeof Request,
    fetch: (request) => send(settings, request, { idempotent: rawIdempotent(request.method, request.url) }),
  });
  const call: Call = (callOptions, op, run) => {
    const { init, limits } = splitOptions(callOptions);
    const callLimits = { ...limits, idempotent: op.idempotent, stream: op.answer === "other" || op.answer === "stream" };
    return result(run(raw as never, { ...init, fetch: (request) => send(settings, request, callLimits) }));
  };
  // event streams log their re-opens where the transport logs its attempts
  call.logger = config.logger;
  call.openStream = openStream;
  return { ...(resources(table, call) as unknown as Resources), raw };
}
