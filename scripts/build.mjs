#!/usr/bin/env node
// Builds everything from openapi/: lint -> generate -> docs (site/, the page), the steps
// `npm start` and `npm run dev` run, then compile (dist/, the package).
//   node scripts/build.mjs            all of it
//   node scripts/build.mjs compile    only dist/ from what generated/ holds (npm pack runs this)
import { compile } from "./lib/build/emit-dist.mjs";
import { regenerate } from "./lib/build/regenerate.mjs";
import { parseOptions } from "./lib/shared/options.mjs";

async function main() {
  const { positionals: only } = parseOptions("usage: node scripts/build.mjs [compile]", {
    allowPositionals: true,
    options: {},
  });
  if (only.some((step) => step !== "compile"))
    throw new Error(`unknown step ${only.join(" ")}; the one step that runs alone is "compile"`);
  const started = performance.now();
  if (!only.length) {
    const result = await regenerate();
    for (const line of result.lines) (result.ok ? console.log : console.error)(`build: ${line}`);
    if (!result.ok) throw new Error(`${result.step} failed`);
    const { lint, generate, docs } = result.times;
    console.log(
      `build: lint ${lint} ms, generate ${generate} ms, docs ${docs} ms; ${result.written.length ? `wrote ${result.written.join(", ")}` : "generated/ and site/ were up to date"}`,
    );
  }
  const { ms } = await compile();
  console.log(`build: compile ${ms} ms; wrote dist/ (ESM, .d.ts, source maps, openapi.json)`);
  console.log(`build: done in ${Math.round(performance.now() - started)} ms`);
}

main().catch((err) => {
  console.error(`build: ${err.message}`);
  process.exit(1);
});
