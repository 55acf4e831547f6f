// The project's goals for `npm run bench`, in one place: fixed numbers from what the project
// promises (about as fast as a hand-written safe fetch, smaller than the vendor's SDK, a save
// regenerated within a second), never this week's measurement plus a margin. A section judges its
// figures here; a miss prints MISS with the budget's note and fails the closing verdict line.
// To add a goal: one entry in BUDGETS, then `judge("<key>", figure)` where the figure is measured.

/**
 * @typedef {object} Budget
 * @property {string} key how a section names it, `<section>.<figure>`
 * @property {string} what the figure, as the verdict line prints it
 * @property {number} max the goal: the figure must be at most this
 * @property {"B" | "ms" | "x"} unit bytes, milliseconds, or a ratio
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
const OPENAPI_FETCH_FLOOR =
  "the client goes through openapi-fetch, which builds a real Request per call (its documented middleware gets it): in CPU profiles (2026-11-26) openapi-fetch's own path was 7.6 % of the process's CPU for 30 000 GETs and 8.3 % for 15 000 clicks (5.4 % of it that Request and its body stream), this client's checks, options and method around the fetch 1.3-1.5 %; the rest is the attempt, the bounded read and the fetch the safe floor pays too";

// measured 2026-11-23 in CPU time, 3 runs at load 9 on 2 cores: eventsource-parser + JSON.parse of
// each event's data was 3.0-3.4x the parser alone (JSON.parse of all the data as one array costs as
// much), and this client 1.4x of that floor (1.8x before its events were handed out in batches); a
// bare `for await` iterator over the same parsed events is 1.1-1.2x of the floor: its promise per event
const STREAM_JSON_FLOOR =
  "JSON.parse of each event's data alone makes eventsource-parser about 3x slower (parser + JSON.parse is 3.0-3.4x the parser alone in CPU time, same rounds), so no reader that hands out parsed data can come within 1.25x of the parser; this client is about 1.4x of parser + JSON.parse, of which 1.1-1.2x is the promise `for await` takes per event";

const RUNTIME_FLOOR =
  "measured 2026-11-26 (esbuild metafile): a program's bundle holds only the rows and schemas of the operations it calls (1.7 KB minified for this repo's four, 2.0 KB for three JSON methods of 133) and only the format and keyword checks they name, but the runtime every call goes through is 36 KB minified, about 14 KB gzip: src/core/ 21.5 KB (transport, errors and configuration with their messages, the generic method, the client), openapi-fetch 6.6 KB, src/checks/ 7.6-8.6 KB (compiler, check(), the formats the schemas name)";

/** @type {readonly Budget[]} */
export const BUDGETS = [
  {
    key: "requests.get",
    what: "GET /org/limits per request, this client / hand-written safe fetch",
    max: 1.1,
    unit: "x",
    note: OPENAPI_FETCH_FLOOR,
  },
  {
    key: "requests.click",
    what: "click per request, this client / hand-written safe fetch",
    max: 1.1,
    unit: "x",
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
    note: RUNTIME_FLOOR,
  },
  {
    key: "bundle.json3",
    what: "consumer bundle calling 3 JSON methods of the synthetic spec's 133 operations, checks included (standalone functions), gzip -9: below Redocly's client (10.1 KB), which checks nothing",
    max: 10 * 1024,
    unit: "B",
    note: RUNTIME_FLOOR,
  },
  {
    key: "bundle.all",
    what: "consumer bundle calling all 133 operations of the synthetic spec (standalone functions), gzip -9: below the vendor's SDK",
    max: 19.5 * 1024,
    unit: "B",
    note: "measured 2026-11-26 at 32.9 KB: the runtime is about 14 KB gzip, and with every operation called the rows (31.6 KB minified), the schemas (30.6 KB), the readers of lists, streams and forms (13.6 KB) with eventsource-parser (3.0 KB) and the program's own 133 calls (12.6 KB) come on top",
  },
  {
    key: "checker.answer",
    what: "check() of a 1 MB list page answer / JSON.parse of the same bytes, median of interleaved rounds",
    max: 0.5,
    unit: "x",
    note: "check() reads every object and value of the parsed page once, and about a fifth of its samples wait on those first reads (perf annotate), where JSON.parse writes its objects in order; on 2 shared cores at load 5-9 (2026-11-23) its median was 0.49-0.65x in most runs and up to 0.94x in the noisiest, 0.59-0.66x of the checker it replaced in the same rounds",
  },
  { key: "pipeline.build", what: "`npm run build`, median of 3", max: 5_000, unit: "ms" },
  {
    key: "pipeline.dev",
    what: "`npm run dev`: save to `dev: regenerated`, at this repo's size",
    max: 1_000,
    unit: "ms",
  },
  {
    key: "growth.regenerate",
    what: "lint + generate + docs at 150 operations",
    max: 3_000,
    unit: "ms",
    note: "a CPU profile of `npm run dev` at 150 operations (2026-11-26, load 15-20 on 2 cores) put generate's time in openapi-typescript emitting the types (5.1 s over the session) and Ajv checking every example (2.6 s), and lint's in @redocly/ajv compiling a validator per example (5.5 s) beside the rest of Redocly (4.8 s); the project's own scripts were under 0.5 s of it",
  },
  {
    key: "growth.dev",
    what: "`npm run dev`: save to `dev: regenerated`, at 150 operations",
    max: 1_000,
    unit: "ms",
    note: "generate and the docs page run side by side, warm between saves; lint (0.9-1.5 s of CPU, most of it Redocly compiling an Ajv validator for every example on every lint) feeds nothing written, so since 2026-11-26 it runs after the `dev: regenerated` line, which no longer waits for it or shares the 2 cores with it",
  },
  {
    key: "growth.mock",
    what: "`npm run mock` at 150 operations: launch to the first answer",
    max: 3_000,
    unit: "ms",
  },
  {
    key: "growth.typecheck",
    what: "`tsc -p .` + `tsc -p test` at 150 operations",
    max: 15_000,
    unit: "ms",
    note: "measured for the first time 2026-11-26 (the copy's tsc -p test failed before on a test pinning this repo's four methods): 43.5 s at load 8-14 while tsc -p test also checked the scripts it imports as JavaScript; with those left to tsc -p scripts, 9.5 s at 150 operations and 9.0 s at 4 (load about 1), tsc -p test two thirds of it",
  },
  {
    key: "growth.tests",
    what: "`npm test` at 150 operations / at this repo's size (and it passes)",
    max: 2,
    unit: "x",
  },
  // at most a quarter more time than the parser alone: at least 80 % of its rate
  {
    key: "streams.rate",
    what: "reading 100 000 small events, this client / eventsource-parser alone over the same bytes, CPU time (median of per-round ratios)",
    max: 1.25,
    unit: "x",
    note: STREAM_JSON_FLOOR,
  },
  // the reader keeps a chunk and its events at most: what it keeps may not grow with the stream
  {
    key: "streams.heap",
    what: "heap the event reader keeps while reading 100 000 events (after a collection, every 10 000)",
    max: 8 * 1024 * 1024,
    unit: "B",
  },
  {
    key: "pages.walk",
    what: "walking 10 000 items over 100 pages, this client / the same pages by hand with safe fetch (median of per-round ratios)",
    max: 1.1,
    unit: "x",
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

/** @typedef {{ key: string, what: string, max: number, unit: Budget["unit"], value: number | undefined, measured: boolean, pass: boolean, note?: string }} Verdict */

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
 * Returns the verdict, whose `text` is the table cell: `≤ 1.10x: 1.42x MISS`.
 *
 * @param {string} key a budget of BUDGETS
 * @param {number | undefined} value the figure, in the budget's unit
 * @param {boolean} [ok] false when the measurement itself failed (default true)
 * @param {number} [max] the goal at this size, for a budget that scales with the operation count; default the budget's own
 * @example
 * judge("bundle.repo", 9_830).text; // "≤ 10.0 KB (10240 B): 9.6 KB (9830 B) PASS"
 */
export function judge(key, value, ok = true, max = budget(key).max) {
  const { what, unit, note } = budget(key);
  const measured = ok && value !== undefined && Number.isFinite(value);
  const pass = measured && value <= max;
  /** @type {Verdict} */
  const verdict = { key, what, max, unit, value, measured, pass, ...(note ? { note } : {}) };
  judged.push(verdict);
  const figure = measured ? against(value, max, unit) : "failed or not measured";
  return { ...verdict, text: `≤ ${show(max, unit)}: ${figure} ${pass ? "PASS" : "MISS"}` };
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
      `${v.what}: ${v.measured && v.value !== undefined ? `${against(v.value, v.max, v.unit)} > ${show(v.max, v.unit)}` : `failed or not measured (goal ≤ ${show(v.max, v.unit)})`}${v.note ? ` (note: ${v.note})` : ""}`,
  );
  return `verdict: MISS, ${misses.length} of ${list.length} budgets missed:\n  ${detail.join("\n  ")}`;
}
