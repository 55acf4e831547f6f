// The project's goals for `npm run bench`, in one place: fixed numbers from what the project
// promises (about as fast as a hand-written safe fetch, smaller than the vendor's SDK, a save
// regenerated within a second), never this week's measurement plus a margin. A section judges its
// figures here; a miss prints MISS with the budget's note and fails the closing verdict line.
// To add a goal: one entry in BUDGETS, then `judge("<key>", figure)` where the figure is measured.

import { SCALE_BUDGETS } from "./scale-budgets.mjs";

/**
 * @typedef {object} Budget
 * @property {string} key how a section names it, `<section>.<figure>`
 * @property {string} what the figure, as the verdict line prints it
 * @property {number} max the goal: the figure must be at most this
 * @property {"B" | "ms" | "x"} unit bytes, milliseconds, or a ratio
 * @property {string} peer what the figure is measured against, as the verdicts print it: a tool run
 *   alone on the same input in the same run, for every time budget, so that it holds on any machine
 * @property {string} [note] why the figure misses, when it is known to; printed beside MISS, never a reason to change `max`
 */

// profiled 2026-11-26 (node --cpu-prof, 15 000 sequential clicks through the bundled client against
// scripts/bench/server.mjs, load about 15 on 2 cores): openapi-fetch's coreFetch took 8.3 % of the
// process's CPU outside the fetch it calls, 5.4 % of it the undici Request it builds per call (with
// its body stream); this client's own code (checks, options, transport bookkeeping) under 1.5 %; the
// rest is the same fetch the safe floor pays. Same run of `npm run bench requests`: GET 1.09x, click
// 1.11x of safe fetch; Redocly's client 1.15x and 1.07x.
// profiled again for GET /org/limits (2026-11-26, 30 000 sequential GETs, load under 1, each sample
// given to the nearest frame of the bundled client, mapped to its source by the bundle's source map):
// openapi-fetch's own path 7.6 % of the CPU (URL, headers, the Request it builds), this client's
// code around the fetch call (options, checks, method, the client's fetch) 1.3 %, and the attempt,
// bounded read and JSON.parse 7.3 %, as the safe floor's own are; the same run's `npm run bench
// requests` had openapi-fetch over the safe floor at 1.27x of raw fetch and this client at 1.22x.
// measured 2026-11-28, three runs of `node scripts/bench.mjs requests` (the third within `npm run
// bench`), load 1.5-4 on 2 cores: the client bundled with openapi-fetch's documented `Request` option
// given a class that builds nothing was 1.02x, 0.97x and 0.93x of the client as shipped for GET,
// 0.92x, 0.92x and 0.98x for click; the client keeps the real Request, which a middleware
// registered on `client.raw` sees for every method's call, and sends it
const OPENAPI_FETCH_FLOOR =
  "the client goes through openapi-fetch, which builds a real Request per call (its documented middleware gets it; the client sends it, with the body the method built): in CPU profiles (2026-11-26) openapi-fetch's own path was 7.6 % of the process's CPU for 30 000 GETs and 8.3 % for 15 000 clicks (5.4 % of it that Request and its body stream), this client's checks, options and method around the fetch 1.3-1.5 %; the rest is the attempt, the bounded read and the fetch the safe floor pays too. Skipping that Request through openapi-fetch's `Request` option (2026-11-28, three runs) gave the GET 0.93-1.02x of the client as shipped and the click 0.92-0.98x: within the noise for the GET, and a middleware on `client.raw` would no longer get the Request openapi-fetch documents";

// measured 2026-11-23 in CPU time, 3 runs at load 9 on 2 cores: eventsource-parser + JSON.parse of
// each event's data was 3.0-3.4x the parser alone (JSON.parse of all the data as one array costs as
// much), and this client 1.4x of that floor (1.8x before its events were handed out in batches); a
// bare `for await` iterator over the same parsed events is 1.1-1.2x of the floor: its promise per event
const STREAM_JSON_FLOOR =
  "JSON.parse of each event's data alone makes eventsource-parser about 3x slower (parser + JSON.parse is 3.0-3.4x the parser alone in CPU time, same rounds), so no reader that hands out parsed data can come within 1.25x of the parser; this client is about 1.4x of parser + JSON.parse, of which 1.1-1.2x is the promise `for await` takes per event";

