// The options of the client, of a call, of a list, of a stream and of mockFetch, checked by one table:
// each option's rule, by name, and one function that every place that takes options calls.
import type { ValidationIssue } from "./errors.js";
import { headerProblem, isObject, mustBe } from "./values.js";

/** Largest `timeoutMs`: 2 147 483 647 ms (about 24.8 days), the longest delay a JavaScript timer keeps; past it, it fires at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

// framing and connection headers, which the transport writes itself
const TRANSPORT_HEADERS = new Set(
  "connection content-length expect host keep-alive proxy-connection te trailer transfer-encoding upgrade".split(" "),
);
const HEADER_NAME = /^[\w!#$%&'*+.^`|~-]+$/;

/** Checks one option's value (never undefined: the option was given) and adds its problems to `out` under `path`. */
type Rule = (value: unknown, path: string, out: ValidationIssue[]) => unknown;

const refuse = (out: ValidationIssue[], path: string, what: string, value: unknown) =>
  out.push({ path, message: mustBe(what, value) });
/** A whole number of at least `least`, or `Infinity` where `unbounded`. */
const whole =
  (least: number, unbounded?: boolean): Rule =>
  (v, path, out) =>
    (Number.isSafeInteger(v) && (v as number) >= least) ||
    (unbounded && v === Infinity) ||
    refuse(out, path, `a whole number >= ${least}${unbounded ? ", or Infinity" : ""}`, v);
/** A timer's milliseconds: more than 0, at most `MAX_TIMEOUT_MS`. */
const ms: Rule = (v, path, out) =>
  (typeof v === "number" && v > 0 && v <= MAX_TIMEOUT_MS) || refuse(out, path, `> 0 and <= ${MAX_TIMEOUT_MS} ms`, v);
/** A value of `type`, or null (the default); a string "false" is refused, so that nothing is allowed by mistake. */
const a =
  (type: "boolean" | "function"): Rule =>
  (v, path, out) =>
    v === null || typeof v === type || refuse(out, path, `a ${type}`, v);
/** A header's value. */
const header: Rule = (v, path, out) => {
  const problem = headerProblem(v);
  if (problem) out.push({ path, message: problem });
};

/** Each option's rule, by name; `checkOptions` reports problems in the order its caller names the options. */
const RULES: Record<string, Rule> = {
  timeoutMs: ms,
  idleTimeoutMs: ms,
  maxRetries: whole(0),
  maxResponseBytes: whole(0),
  maxReconnects: whole(0),
  maxEventSize: whole(1),
  maxCalls: whole(1),
  maxPages: whole(1, true),
  maxItems: whole(1, true),
  allowInsecureHttp: a("boolean"),
  dangerouslyAllowBrowser: a("boolean"),
  strictAnswers: a("boolean"),
  fetch: a("function"),
  onAnswerMismatch: a("function"),
  // a logger without a debug method is shown as itself
  logger: (v, path, out) => v === null || a("function")((v as { debug?: unknown }).debug || v, `${path}.debug`, out),
  lastEventId: header,
  signal: (v, path, out) =>
    typeof (v as AbortSignal | null)?.addEventListener === "function" || refuse(out, path, "an AbortSignal", v),
  // every header by name; the value of one is never shown: it may be a credential
  headers: (v, path, out) => {
    if (!isObject(v)) return refuse(out, path, "an object", v);
    for (const [name, value] of Object.entries(v)) {
      const at = `${path}[${JSON.stringify(name)}]`;
      if (!HEADER_NAME.test(name)) out.push({ path: at, message: "is not a header name" });
      else if (TRANSPORT_HEADERS.has(name.toLowerCase()))
        out.push({ path: at, message: "is written by the transport; remove it" });
      else if (value !== undefined) header(value, at, out);
    }
  },
};

/** The limits and headers a call may set as well as a client. */
export const LIMITS = ["timeoutMs", "maxRetries", "maxResponseBytes", "headers"];

/**
 * The problems of the options `names` of `given`, in that order, each under `at` and the option's
 * name (`options.maxPages`), added to `out`. An option left undefined takes its default and is not
 * checked. A name the table does not hold is a header option (generated/meta.ts `HEADER_OPTIONS`,
 * whose names the generator keeps apart from the client's own): its value must be header text.
 *
 * @example
 * checkOptions({ maxPages: 0 }, ["maxPages", "maxItems"], "options."); // [{ path: "options.maxPages", message: "must be a whole number >= 1, or Infinity (got 0)" }]
 */
export function checkOptions(
  given: object,
  names: readonly string[],
  at = "",
  out: ValidationIssue[] = [],
): ValidationIssue[] {
  for (const name of names) {
    const value = (given as Record<string, unknown>)[name];
    if (value !== undefined) (Object.hasOwn(RULES, name) ? RULES[name]! : header)(value, at + name, out);
  }
  return out;
}
