// The example programs `npm run init` writes into examples/ from the team's document: the quick
// start (a safe read and a create), errors told apart, a list walked and a stream read, each where
// the document has such an operation, called with its examples (else values sampled from its
// schemas, example-inputs.mjs). The README shows them (readme-parts.mjs) and npm test compiles and
// runs them against the mock (test/examples/examples.test.ts).
import { callExpression } from "../generate/examples.mjs";
import { resolve } from "../spec/refs.mjs";
import { isRecord, keyword } from "../spec/guards.mjs";

/**
 * @typedef {import("../generate/read-operations.mjs").OperationInfo} Operation
 * @typedef {{ read?: Operation, create?: Operation, list?: Operation, stream?: Operation, failing?: Operation }} Chosen
 */

/**
 * Whether every input a call needs has a value: each path parameter, a required query or header parameter, a body.
 * @param {Operation} op
 */
function callable(op) {
  const required = (/** @type {{ required: boolean, example: unknown }[]} */ params) =>
    params.filter((p) => p.required).every((p) => p.example !== undefined);
  return (
    op.pathParams.every((p) => p.example !== undefined) &&
    required(op.queryParams) &&
    required((op.headerParams ?? []).filter((p) => p.name !== op.idempotencyKey)) &&
    (!op.body?.required || op.body.example !== undefined)
  );
}

/** The operations in the order a reader takes in most easily: fewest inputs first, then as the document lists them. */
const simplest = (/** @type {Operation[]} */ ops) =>
  ops
    .map((op, i) => ({ op, i, weight: op.pathParams.length * 2 + op.queryParams.filter((p) => p.required).length }))
    .sort((a, b) => a.weight - b.weight || a.i - b.i)
    .map(({ op }) => op);

/**
 * The operations the examples show: a safe read (a GET answering JSON, not a list), a create (a POST
 * of a JSON or form body), a list, an event stream, and one that declares a 404 for the errors (else the
 * read), each the simplest to call of its kind; a kind the document lacks is left out.
 * @param {Operation[]} operations with example inputs (example-inputs.mjs)
 * @returns {Chosen}
 */
export function chooseOperations(operations) {
  const ops = simplest(operations.filter(callable));
  // a method named create first, then any POST of a body (which may be an update's)
  const creates = [...ops.filter((op) => op.name.endsWith(".create")), ...ops];
  const read = ops.find((op) => op.method === "GET" && op.success.kind === "json" && !op.page);
  const create = creates.find(
    (op) =>
      op.method === "POST" &&
      (op.body?.kind === "json" || op.body?.kind === "urlencoded") &&
      ["json", "empty"].includes(op.success.kind) &&
      !op.page,
  );
  const list = ops.find((op) => op.page && op.success.kind === "json");
  const stream = ops.find((op) => op.success.kind === "stream");
  const failing =
    ops.find((op) => op.errors.some((e) => e.status === 404) && op.pathParams.length && op.success.kind !== "stream") ??
    read;
  return { read, create, list, stream, failing };
}

/**
 * The head of every program: what it shows, how to run it, the client from the environment.
 * @param {string} about
 * @param {import("../shared/identity.mjs").Identity} identity
 * @param {string[]} [imports]
 */
function head(about, identity, imports = ["createClient"]) {
  return [
    `// ${about}`,
    `// Run: ${identity.apiKeyEnv}=... node <file>.js (see README.md in this folder)`,
    `import { ${imports.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).join(", ")} } from ${JSON.stringify(identity.packageName)};`,
    "",
    `// the key: the apiKey option, else the ${identity.apiKeyEnv} environment variable`,
    `const client = createClient({ apiKey: process.env.${identity.apiKeyEnv} });`,
    "",
  ];
}

/** A line printing the first 80 characters of a JSON answer held in `name`. */
const shown = (/** @type {string} */ label, /** @type {string} */ name) =>
  `console.log(\`${label}: \${String(JSON.stringify(${name})).slice(0, 80)}\`);`;

/** `// GET /path: summary` for a call. */
const about = (/** @type {Operation} */ op) =>
  `// ${op.method} ${op.path}${op.summary ? `: ${op.summary.replace(/\s+/g, " ").trim()}` : ""}`;

/**
 * The call of `op` as a statement whose answer, where there is one, goes to `name`, then a line showing it.
 * @param {Operation} op
 * @param {string} name
 * @param {string} label
 */
function called(op, name, label) {
  const call = `await ${callExpression(op)};`;
  return op.success.kind === "json"
    ? [about(op), `const ${name} = ${call}`, shown(label, name)]
    : [about(op), call, `console.log("${label}");`];
}

/**
 * `op` sending only the fields its body schema requires, where its example object holds them all:
 * a quick start shows what a create needs, not every option the document's example sets.
 * @param {Operation} op
 * @param {unknown} spec the document `op` was read from
 * @returns {Operation}
 */
