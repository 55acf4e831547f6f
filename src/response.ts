import { apiErrorFrom, BrowserCloudError } from "./errors.js";

/** What every openapi-fetch call resolves to. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Awaits an openapi-fetch call: the parsed body of a 2xx answer, the matching `ApiError` for any
 * other (branching on `response.ok`, since openapi-fetch's `error` is empty for an empty body),
 * and a `BrowserCloudError` rather than a bare `SyntaxError` when a 2xx body is not JSON.
 */
export async function result<T>(pending: Promise<FetchResult<T>>): Promise<T> {
  let outcome: FetchResult<T>;
  try {
    outcome = await pending;
  } catch (err) {
    if (err instanceof SyntaxError) {
      throw new BrowserCloudError(`The service answered 2xx with a body that is not JSON: ${err.message}`, { cause: err });
    }
    throw err;
  }
  if (!outcome.response.ok) throw apiErrorFrom(outcome.response, outcome.error);
  return outcome.data as T;
}
