// The README's generated parts, each written between its markers by `npm run generate`: the
// retry-policy table (which operations count as idempotent comes from the spec: the HTTP method,
// `x-idempotent`, or an `Idempotency-Key` header parameter; QUERY and OpenAPI 3.2's
// `additionalOperations` by their RFCs; the methods and statuses are
// src/core/policy.js's, the table the client itself runs on), the environment variables' table
// (the package's identity, scripts/lib/shared/identity.mjs), and the programs of examples/ it
// shows, each as the file holds it (which npm test compiles and runs against the mock).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HTTP_METHODS } from "../../../src/core/path-template.js";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_METHODS,
  idempotentMethod,
  REGISTERED_IDEMPOTENT_METHODS,
  RETRYABLE_STATUSES,
} from "../../../src/core/policy.js";

const METHODS = HTTP_METHODS.map((method) => method.toUpperCase());

/** The markers of the README's part `name`, what it is written from said in the first. */
const marked = (/** @type {string} */ name, /** @type {string} */ from) => ({
  start: `<!-- ${name}:start (written by npm run generate from ${from}; do not edit) -->`,
  end: `<!-- ${name}:end -->`,
});
/** The markers of the README's fixed parts, for a README that has them (`npm run init` writes them). */
export const markers = {
  policy: marked("retry-policy", "the spec"),
  environment: marked("environment", "package.json"),
};
const POLICY = markers.policy;
const ENVIRONMENT = markers.environment;
/** What an example's markers may name: a file of examples/ itself, not of a folder below or above it. */
const EXAMPLE_FILE = /^[\w-]+(?:\.[\w-]+)*\.ts$/;
const EXAMPLE_START = /<!-- example:([^ ]*):start /g;

/**
 * The markers of a README part showing the program `file` of examples/.
 * @param {string} file
 */
export const exampleMarkers = (file) => marked(`example:${file}`, `examples/${file}`);

/** @param {{ name: string, method: string, path: string, idempotent: boolean, idempotencyKey?: string }[]} operations */
export function policyTable(operations) {
  const byMethod = new Set([...IDEMPOTENT_METHODS, ...REGISTERED_IDEMPOTENT_METHODS]);
  const named = new Set([...METHODS, ...IDEMPOTENT_METHODS]);
  // the methods OpenAPI 3.2 adds beyond QUERY (`additionalOperations`), idempotent by their RFC or not
  const registered = operations.filter((op) => !named.has(op.method) && idempotentMethod(op.method));
  const others = operations.filter((op) => !named.has(op.method) && !idempotentMethod(op.method));
  const listed = (/** @type {typeof operations} */ ops) =>
    ops.length
      ? `: ${ops.map((op) => `\`${op.method} ${op.path}\` (\`${op.name}\`)`).join(", ")}`
      : " (none in this spec)";
  // idempotent as its method and its key would have it: what `x-idempotent` overrides
  const byRule = (/** @type {(typeof operations)[number]} */ op) =>
    byMethod.has(op.method) || op.idempotencyKey !== undefined;
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
 * `readme` with the text between the markers replaced by `text`; without them, `readme` as it is
 * unless `required`.
 * @param {string} readme
 * @param {{ start: string, end: string }} marks
 * @param {string} text
 * @param {boolean} required
 */
function withPart(readme, { start, end }, text, required) {
  const at = readme.indexOf(start);
  const to = readme.indexOf(end, at);
  if (at < 0 || to < at) {
    if (required) throw new Error(`README.md has no ${start} ... ${end} markers`);
    return readme;
  }
  return `${readme.slice(0, at + start.length)}\n${text}\n${readme.slice(to)}`;
}

/**
 * `readme` with the text between its retry-policy markers replaced by `table`.
 * @param {string} readme
 * @param {string} table
 */
export function withPolicyTable(readme, table) {
  return withPart(readme, POLICY, table, true);
}

/**
 * The environment variables a client reads, by the package's identity.
 * @param {import("../shared/identity.mjs").Identity} identity
 */
export function environmentTable(identity) {
  return [
    "| environment variable | read when | |",
    "|---|---|---|",
    `| \`${identity.apiKeyEnv}\` | \`apiKey\` is not given | the key as \`apiKey\` takes it: \`user:password\` for basic auth |`,
    `| \`${identity.baseUrlEnv}\` | \`baseUrl\` is not given | e.g. \`http://127.0.0.1:4010\` for a local mock |`,
    `| \`${identity.logEnv}\` | \`logger\` is not given | \`debug\` or \`off\` |`,
  ].join("\n");
}

/**
 * `readme` with its environment markers' text (where it has them) the table of the identity's variables.
 * @param {string} readme
 * @param {import("../shared/identity.mjs").Identity} identity
 */
export function readmeEnvironment(readme, identity) {
  return withPart(readme, ENVIRONMENT, environmentTable(identity), false);
}

/**
 * `readme` with each example part (`<!-- example:<file>:start … -->`) holding the program
 * examples/<file> as a TypeScript block; throws where it names no file of `examples`.
 * @param {string} readme
 * @param {string} examples the examples/ folder
 */
export function readmeExamples(readme, examples) {
  let out = readme;
  for (const [, file = ""] of readme.matchAll(EXAMPLE_START)) {
    if (!EXAMPLE_FILE.test(file) || !existsSync(join(examples, file)))
      throw new Error(`README.md shows examples/${file}, which is not a program of examples/`);
    out = withPart(
      out,
      exampleMarkers(file),
      `\`\`\`ts\n${readFileSync(join(examples, file), "utf8").trimEnd()}\n\`\`\``,
      true,
    );
  }
  return out;
}
