#!/usr/bin/env node
// Dev mode: watches openapi/, lint/, redocly.yaml and package.json; on start and after every save it
// runs the pipeline (generate -> docs, scripts/lib/build/regenerate.mjs) in this one process, docs
// in a build-docs run started ahead of each save, and says `dev: regenerated` once generated/ and
// site/ are written; then it lints (in a thread kept loaded between saves), type-checks and checks
// for breaking changes, each printing its own line; meanwhile it serves the docs page and a Prism
// mock of the last spec that passed.
//   node scripts/dev.mjs [--docs-port N] [--mock-port N] [--no-serve]
//   ports default to 8080 (docs) and 4010 (mock), 0 picks a free one; --no-serve only regenerates
// A save with a YAML syntax error prints `dev: <file>:<line>:<col> YAML error: <reason>`. Lint does
// not gate here: a save that generates is regenerated, and the linter's problems are printed after
// the "regenerated" line (`npm run build` and `npm test` still refuse them). A save that cannot be
// generated prints why and leaves generated/ and site/ as they were. Ctrl-C stops the watcher, the
// docs server and Prism.
import { existsSync, readFileSync } from "node:fs";
import { docsRenderer } from "./lib/docs/render.mjs";
import { lintWorker } from "./lib/spec/lint.mjs";
import { mockServer } from "./lib/mock/proxy.mjs";
import { BUNDLE, fromRoot, isMain } from "./lib/shared/paths.mjs";
import { regenerate } from "./lib/build/regenerate.mjs";
import { portArg } from "./lib/shared/processes.mjs";
import { compareSpecs } from "./lib/spec/changes.mjs";
import { checkVersion, newestRelease } from "./lib/spec/versions.mjs";
import { serveDocs } from "./lib/docs/serve.mjs";
import { typechecker } from "./lib/build/typecheck.mjs";
import { sayLint, sayRegenerated, typecheckLoop } from "./lib/dev/report.mjs";
import { saveLoop } from "./lib/dev/saves.mjs";
import { watchSpec } from "./lib/dev/watch.mjs";
import { parseOptions } from "./lib/shared/options.mjs";
import { yamlErrors } from "./lib/spec/yaml-check.mjs";

const USAGE = "usage: node scripts/dev.mjs [--docs-port N] [--mock-port N] [--no-serve]";

/** Quiet time after the last file event before regenerating: one save is often several events. */
const DEBOUNCE_MS = 40;

/**
 * The breaking-change gate's verdict on a good save, as a warning: which info.version the change
 * needs against the newest release. Runs beside the loop (one `redocly diff`); says nothing when
 * the version already carries the change.
 * @param {string | undefined} bundle the saved spec, bundled
 */