function essentials(op, spec) {
  const body = op.body;
  if (!body) return op;
  const example = body.example;
  const required = keyword(resolve(spec, body.schema), "required");
  if (!isRecord(example) || !Array.isArray(required)) return op;
  if (!required.length || !required.every((field) => field in example)) return op;
  const kept = Object.fromEntries(required.map((field) => [field, example[field]]));
  return { ...op, body: { ...body, example: kept } };
}

/**
 * The programs of examples/, by file name, for the operations `chosen`: `quick-start.ts` (the read
 * and the create, its body the fields it requires), `handle-errors.ts`, `walk-a-list.ts` and
 * `follow-a-stream.ts`, each where the document has what it shows; none where it has no operation
 * a program can call.
 * @param {Chosen} chosen from chooseOperations()
 * @param {import("../shared/identity.mjs").Identity} identity
 * @param {unknown} [spec] the document they were read from, for the create's body schema; default none
 * @returns {Map<string, string>}
 */
export function examplePrograms(chosen, identity, spec = {}) {
  const programs = new Map();
  const { read, list, stream, failing } = chosen;
  const create = chosen.create && essentials(chosen.create, spec);
  if (read || create) {
    programs.set("quick-start.ts", [
      ...head("The quick start: a client from the environment, a safe read and a create.", identity),
      ...(read ? called(read, "read", "read") : []),
      ...(read && create ? [""] : []),
      ...(create ? called(create, "created", "created") : []),
    ]);
  }
  const root = identity.errorName;
  /** @type {[file: string, op: Operation | undefined, summary: string, imports: string[] | undefined, body: (op: Operation) => string[]][]} */
  const shows = [
    [
      "handle-errors.ts",
      failing,
      "Each kind of failure told apart.",
      ["ApiError", "createClient", "NotFoundError", root],
      (op) => [
        "try {",
        `  await ${callExpression(op)};`,
        '  console.log("answered");',
        "} catch (err) {",
        '  if (err instanceof NotFoundError) console.log("not found: nothing to do");',
        `  else if (err instanceof ${root} && err.maybePerformed) console.log("it may have happened: check before trying again");`,
        '  else if (err instanceof ApiError) console.log(`refused: ${err.status} ${err.code ?? ""}`);',
        "  else throw err;",
        "}",
      ],
    ],
    [
      "walk-a-list.ts",
      list,
      "A list: its first page, then every item across pages, at most 25.",
      undefined,
      (op) => [
        `const first = await ${callExpression(op)};`,
        "console.log(`first page: ${first.items.length} items, more: ${first.hasNextPage()}`);",
        "let count = 0;",
        `for await (const item of ${callExpression(op, { options: "maxItems: 25" })}) {`,
        "  count++;",
        "  if (count === 1) console.log(`first item: ${String(JSON.stringify(item)).slice(0, 80)}`);",
        "}",
        "console.log(`walked ${count} items`);",
      ],
    ],
    [
      "follow-a-stream.ts",
      stream,
      "An event stream, read with for await and left after three events.",
      undefined,
      (op) => [
        `const events = await ${callExpression(op)};`,
        "let count = 0;",
        "for await (const event of events) {",
        '  console.log(`event ${++count}: ${event.type ?? "message"}`);',
        "  if (count === 3) break;",
        "}",
        "console.log(`read ${count} events`);",
      ],
    ],
  ];
  // each where the document has an operation it shows
  for (const [file, op, summary, imports, body] of shows)
    if (op) programs.set(file, [...head(summary, identity, imports), about(op), ...body(op)]);
  return new Map([...programs].map(([file, lines]) => [file, `${lines.join("\n")}\n`]));
}

/**
 * examples/README.md for `programs`.
 * @param {Map<string, string>} programs from examplePrograms()
 * @param {import("../shared/identity.mjs").Identity} identity
 */
export function examplesReadme(programs, identity) {
  /** @type {Record<string, string>} */
  const shows = {
    "quick-start.ts": "the smallest program: a client from the environment, a safe read and a create",
    "handle-errors.ts": "each kind of failure told apart (`NotFoundError`, `maybePerformed`, `ApiError`)",
    "walk-a-list.ts": "a list: the first page, then every item across pages with `for await`, bounded",
    "follow-a-stream.ts": "an event stream followed with `for await` and left with `break`",
  };
  return [
    "# examples/",
    "",
    `Small programs that use \`${identity.packageName}\` as your code would, importing it by`,
    "name. `npm test` type-checks them and runs each one against the mock",
    "(`test/examples/examples.test.ts`), so they stay true to the client; `npm run examples`",
    "runs only them. `npm run init` wrote them from the document; they are yours to change.",
    "",
    "| file | shows |",
    "|---|---|",
    ...[...programs.keys()].map((file) => `| \`${file}\` | ${shows[file] ?? ""} |`),
    "",
    "To run one yourself: they are TypeScript with top-level `await`, so compile them",
    '(`tsc`, `"module": "NodeNext"`) or use a TypeScript runner, with',
    `\`${identity.apiKeyEnv}\` set (and \`${identity.baseUrlEnv}=http://127.0.0.1:4010\` to`,
    "use the mock that `npm start` or `npm run mock` serves).",
    "",
  ].join("\n");
}
