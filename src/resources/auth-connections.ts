import type { RawClient } from "../client.js";
import { callInit, type RequestOptions } from "../request-options.js";
import { unwrap } from "../response.js";

/** The Managed Auth group: auth connections for automated credential capture and login. */
export interface Auth {
  connections: {
    /**
     * Deletes an auth connection (`DELETE /auth/connections/{id}`): removes the record,
     * terminates its workflow and cancels any login flows in progress.
     *
     * @example
     * await client.auth.connections.delete("conn_8f3k2m9p");
     */
    delete(id: string, options?: RequestOptions): Promise<void>;
  };
}

export function auth(raw: RawClient): Auth {
  return {
    connections: {
      delete: async (id, options) => {
        unwrap(await raw.DELETE("/auth/connections/{id}", { ...callInit(options), params: { path: { id } }, parseAs: "text" }));
      },
    },
  };
}
