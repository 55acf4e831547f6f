import { API_KEY_ENV, BASE_URL_ENV, LOG_ENV } from "../../generated/identity.js";
import { AUTH, DEFAULT_BASE_URL, HEADER_OPTIONS, type HeaderOptions } from "../../generated/meta.js";
import { keyProblem, type AuthScheme } from "./auth.js";
import { ConfigurationError, type ValidationIssue } from "./errors.js";
import { checkOptions, LIMITS } from "./options.js";
import { charAt, mustBe, show } from "./values.js";

/** A console-like sink for one line per attempt; `console` works. */
export interface Logger {
  debug(line: string): void;
}

/** What openapi-fetch's `fetch` option is called with when the caller supplies it. */
export type FetchFn = (request: Request) => Promise<Response>;

/** What `onAnswerMismatch` is told of an answer that does not match the spec. */
export interface AnswerMismatch {
  /** The method it answered, by name: `"<group>.<method>"`. */
  operation: string;
  /** Every way the answer breaks the spec, each with its path (`response.items[0].id`). */
  issues: ValidationIssue[];
  /** The answer as parsed, which the call resolves to (or `AnswerMismatchError` carries, when strict). */
  data: unknown;
  /** The answer itself: status and headers; its body was already read into `data`. */
  response: Response;
}

/** How answers that drift from the spec are handled: the client's `strictAnswers`, `onAnswerMismatch` and `logger`. */
export interface AnswerPolicy {
  strictAnswers?: boolean | undefined;
  onAnswerMismatch?: ((mismatch: AnswerMismatch) => void) | undefined;
  logger?: Logger | undefined;
}

// the environment variables the package reads, named by its configuration (package.json's client.envPrefix)
export { API_KEY_ENV, BASE_URL_ENV, LOG_ENV };

type DenoPermissions = {
  Deno?: { permissions?: { querySync?: (descriptor: { name: "env"; variable: string }) => { state: string } } };
};

/**
 * Reads an environment variable where the runtime has `process.env` and lets it be read;
 * `undefined` elsewhere (browsers, edge) and where the runtime refuses the read (Deno without
 * `--allow-env` for it), so that the option or the default applies instead.
 *
 * @example
 * readEnv(BASE_URL_ENV); // "https://api.example.com" when set, else undefined
 */
export function readEnv(name: string): string | undefined {
  try {
    // on a terminal deno would stop the program to ask: a variable not granted up front is not read
    const state = (globalThis as DenoPermissions).Deno?.permissions?.querySync?.({ name: "env", variable: name }).state;
    if (!state || state === "granted")
      return (
        // Stryker disable next-line OptionalChaining: the catch below reads a missing process, env or variable as unset too
        (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name]?.trim() ||
        undefined
      );
  } catch {
    // a runtime may also refuse by throwing (deno's NotCapable): the option or the default applies
  }
  return undefined;
}

/**
 * The base address a client uses before it is checked: the option, else the `BASE_URL_ENV`
 * environment variable, else the spec's first server.
 *
 * @example
 * givenBaseUrl(undefined); // "https://api.example.com/v1" when the environment sets none
 */
export function givenBaseUrl(option: unknown): unknown {
  return option ?? readEnv(BASE_URL_ENV) ?? DEFAULT_BASE_URL;
}

