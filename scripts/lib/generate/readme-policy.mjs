// The README's retry-policy table, written between its markers by `npm run generate`: which
// operations count as idempotent comes from the spec (the HTTP method, `x-idempotent`, or an
// `Idempotency-Key` header parameter; QUERY and OpenAPI 3.2's `additionalOperations` by their RFCs); the
// methods and statuses are src/core/policy.js's, the table the client itself runs on.
import { HTTP_METHODS } from "../../../src/core/path-template.js";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_METHODS,
  idempotentMethod,
  REGISTERED_IDEMPOTENT_METHODS,
  RETRYABLE_STATUSES,
} from "../../../src/core/policy.js";

const METHODS = HTTP_METHODS.map((method) => method.toUpperCase());

const START = "<!-- retry-policy:start (written by npm run generate from the spec; do not edit) -->";
const END = "<!-- retry-policy:end -->";

/** @param {{ name: string, method: string, path: string, idempotent: boolean, idempotencyKey?: string }[]} operations */
export function policyTable(operations) {
  const byMethod = new Set([...IDEMPOTENT_METHODS, ...REGISTERED_IDEMPOTENT_METHODS]);
  const named = new Set([...METHODS, ...IDEMPOTENT_METHODS]);
  // the methods OpenAPI 3.2 adds beyond QUERY (`additionalOperations`), idempotent by their RFC or not
  const registered = operations.filter((op) => !named.has(op.method) && idempotentMethod(op.method));
  const others = operations.filter((op) => !named.has(op.method) && !idempotentMethod(op.method));
  const listed = (ops) =>
    ops.length
      ? `: ${ops.map((op) => `\`${op.method} ${op.path}\` (\`${op.name}\`)`).join(", ")}`
      : " (none in this spec)";
  // idempotent as its method and its key would have it: what `x-idempotent` overrides
  const byRule = (op) => byMethod.has(op.method) || op.idempotencyKey !== undefined;
  // an operation its key makes idempotent is listed by the key, not as marked
  const keyed = operations.filter((op) => op.idempotent && !byMethod.has(op.method) && op.idempotencyKey);
  const yes = listed(operations.filter((op) => op.idempotent && !byRule(op)));
  const no = listed(operations.filter((op) => !op.idempotent && byRule(op)));
  return [
    "| | idempotent | not idempotent |",
    "|---|---|---|",
    `| which operations | ${IDEMPOTENT_METHODS.join(", ")} (the last a search that carries a body, safe as GET is); any other method the [IANA HTTP Method Registry](https://www.iana.org/assignments/http-methods) marks idempotent (WebDAV's COPY, MOVE, PROPFIND and others), which an OpenAPI 3.2 document's \`additionalOperations\` may name${listed(registered)}; an operation marked \`x-idempotent: true\`${yes}; an operation that declares an \`${IDEMPOTENCY_KEY_HEADER}\` header parameter (in any case), which then carries a new key per call (\`crypto.randomUUID()\`), the same on each retry, or the one your \`headers\` give${listed(keyed)} | ${METHODS.filter((m) => !byMethod.has(m)).join(", ")} and any other method (LOCK, or one the registry does not list${others.length ? listed(others) : "; none in this spec"}) without such a key; an operation marked \`x-idempotent: false\`${no} |`,
    `| retried after | connection errors, timeouts, ${RETRYABLE_STATUSES.join(", ")} | 429, and a connection refused before anything was sent, as each runtime reports it ([Runtimes](#runtimes): on workerd a refusal looks like a reset, so it is not retried) |`,
    "| never retried after | 409 (a conflict is yours to resolve), other 4xx, your abort | a timeout, a reset, any 5xx, any other network error: it may have been performed (`maybePerformed`) |",
    "| wait before retry n | `Retry-After` (seconds or HTTP date) or `retry-after-ms` when given, else 0.5 s × 2ⁿ up to 8 s, less up to 25 % jitter | same |",
    "| advised wait over 60 s | not taken: the call fails at once with the status's error; `retryAfterMs` says how long | same |",
  ].join("\n");
}

/**
 * `readme` with the text between its retry-policy markers replaced by `table`.
 * @param {string} readme
 * @param {string} table
 */
export function withPolicyTable(readme, table) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no retry-policy markers (${START} ... ${END})`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}
