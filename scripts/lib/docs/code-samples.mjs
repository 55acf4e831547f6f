// Code samples for the docs page: each operation called through this client (built with
// examples.mjs's exampleCall) and with curl, both from the spec's example values, or values sampled
// from its schemas where it gives none (example-inputs.mjs). They go into the document the page is
// rendered from as `x-codeSamples`, never into openapi/ or generated/.
import { withExampleInputs } from "../generate/example-inputs.mjs";
import { exampleCall } from "../generate/examples.mjs";
import { fillTemplate, pathVariant } from "../../../src/core/path-template.js";
import { readOperations, serverUrl } from "../generate/read-operations.mjs";
import { identityOf } from "../shared/identity.mjs";
import { operationAt } from "../spec/document.mjs";
import { isRecord, keyword } from "../spec/guards.mjs";
import { sequenceFraming } from "../../../src/streams/sequence-media.js";

/** What the samples name: the package they import and the environment variable both read the API key from. */
/** @typedef {Pick<import("../shared/identity.mjs").Identity, "packageName" | "apiKeyEnv">} SampleNames */

/**
 * @typedef {object} CodeSample one entry of `x-codeSamples`, as Redoc shows it in the right panel
 * @property {string} lang the language Redoc highlights it as
 * @property {string} label the tab's title
 * @property {string} source the sample itself
 */

/**
 * Quotes `text` for a POSIX shell: inside single quotes, each `'` closed, escaped and reopened.
 * @param {string} text
 * @returns {string}
 * @example
 * shellQuote(`{"name":"it's"}`); // '{"name":"it'\''s"}'
 */
