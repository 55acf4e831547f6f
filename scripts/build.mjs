#!/usr/bin/env node
// Builds everything from openapi/: lint -> generate -> docs (site/, the page), the steps
// `npm start` and `npm run dev` run, then compile (dist/, the package).
//   node scripts/build.mjs            all of it
//   node scripts/build.mjs compile    only dist/ from what generated/ holds (npm pack runs this)
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Compiles src/ and generated/ into dist/: ESM, .d.ts and source maps, plus the spec. */
async function compile() {
  rmSync(resolve(root, "dist"), { recursive: true, force: true });
  try {
    await promisify(execFile)(process.execPath, [resolve(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: root });
  } catch (err) {
    throw new Error(`tsc -p tsconfig.build.json failed\n${err.stdout}${err.stderr}`);
  }
  // tsc emits no copy of a .d.ts input, and the types in dist/ import it
  mkdirSync(resolve(root, "dist/generated"), { recursive: true });
  copyFileSync(resolve(root, "generated/schema.d.ts"), resolve(root, "dist/generated/schema.d.ts"));
  // the exact spec the client was built from, exported as browser-cloud-client/openapi.json
  copyFileSync(resolve(root, "generated/openapi.json"), resolve(root, "dist/openapi.json"));
}

async function main() {
  const only = process.argv.slice(2);
  if (only.some((step) => step !== "compile")) throw new Error(`unknown step ${only.join(" ")}; the one step that runs alone is "compile"`);
  const started = performance.now();
  if (!only.length) {
    const { regenerate } = await import("./dev.mjs");
    const result = await regenerate();
    for (const line of result.lines) (result.ok ? console.log : console.error)(`build: ${line}`);
    if (!result.ok) throw new Error(`${result.step} failed`);
    const { lint, generate, docs } = result.times;
    console.log(`build: lint ${lint} ms, generate ${generate} ms, docs ${docs} ms; ${result.written.length ? `wrote ${result.written.join(", ")}` : "generated/ and site/ were up to date"}`);
  }
  const t = performance.now();
  await compile();
  console.log(`build: compile ${Math.round(performance.now() - t)} ms; wrote dist/ (ESM, .d.ts, source maps, openapi.json)`);
  console.log(`build: done in ${Math.round(performance.now() - started)} ms`);
}

main().catch((err) => {
  console.error(`build: ${err.message}`);
  process.exit(1);
});
