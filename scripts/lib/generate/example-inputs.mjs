// The values an example call passes (examples.mjs `exampleCall`, the docs page's curl samples): the
// document's own example where the client's checks accept it, else one sampled from the schema
// (scripts/lib/spec/sample.mjs), so that a sample a reader copies is sent, not refused. What was
// chosen for an operation is kept, keyed by everything the choice reads, so that generate and the
// docs page of one save, and the saves of one dev session, sample each operation once.
import { createHash } from "node:crypto";
import { pointerTarget } from "../spec/refs.mjs";

/** What a path segment may not be (the client's `checkId`): empty, or a segment a URL resolves away. */
const UNSENDABLE = new Set(["", ".", ".."]);

/**
 * @typedef {import("./read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {import("./read-operations.mjs").Parameter} Parameter
 * @typedef {{ value: unknown, issues: { path: string, message: string }[] }} Sample
 * @typedef {object} Sampler createSampler()'s (scripts/lib/spec/sample.mjs)
 * @property {(schema: unknown, options?: { direction?: "request" | "response", body?: boolean }) => Sample} sample
 * @property {(schema: unknown, options?: { direction?: "request" | "response" }) => Sample[]} variants
 * @property {(schema: unknown, value: unknown, direction: "request" | "response") => { path: string, message: string }[]} check
 * @property {(schema: unknown, text: string) => { path: string, message: string }[]} checkParam
 * @property {(schema: unknown, value: unknown) => string[]} undeclared
 * @property {unknown} [document] the document it samples; without it nothing is kept between calls
 */

/**
 * The operations with an example for every input their example call passes: each path parameter,
 * each required query or header parameter and the body. An example the document gives is kept where the
 * client's checks accept it (an optional query parameter's that they refuse is dropped); a path
 * parameter without one is shown by its name where its schema allows any text; everything else is
 * sampled from its schema. `lines` names each input no accepted value could be built for (its
 * sample is shown all the same), for `npm run generate` to print.
 * @param {OperationInfo[]} operations from readOperations()
 * @param {Sampler} sampler createSampler() over the same document
 * @returns {{ operations: OperationInfo[], lines: string[] }}
 * @example
 * const sampler = await createSampler(spec);
 * const { operations } = withExampleInputs(readOperations(spec).operations, sampler);
 * exampleCall(operations[0]); // a call whose every argument passes the client's checks
 */
export function withExampleInputs(operations, sampler) {
  const run = ++runs;
  /** @type {Map<string, string>} the JSON of each node a `#/` pointer names, read once a call */
  const texts = new Map();
  /** @type {string[]} */
  const lines = [];
  const shown = operations.map((op) => {
    const key = sampler.document === undefined ? undefined : choiceKey(op, sampler.document, texts);
    let choice = key === undefined ? undefined : chosen.get(key);
    if (!choice) {
      choice = choose(op, sampler);
      if (key !== undefined) chosen.set(key, choice);
    }
    choice.run = run;
    lines.push(...choice.lines);
    return applied(op, choice);
  });
  // what no call of the last KEPT_RUNS chose is dropped: memory stays bounded by the document's size
  for (const [key, choice] of chosen) if (choice.run <= run - KEPT_RUNS) chosen.delete(key);
  return { operations: shown, lines };
}

/**
 * @typedef {{ example: unknown } | null} Pick an input's example as chosen, or null: the input as it was
 * @typedef {{ path: Pick[], header: Pick[], query: Pick[], body: Pick, lines: string[], run: number }} Choice
 */

/** Calls of withExampleInputs() whose choices are kept: a dev save makes two (generate, docs page). */
const KEPT_RUNS = 4;
let runs = 0;
/** @type {Map<string, Choice>} the choices made for an operation, by {@link choiceKey} */
const chosen = new Map();

/**
 * What the choice for `op` reads: the operation's method, path and inputs (their schemas and
 * examples) and every node of the document they reach through a `#/` pointer (a `$ref`, a
 * discriminator's mapping), transitively; undefined when one points elsewhere.
 * @param {OperationInfo} op
 * @param {unknown} spec
 * @param {Map<string, string>} texts
 * @returns {string | undefined}
 */
function choiceKey(op, spec, texts) {
  const { method, path, idempotencyKey, pathParams, headerParams, queryParams, body } = op;
  const own = JSON.stringify({ method, path, idempotencyKey, pathParams, headerParams, queryParams, body });
  const hash = createHash("sha256").update(own);
  const seen = new Set();
  const todo = [own];
  for (let text = todo.pop(); text !== undefined; text = todo.pop()) {
    for (const [, quoted] of text.matchAll(/"(#(?:[^"\\]|\\.)*)"/g)) {
      const pointer = JSON.parse(`"${quoted}"`);
      if (seen.has(pointer)) continue;
      seen.add(pointer);
      if (pointer !== "#" && !pointer.startsWith("#/")) continue;
      let target = texts.get(pointer);
      if (target === undefined) texts.set(pointer, (target = JSON.stringify(pointerTarget(spec, pointer) ?? null)));
      hash.update(`\n${pointer}\n${target}`);
      todo.push(target);
    }
    if (/"\$ref":"(?!#)/.test(text)) return undefined;
  }
  return hash.digest("base64");
}

