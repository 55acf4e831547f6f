import type { RawClient } from "../client.js";
import { callInit, type RequestOptions } from "../request-options.js";
import { unwrap } from "../response.js";

/** The Deployments group. */
export interface Deployments {
  /**
   * Deletes a deployment (`DELETE /deployments/{id}`): stops it when running and marks it for
   * deletion; returns at once when it is already stopped or failed.
   *
   * @example
   * await client.deployments.delete("dep_5n1v7c2x");
   */
  delete(id: string, options?: RequestOptions): Promise<void>;
}

export function deployments(raw: RawClient): Deployments {
  return {
    delete: async (id, options) => {
      unwrap(await raw.DELETE("/deployments/{id}", { ...callInit(options), params: { path: { id } }, parseAs: "text" }));
    },
  };
}