async function versionVerdict(bundle) {
  const release = newestRelease(fromRoot("openapi/released"));
  if (!bundle || !release) return;
  try {
    const current = JSON.parse(bundle);
    const changes = await compareSpecs(JSON.parse(readFileSync(release.file, "utf8")), current);
    const verdict = checkVersion(release.version, current.info?.version, changes);
    if (!verdict.ok)
      console.error(
        `dev: warning: ${verdict.message}; npm test fails until info.version in openapi/openapi.yaml carries it`,
      );
  } catch (err) {
    console.error(`dev: warning: no breaking-change verdict: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * One regeneration of the saved spec, a failure to run it as a failed step.
 * @param {Parameters<typeof regenerate>[0]} options
 * @returns {Promise<import("./lib/build/regenerate.mjs").Regeneration>}
 */
function regeneration(options) {
  return regenerate(options).catch((e) => ({
    ok: false,
    step: "regenerate",
    lines: [(e instanceof Error && e.stack) || String(e)],
    written: [],
    times: {},
  }));
}

/**
 * Whether the spec's YAML parses; the errors said when it does not.
 * @param {(text: string) => void} complain
 */
function yamlParses(complain) {
  const broken = yamlErrors();
  if (!broken.length) return true;
  for (const line of broken) complain(`dev: ${line}`);
  complain(
    `dev: YAML errors in ${broken.length === 1 ? "a file" : "files"}; generated/ and site/ keep the last good spec`,
  );
  return false;
}

/**
 * The docs server and the mock, or none with `--no-serve`.
 * @param {{ "docs-port"?: string, "mock-port"?: string, "no-serve"?: boolean }} values
 * @param {(text: string) => void} say
 */
async function servers(values, say) {
  if (values["no-serve"]) return { docs: null, mock: null };
  const docs = await serveDocs({ port: portArg(values["docs-port"], 8080) });
  const mock = await mockServer({ port: portArg(values["mock-port"], 4010), say });
  say(
    `dev: docs page  ${docs.url}\ndev: mock API   ${mock.url}  (any bearer token; Prefer: code=404 picks a declared status)`,
  );
  return { docs, mock };
}

async function main() {
  const say = (/** @type {string} */ text) => process.stdout.write(`${text}\n`);
  const complain = (/** @type {string} */ text) => process.stderr.write(`${text}\n`);
  const { values } = parseOptions(USAGE, {
    options: { "docs-port": { type: "string" }, "mock-port": { type: "string" }, "no-serve": { type: "boolean" } },
  });
  const { docs, mock } = await servers(values, say);

  // one docs renderer and one linter for the session: the linter keeps its thread, modules and JIT
  // warm between saves, the renderer a build-docs run loaded and waiting for the next
  const docsPage = docsRenderer();
  const linter = lintWorker();
  const typecheck = typecheckLoop({
    tsconfig: () => existsSync(fromRoot("tsconfig.json")),
    say,
    complain,
    checker: typechecker,
  });

  // lint after the regenerated line: it feeds nothing written, and off the save's path it leaves
  // generate and the docs page the cores. A result about a save that a newer one has followed is
  // dropped: the newer one lints again.
  let regenerations = 0;
  const lintAfter = async () => {
    const of = regenerations;
    const result = await linter.lint();
    if (of === regenerations && !saves.stopping()) sayLint(result, say);
  };

  let mockFed = false;
  const saves = saveLoop(async (since, superseded) => {
    if (!yamlParses(complain)) return {};
    regenerations++;
    const result = await regeneration({ superseded, docs: docsPage, lint: "skip" });
    if (result.superseded) return result;
    if (!result.ok) {
      for (const line of result.lines) complain(`dev: ${line}`);
      complain(`dev: ${result.step} failed; generated/ and site/ keep the last good spec`);
      return result;
    }
    // all on stdout, so that the summary, the linter's problems and the verdict keep their order
    sayRegenerated(result, since, say);
    mock?.serve(result.bundle);
    mockFed = true;
    lintAfter();
    typecheck.run();
    versionVerdict(result.bundle);
    return result;
  }, DEBOUNCE_MS);

  const watchers = watchSpec(fromRoot, saves.onSave);
  say(`dev: watching openapi/, lint/, redocly.yaml and package.json`);

  const stop = async (/** @type {string} */ signal) => {
    if (saves.stopping()) return;
    say(`dev: ${signal}, stopping`);
    for (const w of watchers) w.close();
    await saves.stop();
    await Promise.all([docs?.close(), mock?.close(), typecheck.close(), docsPage.close(), linter.close()]);
    say("dev: stopped");
    process.exit(0);
  };
  // any other way out (an uncaught exception, SIGKILL) still ends Prism: see startMock; the lint
  // thread ends with the process, and the waiting build-docs run once its input pipe closes
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal));

  // the first run counts from the start of this process
  await saves.start();
  // with a broken spec at start, the mock serves the last good bundle: the one in generated/
  if (mock && !mockFed) {
    if (existsSync(BUNDLE)) mock.serve(readFileSync(BUNDLE, "utf8"));
    else say("dev: no generated/openapi.json yet; the mock starts with the first good save");
  }
}

if (isMain(import.meta.url)) {
  main().catch((err) => {
    console.error(`dev: ${err.message}`);
    process.exit(1);
  });
}
