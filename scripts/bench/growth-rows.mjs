// The growth section's table (bench.mjs prints it, report.mjs writes it as Markdown): each figure
// growth.mjs measured at the repo's size and at GROWN_OPERATIONS, and its verdict (budgets.mjs).
import { judge } from "./budgets.mjs";
import { REGENERATE_RUNS, TYPECHECK_RUNS } from "./growth.mjs";
import { MOCK_RUNS } from "./mock-start.mjs";
import { spread } from "./stats.mjs";

/**
 * @typedef {import("./growth.mjs").Failed} Failed
 * @typedef {import("./growth.mjs").RegenerateFigure} RegenerateFigure
 * @typedef {import("./growth.mjs").MockFigure} MockFigure
 * @typedef {import("./growth.mjs").DevFigure} DevFigure
 * @typedef {import("./growth.mjs").TypecheckFigure} TypecheckFigure
 * @typedef {import("./growth.mjs").TestsFigure} TestsFigure
 * @typedef {import("./growth.mjs").SizeFigures} SizeFigures
 */

const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A figure shown where its step ran, else why it did not.
 * @template {{ ok: true }} T
 * @param {T | Failed} figure
 * @param {(figure: T) => string} show
 */
const cell = (figure, show) => (figure.ok === false ? `failed: ${figure.error ?? "see above"}` : show(figure));

/**
 * One row: what it measures, the figure at both sizes, and the verdict on the grown one's `value`
 * (a MISS where it failed), `info` beside it.
 * @template {{ ok: true }} T
 * @param {string} what
 * @param {T | Failed} small
 * @param {T | Failed} grown
 * @param {(figure: T) => string} show
 * @param {string} key the budget (budgets.mjs)
 * @param {(figure: T) => number} value
 * @param {(figure: T) => string} info
 */
const row = (what, small, grown, show, key, value, info) => [
  what,
  cell(small, show),
  cell(grown, show),
  grown.ok === false ? judge(key, undefined, false, "").text : judge(key, value(grown), true, info(grown)).text,
];

/**
 * The growth figures as rows of [what, at the repo's size, at 150, target with PASS or MISS].
 * @param {{ sizes: SizeFigures[], withTests: boolean }} growth what {@link measureGrowth} resolved to
 * @returns {string[][]}
 */
export function growthRows({ sizes: [small, grown], withTests }) {
  const rows = [];
  const regen = (/** @type {Extract<RegenerateFigure, { ok: true }>} */ f) =>
    `${seconds(f.ms)} (lint ${f.steps.lint}, generate ${f.steps.generate}, docs ${f.steps.docs} ms); ${spread(f.ratio)} of openapi-typescript + build-docs alone (${seconds(f.tools)})`;
  rows.push(
    row(
      `lint, generate and docs (\`npm start\`'s regenerate()) against openapi-typescript + \`redocly build-docs\` alone on its bundle, median of ${REGENERATE_RUNS} interleaved rounds`,
      small.regenerate,
      grown.regenerate,
      regen,
      "growth.regenerate",
      (f) => f.ratio.median,
      (f) => `${seconds(f.ms)}; the tools alone ${seconds(f.tools)}`,
    ),
  );
  const dev = (/** @type {Extract<DevFigure, { ok: true }>} */ f) =>
    `${Math.round(f.ms)} ms (generate ${f.steps.generate}, docs ${f.steps.docs} ms; lint ${f.steps.lint} ms after the line); ${f.ratio.toFixed(2)}x of one generate.mjs (${Math.round(f.generate)} ms)`;
  rows.push(
    row(
      "`npm run dev`: one spec file saved → docs page and generated/ written, `dev: regenerated`, median of 5",
      small.dev,
      grown.dev,
      dev,
      "growth.dev",
      (f) => f.ratio,
      (f) => `${Math.round(f.ms)} ms; one generate.mjs ${Math.round(f.generate)} ms`,
    ),
  );
  const prism = (/** @type {Extract<MockFigure, { ok: true }>} */ f) =>
    `${seconds(f.ms)}, ${spread(f.ratio)} of Prism alone (${seconds(f.prism)})`;
  rows.push(
    row(
      `\`npm run mock\`: launch to the first answer (spec bundled, Prism listening, the proxy's checks built) against \`prism mock\` alone on the same bundle, median of ${MOCK_RUNS} interleaved rounds`,
      small.mock,
      grown.mock,
      prism,
      "growth.mock",
      (f) => f.ratio.median,
      (f) => `${seconds(f.ms)}; Prism alone ${seconds(f.prism)}`,
    ),
  );
  const typecheck = (/** @type {Extract<TypecheckFigure, { ok: true }>} */ f) =>
    `${seconds(f.project)}, ${spread(f.ratio)} of openapi-typescript's types alone (${seconds(f.alone)}); tsc -p test ${seconds(f.test)}`;
  rows.push([
    `typecheck: \`tsc -p .\` against \`tsc\` on openapi-typescript's types alone, median of ${TYPECHECK_RUNS} interleaved rounds (\`tsc -p test\` once, for information)`,
    cell(small.typecheck, typecheck),
    cell(grown.typecheck, typecheck),
    judge(
      "growth.typecheck",
      grown.typecheck.ratio.median,
      grown.typecheck.ok,
      `${seconds(grown.typecheck.project)}; types alone ${seconds(grown.typecheck.alone)}`,
    ).text,
  ]);
  // measured at both sizes where withTests is set
  if (withTests && small.tests && grown.tests) {
    const tests = (/** @type {TestsFigure} */ f) => `${f.ok ? "passed" : "FAILED"} in ${seconds(f.ms)} (${f.counts})`;
    const factor = judge("growth.tests", grown.tests.ms / small.tests.ms, small.tests.ok && grown.tests.ok);
    rows.push([
      "`npm test` (`bash scripts/test.sh`)",
      tests(small.tests),
      tests(grown.tests),
      `passes, time at ${grown.operations} / at ${small.operations} ${factor.text}`,
    ]);
  } else {
    rows.push([
      "`npm test` (`bash scripts/test.sh`)",
      "skipped: pass --with-tests",
      "skipped: pass --with-tests",
      "not judged: pass --with-tests",
    ]);
  }
  // judged at the real service's size in the bundle section
  rows.push([
    "full client's consumer bundle, minified + gzip",
    kb(small.bundle.gzip),
    kb(grown.bundle.gzip),
    "judged at 133 operations: `npm run bench bundle`",
  ]);
  return rows;
}
