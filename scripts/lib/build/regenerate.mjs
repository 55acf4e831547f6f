// The pipeline's shared steps: lint beside generate -> docs, then write what changed.
// `npm start`, `npm run build` and `npm run dev` run them through regenerate(); each step's result
// and time come back as data, for the caller to print or measure.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { docsRenderer } from "../docs/render.mjs";
import { changed, renderWithReport } from "../generate/render.mjs";
import { lintWorker } from "../spec/lint.mjs";
import { DOCS_PAGE, root } from "../shared/paths.mjs";

/** The steps of regenerate(), in the order they run. */
export const STEPS = /** @type {const} */ (["lint", "generate", "docs"]);

/**
 * @typedef {object} Regeneration
 * @property {boolean} ok every step passed and what changed is written
 * @property {string} [step] the step that failed ("lint", "generate", "docs"), or "superseded"
 * @property {string[]} lines the failed step's messages; on success the linter's problems (its
 * warnings, and its errors when lint does not gate)
 * @property {number} [errors] lint errors: when lint failed, or when it did not gate
 * @property {number} [warnings] lint warnings
 * @property {{ lint?: number, generate?: number, docs?: number, total?: number }} times ms per step
 * run, each from its own start to its own end (steps overlap), and `total`, the whole call
 * @property {string[]} written files written, relative to the root (generated/ first, then the page)
 * @property {string} [bundle] the new generated/openapi.json content
 * @property {import("../generate/render.mjs").Report} [report] what generation decided
 * @property {boolean} [superseded] a newer save came in, nothing was written
 */

/**
 * One regeneration: lint, generate and the docs page, then, only when all of them succeed, write
 * what changed (the generated/ files whose content differs, and site/index.html by a rename).
 * Lint runs in its own thread beside generate, and the docs page renders in its own process as soon
 * as generate has the bundle, beside the rest of generate; each step's time is its own, so they may
 * add up to more than `times.total`. Nothing is written after a failure, nor when `superseded()`
 * says a newer save came in meanwhile. Never rejects for a bad spec: a failure is
 * `{ ok: false, step, lines }`.
 * `lint` says what lint does: "gate" (build, the default) fails the call on a lint error; "report"
 * (start) stops nothing, the result carrying the linter's lines and counts beside `ok: true`;
 * "skip" (dev) does not lint at all (no `times.lint`, no lint lines): dev lints after it has
 * written and said so, off the path from a save to its files.
 * @param {{ superseded?: () => boolean, docs?: import("../docs/render.mjs").DocsRenderer, lint?: "gate" | "report" | "skip" }} [options]
 * `docs` default: one started for this one call (dev keeps its own across saves)
 * @returns {Promise<Regeneration>}
 * @example
 * const result = await regenerate();
 * console.log(result.ok ? `wrote ${result.written.join(", ")}` : `${result.step} failed`, result.times);
 */
export async function regenerate({ superseded = () => false, docs, lint = "gate" } = {}) {
  // started first, so that build-docs and the linter load while generate runs
  const renderer = docs ?? docsRenderer({ once: true });
  const linter = lint === "skip" ? null : lintWorker();
  try {
    return await steps(superseded, renderer, linter, lint === "gate");
  } finally {
    await Promise.all([docs ? undefined : renderer.close(), linter?.close()]);
  }
}

/**
 * What a call that does not lint has of lint: no lines, no problems, no time.
 * @returns {{ ok: true, lines: string[], errors?: number, warnings?: number }}
 */
const notLinted = () => ({ ok: true, lines: [] });

/**
 * @param {() => boolean} superseded
 * @param {import("../docs/render.mjs").DocsRenderer} renderer
 * @param {import("../spec/lint.mjs").Linter | null} linter none: this call does not lint
 * @param {boolean} lintGates whether a lint error fails the call
 * @returns {Promise<Regeneration>}
 */
async function steps(superseded, renderer, linter, lintGates) {
  /** @type {Regeneration["times"]} */
  const times = {};
  const begun = performance.now();
  const failed = (/** @type {string} */ step, /** @type {string[]} */ lines) => {
    times.total = Math.round(performance.now() - begun);
    return { ok: false, step, lines, times, written: [] };
  };

  // the lint's own time, as its thread measured it: its answer may wait for this thread
  const linting = linter
    ? linter.lint().then((result) => {
        times.lint = result.ms;
        return result;
      })
    : Promise.resolve(notLinted());
  if (lintGates) {
    const lint = await linting;
    if (!lint.ok) return { ...failed("lint", lint.lines), errors: lint.errors, warnings: lint.warnings };
  }

  const staged = `${DOCS_PAGE}.next`;
  mkdirSync(dirname(DOCS_PAGE), { recursive: true });
  /** @type {Promise<unknown> | undefined} */
  let rendering;
  let bundle = "";
  const startDocs = (/** @type {string} */ text) => {
    bundle = text;
    rendering = renderer.render(text, staged).then(({ ms }) => (times.docs = ms));
    // awaited below; a generate failure meanwhile must not leave it unhandled
    rendering.catch(() => {});
  };
  // every way out waits for the steps still running: the renderer and the linter are free again
  const settle = async () => {
    await rendering?.catch(() => {});
    rmSync(staged, { force: true });
    await linting;
  };

  let files;
  let report;
  try {
    const started = performance.now();
    ({ files, report } = await renderWithReport({ onBundle: startDocs }));
    times.generate = Math.round(performance.now() - started);
  } catch (err) {
    await settle();
    return failed("generate", [message(err)]);
  }
  if (!rendering) {
    await settle();
    return failed("generate", ["no generated openapi.json to render the docs page from"]);
  }
  try {
    await rendering;
  } catch (err) {
    await settle();
    const output = /** @type {{ output?: string }} */ (err).output ?? "";
    return failed("docs", [message(err), ...output.split("\n").filter((line) => /error|fail/i.test(line))]);
  }
  const lint = await linting;

  if (superseded()) {
    rmSync(staged, { force: true });
    return { ...failed("superseded", []), superseded: true };
  }
  const written = [];
  for (const [file, content] of changed(files)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    written.push(relative(root, file));
  }
  if (sameContent(staged, DOCS_PAGE)) rmSync(staged);
  else {
    renameSync(staged, DOCS_PAGE);
    written.push(relative(root, DOCS_PAGE));
  }
  times.total = Math.round(performance.now() - begun);
  return { ok: true, lines: lint.lines, errors: lint.errors, warnings: lint.warnings, times, written, bundle, report };
}

/** Whether two files hold the same bytes; false when either is missing. */
function sameContent(/** @type {string} */ a, /** @type {string} */ b) {
  try {
    return statSync(a).size === statSync(b).size && readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** @param {unknown} err */
const message = (err) => (err instanceof Error ? err.message : String(err));
