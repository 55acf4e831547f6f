import { DEFAULT_BASE_URL } from "../generated/meta.js";
import { ConfigurationError } from "./errors.js";

/** Environment variable read when `apiKey` is not given. */
export const API_KEY_ENV = "BROWSER_CLOUD_API_KEY";
/** Environment variable read when `baseUrl` is not given. */
export const BASE_URL_ENV = "BROWSER_CLOUD_BASE_URL";

/** Reads an environment variable where the runtime has one (Node, Bun, Deno with `process`); else `undefined`. */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value ? value : undefined;
}

/** The settings every request uses, resolved once by `createClient`. */
export interface ResolvedConfig {
  apiKey: string;
  baseUrl: string;
}

/**
 * Resolves the key and base address from the options, then the environment, then the spec's
 * server; throws `ConfigurationError` when there is no key or the address is not an http(s) URL.
 */
export function resolveConfig(options: { apiKey?: string; baseUrl?: string }): ResolvedConfig {
  const apiKey = options.apiKey ?? readEnv(API_KEY_ENV);
  if (!apiKey) {
    throw new ConfigurationError(`No API key: pass createClient({ apiKey }) or set ${API_KEY_ENV}.`);
  }
  const baseUrl = (options.baseUrl ?? readEnv(BASE_URL_ENV) ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigurationError(`baseUrl is not a URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigurationError(`baseUrl must use http or https, not ${url.protocol}`);
  }
  return { apiKey, baseUrl };
}
