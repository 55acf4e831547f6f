// Header parameters as the client takes them. Each operation's own are typed in its options'
// `headers` (the required ones required, and checked before sending: src/client/method.ts); a header
// that (nearly) every operation declares (an API version, an account id) is a client option as
// well, set once for every request and still overridable per call (generated/meta.ts
// `HEADER_OPTIONS`, read by src/client/client.ts).
import { identifier, RESERVED_WORDS } from "./identifiers.mjs";

/** The share of a document's operations that must declare a header for it to be a client option. */
export const COMMON_SHARE = 0.9;

/**
 * The options `createClient` takes already (src/core/config.ts `ClientOptions`): a header's option
 * never takes one of their names (test/scripts/generate/headers.test.ts holds the two lists equal).
 */
export const CLIENT_OPTIONS = [
  "apiKey",
  "baseUrl",
  "timeoutMs",
  "maxRetries",
  "maxResponseBytes",
  "fetch",
  "headers",
  "logger",
  "strictAnswers",
  "onAnswerMismatch",
  "allowInsecureHttp",
  "dangerouslyAllowBrowser",
];

/**
 * @typedef {object} HeaderOption
 * @property {string} name the header, as the document writes it
 * @property {string} option the client option that sets it (`Intercom-Version` -> `intercomVersion`)
 * @property {unknown} schema its schema, as the first operation that declares it gives it
 * @property {string | undefined} description
 * @property {{ path: string, method: string }} at the first operation that declares it, whose types give its value's
 */

/**
 * The header parameters that at least COMMON_SHARE of `operations` declare (and at least two), but
 * the idempotency keys the client makes itself: each becomes a client option, named from the header
 * (a leading `x-` dropped, camelCase, never an option `createClient` has already). With a line each
 * for generate's report.
 * @param {import("./read-operations.mjs").OperationInfo[]} operations
 * @returns {{ options: HeaderOption[], lines: string[] }}
 */
export function headerOptions(operations) {
  /** @type {Map<string, { count: number, first: import("./read-operations.mjs").Parameter, at: { path: string, method: string } }>} */
  const declared = new Map();
  for (const op of operations)
    for (const p of op.headerParams) {
      if (p.name === op.idempotencyKey) continue;
      const lower = p.name.toLowerCase();
      const seen = declared.get(lower);
      if (seen) seen.count++;
      else declared.set(lower, { count: 1, first: p, at: { path: op.path, method: op.method } });
    }
  const taken = new Set([...CLIENT_OPTIONS, ...RESERVED_WORDS]);
  /** @type {HeaderOption[]} */
  const options = [];
  const lines = [];
  for (const { count, first, at } of declared.values()) {
    if (count < 2 || count < COMMON_SHARE * operations.length) continue;
    const words = first.name.replace(/^x-/i, "");
    const camel = identifier(words, new Set()).replace(/^[A-Z]/, (c) => c.toLowerCase());
    const option = identifier(camel, taken);
    options.push({ name: first.name, option, schema: first.schema, description: first.description, at });
    lines.push(
      `header ${first.name}: declared by ${count} of ${operations.length} operations; the client option ${option} sends it with every request, and a call's headers override it`,
    );
  }
  return { options, lines };
}
