// The project's goals for `npm run bench`, in one place: fixed numbers from what the project
// promises (about as fast as a hand-written safe fetch, smaller than the vendor's SDK, a save
// regenerated within a second), never this week's measurement plus a margin. A section judges its
// figures here; a miss prints MISS with the budget's note and fails the closing verdict line.
// To add a goal: one entry in BUDGETS, then `judge("<key>", figure)` where the figure is measured.

import {
  DEV_GOAL,
  MOCK_GOAL,
  OPENAPI_FETCH_FLOOR,
  REGENERATE_GOAL,
  RUNTIME_FLOOR,
  STREAM_JSON_FLOOR,
  TYPECHECK_GOAL,
} from "./budget-notes.mjs";
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
  // measured 2026-11-29: the runtime any call needs is 12.7-13.2 KB gzip of its own (31 KB minified:
  // src/core/ and client/ 22.8 KB, src/checks/ 7.7-8.7 KB; openapi-fetch 6.6 KB beside it), whatever the operations called
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
    note: "measured 2026-11-29 at 35.4 KB: the runtime is about 13 KB gzip, and with every operation called the schemas (30.9 KB minified), the rows (25.7 KB), the readers of lists, streams and forms (19.7 KB) with eventsource-parser (3.0 KB) and the program's own 133 calls (12.7 KB) come on top",
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
