// A call mockFetch received, as a test reads it: the method it was for, its path parameters decoded,
// its query and headers with the key redacted, its body parsed where it was JSON.
import { AUTH } from "../../generated/meta.js";
import type { Resources } from "../../generated/resources.js";
import type { Operation } from "../client/operation-row.js";
import type { MethodAt } from "../client/method-type.js";
import { templateParams } from "../core/path-template.js";

type Method = (...args: never[]) => Promise<unknown>;
type Names<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends Method ? `${Prefix}${K}` : Names<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The name of every method of the client, as the spec's `x-client-method`s place them: `"<group>.<method>"`. */
export type OperationName = Names<Resources>;

/** What the method `Name` resolves to (`void` for an empty answer). */
export type ResultOf<Name extends OperationName> =
  MethodAt<Resources, Name> extends (...args: never[]) => Promise<infer R> ? R : never;

/** A call the mock received, parsed. */
export interface RecordedCall {
  /** The method it was for, by name: `"<group>.<method>"`. */
  operation: OperationName;
  /** The HTTP method. */
  method: string;
  /** The path as sent, its parameters filled in, base address excluded. */
  path: string;
  /** The path parameters, decoded: `{ id: "t_1" }`. */
  params: Record<string, string>;
  /** The query parameters; one that carries the key shows `[redacted]`. */
  query: Record<string, string>;
  /** The body, parsed when it was JSON; `undefined` when there was none. */
  body: unknown;
  /**
   * The request headers, names lowercased; `authorization` shows the scheme only (`Bearer [redacted]`),
   * and a header that carries the key shows `[redacted]`.
   */
  headers: Record<string, string>;
}

/** The call `request` makes of `op`, its path parameters as the matcher found them (`sent`) and its `path` past the base path. */
export async function record(
  op: Operation,
  sent: Record<string, string>,
  path: string,
  url: URL,
  request: Request,
): Promise<RecordedCall> {
  const params: Record<string, string> = {};
  (op.params ?? templateParams(op.path)).forEach((name) => {
    // Stryker disable next-line StringLiteral: the matcher found every parameter of the template, so none is missing
    const value = sent[name] ?? "";
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  });
  // the key stays out of test output and snapshots
  const auth = op.security ?? AUTH;
  const keyHeader = auth.kind === "header" ? auth.name.toLowerCase() : undefined;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] =
      name === keyHeader ? "[redacted]" : name === "authorization" ? `${value.split(" ")[0]} [redacted]` : value;
  });
  const text = request.body ? await request.text() : "";
  let body: unknown = text || undefined;
  // Stryker disable next-line StringLiteral: a missing type reads as no JSON, whatever text stands in for it
  if (text && /json/i.test(headers["content-type"] ?? "")) {
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: the test sees what was sent
    }
  }
  const query: Record<string, string> = {};
  url.searchParams.forEach(
    (value, name) => (query[name] = auth.kind === "query" && name === auth.name ? "[redacted]" : value),
  );
  return { operation: op.name as OperationName, method: request.method, path, params, query, body, headers };
}
