// Pipeline wall times: `npm run build` end to end, the steps as regenerate() itself times them
// (scripts/lib/build/regenerate.mjs, each in a fresh process, as `npm start` runs it), and one
// `npm run dev` regeneration after a spec edit.
import { toolEnv } from "../lib/shared/env.mjs";
import { run } from "../lib/shared/processes.mjs";
import { join } from "node:path";
import { benchCopy, tempDir } from "./cleanup.mjs";
import { judge } from "./budgets.mjs";
import { DEV_EDITS, devRegeneration } from "./dev-regeneration.mjs";
import { generateOnce, timedNode, typesAndPage } from "./peers.mjs";
import { median, ratios, say, table, tail } from "./stats.mjs";

// one build swings by seconds with the machine's other work; the median of three holds better
const RUNS = 3;

// regenerate() of the copy's own pipeline library, in a fresh process; its result as one JSON line
const REGENERATE = `const { regenerate } = await import("./scripts/lib/build/regenerate.mjs");
const { ok, step, lines, times } = await regenerate();
process.stdout.write("\\n" + JSON.stringify({ ok, step, lines: ok ? [] : lines.slice(0, 20), times }) + "\\n");`;

/**
 * regenerate() in `runs` fresh processes in the checkout at `dir`: each run's step times, as the
 * pipeline library returns them.
 * @param {string} dir
 * @param {number} runs
 * @returns {Promise<{ ok: boolean, times: { lint: number, generate: number, docs: number }[], error?: string }>}
 */
export async function timeRegenerate(dir, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const { code, output } = await run(process.execPath, ["--input-type=module", "-e", REGENERATE], {
      cwd: dir,
      env: toolEnv(),
    });
    const last = output.trim().split("\n").pop() ?? "";
    let result;
    try {
      result = JSON.parse(last);
    } catch {
      result = { ok: false, step: `exit ${code}`, lines: [last] };
    }
    if (!result.ok)
      return { ok: false, times, error: `${result.step} failed: ${result.lines.join(" | ").slice(0, 300)}` };
    times.push(result.times);
  }
  return { ok: true, times };
}

/** Measures build and dev, prints a table, and returns the figures for the report. */
export async function pipeline() {
  say("");
  say("pipeline: each in a temporary copy of the checkout (node_modules symlinked), so this checkout is not written");
  /** @type {string[][]} */
  const rows = [];
  const { dir, remove } = benchCopy();
  const work = tempDir("bench-pipeline-peers-");
  /** @type {import("./peers.mjs").Timed[]} */
  const generates = [];
  let rounds;
  let steps;
  try {
    rounds = await buildRounds(dir, work.dir);
    steps = await timeRegenerate(dir, RUNS);
    // the peer of a dev save: one cold `node scripts/generate.mjs` on the same tree
    for (let i = 0; i < RUNS; i++) generates.push(await generateOnce(dir));
  } finally {
    remove();
    work.remove();
  }
  const build = judgeBuild(rounds, rows);
  if (steps.ok) {
    for (const step of /** @type {const} */ (["lint", "generate", "docs"]))
      rows.push([
        `  ${step} (regenerate()'s own time), median of ${RUNS}`,
        `${Math.round(median(steps.times.map((t) => t[step])))} ms`,
        "",
      ]);
  } else {
    say(`pipeline: regenerate() failed: ${steps.error}`);
  }
  const dev = await judgeDev(generates, rows);
  say("");
  table(["step", "wall time", "target"], rows);
  return { build, dev };
}

/**
 * `npm run build` {@link RUNS} times, each round followed by the tools it wraps, alone:
 * openapi-typescript and build-docs on the bundle the build wrote, and the compile step's own tsc
 * run directly. Stops at a build that fails.
 * @param {string} dir
 * @param {string} work
 */
async function buildRounds(dir, work) {
  say(`pipeline: npm run build, ${RUNS} times`);
  const builds = [];
  /** @type {{ ok: boolean, ms: number }[]} */
  const tools = [];
  for (let i = 0; i < RUNS; i++) {
    const once = await run("npm", ["run", "build"], { cwd: dir, env: toolEnv() });
    builds.push(once);
    if (once.code !== 0) {
      say(`pipeline: npm run build failed (exit ${once.code}):\n${tail(once.output)}`);
      break;
    }
    const alone = await typesAndPage(dir, work);
    const tsc = await timedNode(join(dir, "node_modules/typescript/bin/tsc"), ["-p", "tsconfig.build.json"], dir);
    tools.push({ ok: alone.ok && tsc.ok, ms: alone.ms + tsc.ms });
  }
  return { builds, tools };
}

/**
 * The build's budget, against the tools it wraps alone in the same rounds, and its row.
 * @param {Awaited<ReturnType<typeof buildRounds>>} rounds
 * @param {string[][]} rows
 */
function judgeBuild({ builds, tools }, rows) {
  const ok = builds.every((b) => b.code === 0) && tools.length === builds.length && tools.every((t) => t.ok);
  const ms = median(builds.map((b) => b.ms));
  const toolsMs = median(tools.map((t) => t.ms));
  say(
    `pipeline: openapi-typescript + build-docs + tsc -p tsconfig.build.json alone, ms: ${tools.map((t) => Math.round(t.ms)).join(", ")}`,
  );
  const ratio = ok
    ? ratios(
        builds.map((b) => b.ms),
        tools.map((t) => t.ms),
      ).median
    : undefined;
  const target = judge("pipeline.build", ratio, ok, `${Math.round(ms)} ms; the tools alone ${Math.round(toolsMs)} ms`);
  say(`pipeline: build runs, ms: ${builds.map((b) => Math.round(b.ms)).join(", ")}`);
  rows.push([`npm run build, median of ${builds.length}`, ok ? `${Math.round(ms)} ms` : "failed", target.text]);
  return { ok, ms, runs: builds.map((b) => b.ms), pass: target.pass, target };
}

/**
 * One dev session's regenerations, against one cold `generate.mjs` on the same tree, and their rows.
 * @param {import("./peers.mjs").Timed[]} generates
 * @param {string[][]} rows
 */
async function judgeDev(generates, rows) {
  const dev = await devRegeneration();
  const generateMs = median(generates.map((g) => g.ms));
  const generated = generates.length > 0 && generates.every((g) => g.ok);
  say(`pipeline: one node scripts/generate.mjs, ms: ${generates.map((g) => Math.round(g.ms)).join(", ")}`);
  const target = judge(
    "pipeline.dev",
    dev.ok ? dev.ms / generateMs : undefined,
    dev.ok && generated,
    dev.ok ? `${Math.round(dev.ms)} ms; one generate.mjs ${Math.round(generateMs)} ms` : "",
  );
  if (dev.ok === true) {
    say(
      `pipeline: dev edits, ms from write to line (ms the line states): ${dev.edits.map((e) => `${Math.round(e.ms)} (${e.stated})`).join(", ")}`,
    );
    rows.push(
      [`npm run dev: write -> "regenerated" line, median of ${DEV_EDITS}`, `${Math.round(dev.ms)} ms`, target.text],
      ["  as the line itself states, median", `${Math.round(dev.stated)} ms`, ""],
    );
  } else {
    say(`pipeline: dev.mjs failed: ${dev.error}${dev.log?.length ? `\n${dev.log.slice(-20).join("\n")}` : ""}`);
    rows.push(["npm run dev regeneration", `failed: ${dev.error}`, target.text]);
  }
  return { ...dev, pass: target.pass, target };
}
