import type { Client } from "openapi-fetch";
import { openStream, type Operation } from "../generated/operations.js";
import type { openEventStream, StreamOptions } from "./event-stream.js";
import { schemas } from "../generated/validators.js";
import { BrowserCloudError, type ValidationIssue } from "./errors.js";
import type { RequestOptions } from "./request-options.js";
import { IDEMPOTENT_METHODS } from "./retry.js";
import type { Logger } from "./transport.js";
import { assertValid, check, checkId, plain } from "./validation.js";

/**
 * What a method runs its request through: the client's transport, with this call's options; its
 * `logger` gets the lines of what happens between requests (an event stream re-opened), and its
 * `openStream` reads event streams where the generated table brings no reader of its own.
 */
export type Call = (<T>(
  options: RequestOptions | undefined,
  op: Operation,
  run: (raw: Client<Record<string, never>>, init: { signal?: AbortSignal; headers?: Record<string, string>; fetch: (request: Request) => Promise<Response> }) => Promise<{ data?: T; error?: unknown; response: Response }>,
) => Promise<T>) & { logger?: Logger | undefined; openStream?: typeof openEventStream | undefined };

// how openapi-fetch reads each kind of answer: "stream" leaves the body to the caller
const PARSE_AS = { json: "json", empty: "text", other: "stream", stream: "stream" } as const;

/**
 * Turns one entry of the generated table into a method: `(...pathParams, bodyOrQuery?, options?)`.
 * Path parameters are checked (`checkId`) and encoded by openapi-fetch; a JSON body is snapshotted
 * to plain data, checked against its schema and sent as that snapshot, so what is checked is what
 * is sent; query parameters are checked as one object. Nothing is sent when an input is wrong
 * (`ValidationError`). The answer is read by its kind: JSON parsed and checked, empty as
 * `undefined`, other content as the `Response` itself.
 *
 * @example
 * const retrieve = method(operations[0], call); // the table's first operation
 * const limits = await retrieve({ timeoutMs: 5_000 });
 */
export function method(op: Operation, call: Call): (...args: unknown[]) => Promise<unknown> {
  const names = op.params ?? [];
  const takesInput = op.body !== undefined || op.query !== undefined;
  return async (...args) => {
    const issues: ValidationIssue[] = [];
    const path: Record<string, unknown> = {};
    names.forEach((name, i) => {
      issues.push(...checkId(args[i], name));
      path[name] = args[i];
    });
    const input = takesInput ? args[names.length] : undefined;
    const options = args[takesInput ? names.length + 1 : names.length] as (RequestOptions & { query?: unknown }) | undefined;
    let body: unknown;
    let query: unknown;
    // a snapshot with an issue holds holes: check only a clean one
    const clean = issues.length;
    if (input === undefined && op.bodyRequired) issues.push({ path: "body", message: "is required" });
    else if (op.body === "json" && input !== undefined) {
      body = plain(input, "body", issues);
      if (issues.length === clean) check(schemas[op.bodySchema!]!, body, "body", issues);
    } else if (op.body === "raw") body = input;
    const rawQuery = op.body === undefined ? input : options?.query;
    if (rawQuery === undefined && op.queryRequired) issues.push({ path: "query", message: "is required" });
    else if (op.query !== undefined && rawQuery !== undefined) {
      const before = issues.length;
      query = plain(rawQuery, "query", issues);
      if (issues.length === before) check(schemas[op.query]!, query, "query", issues);
    }
    assertValid(issues);

    const send = (callOptions: RequestOptions | undefined) => call(callOptions, op, (raw, init) =>
      raw.request(op.method.toLowerCase() as "get", op.path as never, {
        ...init,
        params: { path, query },
        body,
        parseAs: PARSE_AS[op.answer],
        // a raw body goes out as given; for a FormData, fetch sets the type with its boundary
        ...(op.body === "raw" ? { bodySerializer: (b: unknown) => b, headers: { ...init.headers, "Content-Type": body instanceof FormData ? null : op.bodyType } } : {}),
      } as never).then((outcome) => (op.answer === "other" || op.answer === "stream" ? { ...outcome, data: outcome.response } : outcome)),
    );
    // an event stream: a typed iterable of its events, re-opened through the same request
    if (op.answer === "stream") {
      const open = call.openStream ?? openStream;
      if (!open) throw new BrowserCloudError(`${op.name}: no stream reader; run npm run generate`);
      return open(op, send as (o: RequestOptions) => Promise<Response>, options as StreamOptions | undefined, call.logger);
    }
    const data = await send(options);
    if (op.answer === "empty") return undefined;
    if (op.answer === "json" && op.answerSchema !== undefined) {
      const problems = check(schemas[op.answerSchema]!, data, "response", [], true);
      if (problems.length) {
        throw new BrowserCloudError(`The service's answer to ${op.name} (${op.method} ${op.path}) is not what the spec promises: ${problems.map((i) => `${i.path} ${i.message}`).join("; ")}`);
      }
    }
    return data;
  };
}

/**
 * The resource tree of the table: each entry's method placed where its name says
 * (`group.sub.method` -> `tree.group.sub.method`).
 */
export function resources(operations: readonly Operation[], call: Call): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const op of operations) {
    const segments = op.name.split(".");
    const last = segments.pop()!;
    let node = tree;
    for (const segment of segments) node = (node[segment] ??= {}) as Record<string, unknown>;
    node[last] = method(op, call);
  }
  return tree;
}

/**
 * For the raw client, which has no table entry at hand: the `x-idempotent` of the operation a
 * request is for, where the spec overrides what its HTTP method says; `undefined` otherwise.
 */
export function idempotencyOverrides(operations: readonly Operation[]): (method: string, url: string) => boolean | undefined {
  const overrides = operations
    .filter((op) => op.idempotent !== IDEMPOTENT_METHODS.has(op.method))
    .map((op) => ({ op, pattern: new RegExp(`${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]*\\?\}/g, "[^/]+")}$`) }));
  return (method, url) => {
    if (!overrides.length) return undefined;
    const path = new URL(url).pathname;
    return overrides.find(({ op, pattern }) => op.method === method && pattern.test(path))?.op.idempotent;
  };
}
