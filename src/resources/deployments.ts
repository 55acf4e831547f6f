import type { Operations } from "../client.js";
import type { RequestOptions } from "../request-options.js";
import { assertValid, checkId } from "../validation.js";

/** The Deployments group. */
export interface Deployments {
  /**
   * Deletes a deployment (`DELETE /deployments/{id}`): stops it when running and marks it for
   * deletion; returns at once when it is already stopped or failed. Retried like every idempotent
   * call; when an earlier attempt's outcome was unknown and the retry finds nothing (404), it succeeds.
   *
   * @example
   * await client.deployments.delete("dep_5n1v7c2x");
   */
  delete(id: string, options?: RequestOptions): Promise<void>;
}

export function deployments({ call }: Operations): Deployments {
  return {
    async delete(id, options) {
      assertValid(checkId(id));
      await call(options, (raw, init) => raw.DELETE("/deployments/{id}", { ...init, params: { path: { id } }, parseAs: "text" }));
    },
  };
}
