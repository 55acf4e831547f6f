import { BufferedResponse } from "./buffered-response.js";
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
 * and a `BrowserCloudError` rather than a bare `SyntaxError` or `RangeError` when a 2xx body is not
 * JSON or nests too deep to read.
 */
export async function result<T>(pending: Promise<FetchResult<T>>): Promise<T> {
  let outcome: FetchResult<T>;
  try {
    outcome = await pending;
  } catch (err) {
    if (err instanceof SyntaxError || err instanceof RangeError) {
      throw new BrowserCloudError(`The service answered 2xx with a body that is not JSON: ${err.message}`, { cause: err });
    }
    throw err;
  }
  const { response } = outcome;
  if (!response.ok) throw apiErrorFrom(response, outcome.error, response instanceof BufferedResponse ? response.received : undefined);
  return outcome.data as T;
}
