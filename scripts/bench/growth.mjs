// The growth section of `npm run bench`: the pipeline at this repository's size and at the real
// service's (150 operations, scripts/synthetic-spec.mjs from the data in scripts/synthetic-spec/), each in a temporary copy of the
// checkout's tracked files with node_modules symlinked, side by side with the targets.
// Called by scripts/bench.mjs, which hands in its output, process and dev-mode helpers; the
// pipeline's step times are regenerate()'s own (pipeline.mjs); growth-rows.mjs makes them the table.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { writeSyntheticSpec } from "../synthetic-spec.mjs";
import { timeMockStart } from "./mock-start.mjs";
import { timeRegenerate } from "./pipeline.mjs";
import { generateOnce, typesAlone, typesAndPage } from "./peers.mjs";
import { median, ratios, tail } from "./stats.mjs";

/** Operations of the synthetic spec: the real service's size. */
export const GROWN_OPERATIONS = 150;
// one fresh process per run, as `npm start` is; the median of three holds better on a busy machine
export const REGENERATE_RUNS = 3;
// rounds of `tsc -p .` and tsc on openapi-typescript's types alone, interleaved
export const TYPECHECK_RUNS = 2;

/**
 * @typedef {{ median: number, min: number, max: number }} Ratio stats.mjs `ratios`
 * @typedef {{ ok: false, error?: string }} Failed a step that failed, and why where known
 * @typedef {{ ok: true, ms: number, tools: number, ratio: Ratio, steps: Record<string, number> } | Failed} RegenerateFigure
 * @typedef {{ ok: true, ms: number, prism: number, ratio: Ratio } | Failed} MockFigure
 * @typedef {{ ok: true, ms: number, stated: number, steps: Record<string, number>, generate: number, ratio: number } | Failed} DevFigure
 * @typedef {{ project: number, alone: number, ratio: Ratio, test: number }} TypecheckTimes
 * @typedef {(TypecheckTimes & { ok: true }) | (TypecheckTimes & Failed)} TypecheckFigure
 * @typedef {{ ok: boolean, ms: number, counts: string }} TestsFigure
 * @typedef {{ operations: number, regenerate: RegenerateFigure, mock: MockFigure, dev: DevFigure,
 *   typecheck: TypecheckFigure, bundle: { minified: number, gzip: number }, tests?: TestsFigure }} SizeFigures
 * @typedef {(command: string, args: string[], cwd: string) => Promise<{ ms: number, code: number | null, output: string }>} Run
 */

/**
 * Measures lint + generate + docs, one dev regeneration, the mock's start, the typecheck, the consumer bundle and,
 * with `withTests`, `npm test`, at the repo's size and at {@link GROWN_OPERATIONS}.
 * Resolves to { sizes: [small, grown], withTests }, each size's figures by name.
 *
 * @param {object} context from scripts/bench.mjs
 * @param {string} context.root the checkout
 * @param {boolean} [context.withTests] also run `bash scripts/test.sh` at both sizes (default false: slow)
 * @param {(line: string) => void} context.say
 * @param {Run} context.run
 * @param {(prefix: string) => { dir: string, remove: () => void }} context.tempDir
 * @param {typeof import("./dev-regeneration.mjs").devRegeneration} context.devRegeneration bench.mjs's dev timing, on a copy at `from`
 * @returns {Promise<{ sizes: SizeFigures[], withTests: boolean }>}
 */
