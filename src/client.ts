import createFetchClient, { type Client } from "openapi-fetch";
import type { paths } from "../generated/schema.js";
import { authHeaders } from "./auth.js";
import { resolveConfig } from "./config.js";
import { auth, type Auth } from "./resources/auth-connections.js";
import { browsers, type Browsers } from "./resources/browsers.js";
import { deployments, type Deployments } from "./resources/deployments.js";
import { organization, type Organization } from "./resources/organization.js";

/** The openapi-fetch client, typed by `generated/schema.d.ts`. */
export type RawClient = Client<paths>;

/** Options of `createClient`. */
export interface ClientOptions {
  /** The bearer token. Default: the `BROWSER_CLOUD_API_KEY` environment variable; required one way or the other. */
  apiKey?: string;
  /**
   * The service's base address. Default: `BROWSER_CLOUD_BASE_URL`, else the spec's server
   * (`https://api.onkernel.com`).
   */
  baseUrl?: string;
}

/** A client of the Browser Cloud API: one property per operation group, plus the raw typed client. */
export interface BrowserCloudClient {
  readonly organization: Organization;
  readonly browsers: Browsers;
  readonly auth: Auth;
  readonly deployments: Deployments;
  /** The underlying openapi-fetch client, typed by the spec; it does no input checks of its own. */
  readonly raw: RawClient;
}

/**
 * Creates a client. Throws `ConfigurationError` when there is no API key or the base address is unusable.
 *
 * @example
 * import { createClient } from "browser-cloud-client";
 * const client = createClient({ apiKey: process.env.BROWSER_CLOUD_API_KEY });
 * const limits = await client.organization.limits.retrieve();
 */
export function createClient(options: ClientOptions = {}): BrowserCloudClient {
  const { apiKey, baseUrl } = resolveConfig(options);
  const raw = createFetchClient<paths>({ baseUrl, headers: authHeaders(apiKey) });
  return {
    organization: organization(raw),
    browsers: browsers(raw),
    auth: auth(raw),
    deployments: deployments(raw),
    raw,
  };
}