const RUNTIME_FLOOR =
  "measured 2026-11-26 (esbuild metafile): a program's bundle holds only the rows and schemas of the operations it calls (1.7 KB minified for this repo's four, 2.0 KB for three JSON methods of 133) and only the format and keyword checks they name, but the runtime every call goes through is 36 KB minified, about 14 KB gzip: src/core/ 21.5 KB (transport, errors and configuration with their messages, the generic method, the client), openapi-fetch 6.6 KB, src/checks/ 7.6-8.6 KB (compiler, check(), the formats the schemas name)";

// measured 2026-11-28 (load 2-3 on 2 cores) at 150 operations of the synthetic spec, in a copy made
// by scripts/bench/synthetic.mjs: openapi-typescript's CLI alone 1.2-1.7 s and `redocly build-docs`
// alone 0.9-1.1 s on generated/openapi.json, regenerate() 4.7-4.9 s (lint 1.2, generate 2.5, docs
// tail 0.4-0.6); a CPU profile of regenerate() (`node --cpu-prof`, scripts/bench/peers.mjs's tools
// beside it) put generate's busy 3.05 s in Redocly's bundler (0.54 s), Node's module loading (0.62 s),
// Ajv checking the examples (0.36 s with repair-examples), js-yaml (0.2 s), openapi-typescript with
// TypeScript's printer (0.22 s) and the project's own scripts (0.4 s), and the lint thread's 1.9 s in
// Redocly (0.49 s) and the Ajv validators it compiles per example (0.41 s). The goal: the two tools
// plus half again, for what the pipeline adds on purpose (a third tool, lint, on the second core;
// the example checks; its own 0.4 s): 1.5x. Measured 1.8-2.1x that day.
const REGENERATE_GOAL =
  "2026-11-28 at 150 operations: regenerate() 4.7-4.9 s against openapi-typescript 1.2-1.7 s + build-docs 0.9-1.1 s alone; in a CPU profile generate's busy 3.05 s was Redocly's bundler 0.54 s, module loading 0.62 s, Ajv's example checks 0.36 s, js-yaml 0.2 s, openapi-typescript 0.22 s, the project's scripts 0.4 s; lint's thread 1.9 s (Redocly, an Ajv validator per example) shares the 2 cores";

// a save in `npm run dev` reuses the warm process (no module loading, the lint thread and a
// build-docs run kept, text-memo.mjs's per-file derivations): measured 2026-11-28 at 150 operations,
// one cold `node scripts/generate.mjs` 2.4-2.7 s, of whose CPU 0.62 s is Node loading modules and
// 0.54 s Redocly bundling every file; the goal: a save at most half a cold generate, docs page included
const DEV_GOAL =
  "a cold `node scripts/generate.mjs` (2.4-2.7 s at 150 operations, 2026-11-28) spends 0.62 s of its CPU loading modules and 0.54 s bundling every file, which a warm save skips; the save also renders the docs page beside generate";

// measured 2026-11-28 with scripts/bench/peers.mjs `typesAlone`: at this repo's 4 operations `tsc -p .`
// 3.05 s against 0.69 s for openapi-typescript's types alone, so the runtime (src/ and what it
// imports) costs about 2.4 s whatever the document; at 150 operations openapi-typescript's types
// alone take 1.0-1.3 s. The goal: the types (1), the runtime (at most 2 of them at 150 operations),
// and the generated rows, schemas and methods no more than the types again (1): 4x. `tsc -p .` was
// 4.8-5.5 s that day, 4.4-4.8x
const TYPECHECK_GOAL =
  "2026-11-28: the runtime alone costs about 2.4 s of `tsc -p .` whatever the document (3.05 s at 4 operations against 0.69 s for the types alone), openapi-typescript's types at 150 operations 1.0-1.3 s; the generated rows, schemas and methods should cost no more than the types";

