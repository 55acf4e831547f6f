#!/usr/bin/env node
// Builds everything from openapi/: lint -> generate -> compile (dist/, the package) and docs
// (site/, the page), the last two side by side.
//   node scripts/build.mjs              all four steps
//   node scripts/build.mjs compile      only the named steps (npm pack runs `compile`)
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => resolve(root, "node_modules/.bin", name);
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

/** Runs a command in the repo; rejects with its output when it fails. */
function run(cmd, args) {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", fail);
    child.once("exit", (code) => (code === 0 ? done(output) : fail(new Error(`${cmd} ${args.join(" ")} exited ${code}\n${output}`))));
  });
}

/** Compiles src/ and generated/ into dist/: ESM, .d.ts and source maps, plus the spec. */
async function compile() {
  rmSync(resolve(root, "dist"), { recursive: true, force: true });
  await run(bin("tsc"), ["-p", "tsconfig.build.json"]);
  // tsc emits no copy of a .d.ts input, and the types in dist/ import it
  mkdirSync(resolve(root, "dist/generated"), { recursive: true });
  copyFileSync(resolve(root, "generated/schema.d.ts"), resolve(root, "dist/generated/schema.d.ts"));
  // the exact spec the client was built from, exported as browser-cloud-client/openapi.json
  copyFileSync(resolve(root, "generated/openapi.json"), resolve(root, "dist/openapi.json"));
  return "wrote dist/ (ESM, .d.ts, source maps, openapi.json)";
}

const STEPS = {
  lint: () => run(bin("redocly"), ["lint", "--format=summary"]).then(() => "openapi/ lints clean"),
  generate: () => run(process.execPath, [resolve(root, "scripts/generate.mjs")]).then(() => "generated/ written from openapi/"),
  compile,
  docs: () => run(process.execPath, [resolve(root, "scripts/docs.mjs")]).then((out) => out.trim().split("\n").at(-1).replace(/^docs: /, "")),
};
// compile and docs both read only what generate wrote, so they share the two cores
const STAGES = [["lint"], ["generate"], ["compile", "docs"]];

async function main() {
  const wanted = process.argv.slice(2);
  for (const name of wanted) if (!STEPS[name]) throw new Error(`no step "${name}"; steps: ${Object.keys(STEPS).join(", ")}`);
  const started = performance.now();
  for (const stage of STAGES) {
    const names = stage.filter((name) => !wanted.length || wanted.includes(name));
    await Promise.all(
      names.map(async (name) => {
        const t = performance.now();
        const said = await STEPS[name]();
        console.log(`build: ${name}: ${said} (${Math.round(performance.now() - t)} ms)`);
      }),
    );
  }
  console.log(`build: done in ${Math.round(performance.now() - started)} ms`);
}

main().catch((err) => {
  console.error(`build: ${err.message}`);
  process.exit(1);
});
