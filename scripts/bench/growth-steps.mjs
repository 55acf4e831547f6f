// The steps the growth section (growth.mjs) measures on one copy of the checkout, each printing its
// line: lint + generate + docs against openapi-typescript + `redocly build-docs` alone, the mock's
// start against Prism alone, a dev regeneration against one `generate`, the type check against tsc on
// openapi-typescript's types alone, and, when asked, `npm test`.
import { timeMockStart } from "./mock-start.mjs";
import { timeRegenerate } from "./pipeline.mjs";
import { generateOnce, typesAlone, typesAndPage } from "./peers.mjs";
import { median, ratios, tail } from "./stats.mjs";
import { join } from "node:path";

// one fresh process per run, as `npm start` is; the median of three holds better on a busy machine
export const REGENERATE_RUNS = 3;
// rounds of `tsc -p .` and tsc on openapi-typescript's types alone, interleaved
export const TYPECHECK_RUNS = 2;

/**
 * @typedef {import("./growth.mjs").RegenerateFigure} RegenerateFigure
 * @typedef {import("./growth.mjs").MockFigure} MockFigure
 * @typedef {import("./growth.mjs").DevFigure} DevFigure
 * @typedef {import("./growth.mjs").TypecheckFigure} TypecheckFigure
 * @typedef {import("./growth.mjs").TestsFigure} TestsFigure
 * @typedef {import("./growth.mjs").Run} Run
 */
/**
 * What growth.mjs hands each copy's measurement.
 * @typedef {object} Context
 * @property {boolean} withTests
 * @property {(line: string) => void} say
 * @property {Run} run
 * @property {typeof import("./dev-regeneration.mjs").devRegeneration} devRegeneration
 * @property {string} work a directory for the tools' output
 */
/** @typedef {Context & { dir: string }} Step one copy's measurement: `say` prefixes its lines with the copy's size */

/** @typedef {{ lint: number, generate: number, docs: number, total?: number }} Times regenerate()'s own step times */

// lint runs beside generate, and docs beside its end: the whole is regenerate()'s own total
const whole = (/** @type {Times} */ t) => t.total ?? t.lint + t.generate + t.docs;

/**
 * Rounds of regenerate() in a fresh process, then the two tools it wraps alone on the bundle it wrote.
 * Resolves to the figure and its line, which the caller prints once it has counted the operations
 * regenerate() wrote.
 * @param {Step} step
 * @returns {Promise<{ figure: RegenerateFigure, line: string }>}
 */
export async function regenerateFigure({ dir, work }) {
  /** @type {Times[]} */
  const runs = [];
  const tools = [];
  /** @type {RegenerateFigure | undefined} */
  let failed;
  for (let i = 0; i < REGENERATE_RUNS && !failed; i++) {
    const timed = await timeRegenerate(dir, 1);
    if (!timed.ok) failed = { ok: false, error: timed.error };
    else runs.push(timed.times[0]);
    const alone = await typesAndPage(dir, work);
    if (!alone.ok) failed ??= { ok: false, error: "openapi-typescript or build-docs alone failed" };
    tools.push(alone);
  }
  const line = `lint, generate, docs in ${runs.length} fresh processes, ms: ${runs.map((t) => `${whole(t)} (lint ${t.lint}, generate ${t.generate}, docs ${t.docs})`).join(", ")}; openapi-typescript + build-docs alone, same rounds: ${tools.map((t) => `${Math.round(t.ms)} (${Math.round(t.types.ms)} + ${Math.round(t.page.ms)})`).join(", ")}`;
  if (failed) return { figure: failed, line };
  const figure = {
    ok: /** @type {const} */ (true),
    ms: median(runs.map(whole)),
    tools: median(tools.map((t) => t.ms)),
    ratio: ratios(
      runs.map(whole),
      tools.map((t) => t.ms),
    ),
    steps: Object.fromEntries(
      /** @type {const} */ (["lint", "generate", "docs"]).map((key) => [key, median(runs.map((t) => t[key]))]),
    ),
  };
  return { figure, line };
}

/**
 * `npm run mock` from launch to the first answer, against Prism's mock alone, same rounds.
 * @param {Step} step
 * @returns {Promise<MockFigure>}
 */
export async function mockFigure({ dir, say }) {
  const mock = await timeMockStart(dir);
  say(
    `npm run mock, ms from launch to the first answer: ${mock.ok ? `${mock.times.join(", ")}; prism mock alone, same rounds: ${mock.prism.join(", ")}` : `failed: ${mock.error}`}`,
  );
  return mock.ok
    ? { ok: true, ms: median(mock.times), prism: median(mock.prism), ratio: ratios(mock.times, mock.prism) }
    : { ok: false, error: mock.error };
}