export async function measureGrowth({ root, withTests = false, say, run, tempDir, devRegeneration }) {
  say("");
  say(
    `growth: the pipeline at this repo's size and at ${GROWN_OPERATIONS} operations (scripts/synthetic-spec.mjs), each in a temporary copy of the tracked files, node_modules symlinked`,
  );
  /** @type {SizeFigures[]} */
  const sizes = [];
  for (const grown of [false, true]) {
    const { dir, remove } = tempDir("bench-growth-");
    try {
      copyTracked(root, dir);
      if (grown) {
        rmSync(join(dir, "openapi"), { recursive: true, force: true });
        writeSyntheticSpec(join(dir, "openapi"), { operations: GROWN_OPERATIONS });
        // the releases stay, so npm test checks the grown spec against them; adding operations
        // breaks nothing, but a release with other content asks for the next minor version
        const released = join(root, "openapi/released");
        if (existsSync(released)) cpSync(released, join(dir, "openapi/released"), { recursive: true });
        const index = join(dir, "openapi/openapi.yaml");
        writeFileSync(
          index,
          readFileSync(index, "utf8").replace(
            /^( {2}version: ['"]?)(\d+)\.(\d+)\.\d+/m,
            (_, /** @type {string} */ head, /** @type {string} */ major, /** @type {string} */ minor) =>
              `${head}${major}.${Number(minor) + 1}.0`,
          ),
        );
      }
      const work = tempDir("bench-peers-");
      try {
        sizes.push(await measureCopy(dir, { withTests, say, run, devRegeneration, work: work.dir }));
      } finally {
        work.remove();
      }
    } finally {
      remove();
    }
  }
  return { sizes, withTests };
}

/**
 * Copies the files git tracks (as they are in the working tree) into `dir`, and links node_modules.
 * @param {string} root
 * @param {string} dir
 */
function copyTracked(root, dir) {
  const files = execFileSync("git", ["ls-files", "-z", "--cached"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    // a tracked file deleted in the working tree is not part of what is measured
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(root, file), join(dir, file));
  }
  symlinkSync(resolve(root, "node_modules"), join(dir, "node_modules"), "dir");
}

/**
 * The figures of one copy of the checkout at `dir`.
 * @param {string} dir
 * @param {{ withTests: boolean, say: (line: string) => void, run: Run, devRegeneration: typeof import("./dev-regeneration.mjs").devRegeneration, work: string }} context
 * @returns {Promise<SizeFigures>}
 */
async function measureCopy(dir, { withTests, say, run, devRegeneration, work }) {
  const tsc = join(dir, "node_modules/typescript/bin/tsc");

  // each round: regenerate() in a fresh process, then the two tools it wraps alone on the bundle it wrote
  /** @type {{ lint: number, generate: number, docs: number, total?: number }[]} */
  const runs = [];
  const tools = [];
  /** @type {RegenerateFigure | undefined} */
  let regenerate;
  for (let i = 0; i < REGENERATE_RUNS && !regenerate; i++) {
    const timed = await timeRegenerate(dir, 1);
    if (!timed.ok) regenerate = { ok: false, error: timed.error };
    else runs.push(timed.times[0]);
    const alone = await typesAndPage(dir, work);
    if (!alone.ok) regenerate ??= { ok: false, error: "openapi-typescript or build-docs alone failed" };
    tools.push(alone);
  }
  const operations = await countOperations(dir);
  // lint runs beside generate, and docs beside its end: the whole is regenerate()'s own total
  const whole = (/** @type {{ lint: number, generate: number, docs: number, total?: number }} */ t) =>
    t.total ?? t.lint + t.generate + t.docs;
  say(
    `growth: ${operations} operations: lint, generate, docs in ${runs.length} fresh processes, ms: ${runs.map((t) => `${whole(t)} (lint ${t.lint}, generate ${t.generate}, docs ${t.docs})`).join(", ")}; openapi-typescript + build-docs alone, same rounds: ${tools.map((t) => `${Math.round(t.ms)} (${Math.round(t.types.ms)} + ${Math.round(t.page.ms)})`).join(", ")}`,
  );
  if (!regenerate) {
    const total = median(runs.map(whole));
    regenerate = {
      ok: true,
      ms: total,
      tools: median(tools.map((t) => t.ms)),
      ratio: ratios(
        runs.map(whole),
        tools.map((t) => t.ms),
      ),
      steps: Object.fromEntries(
        /** @type {const} */ (["lint", "generate", "docs"]).map((step) => [step, median(runs.map((t) => t[step]))]),
      ),
    };
  }

  // right after generate, before the dev edits below: a checkout whose generated/ matches openapi/,
  // as `npm run mock` mostly meets one (where it does not, a second Prism start follows)
  const mock = await timeMockStart(dir);
  /** @type {MockFigure} */
  const mockFigure = mock.ok
    ? { ok: true, ms: median(mock.times), prism: median(mock.prism), ratio: ratios(mock.times, mock.prism) }
    : { ok: false, error: mock.error };
  say(
    `growth: ${operations} operations: npm run mock, ms from launch to the first answer: ${mock.ok ? `${mock.times.join(", ")}; prism mock alone, same rounds: ${mock.prism.join(", ")}` : `failed: ${mock.error}`}`,
  );

  // one `node scripts/generate.mjs` on the same tree, before and after the dev session
  const generates = [await generateOnce(dir)];
  const dev = await devRegeneration(dir);
  generates.push(await generateOnce(dir), await generateOnce(dir));
  const generateMs = median(generates.map((g) => g.ms));
  const generated = generates.every((g) => g.ok);
  /** @type {DevFigure} */
  const devFigure =
    dev.ok && generated
      ? { ok: true, ms: dev.ms, stated: dev.stated, steps: dev.steps, generate: generateMs, ratio: dev.ms / generateMs }
      : { ok: false, error: dev.ok === true ? "node scripts/generate.mjs failed" : dev.error };
  if (dev.ok === true) {
    say(
      `growth: ${operations} operations: dev edits, ms from write to line (ms the line states; lint after the line, generate, docs): ${dev.edits
        .map((e) => `${Math.round(e.ms)} (${e.stated}; ${e.steps.lint}, ${e.steps.generate}, ${e.steps.docs})`)
        .join(", ")}; one node scripts/generate.mjs: ${generates.map((g) => Math.round(g.ms)).join(", ")} ms`,
    );
  } else say(`growth: ${operations} operations: dev.mjs failed: ${dev.error}`);

  // tsc -p . against tsc on openapi-typescript's types alone (typesAndPage wrote them), rounds interleaved
  /** @type {Awaited<ReturnType<Run>>[]} */
  const project = [];
  /** @type {Awaited<ReturnType<typeof typesAlone>>[]} */
  const alone = [];
  for (let i = 0; i < TYPECHECK_RUNS; i++) {
    project.push(await run(process.execPath, [tsc, "-p", "."], dir));
    alone.push(await typesAlone(dir, join(work, "openapi-typescript.d.ts")));
  }
  const tests =
    project[0].code === 0 ? await run(process.execPath, [tsc, "-p", "test"], dir) : { ms: 0, code: null, output: "" };
  const typecheckOk = project.every((p) => p.code === 0) && alone.every((a) => a.ok) && tests.code === 0;
  /** @type {TypecheckFigure} */
  const typecheck = {
    ok: typecheckOk,
    project: median(project.map((p) => p.ms)),
    alone: median(alone.map((a) => a.ms)),
    ratio: ratios(
      project.map((p) => p.ms),
      alone.map((a) => a.ms),
    ),
    test: tests.ms,
  };
  say(
    `growth: ${operations} operations: tsc -p . ${project.map((p) => Math.round(p.ms)).join(", ")} ms, tsc on openapi-typescript's types alone ${alone.map((a) => Math.round(a.ms)).join(", ")} ms, tsc -p test ${Math.round(tests.ms)} ms${typecheckOk ? "" : `, failed:\n${tail(project.map((p) => p.output).join("") + alone.map((a) => a.output).join("") + tests.output)}`}`,
  );

  // the copy's own module: it reads the copy's generated/openapi.json and bundles the copy's src/
  const { consumerBundleSize } = await import(pathToFileURL(join(dir, "scripts/bundle-size.mjs")).href);
  const bundle = await consumerBundleSize("client");
  /** @type {SizeFigures} */
  const figures = {
    operations,
    regenerate,
    mock: mockFigure,
    dev: devFigure,
    typecheck,
    bundle: { minified: bundle.minified, gzip: bundle.gzip },
  };
  say(`growth: ${operations} operations: client consumer bundle ${bundle.minified} B minified, ${bundle.gzip} B gzip`);

  if (withTests) {
    say(`growth: ${operations} operations: bash scripts/test.sh`);
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
    figures.tests = { ok: suite.code === 0, ms: suite.ms, counts };
    say(
      `growth: ${operations} operations: npm test ${suite.code === 0 ? "passed" : `failed (exit ${suite.code})`} in ${(suite.ms / 1000).toFixed(1)} s: ${counts}${suite.code === 0 ? "" : `\n${tail(suite.output, 40)}`}`,
    );
  }
  return figures;
}

/**
 * The operations of the copy's generated/openapi.json, as the client is generated from it.
 * @param {string} dir
 * @returns {Promise<number>}
 */
async function countOperations(dir) {
  const { readOperations } = await import(pathToFileURL(join(dir, "scripts/lib/generate/read-operations.mjs")).href);
  return readOperations(JSON.parse(readFileSync(join(dir, "generated/openapi.json"), "utf8"))).operations.length;
}
