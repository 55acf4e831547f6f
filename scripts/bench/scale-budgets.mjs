// The scale section's goals (scale.mjs), part of BUDGETS in budgets.mjs: the synthetic spec at 700
// operations and the corpus's largest document, each judged once per document, each against tools
// run alone on that document in the same run (peers.mjs).

// measured 2026-11-28 at 150 operations (scripts/bench/peers.mjs, load 2-3): one `node
// scripts/generate.mjs` 2.4-2.7 s against openapi-typescript's CLI 1.2-1.7 s and Redocly's
// generate-client 0.65-0.7 s alone on its bundle; generate does both tools' work (the types, a client)
// and checks the examples with Ajv (0.36 s of its CPU in a profile) and repairs the document: the two
// tools plus half again
const SCALE_GENERATE_GOAL =
  "generate writes what openapi-typescript and generate-client write together, and checks every example with Ajv and repairs the document (at 150 operations, 2026-11-28: generate 2.4-2.7 s, openapi-typescript 1.2-1.7 s, generate-client 0.65-0.7 s)";

/** @type {readonly import("./budgets.mjs").Budget[]} */
export const SCALE_BUDGETS = [
  {
    key: "scale.generate",
    what: "`node scripts/generate.mjs` at scale / openapi-typescript + Redocly's `generate-client` alone",
    max: 1.5,
    unit: "x",
    peer: "openapi-typescript + Redocly's generate-client alone on the same bundled document, same run",
    note: SCALE_GENERATE_GOAL,
  },
  {
    key: "scale.memory",
    what: "generate's peak RSS at scale / the larger of openapi-typescript's and generate-client's alone",
    max: 2,
    unit: "x",
    peer: "openapi-typescript's or generate-client's peak RSS alone, same run",
    note: "generate runs openapi-typescript in its own process, so it holds what openapi-typescript holds, and beside it the bundled and repaired document, the operations read from it and the schema table: at most as much again",
  },
  {
    key: "scale.dts",
    what: "the built package's .d.ts bytes at scale / openapi-typescript's output",
    max: 2,
    unit: "x",
    peer: "openapi-typescript's output on the same document, same run",
    note: "the package ships openapi-typescript's types as they are, and declares each method once more (its resources and standalone functions, by reference to those types) and the runtime: no more than the types again",
  },
  {
    key: "scale.typecheck",
    what: "`tsc` of a strict consumer calling 3 methods of the built package at scale / `tsc` on openapi-typescript's types alone",
    max: 2,
    unit: "x",
    peer: "tsc on openapi-typescript's types alone, same run",
    note: "an editor checking a consumer loads the package's declarations, no more than twice the types (scale.dts), and checks 3 calls: no more than twice the types alone",
  },
  {
    key: "scale.bundle",
    what: "bundle calling every operation at scale (standalone functions), gzip / Redocly's client calling every operation",
    max: 2,
    unit: "x",
    peer: "Redocly's generate-client on the same document, bundled the same way, same run",
    note: "this client checks every input and answer against the document's schemas, which Redocly's client leaves out: the schemas at most as many bytes as the calls",
  },
  {
    key: "scale.marginal",
    what: "each operation more at scale, gzip bytes / Redocly's client's",
    max: 2.5,
    unit: "x",
    peer: "Redocly's generate-client's bytes per operation on the same document, same run",
    note: "issue 40's goal of 80 B gzip per operation against Redocly's 31 B (2026-11-26) is 2.6x: a row and its schemas against Redocly's function",
  },
  {
    key: "scale.docs",
    what: "`node scripts/docs.mjs` at scale / `redocly build-docs` alone",
    max: 1.5,
    unit: "x",
    peer: "redocly build-docs alone on the same bundled document, same run",
    note: "docs.mjs bundles and repairs the document as generate does, writes a curl and a TypeScript sample per operation, then runs build-docs on it: half again at most",
  },
  {
    key: "scale.html",
    what: "the docs page's HTML bytes at scale / `redocly build-docs` alone's",
    max: 1.5,
    unit: "x",
    peer: "redocly build-docs alone's page of the same document, same run",
    note: "the page is build-docs's own, with a curl and a TypeScript sample for each operation: half again at most",
  },
];
