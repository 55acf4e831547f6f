import type { RawClient } from "../client.js";
import { callInit, type RequestOptions } from "../request-options.js";
import { unwrap } from "../response.js";
import type { OrgLimits } from "../types.js";

/** The Organization group: organization-level limits. */
export interface Organization {
  limits: {
    /**
     * Reads the organization's concurrency limits (`GET /org/limits`).
     *
     * @example
     * const { max_concurrent_sessions } = await client.organization.limits.retrieve();
     */
    retrieve(options?: RequestOptions): Promise<OrgLimits>;
  };
}

export function organization(raw: RawClient): Organization {
  return {
    limits: {
      retrieve: async (options) => unwrap(await raw.GET("/org/limits", callInit(options))),
    },
  };
}
