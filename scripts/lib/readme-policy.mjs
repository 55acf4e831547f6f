// The README's retry-policy table, written between its markers by `npm run generate`: which
// operations count as idempotent comes from the spec (the HTTP method, or `x-idempotent`); what
// each kind is retried after is src/retry.ts's policy (test/retry.test.ts keeps the two in step).

const START = "<!-- retry-policy:start (written by npm run generate from the spec; do not edit) -->";
const END = "<!-- retry-policy:end -->";

/** @param {{ name: string, method: string, path: string, idempotent: boolean }[]} operations */
export function policyTable(operations) {
  const byMethod = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
  const overrides = (idempotent) =>
    operations.filter((op) => op.idempotent === idempotent && byMethod.has(op.method) !== idempotent).map((op) => `\`${op.method} ${op.path}\` (\`${op.name}\`)`);
  const yes = overrides(true);
  const no = overrides(false);
  return [
    "| | idempotent | not idempotent |",
    "|---|---|---|",
    `| which operations | GET, HEAD, OPTIONS, PUT, DELETE; an operation marked \`x-idempotent: true\`${yes.length ? `: ${yes.join(", ")}` : " (none in this spec)"} | POST, PATCH; an operation marked \`x-idempotent: false\`${no.length ? `: ${no.join(", ")}` : " (none in this spec)"} |`,
    "| retried after | connection errors, timeouts, 408, 429, 500, 502, 503, 504 | 429, and a connection refused before anything was sent (`ECONNREFUSED`, `ENOTFOUND`, `EAI_AGAIN`) |",
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