// `npm run mock` starts Prism (the tool it wraps) on a view of the bundle it first bundles and
// repairs as generate does, and builds the proxy's checks while Prism starts: measured 2026-11-28
// (scripts/bench/mock-start.mjs, a copy by scripts/bench/synthetic.mjs, load 2-4) `prism mock` alone
// on generated/openapi.json took 1.8-2.5 s to its first answer at 150 operations, and Redocly's bundle
// of the document was 0.54 s of generate's CPU in that day's profile (see REGENERATE_GOAL): Prism
// plus that bundle and the checks, half again at most
const MOCK_GOAL =
  "the mock bundles and repairs the document (0.54 s of Redocly's bundler at 150 operations in a 2026-11-28 profile) before Prism (1.8-2.5 s alone to its first answer at 150 operations that day) starts on it, and builds the proxy's checks beside Prism's start";

/** @type {readonly Budget[]} */
export const BUDGETS = [
  {
    key: "requests.get",
    what: "GET /org/limits per request, this client / hand-written safe fetch",
    max: 1.1,
    unit: "x",
    peer: "hand-written safe fetch, in the same rounds",
    note: OPENAPI_FETCH_FLOOR,
  },
  {
    key: "requests.click",
    what: "click per request, this client / hand-written safe fetch",
    max: 1.1,
    unit: "x",
    peer: "hand-written safe fetch, in the same rounds",
    note: OPENAPI_FETCH_FLOOR,
  },
  // the bundles of a program that imports the operations it calls (browser-cloud-client/operations)
  // measured 2026-11-26: the runtime any call needs is about 14 KB gzip of its own (36 KB minified:
  // src/core/ 21.5 KB, openapi-fetch 6.6 KB, src/checks/ 7.6-8.6 KB), whatever the operations called
  {
    key: "bundle.repo",
    what: "consumer bundle calling this repo's 4 operations (standalone functions), gzip -9",
    max: 10 * 1024,
    unit: "B",
    peer: "a fixed goal (Redocly's client and the vendor's SDK are in the bundle table)",
    note: RUNTIME_FLOOR,
  },
  {
    key: "bundle.json3",
    what: "consumer bundle calling 3 JSON methods of the synthetic spec's 133 operations, checks included (standalone functions), gzip -9: below Redocly's client (10.1 KB), which checks nothing",
    max: 10 * 1024,
    unit: "B",
    peer: "a fixed goal (Redocly's client and the vendor's SDK are in the bundle table)",
    note: RUNTIME_FLOOR,
  },
  {
    key: "bundle.all",
    what: "consumer bundle calling all 133 operations of the synthetic spec (standalone functions), gzip -9: below the vendor's SDK",
    max: 19.5 * 1024,
    unit: "B",
    peer: "a fixed goal (Redocly's client and the vendor's SDK are in the bundle table)",
    note: "measured 2026-11-26 at 32.9 KB: the runtime is about 14 KB gzip, and with every operation called the rows (31.6 KB minified), the schemas (30.6 KB), the readers of lists, streams and forms (13.6 KB) with eventsource-parser (3.0 KB) and the program's own 133 calls (12.6 KB) come on top",
  },
  {
    key: "checker.answer",
    what: "check() of a 1 MB list page answer / JSON.parse of the same bytes, median of interleaved rounds",
    max: 0.5,
    unit: "x",
    peer: "JSON.parse of the same bytes, in the same rounds",
    note: "check() reads every object and value of the parsed page once, and about a fifth of its samples wait on those first reads (perf annotate), where JSON.parse writes its objects in order; on 2 shared cores at load 5-9 (2026-11-23) its median was 0.49-0.65x in most runs and up to 0.94x in the noisiest, 0.59-0.66x of the checker it replaced in the same rounds",
  },
  {
    key: "pipeline.build",
    what: "`npm run build` / openapi-typescript + `redocly build-docs` + its compile's `tsc` alone, median of per-round ratios",
    max: 1.5,
    unit: "x",
    peer: "openapi-typescript + redocly build-docs alone on its bundle + `tsc -p tsconfig.build.json` run directly, in the same rounds",
    note: "the build is lint + generate + docs (REGENERATE_GOAL's measurements: the two tools plus half again) and the compile, which is that tsc itself",
  },
  {
    key: "pipeline.dev",
    what: "`npm run dev`: save to `dev: regenerated`, at this repo's size / one `node scripts/generate.mjs` on the same tree",
    max: 0.5,
    unit: "x",
    peer: "one `node scripts/generate.mjs` on the same tree, same run",
    note: DEV_GOAL,
  },
  {
    key: "growth.regenerate",
    what: "lint + generate + docs at 150 operations / openapi-typescript + `redocly build-docs` alone on the same bundled document",
    max: 1.5,
    unit: "x",
    peer: "openapi-typescript + redocly build-docs alone, same run",
    note: REGENERATE_GOAL,
  },
  {
    key: "growth.dev",
    what: "`npm run dev`: save to `dev: regenerated`, at 150 operations / one `node scripts/generate.mjs` on the same tree",
    max: 0.5,
    unit: "x",
    peer: "one `node scripts/generate.mjs` on the same tree, same run",
    note: DEV_GOAL,
  },
  {
    key: "growth.mock",
    what: "`npm run mock` at 150 operations, launch to the first answer / `prism mock` alone on the same bundle",
    max: 1.5,
    unit: "x",
    peer: "`prism mock` alone on the same bundle, in the same rounds",
    note: MOCK_GOAL,
  },
  {
    key: "growth.typecheck",
    what: "`tsc -p .` at 150 operations / `tsc` on openapi-typescript's types alone (its tsconfig's options, that one file)",
    max: 4,
    unit: "x",
    peer: "tsc on openapi-typescript's types alone, in the same rounds",
    note: TYPECHECK_GOAL,
  },
  {
    key: "growth.tests",
    what: "`npm test` at 150 operations / at this repo's size (and it passes)",
    max: 2,
    unit: "x",
    peer: "`npm test` at this repo's size, same run",
  },
  ...SCALE_BUDGETS,
  // at most a quarter more time than the parser alone: at least 80 % of its rate
  {
    key: "streams.rate",
    what: "reading 100 000 small events, this client / eventsource-parser alone over the same bytes, CPU time (median of per-round ratios)",
    max: 1.25,
    unit: "x",
    peer: "eventsource-parser alone over the same bytes, in the same rounds",
    note: STREAM_JSON_FLOOR,
  },
  // the reader keeps a chunk and its events at most: what it keeps may not grow with the stream
  {
    key: "streams.heap",
    what: "heap the event reader keeps while reading 100 000 events (after a collection, every 10 000)",
    max: 8 * 1024 * 1024,
    unit: "B",
    peer: "a fixed goal",
  },
  {
    key: "pages.walk",
    what: "walking 10 000 items over 100 pages, this client / the same pages by hand with safe fetch (median of per-round ratios)",
    max: 1.1,
    unit: "x",
    peer: "the same pages fetched by hand with safe fetch, in the same rounds",
  },
];

