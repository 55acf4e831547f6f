// The README `npm run init` writes for the team's package: what every package of this pipeline
// does, in the package's own names, around the parts `npm run generate` keeps true to the document
// (readme-parts.mjs): the example programs (the quick start, the errors, a list, a stream, as
// examples/ holds them), the environment variables and the retry policy.
import { exampleMarkers, markers } from "../generate/readme-parts.mjs";
import { describeAuth } from "../generate/security.mjs";

/** A part generate writes: its markers, empty until it runs. */
const part = (/** @type {{ start: string, end: string }} */ { start, end }) => [start, end];

/**
 * The README of the package `identity` names, for the document titled `title`, showing the example
 * programs of `programs` (examples.mjs) where the document has them.
 * @param {import("../shared/identity.mjs").Identity} identity
 * @param {import("../generate/security.mjs").AuthScheme} auth how the document's requests carry the key
 * @param {Map<string, string>} programs examples/'s programs, by file name
 * @returns {string}
 */
export function readmeText(identity, auth, programs) {
  const { packageName: name, errorName, apiKeyEnv, baseUrlEnv, logEnv } = identity;
  const has = (/** @type {string} */ file) => programs.has(file);
  const example = (/** @type {string} */ file) => (has(file) ? part(exampleMarkers(file)) : []);
  const sections = [
    ["Quick start", "quick-start"],
    ["Install", "install"],
    ["Configuration", "configuration"],
    ["Errors", "errors"],
    ["Retries, timeouts, cancellation", "retries-timeouts-cancellation"],
    ...(has("walk-a-list.ts") ? [["Lists", "lists"]] : []),
    ...(has("follow-a-stream.ts") ? [["Event streams", "event-streams"]] : []),
    ["Testing your own code", "testing-your-own-code"],
    ["Reference", "reference"],
  ];
  return [
    `# ${name}`,
    "",
    `A typed TypeScript client for the ${identity.displayName} API, generated from its OpenAPI`,
    "document, which it ships: typed inputs and answers checked against the document, one error",
    "class per failure, safe retries and timeouts. It is",
    "[openapi-fetch](https://openapi-ts.dev/openapi-fetch/) plus a small layer.",
    "",
    `- ${sections.map(([heading, anchor]) => `[${heading}](#${anchor})`).join(" · ")}`,
    "- Every method: [`generated/api.md`](generated/api.md). Programs to copy: [`examples/`](examples/).",
    "",
    "## Quick start",
    "",
    ...example("quick-start.ts"),
    ...(has("quick-start.ts") ? [""] : []),
    "Methods sit where the API's groups are (`client.<group>.<method>`); path parameters come",
    "first, then the body (or the query), then per-call options. Inputs are checked against the",
    "document before anything is sent, and answers when they arrive: an answer that drifts from",
    "the document is returned and reported, never thrown away after the service acted. Every",
    `method is also a standalone function of \`${name}/operations\`, so that a bundler keeps only`,
    "the operations a program imports ([`generated/api.md`](generated/api.md) lists both).",
    "",
    "## Install",
    "",
    "Until the package is published, build the tarball from this repository and install that:",
    "",
    "```",
    `git clone <this repository> ${name.replace(/^@[^/]*\//, "")}`,
    `cd ${name.replace(/^@[^/]*\//, "")} && npm ci && npm pack`,
    "cd ../your-project && npm install ../<the .tgz npm pack wrote>",
    "```",
    "",
    "It needs Node 20.19+, or a browser or edge runtime with `fetch`. The package is ESM with its",
    "own `.d.ts` files; `import` works everywhere, and on Node 20.19+ `require()` too.",
    "",
    "## Configuration",
    "",
    "| `createClient` option | default | |",
    "|---|---|---|",
    `| \`apiKey\` | \`${apiKeyEnv}\` | sent as the document's security scheme says (\`npm run generate\` prints how) |`,
    `| \`baseUrl\` | \`${baseUrlEnv}\`, else the document's first server | plain \`http:\` only to loopback |`,
    "| `timeoutMs` | 60 000 | bounds each attempt, body included |",
    "| `maxRetries` | 2 | see the retry policy below |",
    "| `maxResponseBytes` | 16 MiB | the largest answer body read |",
    "| `headers` | none | sent with every call |",
    "| `fetch` | global `fetch` | a proxy agent, tracing, or a test double (`mockFetch`) |",
    `| \`logger\` | \`console\` when \`${logEnv}=debug\`, else none | one line per attempt, never a header value |`,
    "| `strictAnswers` | false | throw `AnswerMismatchError` instead of returning an answer that breaks the document |",
    "",
    ...part(markers.environment),
    "",
    `The key is sent as the document's security scheme says: ${auth.kind === "none" ? "no operation needs one" : `\`${describeAuth(auth)}\``}.`,
    "",
    "A wrong option throws `ConfigurationError` from `createClient` itself, naming the option and",
    "the value given (never the key).",
    "",
    "## Errors",
    "",
    `Everything the client throws is a \`${errorName}\`, and every one says in \`maybePerformed\``,
    "whether the call may have been acted on by the service. A non-2xx answer is an `ApiError`",
    "(`BadRequestError`, `AuthenticationError`, `PermissionDeniedError`, `NotFoundError`,",
    "`ConflictError`, `UnprocessableEntityError`, `RateLimitError`, `InternalServerError` by status)",
    "with its `status`, `code`, `message` and `body`; an input that breaks the document is a",
    "`ValidationError`, and nothing is sent; a network failure is a `ConnectionError`.",
    "",
    ...example("handle-errors.ts"),
    "",
    "## Retries, timeouts, cancellation",
    "",
    ...part(markers.policy),
    "",
    "Every method takes a `signal` among its per-call options; an aborted call throws `UserAbortError`.",
    "",
    ...(has("walk-a-list.ts")
      ? [
          "## Lists",
          "",
          "A list method awaits to its first page (`items`, `hasNextPage()`, `nextPage()`); `for await`",
          "walks every item across pages, one request a page, bounded by `maxItems` and `maxPages`.",
          "",
          ...example("walk-a-list.ts"),
          "",
        ]
      : []),
    ...(has("follow-a-stream.ts")
      ? [
          "## Event streams",
          "",
          "A method answering server-sent events resolves to a stream to read with `for await`; each",
          "event's `data` is checked against the document, and `break` closes the connection.",
          "",
          ...example("follow-a-stream.ts"),
          "",
        ]
      : []),
    "## Testing your own code",
    "",
    `\`${name}/testing\` has \`mockFetch\`, a scripted \`fetch\` that answers by method name, for`,
    "unit tests with no network. `npm run mock` serves a mock of the document (Prism behind a",
    `proxy that serves lists and streams) at http://127.0.0.1:4010: set \`${baseUrlEnv}\` to it.`,
    "`npm run mock -- --stateful` keeps what the calls create, for the next calls to read: the store",
    "holds at most 1000 items and 8 MiB of them (as JSON), the oldest dropped first, and resets on",
    "restart.",
    "",
    "## Reference",
    "",
    "- [`generated/api.md`](generated/api.md): every method, its parameters, answer and errors.",
    "- [`CHANGELOG.md`](CHANGELOG.md): the document's changes; [`CLIENT_CHANGELOG.md`](CLIENT_CHANGELOG.md): the package's.",
    "- [`CONTRIBUTING.md`](CONTRIBUTING.md): working on this project (`npm start`, `npm test`, `npm run dev`).",
    "",
  ].join("\n");
}
