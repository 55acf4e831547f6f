import type { Operations } from "../client.js";
import type { RequestOptions } from "../request-options.js";
import { assertValid, checkId } from "../validation.js";

/** The Managed Auth group: auth connections for automated credential capture and login. */
export interface Auth {
  connections: {
    /**
     * Deletes an auth connection (`DELETE /auth/connections/{id}`): removes the record, terminates
     * its workflow and cancels any login flows in progress. Retried like every idempotent call;
     * when an earlier attempt's outcome was unknown and the retry finds nothing (404), it succeeds.
     *
     * @example
     * await client.auth.connections.delete("conn_8f3k2m9p");
     */
    delete(id: string, options?: RequestOptions): Promise<void>;
  };
}

export function auth({ call }: Operations): Auth {
  return {
    connections: {
      async delete(id, options) {
        assertValid(checkId(id));
        await call(options, (raw, init) => raw.DELETE("/auth/connections/{id}", { ...init, params: { path: { id } }, parseAs: "text" }));
      },
    },
  };
}
