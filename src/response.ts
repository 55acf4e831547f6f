import { apiErrorFrom } from "./errors.js";

/** What every openapi-fetch call resolves to. */
interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Returns the parsed body of a 2xx answer and throws the matching `ApiError` for any other.
 * Branches on `response.ok`, since openapi-fetch's `error` is `undefined` or `""` for an empty body.
 */
export function unwrap<T>(result: FetchResult<T>): T {
  if (!result.response.ok) throw apiErrorFrom(result.response, result.error);
  return result.data as T;
}
