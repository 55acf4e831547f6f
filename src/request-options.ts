/** Options every method takes last, for one call only. */
export interface RequestOptions {
  /** Cancels the call. */
  signal?: AbortSignal;
  /** Extra headers for this call; they override the client's, except `Authorization`. */
  headers?: Record<string, string>;
}

/** The openapi-fetch init for one call's options. */
export function callInit(options: RequestOptions | undefined): { signal?: AbortSignal; headers?: Record<string, string> } {
  if (!options) return {};
  const { Authorization: _a, authorization: _b, ...headers } = options.headers ?? {};
  return { signal: options.signal, headers };
}
