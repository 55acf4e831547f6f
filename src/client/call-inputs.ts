// A call's inputs checked before anything is built to be sent: its path parameters, its body (as the
// media type it goes as), its query and its header parameters; what src/client/method.ts then sends.
import type { Schema } from "../../generated/validators.js";
import { assertValid, check, checkId, checkParam, jsonSnapshot } from "../checks/check.js";
import type { ValidationIssue } from "../core/errors.js";
import type { RequestOptions } from "../core/request-options.js";
import type { Operation, Readers } from "./operation-row.js";
import { bodyOf, mediaOf } from "./request-body.js";

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
  const headers = headerChecks(op);
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
    if (headers) checkHeaders(headers, options?.headers, issues);
    if (op.headersRequired) requireHeaders(op.headersRequired, options?.headers, sends, issues);
    // a list's maxPages and maxItems ride along to the transport, which reads only its own limits
    assertValid(issues);
    // one key per request: its retries, and a stream's re-opens, send it again; each page of a list
    // is a request of its own, with a query of its own, so it gets its own
    if (op.idempotencyKey) options = withKey(op.idempotencyKey, options);
    return { params: { path, query }, built, options };
  };
}

/** The schema of the parameter `name` in a row's map of parameter schemas (`byName`), if it has one. */
function schemaOf(byName: Readonly<Record<string, Schema>> | undefined, name: string): Schema | undefined {
  return byName && Object.hasOwn(byName, name) ? byName[name] : undefined;
}

/**
 * The header parameters of `op` by their names in lower case (HTTP's names ignore case), each with
 * the name its issues carry and its schema.
 */
function headerChecks(op: Operation): Map<string, [at: string, schema: Schema]> | undefined {
  const declared = op.headerSchemas;
  if (!declared) return undefined;
  return new Map(
    Object.keys(declared).map((name) => [name.toLowerCase(), [`header.${name}`, schemaOf(declared, name)!]]),
  );
}

/**
 * Checks each header of a call's `headers` that is a declared parameter against its schema. Only
 * string values: anything else the options check refuses, naming the header.
 */
function checkHeaders(declared: Map<string, [at: string, schema: Schema]>, given: unknown, issues: ValidationIssue[]) {
  if (typeof given !== "object" || given === null) return;
  for (const name of Object.keys(given)) {
    const found = declared.get(name.toLowerCase());
    const value = (given as Record<string, unknown>)[name];
    if (found && typeof value === "string") checkParam(found[1], value, found[0], issues);
  }
}

/**
 * Names each header of `required` that neither the call's `headers` nor the client's own (`sends`)
 * carry, in any case of its name: `header.<name>` is required.
 */
function requireHeaders(
  required: readonly string[],
  given: unknown,
  sends: ReadonlySet<string> | undefined,
  issues: ValidationIssue[],
) {
  const passed = new Set<string>();
  if (typeof given === "object" && given !== null)
    for (const [name, value] of Object.entries(given)) if (value !== undefined) passed.add(name.toLowerCase());
  for (const name of required) {
    const lower = name.toLowerCase();
    if (!passed.has(lower) && !sends?.has(lower)) issues.push({ path: `header.${name}`, message: "is required" });
  }
}

/**
 * `options` with a new key (`crypto.randomUUID()`) in the header `name`, unless its `headers` carry
 * that header already, whatever the case of its name: the caller's key is sent as given. Options the
 * options check refuses (not an object, headers not an object) are left for it to name.
 */
function withKey<O extends RequestOptions>(name: string, options: O | undefined): O | undefined {
  if (options !== undefined && (typeof options !== "object" || options === null)) return options;
  const headers: Record<string, string | undefined> | undefined = options?.headers;
  if (headers !== undefined && (typeof headers !== "object" || headers === null)) return options;
  const lower = name.toLowerCase();
  for (const given of Object.keys(headers ?? {}))
    if (given.toLowerCase() === lower && headers![given] !== undefined) return options;
  return { ...options, headers: { ...headers, [name]: crypto.randomUUID() } } as O;
}
