// Example calls of the client's methods, written from the spec's example values: one call for a
// method's JSDoc `@example` (and the docs' and API reference's samples), and a program that calls
// every operation once, for the package and bundle tests.

import { RESERVED_WORDS } from "./identifiers.mjs";

/**
 * @typedef {import("./read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {Omit<OperationInfo, "success"> & { success: Pick<OperationInfo["success"], "kind"> }} CalledOperation
 *   what an example call reads of an operation: of its answer, only the kind
 */

/**
 * A call of the method with the spec's example values, for its JSDoc `@example`; `runnable` fills
 * a raw body from the example too (a multipart one through a `form(fields)` helper the caller defines).
 * @param {CalledOperation} op
 * @param {{ runnable?: boolean }} [how]
 * @returns {string}
 */
export function exampleCall(op, { runnable = false } = {}) {
  const call = `await ${callExpression(op, { runnable })};`;
  // a list awaits to its first page; for await walks every item
  if (op.page && op.success.kind === "json")
    return `const page = ${call}\nfor await (const item of ${callExpression(op, { runnable })}) console.log(item);`;
  if (op.success.kind === "json") return `const ${resultName(op)} = ${call}`;
  if (op.success.kind === "other") return `const response = ${call}`;
  if (op.success.kind === "stream")
    return `const events = ${call}\nfor await (const event of events) console.log(event.data);`;
  if (op.success.kind === "sequence")
    return `const items = ${call}\nfor await (const item of items) console.log(item);`;
  return call;
}

/**
 * The method called with the spec's example values, as an expression (`client.notes.list({ limit: 20 })`),
 * its per-call options holding `options` (the text of more fields, `maxItems: 20`) where given.
 * @param {CalledOperation} op
 * @param {{ runnable?: boolean, options?: string }} [how] `runnable` as exampleCall's
 * @returns {string}
 */
export function callExpression(op, { runnable = false, options: more } = {}) {
  const args = op.pathParams.map((p) => JSON.stringify(p.example !== undefined ? String(p.example) : `${p.name}`));
  // OpenAPI 3.2's querystring is the whole query: its example is the query's
  const whole = op.queryParams.find((p) => p.querystring);
  const query = whole
    ? (whole.example ?? {})
    : Object.fromEntries(op.queryParams.filter((p) => p.example !== undefined).map((p) => [p.name, p.example]));
  const hasQuery = whole ? whole.example !== undefined : Object.keys(query).length > 0;
  // required header parameters go in the options (an idempotency key the client makes itself)
  const headers = Object.fromEntries(
    (op.headerParams ?? [])
      .filter((p) => p.required && p.name !== op.idempotencyKey && p.example !== undefined)
      .map((p) => [p.name, String(p.example)]),
  );
  const options =
    [Object.keys(headers).length > 0 ? `headers: ${literal(headers)}` : undefined, more].filter(Boolean).join(", ") ||
    undefined;
  if (op.body) {
    const text = (/** @type {unknown} */ value) => (typeof value === "string" ? value : JSON.stringify(value ?? ""));
    const multipart = /^multipart\//.test(op.body.mediaType);
    const fields = Object.fromEntries(Object.entries(op.body.example ?? {}).map(([k, v]) => [k, text(v)]));
    const raw = !runnable
      ? multipart
        ? "new FormData()"
        : "new Blob([])"
      : multipart
        ? `form(${literal(fields)})`
        : `new Blob([${JSON.stringify(text(op.body.example))}])`;
    args.push(
      op.body.kind !== "raw" ? literal(op.body.example ?? {}) : op.form ? formLiteral(op.form, op.body.example) : raw,
    );
    // an operation with a body takes its query parameters among the per-call options
    const given = [hasQuery ? `query: ${literal(query)}` : undefined, options].filter(Boolean);
    if (given.length) args.push(`{ ${given.join(", ")} }`);
  } else {
    if (hasQuery || (options && op.queryParams.length)) args.push(literal(query));
    if (options) args.push(`{ ${options} }`);
  }
  return `client.${op.name}(${args.join(", ")})`;
}

