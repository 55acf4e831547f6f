import type { Schema } from "../../generated/validators.js";
import { check } from "../checks/check.js";
import { BufferedResponse } from "../core/buffered-response.js";
import { apiErrorFrom } from "../core/error-answer.js";
import { AnswerMismatchError } from "../core/errors.js";
import { earlierAttemptMayHaveActed } from "../core/transport.js";

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
 * The outcome of an openapi-fetch call for an operation: the parsed body of a 2xx answer with the
 * answer itself, or the matching `ApiError` thrown for any other status (branching on
 * `response.ok`, since openapi-fetch's `error` is empty for an empty body). `errorSchema` (the
 * table's, one of `generated/validators.ts`) is what the operation declares its error bodies to be:
 * a JSON error body that breaks it is kept as text. `declared` is the status the operation answers
 * with: a redirect the document declares as its answer (its only one) is the answer, not an error.
 */
export function answerOf<T>(outcome: FetchResult<T>, errorSchema?: Schema, declared?: number): Answer<T> {
  const { response } = outcome;
  if (!response.ok && response.status !== declared) {
    const raw = response instanceof BufferedResponse ? response.received : undefined;
    throw apiErrorFrom(
      response,
      outcome.error,
      raw,
      earlierAttemptMayHaveActed(response) ? { maybePerformed: true } : {},
      // Stryker disable next-line StringLiteral: the issues' path is never read, only whether there are any
      errorSchema === undefined ? undefined : (body) => !check(errorSchema, body, "body", [], true).length,
    );
  }
  return { data: outcome.data as T, response };
}

/**
 * What an openapi-fetch call for the method `operation` that threw should throw: for a 2xx body that
 * is not JSON or nests too deep to read (openapi-fetch's `SyntaxError` or `RangeError`),
 * `AnswerMismatchError` carrying the text and `answer`, the answer the transport returned, which
 * openapi-fetch's parse error does not carry; any other error as it is.
 */
export function unreadable(err: unknown, operation: string, answer: Response | undefined): unknown {
  if (!(err instanceof SyntaxError || err instanceof RangeError)) return err;
  const text = answer instanceof BufferedResponse && answer.received ? decoder.decode(answer.received) : undefined;
  return new AnswerMismatchError(
    operation,
    [{ path: "response", message: `is not JSON: ${err.message}` }],
    text,
    answer ?? new Response(),
    { cause: err },
  );
}

/**
 * Awaits an openapi-fetch call: `answerOf` its outcome, or `unreadable` its failure. `answered`
 * gives the answer the transport returned.
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
    throw unreadable(err, operation, answered());
  }
  return answerOf(outcome, errorSchema);
}
