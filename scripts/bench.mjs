#!/usr/bin/env node
// Benchmarks this client against raw fetch, bare openapi-fetch and the official SDK, and times
// the pipeline, in one run (a few minutes on 2 cores); each section is a file of scripts/bench/:
//   requests  per-request cost on loopback (GET /org/limits, POST click_mouse), interleaved rounds
//   bundle    consumer bundle size, esbuild minified + gzip -9 (scripts/bundle-size.mjs)
//   pipeline  `npm run build` end to end, and one `npm run dev` regeneration after a spec edit
//   growth    the pipeline at this repo's size and at 150 operations, against the tools it wraps
//   scale     the pipeline at 700 synthetic operations and on the corpus's largest document
//   checker   check() of a 1 MB JSON answer against JSON.parse of it, and against Ajv (checker.mjs)
//   pages     walking 10 000 items over 100 pages against the same pages fetched by hand
//   streams   reading 100 000 events: this client against eventsource-parser alone, and its peak heap
// Prints one table per section, then the README's Markdown (report.mjs), also written to
// test-results/bench.md, then the verdict: every figure against its goal in bench/budgets.mjs,
// exit code 1 when one is missed.
//   node scripts/bench.mjs [requests|bundle|pipeline|growth ...] [--only=a,b] [--with-tests]
// sections are all by default; --with-tests adds `npm test` to growth.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { toolEnv } from "./lib/shared/env.mjs";
import { fromRoot, root } from "./lib/shared/paths.mjs";
import { run } from "./lib/shared/processes.mjs";
import { everyVerdict, verdictLine } from "./bench/budgets.mjs";
import { bundleSizes } from "./bench/bundle.mjs";
import { checkerCost } from "./bench/checker.mjs";
import { tempDir } from "./bench/cleanup.mjs";
import { devRegeneration } from "./bench/dev-regeneration.mjs";
import { measureGrowth } from "./bench/growth.mjs";
import { growthRows } from "./bench/growth-rows.mjs";
import { pipeline } from "./bench/pipeline.mjs";
import { summary } from "./bench/report.mjs";
import { walkPages } from "./bench/pages.mjs";
import { perRequest } from "./bench/requests.mjs";
import { measureScale } from "./bench/scale.mjs";
import { streamReading } from "./bench/streams.mjs";
import { describeMachine, say, table } from "./bench/stats.mjs";

const SECTIONS = ["requests", "bundle", "checker", "pipeline", "growth", "scale", "pages", "streams"];
const USAGE = `usage: node scripts/bench.mjs [${SECTIONS.join("|")} ...] [--only=a,b] [--with-tests]`;

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { only: { type: "string" }, "with-tests": { type: "boolean", default: false } },
  });
  const named = [...positionals, ...(values.only?.split(",") ?? [])];
  const unknown = named.filter((name) => !SECTIONS.includes(name));
  if (unknown.length) throw new Error(`unknown section ${unknown.join(", ")}; ${USAGE}`);
  return { only: new Set(named.length ? named : SECTIONS), withTests: values["with-tests"] };
}

async function main() {
  const { only, withTests } = options();
  const machine = describeMachine();
  say("machine");
  table(
    ["cpu", "cores", "memory", "node", "os", "date", "load 1/5/15 min"],
    [[machine.cpu, machine.cores, machine.memory, machine.node, machine.os, machine.date, machine.load]],
  );
  // other work on the machine steals the cores the client and server need, and widens every spread
  if (loadavg()[0] > machine.cores / 2)
    say(
      `warning: load average ${loadavg()[0].toFixed(1)} on ${machine.cores} cores; figures will be noisy, compare ratios rather than microseconds`,
    );

  /** @type {Parameters<typeof summary>[0] & { checker?: Awaited<ReturnType<typeof checkerCost>> }} */
  const results = { machine };
  if (only.has("requests")) results.requests = await perRequest(tempDir);
  if (only.has("bundle")) results.bundle = await bundleSizes();
  if (only.has("checker")) results.checker = await checkerCost(tempDir);
  if (only.has("pipeline")) results.pipeline = await pipeline();
  if (only.has("growth")) {
    const runIn = (/** @type {string} */ command, /** @type {string[]} */ args, /** @type {string} */ cwd) =>
      run(command, args, { cwd, env: toolEnv() });
    results.growth = await measureGrowth({ root, withTests, say, run: runIn, tempDir, devRegeneration });
    results.growthRows = growthRows(results.growth);
    say("");
    table(
      [
        "growth",
        `${results.growth.sizes[0].operations} operations`,
        `${results.growth.sizes[1].operations} operations`,
        "target",
      ],
      results.growthRows,
    );
  }

  if (only.has("scale")) results.scale = await measureScale();
  if (only.has("pages")) results.pages = await walkPages();
  if (only.has("streams")) results.streams = await streamReading(tempDir);

  const markdown = summary(results);
  say("");
  say("Markdown for README.md:");
  for (const line of markdown.split("\n")) say(line);
  mkdirSync(fromRoot("test-results"), { recursive: true });
  writeFileSync(fromRoot("test-results/bench.md"), `${markdown}\n`);
  say("wrote test-results/bench.md");
  // every goal lives in scripts/bench/budgets.mjs; a miss is reported, never refit
  const verdict = verdictLine();
  say("");
  say("every budget, against the peer it is measured by:");
  for (const line of everyVerdict()) say(`  ${line}`);
  say("");
  for (const line of verdict.split("\n")) say(line);
  if (!verdict.startsWith("verdict: PASS")) process.exitCode = 1;
}

main().catch((err) => {
  console.error(`bench: ${err.stack ?? err}`);
  process.exit(1);
});
