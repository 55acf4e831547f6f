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
import { devFigure, mockFigure, regenerateFigure, testsFigure, typecheckFigure } from "./growth-steps.mjs";

/** Operations of the synthetic spec: the real service's size. */
export const GROWN_OPERATIONS = 150;
export { REGENERATE_RUNS, TYPECHECK_RUNS } from "./growth-steps.mjs";

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
 * @param {import("./growth-steps.mjs").Context} context
 * @returns {Promise<SizeFigures>}
 */
async function measureCopy(dir, context) {
  // counted once regenerate() has written the copy's generated/openapi.json: until then it is the checkout's
  let operations = 0;
  const say = (/** @type {string} */ line) => context.say(`growth: ${operations} operations: ${line}`);
  const step = { ...context, dir, say };
  const { figure: regenerate, line } = await regenerateFigure(step);
  operations = await countOperations(dir);
  say(line);
  // right after generate, before the dev edits: a checkout whose generated/ matches openapi/, as
  // `npm run mock` mostly meets one (where it does not, a second Prism start follows)
  const mock = await mockFigure(step);
  const dev = await devFigure(step);
  const typecheck = await typecheckFigure(step);
  // the copy's own module: it reads the copy's generated/openapi.json and bundles the copy's src/
  const { consumerBundleSize } = await import(pathToFileURL(join(dir, "scripts/bundle-size.mjs")).href);
  const bundle = await consumerBundleSize("client");
  say(`client consumer bundle ${bundle.minified} B minified, ${bundle.gzip} B gzip`);
  /** @type {SizeFigures} */
  const figures = {
    operations,
    regenerate,
    mock,
    dev,
    typecheck,
    bundle: { minified: bundle.minified, gzip: bundle.gzip },
  };
  if (context.withTests) figures.tests = await testsFigure(step);
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