/**
 * An input (a parameter or a body) with the example `picked` holds, a copy; itself where it holds none.
 * @template {{ example?: unknown }} T
 * @param {T} input
 * @param {Pick} picked
 * @returns {T}
 */
const pick = (input, picked) => (picked === null ? input : { ...input, example: structuredClone(picked.example) });

/**
 * `op` with the inputs `choice` holds: each chosen example a copy, every other input `op`'s own.
 * @param {OperationInfo} op
 * @param {Choice} choice
 * @returns {OperationInfo}
 */
function applied(op, choice) {
  return {
    ...op,
    pathParams: op.pathParams.map((p, i) => pick(p, choice.path[i])),
    headerParams: op.headerParams.map((p, i) => pick(p, choice.header[i])),
    queryParams: op.queryParams.map((p, i) => pick(p, choice.query[i])),
    body: op.body && pick(op.body, choice.body),
  };
}

/**
 * The examples of `op`'s inputs, chosen as withExampleInputs() says, and the lines naming those no
 * accepted value could be built for.
 * @param {OperationInfo} op
 * @param {Sampler} sampler
 * @returns {Choice}
 */
function choose(op, sampler) {
  /** @type {string[]} */
  const lines = [];
  const where = `${op.method} ${op.path}`;
  const missed = (/** @type {string} */ what, /** @type {{ path: string, message: string }[]} */ issues) =>
    lines.push(
      `${where}: no ${what} the checks accept could be sampled (${issues
        .slice(0, 3)
        .map((i) => `${i.path} ${i.message}`)
        .join("; ")}); the docs show the nearest`,
    );

  /** A parameter sent as text: its example where the checks accept it, else `fallback`, else sampled. */
  const asText = (
    /** @type {Parameter} */ p,
    /** @type {string} */ kind,
    /** @type {string | undefined} */ fallback,
  ) => {
    const sendable = (/** @type {string} */ text) =>
      !(kind === "path" && UNSENDABLE.has(text)) && sampler.checkParam(p.schema, text).length === 0;
    if (p.example !== undefined && sendable(String(p.example))) return p;
    if (fallback !== undefined && sendable(fallback)) return { ...p, example: undefined };
    const { value } = sampler.sample(p.schema, { direction: "request" });
    const text =
      value === undefined || value === null
        ? p.name
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
    if (!sendable(text)) missed(`value of ${kind} parameter ${p.name}`, sampler.checkParam(p.schema, text));
    return { ...p, example: text };
  };
  // a path parameter the schema allows any text for reads as its name: `retrieve("email_id")`
  const pathParams = op.pathParams.map((p) => asText(p, "path", p.name));
  // the required headers a call passes in its options (an idempotency key the client makes itself)
  const headerParams = op.headerParams.map((p) =>
    p.required && p.name !== op.idempotencyKey ? asText(p, "header", undefined) : p,
  );

  const queryParams = op.queryParams.map((p) => {
    const accepted = p.example !== undefined && sampler.check(p.schema, p.example, "request").length === 0;
    if (accepted) return p;
    if (!p.required) return { ...p, example: undefined };
    const { value, issues } = sampler.sample(p.schema, { direction: "request" });
    if (issues.length) missed(`value of query parameter ${p.name}`, issues);
    return { ...p, example: value };
  });

  let body = op.body;
  // the document's example where the checks accept it and it names no field the types do not know
  const fits = (/** @type {NonNullable<typeof body>} */ given, /** @type {unknown} */ example) =>
    sampler.check(given.schema, example, "request").length === 0 &&
    sampler.undeclared(given.schema, example).length === 0;
  if (body && !(body.example !== undefined && fits(body, body.example))) {
    let { value, issues } = sampler.sample(body.schema, { direction: "request", body: true });
    // a body of branches the whole schema's sample mixes up: the first branch's own sample that passes
    const branch = issues.length ? sampler.variants(body.schema, { direction: "request" })[0] : undefined;
    if (branch) ({ value, issues } = branch);
    if (issues.length) missed("body", issues);
    body = { ...body, example: value };
  }
  const picks = (/** @type {{ example?: unknown }[]} */ inputs, /** @type {unknown[]} */ own) =>
    inputs.map((input, i) => (input === own[i] ? null : { example: input.example }));
  return {
    path: picks(pathParams, op.pathParams),
    header: picks(headerParams, op.headerParams),
    query: picks(queryParams, op.queryParams),
    body: body === op.body || !body ? null : { example: body.example },
    lines,
    run: 0,
  };
}
