import type { Operations } from "../client.js";
import { BrowserCloudError } from "../errors.js";
import type { RequestOptions } from "../request-options.js";
import type { OrgLimits } from "../types.js";
import { check, OrgLimits as schema } from "../validation.js";

/** The Organization group: organization-level limits. */
export interface Organization {
  limits: {
    /**
     * Reads the organization's concurrency limits (`GET /org/limits`). Retried after timeouts,
     * connection failures and 408/429/5xx. Fields the spec does not know yet are kept.
     *
     * @example
     * const { max_concurrent_sessions, default_project_max_concurrent_sessions } =
     *   await client.organization.limits.retrieve();
     */
    retrieve(options?: RequestOptions): Promise<OrgLimits>;
  };
}

export function organization({ call }: Operations): Organization {
  return {
    limits: {
      async retrieve(options) {
        const limits = await call(options, (raw, init) => raw.GET("/org/limits", { ...init }));
        const issues = check(schema, limits, "response", [], true);
        if (issues.length) {
          throw new BrowserCloudError(`The service's answer is not the OrgLimits the spec promises: ${issues.map((i) => `${i.path} ${i.message}`).join("; ")}`);
        }
        return limits;
      },
    },
  };
}
