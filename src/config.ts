import { DEFAULT_BASE_URL } from "../generated/meta.js";
import { ConfigurationError } from "./errors.js";

/** Environment variable read when `apiKey` is not given. */
export const API_KEY_ENV = "BROWSER_CLOUD_API_KEY";
/** Environment variable read when `baseUrl` is not given. */
export const BASE_URL_ENV = "BROWSER_CLOUD_BASE_URL";

/** Reads an environment variable where the runtime has `process.env`; `undefined` elsewhere (browsers, edge). */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value ? value : undefined;
}

/** True in a web page, where an organization key would be handed to every visitor. */
export function inBrowser(): boolean {
  return typeof (globalThis as { window?: unknown }).window !== "undefined" && typeof (globalThis as { document?: unknown }).document !== "undefined";
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The options `resolveConfig` reads. */
export interface ConfigOptions {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  allowInsecureHttp?: boolean | undefined;
  dangerouslyAllowBrowser?: boolean | undefined;
}

/** The settings every request uses, resolved once by `createClient`. */
export interface ResolvedConfig {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
}

/** Default `timeoutMs`: 60 s per attempt. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Default `maxRetries`: 2 retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 2;

/** Throws `ConfigurationError` unless the given `timeoutMs` and `maxRetries` are usable. */
export function checkLimits(where: string, limits: { timeoutMs?: number | undefined; maxRetries?: number | undefined }): void {
  const { timeoutMs = 1, maxRetries = 0 } = limits;
  if (!(timeoutMs > 0 && timeoutMs < Infinity && Number.isInteger(maxRetries) && maxRetries >= 0)) {
    throw new ConfigurationError(`${where}timeoutMs must be > 0 (got ${timeoutMs}) and maxRetries a whole number >= 0 (got ${maxRetries})`);
  }
}

/**
 * Resolves the client's settings from the options, then the environment, then the spec's server.
 * Throws `ConfigurationError` for a missing key, an unusable base URL, plain http to a host other
 * than loopback (unless `allowInsecureHttp`), or a web page (unless `dangerouslyAllowBrowser`).
 */
export function resolveConfig(options: ConfigOptions): ResolvedConfig {
  if (inBrowser() && !options.dangerouslyAllowBrowser) {
    throw new ConfigurationError("In a browser the API key would reach every visitor of the page; call the service from a server, or set dangerouslyAllowBrowser.");
  }
  const apiKey = options.apiKey ?? readEnv(API_KEY_ENV);
  if (!apiKey) {
    throw new ConfigurationError(`No API key: pass createClient({ apiKey }) or set ${API_KEY_ENV}.`);
  }
  const baseUrl = (options.baseUrl ?? readEnv(BASE_URL_ENV) ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined;
  if (!url) throw new ConfigurationError(`baseUrl is not a URL: ${baseUrl}`);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigurationError(`baseUrl must be https, not ${url.protocol}`);
  }
  if (url.protocol === "http:" && !LOOPBACK.test(url.hostname) && !options.allowInsecureHttp) {
    throw new ConfigurationError(`Plain http to ${url.host} would send the API key in clear text; use https, or set allowInsecureHttp.`);
  }
  checkLimits("", options);
  return {
    apiKey,
    baseUrl,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
  };
}
