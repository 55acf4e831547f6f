// The raw client's reading of a request (client.raw, openapi-fetch as it is): which operation of
// the table it is for, and where the spec's `x-idempotent` overrides its HTTP method's retry policy.
// Given to connect() by createClient() and clientOf(); the standalone functions' client, which has
// no raw client, leaves it (and the path matcher) out of its bundle.
import type { Operation } from "./operation-row.js";
import { operationMatcher } from "./path-template.js";
import { IDEMPOTENT_METHODS } from "./retry.js";

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

/** `operationOf` and `rawIdempotency` together: the raw client's retry policy for a request. */
export function idempotencyOverrides(
  operations: readonly Operation[],
  baseUrl: string,
): (method: string, url: string) => boolean | undefined {
  const find = operationOf(operations, baseUrl);
  return (method, url) => rawIdempotency(find(method, url));
}
