// A call's header parameters: each declared one checked against its schema, each required one
// required, and the idempotency key added. A reader (src/client/operation-row.ts `Readers`): only a
// row that declares header parameters or a key brings it, so a bundle of calls without them leaves it out.
import type { Schema } from "../../generated/validators.js";
import { checkParam } from "../checks/check.js";
import type { ValidationIssue } from "../core/errors.js";
import type { RequestOptions } from "../core/request-options.js";

/** What a row (src/client/operation-row.ts `Operation`) says of a call's headers, as its fields of the same names. */
export interface HeaderFields {
  headerSchemas?: Readonly<Record<string, Schema>> | undefined;
  headersRequired?: readonly string[] | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * The header work of one call to `op`, made once per method: its `headers` checked (issues pushed
 * onto `issues`, for the call's one `ValidationError`), then its options returned with a new
 * idempotency key where the row declares one and the call carries none. `sends` are the headers the
 * client sends with every request, in lower case: a required header among them need not be passed.
 *
 * @example
 * const headers = callHeaders({ ...row, headersRequired: ["If-Match"] }, new Set());
 * headers({ headers: {} }, issues); // issues: [{ path: "header.If-Match", message: "is required" }]
 */
export function callHeaders(
  op: HeaderFields,
  sends: ReadonlySet<string> | undefined,
): <O extends RequestOptions>(options: O | undefined, issues: ValidationIssue[]) => O | undefined {
  const declared = headerChecks(op.headerSchemas);
  const required = op.headersRequired;
  const key = op.idempotencyKey;
  return (options, issues) => {
    const given = typeof options === "object" && options !== null ? options.headers : undefined;
    if (declared) checkHeaders(declared, given, issues);
    if (required) requireHeaders(required, given, sends, issues);
    // one key per request: its retries, and a stream's re-opens, send it again; each page of a list
    // is a request of its own, with a query of its own, so it gets its own
    return key ? withKey(key, options) : options;
  };
}

/**
 * The header parameters of a row by their names in lower case (HTTP's names ignore case), each with
 * the name its issues carry and its schema.
 */
function headerChecks(
  declared: Readonly<Record<string, Schema>> | undefined,
): Map<string, [at: string, schema: Schema]> | undefined {
  if (!declared) return undefined;
  return new Map(Object.keys(declared).map((name) => [name.toLowerCase(), [`header.${name}`, declared[name]!]]));
}

/**
 * Checks each header of a call's `headers` that is a declared parameter against its schema. Only
 * string values: anything else the options check refuses, naming the header.
 */
function checkHeaders(declared: Map<string, [at: string, schema: Schema]>, given: unknown, issues: ValidationIssue[]) {
  // Stryker disable next-line ConditionalExpression: a string's keys are its indexes, no header's name; the options check refuses such headers
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
