// The pipeline's shared steps, in order: lint -> generate -> docs, then write what changed.
// `npm start`, `npm run build` and `npm run dev` run them through regenerate(); each step's result
// and time come back as data, for the caller to print or measure.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { docsRenderer } from "./docs.mjs";
import { changed, renderWithReport } from "./generate.mjs";
import { lintSpec } from "./lint.mjs";
import { DOCS_PAGE, root } from "./paths.mjs";

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
 * @property {{ lint?: number, generate?: number, docs?: number }} times ms per step run
 * @property {string[]} written files written, relative to the root (generated/ first, then the page)
 * @property {string} [bundle] the new generated/openapi.json content
 * @property {import("./generate.mjs").Report} [report] what generation decided
 * @property {boolean} [superseded] a newer save came in, nothing was written
 */

/**
 * One regeneration: lint, then render generated/ and the docs page, and only when all of them
 * succeed write what changed (the generated/ files whose content differs, and site/index.html by
 * a rename). Nothing is written after a failure, nor when `superseded()` says a newer save came
 * in meanwhile. Never rejects for a bad spec: a failure is `{ ok: false, step, lines }`.
 * With `lintGates: false` a lint error stops nothing: generation goes on, and the result carries
 * the linter's lines and counts beside `ok: true` (dev and start print them; build and test gate).
 * @param {{ superseded?: () => boolean, docs?: import("./docs.mjs").DocsRenderer, lintGates?: boolean }} [options]
 * `docs` default: a renderer started for this one call (dev keeps one across saves); `lintGates`
 * default true
 * @returns {Promise<Regeneration>}
 * @example
 * const result = await regenerate();
 * console.log(result.ok ? `wrote ${result.written.join(", ")}` : `${result.step} failed`, result.times);
 */
export async function regenerate({ superseded = () => false, docs, lintGates = true } = {}) {
  // created first, so that the CLI loads while lint and generate run
  const renderer = docs ?? docsRenderer({ warm: false });
  try {
    return await steps(superseded, renderer, lintGates);
  } finally {
    if (!docs) await renderer.close();
  }
}

/**
 * @param {() => boolean} superseded
 * @param {import("./docs.mjs").DocsRenderer} renderer
 * @param {boolean} lintGates
 * @returns {Promise<Regeneration>}
 */
async function steps(superseded, renderer, lintGates) {
  /** @type {Regeneration["times"]} */
  const times = {};
  let started = performance.now();
  const lap = (/** @type {typeof STEPS[number]} */ step) => {
    const now = performance.now();
    times[step] = Math.round(now - started);
    started = now;
  };
  const failed = (/** @type {string} */ step, /** @type {string[]} */ lines) => ({ ok: false, step, lines, times, written: [] });

  const lint = await lintSpec();
  lap("lint");
  if (!lint.ok && lintGates) return { ...failed("lint", lint.lines), errors: lint.errors, warnings: lint.warnings };

  let files;
  let report;
  try {
    ({ files, report } = await renderWithReport());
  } catch (err) {
    return failed("generate", [message(err)]);
  }
  lap("generate");
  const bundleFile = [...files.keys()].find((file) => file.endsWith("/openapi.json"));
  const bundle = bundleFile ? files.get(bundleFile) : undefined;
  if (bundle === undefined) return failed("generate", ["no generated openapi.json to render the docs page from"]);

  const staged = `${DOCS_PAGE}.next`;
  mkdirSync(dirname(DOCS_PAGE), { recursive: true });
  try {
    await renderer.render(bundle, staged);
  } catch (err) {
    rmSync(staged, { force: true });
    const output = /** @type {{ output?: string }} */ (err).output ?? "";
    return failed("docs", [message(err), ...output.split("\n").filter((line) => /error|fail/i.test(line))]);
  }
  lap("docs");

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