/**
 * The budget named `key`; throws for a key not in BUDGETS, so a typo cannot pass unjudged.
 * @param {string} key
 * @returns {Budget}
 */
export function budget(key) {
  const found = BUDGETS.find((b) => b.key === key);
  if (!found) throw new Error(`bench: no budget ${key}; the budgets are ${BUDGETS.map((b) => b.key).join(", ")}`);
  return found;
}

/** @typedef {{ key: string, what: string, max: number, unit: Budget["unit"], value: number | undefined, measured: boolean, pass: boolean, peer: string, note?: string, info?: string }} Verdict */

/** @type {Verdict[]} */
const judged = [];

/** A figure with its unit, as the tables print it. */
export function show(/** @type {number} */ value, /** @type {Budget["unit"]} */ unit) {
  if (unit === "B")
    return value >= 1024 * 1024
      ? `${(value / 1024 / 1024).toFixed(1)} MiB (${Math.round(value)} B)`
      : `${(value / 1024).toFixed(1)} KB (${Math.round(value)} B)`;
  if (unit === "ms") return value >= 1_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
  return `${value.toFixed(2)}x`;
}

/** A figure as `show` prints it, but to three places (1.103x, 1040 ms) where that would print its goal: a miss never reads "1.10x > 1.10x". */
function against(/** @type {number} */ value, /** @type {number} */ max, /** @type {Budget["unit"]} */ unit) {
  if (value === max || show(value, unit) !== show(max, unit)) return show(value, unit);
  return unit === "x" ? `${value.toFixed(3)}x` : unit === "ms" ? `${Math.round(value)} ms` : show(value, unit);
}