/**
 * A program that calls every operation once with the spec's example values and prints what each
 * answered (`null` for an empty answer, the status for other content): the generated consumer
 * the package test compiles strictly and runs, and the bundle test measures.
 * With `functions` (each operation's standalone function, identifiers.mjs `functionNames`), it
 * calls them instead, on a client of `createCoreClient()`, all imported from `from`.
 * @param {import("./read-operations.mjs").OperationInfo[]} operations
 * @param {{ from: string, baseUrl: string, functions?: Map<object, string> }} where the import specifier, and an expression for the base address
 */
export function consumerProgram(operations, { from, baseUrl, functions }) {
  const calls = operations.map((op) => {
    let call = exampleCall({ ...op, success: { ...op.success, kind: "empty" } }, { runnable: true })
      .replace(/^await /, "")
      .replace(/;$/, "");
    if (functions)
      call = call.replace(`client.${op.name}(`, `${functions.get(op)}(client, `).replace(/\(client, \)$/, "(client)");
    const read =
      op.success.kind === "other"
        ? ".then((r) => r.status)"
        : op.success.kind === "stream" || op.success.kind === "sequence"
          ? ".then((s) => (s.close(), s.response.status))"
          : op.success.kind === "empty"
            ? ".then(() => null)"
            : "";
    return `    ${JSON.stringify(op.name)}: await ${call}${read},`;
  });
  const create = functions ? "createCoreClient" : "createClient";
  const imports = functions ? [create, ...operations.map((op) => functions.get(op))].join(", ") : create;
  return `// generated from the operation table: every operation, called with the spec's examples
import { ${imports} } from ${JSON.stringify(from)};

const client = ${create}({ apiKey: "consumer:token", baseUrl: ${baseUrl}, maxRetries: 0 });
const form = (fields: Record<string, string>): FormData => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** Calls every operation in turn; resolves to what each answered, by method name. */
export async function main() {
  return {
${calls.join("\n")}
  };
}
`;
}

/** Names a sample uses besides its answer's (Node's `process` for the key, the client, the walks' variables). */
const SAMPLE_NAMES = new Set([
  "process",
  "client",
  "createClient",
  "page",
  "item",
  "events",
  "event",
  "response",
  "form",
]);

/** The variable an example assigns a JSON answer to: the noun of the method's name, else `result`. */
const resultName = (/** @type {CalledOperation} */ op) => {
  const segments = op.name.split(".");
  const last = segments.at(-1) ?? "";
  const noun =
    ["retrieve", "list", "create", "update", "get"].includes(last) || segments.length === 1
      ? (segments.at(-2) ?? "result")
      : last;
  const name = noun.replace(/^(get|list|create|retrieve|update)(?=[A-Z])/, "").replace(/^./, (c) => c.toLowerCase());
  return RESERVED_WORDS.has(name) || SAMPLE_NAMES.has(name) || !/^[A-Za-z_$][\w$]*$/.test(name) ? "result" : name;
};

/**
 * A multipart body's fields as an object literal, each file a `Blob` of the example's text.
 * @param {import("./multipart.mjs").FormShape} form
 * @param {unknown} example
 */
function formLiteral(form, example) {
  const entries = Object.entries(example ?? {}).map(([k, v]) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k);
    return `${key}: ${form.files.includes(k) ? `new Blob([${JSON.stringify(typeof v === "string" ? v : JSON.stringify(v ?? ""))}])` : literal(v)}`;
  });
  return entries.length ? `{ ${entries.join(", ")} }` : "{}";
}

/**
 * A JS object literal of a JSON value, unquoted keys where they are identifiers.
 * @param {unknown} value
 * @returns {string}
 */
export function literal(value) {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(
      ([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${literal(v)}`,
    );
    return entries.length ? `{ ${entries.join(", ")} }` : "{}";
  }
  return JSON.stringify(value) ?? "undefined";
}