/**
 * A dev session's regenerations on save, against one `node scripts/generate.mjs` on the same tree,
 * run once before the session and twice after.
 * @param {Step} step
 * @returns {Promise<DevFigure>}
 */
export async function devFigure({ dir, say, devRegeneration }) {
  const generates = [await generateOnce(dir)];
  const dev = await devRegeneration(dir);
  generates.push(await generateOnce(dir), await generateOnce(dir));
  const generateMs = median(generates.map((g) => g.ms));
  if (dev.ok === true)
    say(
      `dev edits, ms from write to line (ms the line states; lint after the line, generate, docs): ${dev.edits
        .map((e) => `${Math.round(e.ms)} (${e.stated}; ${e.steps.lint}, ${e.steps.generate}, ${e.steps.docs})`)
        .join(", ")}; one node scripts/generate.mjs: ${generates.map((g) => Math.round(g.ms)).join(", ")} ms`,
    );
  else say(`dev.mjs failed: ${dev.error}`);
  if (!dev.ok || !generates.every((g) => g.ok))
    return { ok: false, error: dev.ok === true ? "node scripts/generate.mjs failed" : dev.error };
  return {
    ok: true,
    ms: dev.ms,
    stated: dev.stated,
    steps: dev.steps,
    generate: generateMs,
    ratio: dev.ms / generateMs,
  };
}

/**
 * `tsc -p .` against tsc on openapi-typescript's types alone (typesAndPage wrote them), rounds
 * interleaved, and `tsc -p test` once, for information.
 * @param {Step} step
 * @returns {Promise<TypecheckFigure>}
 */
export async function typecheckFigure({ dir, work, say, run }) {
  const tsc = join(dir, "node_modules/typescript/bin/tsc");
  /** @type {Awaited<ReturnType<Run>>[]} */
  const project = [];
  /** @type {Awaited<ReturnType<typeof typesAlone>>[]} */
  const alone = [];
  for (let i = 0; i < TYPECHECK_RUNS; i++) {
    project.push(await run(process.execPath, [tsc, "-p", "."], dir));
    alone.push(await typesAlone(dir, join(work, "openapi-typescript.d.ts")));
  }
  const tests =
    project[0]?.code === 0 ? await run(process.execPath, [tsc, "-p", "test"], dir) : { ms: 0, code: null, output: "" };
  const ok = project.every((p) => p.code === 0) && alone.every((a) => a.ok) && tests.code === 0;
  const failure = ok
    ? ""
    : `, failed:\n${tail(project.map((p) => p.output).join("") + alone.map((a) => a.output).join("") + tests.output)}`;
  say(
    `tsc -p . ${project.map((p) => Math.round(p.ms)).join(", ")} ms, tsc on openapi-typescript's types alone ${alone.map((a) => Math.round(a.ms)).join(", ")} ms, tsc -p test ${Math.round(tests.ms)} ms${failure}`,
  );
  return {
    ok,
    project: median(project.map((p) => p.ms)),
    alone: median(alone.map((a) => a.ms)),
    ratio: ratios(
      project.map((p) => p.ms),
      alone.map((a) => a.ms),
    ),
    test: tests.ms,
  };
}

/**
 * `bash scripts/test.sh` in the copy: whether it passed, its time and its counts.
 * @param {Step} step
 * @returns {Promise<TestsFigure>}
 */
export async function testsFigure({ dir, say, run }) {
  say("bash scripts/test.sh");
  const suite = await run("bash", ["scripts/test.sh"], dir);
  // the closing line counts every stage; a failed run may stop before it, then the last vitest summary says most
  const plain = // biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI colour escape starts with ESC
    suite.output.replace(/\x1b\[[0-9;]*m/g, "");
  const counts =
    plain.match(/^test: (\d+ passed, \d+ failed)$/m)?.[1] ??
    plain
      .match(/^\s*Tests\s+(.*)$/gm)
      ?.at(-1)
      ?.trim()
      .replaceAll(" | ", ", ") ??
    "no test summary";
  say(
    `npm test ${suite.code === 0 ? "passed" : `failed (exit ${suite.code})`} in ${(suite.ms / 1000).toFixed(1)} s: ${counts}${suite.code === 0 ? "" : `\n${tail(suite.output, 40)}`}`,
  );
  return { ok: suite.code === 0, ms: suite.ms, counts };
}