/** True in a web page, where an organization key would be handed to every visitor. */
export function inBrowser(): boolean {
  return (
    typeof (globalThis as { window?: unknown }).window !== "undefined" &&
    typeof (globalThis as { document?: unknown }).document !== "undefined"
  );
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Options of `createClient`. `timeoutMs`, `maxRetries`, `maxResponseBytes` and `headers` can also be
 * given to a single call (`RequestOptions`).
 *
 * @example
 * const options: ClientOptions = { apiKey: "a key", timeoutMs: 10_000, maxRetries: 4 };
 * const client = createClient(options);
 */
// a header (nearly) every operation declares is an option of its own (generated/meta.ts HEADER_OPTIONS)
export interface ClientOptions extends HeaderOptions {
  /**
   * The key, sent as the document's security scheme says: a bearer token, an API key in a header or
   * a query parameter, or `user:password` for HTTP basic auth (`"AC0123…:auth-token"`). Default: the
   * package's key variable (`<PREFIX>_API_KEY`, the README's Configuration); required one way or the other, unless no operation
   * needs a credential.
   */
  apiKey?: string | undefined;
  /** The service's base address. Default: the package's `<PREFIX>_BASE_URL` variable, else the spec's first server. */
  baseUrl?: string | undefined;
  /** Bound on each attempt, in milliseconds, at most 2 147 483 647 (about 24.8 days). Default: 60 000. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt, where the retry policy allows one. Default: 2. */
  maxRetries?: number | undefined;
  /**
   * Largest answer body accepted, in bytes after decompression, for a 2xx and an error alike; a
   * larger one fails with `ResponseTooLargeError` and is not read further. Default: 16 MiB (16 777 216).
   */
  maxResponseBytes?: number | undefined;
  /** Sends one request. Default: the global `fetch`. Called with a `Request`, as openapi-fetch calls it. */
  fetch?: FetchFn | undefined;
  /** Headers sent with every request; `Authorization` is always the client's own, and those the transport writes (`Content-Length`, `Host`, ...) are refused. Default: none. */
  headers?: Record<string, string> | undefined;
  /**
   * Gets one line per attempt (method, path, status or failure, attempt, milliseconds), never a
   * header value, and one per answer that drifts from the spec. Default: `console` when the
   * environment has the package's `<PREFIX>_LOG=debug`, else none.
   */
  logger?: Logger | undefined;
  /**
   * Throw `AnswerMismatchError` (carrying the answer) when a 2xx answer does not match the spec,
   * instead of returning it and reporting it. Default: false: the service has acted, and its answer
   * is worth more to the caller than the spec's promise about it.
   */
  strictAnswers?: boolean | undefined;
  /**
   * Called with every 2xx answer that does not match the spec, before the call resolves to it (or,
   * with `strictAnswers`, throws): `{ operation, issues, data, response }`. What it throws, the call
   * rejects with. Default: none (the logger still gets a line).
   */
  onAnswerMismatch?: ((mismatch: AnswerMismatch) => void) | undefined;
  /** Allow plain `http:` to a host other than loopback, which sends the key in clear text. Default: false. */
  allowInsecureHttp?: boolean | undefined;
  /** Allow use in a web page, which hands the key to every visitor. Default: false. */
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** What every request of a client is sent with, resolved once by `createClient`; a call may override the limits. */
export interface Settings {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  maxResponseBytes: number;
  fetch?: FetchFn | undefined;
  /** The `logger` option, else `console` when `LOG_ENV` is `debug`, else none. */
  logger?: Logger | undefined;
  strictAnswers: boolean;
  onAnswerMismatch: ((mismatch: AnswerMismatch) => void) | undefined;
}

/** Default `timeoutMs`: 60 s per attempt. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Default `maxRetries`: 2 retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;
/** Default `maxResponseBytes`: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

// the fetch standard's bad ports, which fetch refuses to connect to
const BAD_PORTS = new Set(
  "1 7 9 11 13 15 17 19 20 21 22 23 25 37 42 43 53 69 77 79 87 95 101 102 103 104 109 110 111 113 115 117 119 123 135 137 139 143 161 179 389 427 465 512 513 514 515 526 530 531 532 540 548 554 556 563 587 601 636 989 990 993 995 1719 1720 1723 2049 3659 4045 4190 5060 5061 6000 6566 6665 6666 6667 6668 6669 6679 6697 10080".split(
    " ",
  ),
);

/** The client's own flags and functions, checked after its limits and header options. */
const FLAGS = ["allowInsecureHttp", "dangerouslyAllowBrowser", "strictAnswers", "fetch", "onAnswerMismatch", "logger"];

/**
 * The headers a client sends with every request: its header options' (as generated/meta.ts
 * `HEADER_OPTIONS` names them), then its `headers`, which override them. Read after `resolveConfig`
 * accepted the options.
 */
export function clientHeaders(options: ClientOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const named: Record<string, string> = HEADER_OPTIONS;
  for (const [option, name] of Object.entries(named)) {
    const value = options[option as keyof typeof HEADER_OPTIONS];
    if (value !== undefined) headers[name] = value;
  }
  return Object.assign(headers, options.headers);
}

/**
 * Resolves the client's settings from the options, then the environment, then the spec's server.
 * Throws `ConfigurationError` for a missing or malformed key, an unusable base URL (not http(s);
 * with userinfo, a query or a fragment; a port fetch refuses), plain http to a host other than
 * loopback (unless `allowInsecureHttp`), a web page (unless `dangerouslyAllowBrowser`), a bad
 * limit or header, a `fetch` that is not a function, a `logger` without `debug`, a flag that is not
 * a boolean, or a `LOG_ENV` other than `debug` or `off`. Messages name the option and the
 * value given, never the key. `schemes` are the ways the client's operations send the key (default:
 * the document's own, generated/meta.ts `AUTH`): the key is required unless every one is `none`, and
 * must be `user:password` when one is HTTP basic auth.
 */
export function resolveConfig(options: ClientOptions, schemes: readonly AuthScheme[] = [AUTH]): Settings {
  if (typeof options !== "object" || !options) throw new ConfigurationError(`options ${mustBe("an object", options)}`);
  const issues = checkOptions(options, [...LIMITS, ...Object.keys(HEADER_OPTIONS), ...FLAGS]);
  const { logger } = options;
  if (issues.length) throw new ConfigurationError(issues.map((i) => `${i.path} ${i.message}`).join("; "));
  if (inBrowser() && !options.dangerouslyAllowBrowser) {
    throw new ConfigurationError(
      "In a browser the API key would reach every visitor of the page; call the service from a server, or set dangerouslyAllowBrowser.",
    );
  }
  const apiKey: unknown = options.apiKey ?? readEnv(API_KEY_ENV) ?? "";
  const keyName = options.apiKey === undefined ? API_KEY_ENV : "apiKey";
  if (!apiKey && schemes.some((s) => s.kind !== "none"))
    throw new ConfigurationError(`No API key: pass createClient({ apiKey }) or set ${API_KEY_ENV}.`);
  if (typeof apiKey !== "string") throw new ConfigurationError(`${keyName} ${mustBe("a string", apiKey)}`);
  // a key is printable ASCII: a blank, a line break or a NUL would break the header or the query
  const at = apiKey.search(/[^\x21-\x7e]/);
  if (at >= 0)
    throw new ConfigurationError(
      `${keyName} holds ${charAt(apiKey, at)}; a key is printable ASCII without spaces (the key is not shown)`,
    );
  const problem = apiKey && keyProblem(apiKey, schemes);
  if (problem) throw new ConfigurationError(`${keyName} ${problem}`);

  const urlName = options.baseUrl === undefined ? BASE_URL_ENV : "baseUrl";
  const given = givenBaseUrl(options.baseUrl);
  // Stryker disable next-line StringLiteral: Stryker's text parses as no URL, as "" does: the same refusal
  const baseUrl = typeof given === "string" ? given.replace(/\/+$/, "") : "";
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  // what comes before an "@" may be a password
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw new ConfigurationError(
      `${urlName} ${mustBe("an https URL", typeof given === "string" ? given.slice(given.lastIndexOf("@") + 1) : given)}`,
    );
  if (url.username || url.password)
    throw new ConfigurationError(
      `${urlName} must not hold userinfo (user or password before "@", not shown); the key goes in apiKey`,
    );
  const shown = `${url.protocol}//${url.host}${url.pathname}`;
  if (/[?#]/.test(baseUrl))
    throw new ConfigurationError(`${urlName} must not have a query or fragment (got ${show(`${shown}…`)})`);
  if (BAD_PORTS.has(url.port))
    throw new ConfigurationError(`${urlName} has port ${url.port}, which fetch refuses (got ${show(shown)})`);
  if (url.protocol === "http:" && !LOOPBACK.test(url.hostname) && !options.allowInsecureHttp) {
    throw new ConfigurationError(
      `Plain http to ${url.host} would send the API key in clear text; use https, or set allowInsecureHttp.`,
    );
  }

  return {
    apiKey,
    baseUrl,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    fetch: options.fetch,
    logger: logger ?? loggerFromEnv(),
    strictAnswers: options.strictAnswers ?? false,
    onAnswerMismatch: options.onAnswerMismatch,
  };
}

/**
 * The logger `LOG_ENV` asks for, read where the runtime has `process.env`: `console`
 * (its `debug`) for `debug`, none for `off` or when unset. Any other value throws
 * `ConfigurationError` naming the variable and the value, so that a typo does not pass silently.
 *
 * @example
 * // <PREFIX>_LOG=debug node app.js
 * // <package name>: GET /some/path -> 200 (attempt 1/3, 41 ms)
 */
export function loggerFromEnv(): Logger | undefined {
  const level = readEnv(LOG_ENV);
  if (level === "debug") return console;
  if (level && level !== "off") throw new ConfigurationError(`${LOG_ENV} ${mustBe('"debug" or "off"', level)}`);
}