/**
 * Judges one measured figure against its budget and remembers the verdict for {@link verdictLine}.
 * `value` undefined (or `ok` false) is a figure that could not be measured: a MISS.
 * Returns the verdict, whose `text` is the table cell: `≤ 1.10x: 1.42x MISS, against <peer>`, then
 * `info` in brackets (the absolute figures beside a ratio: printed, not judged).
 *
 * @param {string} key a budget of BUDGETS
 * @param {number | undefined} value the figure, in the budget's unit
 * @param {boolean} [ok] false when the measurement itself failed (default true)
 * @param {string} [info] figures for information, printed beside the verdict
 * @example
 * judge("bundle.repo", 9_830).text; // "≤ 10.0 KB (10240 B): 9.6 KB (9830 B) PASS, against a fixed goal"
 */
export function judge(key, value, ok = true, info = "") {
  const { what, unit, note, max, peer } = budget(key);
  const measured = ok && value !== undefined && Number.isFinite(value);
  const pass = measured && value <= max;
  /** @type {Verdict} */
  const verdict = {
    key,
    what,
    max,
    unit,
    value,
    measured,
    pass,
    peer,
    ...(note ? { note } : {}),
    ...(info ? { info } : {}),
  };
  judged.push(verdict);
  const figure = measured ? against(value, max, unit) : "failed or not measured";
  return {
    ...verdict,
    text: `≤ ${show(max, unit)}: ${figure} ${pass ? "PASS" : "MISS"}, against ${peer}${info ? ` (${info})` : ""}`,
  };
}

/** Every verdict judged so far in this process, in order. */
export const verdicts = () => [...judged];

/**
 * The bench's closing line: PASS when every judged figure met its budget, else MISS with each miss,
 * its figure and its note.
 * @param {Verdict[]} [list] default: every verdict of this process
 */
export function verdictLine(list = judged) {
  const misses = list.filter((v) => !v.pass);
  if (!list.length) return "verdict: nothing judged";
  if (!misses.length) return `verdict: PASS, ${list.length} of ${list.length} budgets met`;
  const detail = misses.map(
    (v) =>
      `${v.what}: ${v.measured && v.value !== undefined ? `${against(v.value, v.max, v.unit)} > ${show(v.max, v.unit)}` : `failed or not measured (goal ≤ ${show(v.max, v.unit)})`}, against ${v.peer}${v.info ? ` (${v.info})` : ""}${v.note ? ` (note: ${v.note})` : ""}`,
  );
  return `verdict: MISS, ${misses.length} of ${list.length} budgets missed:\n  ${detail.join("\n  ")}`;
}

/**
 * Every judged budget, one line each: its verdict, figure, goal, the peer it is measured against
 * and the figures printed beside it, for the bench's closing list.
 * @param {Verdict[]} [list] default: every verdict of this process
 */
export function everyVerdict(list = judged) {
  return list.map(
    (v) =>
      `${v.pass ? "PASS" : "MISS"} ${v.key}: ${v.measured && v.value !== undefined ? against(v.value, v.max, v.unit) : "failed or not measured"} (goal ≤ ${show(v.max, v.unit)}), against ${v.peer}${v.info ? ` (${v.info})` : ""}`,
  );
}
