// A call's inputs checked before anything is built to be sent: its path parameters, its body (as the
// media type it goes as), its query and its header parameters (./call-headers.ts, where a row has
// any); what src/client/method.ts then sends.
import type { Schema } from "../../generated/validators.js";
import { assertValid, check, checkId, checkParam, jsonSnapshot } from "../checks/check.js";
import type { ValidationIssue } from "../core/errors.js";
import type { RequestOptions } from "../core/request-options.js";
import type { Operation, Readers } from "./operation-row.js";
import { bodyOf, mediaOf, need } from "./request-body.js";

/** A row with what the table leaves to its defaults filled in: its template's path parameters, its method's idempotency (RFC 9110's and QUERY's). */
export type Filled = Operation & { params: readonly string[]; idempotent: boolean };

// what a request override carries: the next page's query, sent unchecked when the service wrote it
export type Override = { query: Record<string, unknown> | undefined; trusted: boolean };
/** A call of a method with its inputs checked: its parameters, the body built once, its options. */
export type Prepared = {
  params: { path: Record<string, unknown>; query: unknown };
  built: ReturnType<typeof bodyOf> | undefined;
  options: RequestOptions | undefined;
};

/**
 * The check of one call's inputs to `op`, which throws `ValidationError` with every issue found,
 * before anything is built to be sent: the path parameters, the body (its media type, then the body
 * built and checked for it), the query (a page's own over the call's, sent unchecked where the
 * service wrote it), the header parameters.
 */
export function preparer(
  op: Filled,
  readers: Readers,
  sends: ReadonlySet<string> | undefined,
): (args: unknown[], override?: Override) => Prepared {
  const names = op.params;
  // per path parameter: the name its issues carry, and its schema where the table gives one
  const pathAt = names.map((name) => `path.${name}`);
  const pathSchemas = names.map((name) => schemaOf(op.pathSchemas, name));
  // the header parameters' checks and the idempotency key, where the row has any (./call-headers.ts)
  const headers =
    op.headerSchemas || op.headersRequired || op.idempotencyKey
      ? need(op.readers?.callHeaders ?? readers.callHeaders, op, "header check")(op, sends)
      : undefined;
  const takesInput = op.body !== undefined || op.query !== undefined;
  return (args, override) => {
    const issues: ValidationIssue[] = [];
    const path: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const at = pathAt[i]!;
      const schema = pathSchemas[i];
      const before = issues.length;
      checkId(args[i], at, issues);
      // only an id safe to send is held to its schema: one issue for one mistake
      if (schema && issues.length === before) checkParam(schema, args[i] as string, at, issues);
      path[names[i]!] = args[i];
    }
    const input = takesInput ? args[names.length] : undefined;
    let options = args[takesInput ? names.length + 1 : names.length] as
      | (RequestOptions & { query?: unknown; contentType?: unknown })
      | undefined;
    let query: unknown;
    // the media type the body goes as (src/client/request-body.ts), then the body built and checked for it
    const media = op.body === undefined ? undefined : mediaOf(op, input, options?.contentType, readers, issues);
    const built = media && bodyOf(op, media, input, readers, issues);
    if (built?.singleUse) options = { ...options, maxRetries: 0 };
    const rawQuery = override ? override.query : op.body === undefined ? input : options?.query;
    if (rawQuery === undefined && op.queryRequired) issues.push({ path: "query", message: "is required" });
    else if (override?.trusted) query = rawQuery;
    else if (op.query !== undefined && rawQuery !== undefined) {
      const before = issues.length;
      query = jsonSnapshot(rawQuery, "query", issues);
      if (issues.length === before) check(op.query, query, "query", issues);
    }
    if (headers) options = headers(options, issues);
    // a list's maxPages and maxItems ride along to the transport, which reads only its own limits
    assertValid(issues);
    return { params: { path, query }, built, options };
  };
}

/** The schema of the parameter `name` in a row's map of parameter schemas (`byName`), if it has one. */
function schemaOf(byName: Readonly<Record<string, Schema>> | undefined, name: string): Schema | undefined {
  return byName && Object.hasOwn(byName, name) ? byName[name] : undefined;
}
