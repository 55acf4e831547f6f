// The raw client's reading of a request (client.raw, openapi-fetch as it is): which operation of
// the table it is for, and where the spec's `x-idempotent` overrides its HTTP method's retry policy.
// Given to connect() by createClient() and clientOf(); the standalone functions' client, which has
// no raw client, leaves it (and the path matcher) out of its bundle.
import type { Operation } from "./operation-row.js";
import { operationMatcher } from "../core/path-template.js";
import { IDEMPOTENT_METHODS } from "../core/retry.js";

/**
 * For the raw client, which has no table entry at hand: the operation a request is for, its whole
 * path after the base address's path being the template; `undefined` for none. Its `security`,
 * `idempotencyKey` and `rawIdempotency()` are what the raw client sends by. Built once per client.
 */
export function operationOf(
  operations: readonly Operation[],
  baseUrl: string,
): (method: string, url: string) => Operation | undefined {
  // every operation takes part in the match, so that a request for one finds it, not another
  const find = operationMatcher(operations, new URL(baseUrl).pathname);
  return (method, url) => find(method, new URL(url).pathname)?.operation;
}

/** The `x-idempotent` of `op` where the spec overrides what its HTTP method says; `undefined` otherwise. */
export function rawIdempotency(op: Operation | undefined): boolean | undefined {
  const idempotent = op?.idempotent;
  return idempotent !== undefined && idempotent !== IDEMPOTENT_METHODS.has(op!.method) ? idempotent : undefined;
}

/**
 * The raw client's reading of each request (client.raw, which has no row at hand): the operation of
 * `operations` it is for, where one of them differs from the document's defaults (its key header, its
 * scheme, its `x-idempotent`), and whether it may be sent twice: that operation's `x-idempotent`, else
 * what its HTTP method says (the IANA registry's rule, src/core/retry.ts). Built once per client.
 */
export function rawRequests(
  operations: readonly Operation[],
  baseUrl: string,
): (method: string, url: string) => { op: Operation | undefined; idempotent: boolean } {
  // one lookup per raw request, and none where no operation differs from the document's defaults
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: a shortcut; an operation found that differs from no default is read as none found (client.ts reads only these three)
  const differs = operations.some((op) => op.security || op.idempotencyKey || rawIdempotency(op) !== undefined);
  const find = differs ? operationOf(operations, baseUrl) : () => undefined;
  return (method, url) => {
    const op = find(method, url);
    return { op, idempotent: rawIdempotency(op) ?? IDEMPOTENT_METHODS.has(method) };
  };
}

/** `operationOf` and `rawIdempotency` together: the raw client's retry policy for a request. */
export function idempotencyOverrides(
  operations: readonly Operation[],
  baseUrl: string,
): (method: string, url: string) => boolean | undefined {
  const find = operationOf(operations, baseUrl);
  return (method, url) => rawIdempotency(find(method, url));
}