export function shellQuote(text) {
  return `'${String(text).replace(/'/g, `'\\''`)}'`;
}

/** A query value as a URL carries it: arrays repeat the name, objects go as JSON. */
const queryPairs = (/** @type {import("../generate/read-operations.mjs").Parameter[]} */ params) =>
  params
    .filter((p) => p.example !== undefined && p.example !== null)
    .flatMap((p) =>
      (Array.isArray(p.example) ? p.example : [p.example]).map((value) => [
        p.name,
        typeof value === "object" && value !== null ? JSON.stringify(value) : String(value),
      ]),
    );

/**
 * The query string of an operation's examples. OpenAPI 3.2's `querystring` is the whole query as one
 * value: a form's fields are its parameters, any other media type's text (JSON's for JSON) is the
 * query, percent-encoded.
 * @param {import("../generate/read-operations.mjs").Parameter[]} params
 * @returns {string}
 */
function queryText(params) {
  const whole = params.find((p) => p.querystring);
  if (!whole) return new URLSearchParams(queryPairs(params)).toString();
  const value = whole.example;
  if (value === undefined) return "";
  if (/^application\/x-www-form-urlencoded\b/i.test(whole.querystring ?? ""))
    return new URLSearchParams(
      queryPairs(
        typeof value === "object" && value !== null && !Array.isArray(value)
          ? Object.entries(value).map(([name, example]) => ({ ...whole, name, example }))
          : [],
      ),
    ).toString();
  return encodeURIComponent(
    typeof value === "string" && !/json/i.test(whole.querystring ?? "") ? value : JSON.stringify(value),
  );
}

/**
 * Quotes `text` for a shell with ANSI-C quoting (`$'...'`, POSIX.1-2024), which can hold a control
 * character: a JSON text sequence's record separator.
 * @param {string} text
 * @returns {string}
 */
const ansiQuote = (text) =>
  `$'${[...text]
    .map((c) =>
      c === "\\" || c === "'"
        ? `\\${c}`
        : c.charCodeAt(0) < 0x20
          ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`
          : c,
    )
    .join("")}'`;

/**
 * The curl command for one operation: its method and address (path parameters from their
 * examples, percent-encoded; the query from the examples), the bearer header with the key's
 * variable as its placeholder (`$ACME_API_KEY`), and the example body where the operation takes one.
 * @param {import("../generate/read-operations.mjs").OperationInfo} op from readOperations()
 * @param {string} base the server address, as serverUrl() gives it
 * @param {string} keyVariable the environment variable the key is read from
 * @returns {string}
 * @example
 * curlSample(op, "https://api.example.com", "ACME_API_KEY");
 * // curl -X DELETE 'https://api.example.com/deployments/dep_1' \
 * //   -H "Authorization: Bearer $ACME_API_KEY"
 */
export function curlSample(op, base, keyVariable) {
  // a variant's `#name` (`/chats#stream`) is no part of the address: it is sent to the path before it
  const path = fillTemplate(pathVariant(op.path).path, (name) =>
    encodeURIComponent(String(op.pathParams.find((p) => p.name === name)?.example ?? name)),
  );
  const query = queryText(op.queryParams);
  const url = `${base}${path}${query ? `?${query}` : ""}`;
  const lines = [
    `curl ${op.method === "GET" ? "" : `-X ${op.method} `}${shellQuote(url)}`,
    `-H "Authorization: Bearer $${keyVariable}"`,
    // the required header parameters (an idempotency key is the caller's to make)
    ...op.headerParams
      .filter((p) => p.required && p.name !== op.idempotencyKey && p.example !== undefined)
      .map((p) => `-H ${shellQuote(`${p.name}: ${p.example}`)}`),
  ];
  if (op.body) {
    const example = op.body.example;
    if (op.body.kind === "json") {
      lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(example ?? {}))}`);
    } else if (op.body.kind === "urlencoded") {
      // curl encodes each field and sets the urlencoded type itself
      const fields = example && typeof example === "object" ? Object.entries(example) : [];
      for (const [name, value] of fields)
        for (const item of Array.isArray(value) ? value : [value])
          lines.push(
            `--data-urlencode ${shellQuote(`${name}=${typeof item === "string" ? item : JSON.stringify(item)}`)}`,
          );
    } else if (sequenceFraming(op.body.mediaType)) {
      // a sequence of JSON texts: each item a line, or a record after 0x1E (written as \x1e)
      const items = Array.isArray(example) ? example : example === undefined ? [] : [example];
      const records = sequenceFraming(op.body.mediaType) === "records";
      const text = items.map((item) => `${records ? "\x1e" : ""}${JSON.stringify(item)}\n`).join("");
      lines.push(
        `-H ${shellQuote(`Content-Type: ${op.body.mediaType}`)}`,
        `--data-binary ${records ? ansiQuote(text) : shellQuote(text)}`,
      );
    } else if (/^multipart\//.test(op.body.mediaType)) {
      // curl sets the multipart type and boundary itself
      const fields = example && typeof example === "object" ? Object.entries(example) : [];
      for (const [name, value] of fields)
        lines.push(`-F ${shellQuote(`${name}=${typeof value === "string" ? value : JSON.stringify(value)}`)}`);
    } else {
      lines.push(
        `-H ${shellQuote(`Content-Type: ${op.body.mediaType}`)}`,
        `--data-binary ${shellQuote(typeof example === "string" ? example : JSON.stringify(example ?? ""))}`,
      );
    }
  }
  return lines.join(" \\\n  ");
}

/**
 * The TypeScript sample for one operation: the client created with the API key from the
 * environment, then the operation's method called with the spec's example values.
 * @param {import("../generate/read-operations.mjs").OperationInfo} op from readOperations()
 * @param {SampleNames} names the package the sample imports createClient from, the key's variable
 * @returns {string}
 */
export function typescriptSample(op, { packageName, apiKeyEnv }) {
  return [
    `import { createClient } from ${JSON.stringify(packageName)};`,
    "",
    `const client = createClient({ apiKey: process.env.${apiKeyEnv} });`,
    exampleCall(op),
  ].join("\n");
}

/**
 * A copy of `spec` in which every operation carries `x-codeSamples`: a TypeScript sample of this
 * client and a curl sample, their inputs the document's examples, else sampled by `sampler`
 * (example-inputs.mjs). The document passed in is left as it was.
 * @param {unknown} spec a bundled OpenAPI 3.1 document
 * @param {{ sampler: import("../generate/example-inputs.mjs").Sampler, names?: SampleNames }} options
 * `sampler`: createSampler() over `spec`; `names` the package's name and key variable
 * (scripts/lib/shared/identity.mjs), default those the document's title gives
 * @returns {unknown}
 * @example
 * const spec = JSON.parse(readFileSync("generated/openapi.json", "utf8"));
 * const page = withCodeSamples(spec, { sampler: await createSampler(spec) });
 * page.paths["/deployments/{id}"].delete["x-codeSamples"][1].label; // "curl"
 */
export function withCodeSamples(spec, { sampler, names = identityOf({}, keyword(spec, "info")) }) {
  const copy = structuredClone(spec);
  const { operations } = withExampleInputs(readOperations(copy).operations, sampler);
  const base = serverUrl(copy);
  for (const op of operations) {
    const target = operationAt(copy, op.method, op.path);
    if (!isRecord(target)) continue;
    /** @type {CodeSample[]} */
    const samples = [
      { lang: "TypeScript", label: "Node.js", source: typescriptSample(op, names) },
      { lang: "Shell", label: "curl", source: curlSample(op, base, names.apiKeyEnv) },
    ];
    target["x-codeSamples"] = samples;
  }
  return copy;
}
