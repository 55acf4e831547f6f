import type { Schema } from "../../generated/validators.js";
import { check } from "../checks/check.js";
import { BufferedResponse } from "./buffered-response.js";
import { AnswerMismatchError, apiErrorFrom } from "./errors.js";
import { earlierAttemptMayHaveActed } from "./transport.js";

/** What every openapi-fetch call resolves to. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** A 2xx answer: its parsed body, and the answer itself (status, headers). */
export interface Answer<T> {
  data: T;
  response: Response;
}

const decoder = new TextDecoder();

/**
 * Awaits an openapi-fetch call for the method `operation`: the parsed body of a 2xx answer with the
 * answer itself, the matching `ApiError` for any other status (branching on `response.ok`, since
 * openapi-fetch's `error` is empty for an empty body), and `AnswerMismatchError` carrying the text
 * and the answer, rather than a bare `SyntaxError` or `RangeError`, when a 2xx body is not JSON or
 * nests too deep to read. `answered` gives the answer the transport returned, which openapi-fetch's
 * parse error does not carry. `errorSchema` (the table's, one of `generated/validators.ts`) is what
 * the operation declares its error bodies to be: a JSON error body that breaks it is kept as text.
 */
export async function result<T>(
  pending: Promise<FetchResult<T>>,
  operation: string,
  answered: () => Response | undefined = () => undefined,
  errorSchema?: Schema,
): Promise<Answer<T>> {
  let outcome: FetchResult<T>;
  try {
    outcome = await pending;
  } catch (err) {
    if (err instanceof SyntaxError || err instanceof RangeError) {
      const response = answered();
      const text =
        response instanceof BufferedResponse && response.received ? decoder.decode(response.received) : undefined;
      throw new AnswerMismatchError(
        operation,
        [{ path: "response", message: `is not JSON: ${err.message}` }],
        text,
        response ?? new Response(),
        { cause: err },
      );
    }
    throw err;
  }
  const { response } = outcome;
  if (!response.ok) {
    const raw = response instanceof BufferedResponse ? response.received : undefined;
    throw apiErrorFrom(
      response,
      outcome.error,
      raw,
      earlierAttemptMayHaveActed(response) ? { maybePerformed: true } : {},
      errorSchema === undefined ? undefined : (body) => !check(errorSchema, body, "body", [], true).length,
    );
  }
  return { data: outcome.data as T, response };
}
