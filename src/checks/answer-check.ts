import { PACKAGE_NAME } from "../../generated/identity.js";
import type { Schema } from "../../generated/validators.js";
import { AnswerMismatchError } from "../core/errors.js";
import type { AnswerPolicy } from "../core/config.js";
import { check } from "./check.js";

/**
 * Checks one answer (a JSON body, an event of a stream, a page of a list) against its schema, one of
 * `generated/validators.ts`, and returns it. One that does not match is still returned, and reported
 * through the logger and `onAnswerMismatch`: the service has acted, and throwing its answer away
 * would lose what it did. With `strictAnswers` it throws `AnswerMismatchError` instead, which carries
 * the answer. `path` names the value in the issues (`response`, `event[3]`, `page[2]`).
 *
 * @example
 * const answer = checkAnswer(policy, op.name, op.answerSchema, data, response);
 */
export function checkAnswer<T>(
  policy: AnswerPolicy,
  operation: string,
  schema: Schema,
  data: T,
  response: Response,
  path = "response",
): T {
  const issues = check(schema, data, path, [], true);
  if (!issues.length) return data;
  const mismatch = new AnswerMismatchError(operation, issues, data, response);
  if (policy.strictAnswers) throw mismatch;
  policy.logger?.debug(`${PACKAGE_NAME}: ${mismatch.message}`);
  policy.onAnswerMismatch?.({ operation, issues, data, response });
  return data;
}
