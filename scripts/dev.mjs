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
import { parseArgs } from "node:util";
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
import { watchFolders } from "./lib/dev/watch.mjs";
import { yamlErrors } from "./lib/spec/yaml-check.mjs";

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

/** `n` and `what`, in the plural unless n is 1: "1 error", "2 errors". */
const count = (/** @type {number} */ n, /** @type {string} */ what) => `${n} ${what}${n === 1 ? "" : "s"}`;

async function main() {
  const say = (/** @type {string} */ text) => process.stdout.write(`${text}\n`);
  const complain = (/** @type {string} */ text) => process.stderr.write(`${text}\n`);

  const { values } = parseArgs({
    options: { "docs-port": { type: "string" }, "mock-port": { type: "string" }, "no-serve": { type: "boolean" } },
  });
  const serving = !values["no-serve"];
  const docsPort = portArg(values["docs-port"], 8080);
  const mockPort = portArg(values["mock-port"], 4010);

  let docs = null;
  let mock = null;
  if (serving) {
    docs = await serveDocs({ port: docsPort });
    mock = await mockServer({ port: mockPort, say });
    say(
      `dev: docs page  ${docs.url}\ndev: mock API   ${mock.url}  (any bearer token; Prefer: code=404 picks a declared status)`,
    );
  }

  // one docs renderer and one linter for the session: the linter keeps its thread, modules and JIT
  // warm between saves, the renderer a build-docs run loaded and waiting for the next
  const docsPage = docsRenderer();
  const linter = lintWorker();
  /** @type {ReturnType<typeof typechecker> | null} */
  let checker = null;
  let checking = false;
  let recheck = false;
  const typecheck = async () => {
    if (!existsSync(fromRoot("tsconfig.json"))) {
      say("dev: typecheck skipped, no tsconfig.json");
      return;
    }
    if (checking) {
      recheck = true;
      return;
    }
    checking = true;
    checker ??= typechecker();
    try {
      for (;;) {
        recheck = false;
        const result = await checker.check();
        // a result about a generated/ that has since been rewritten is not worth printing
        if (recheck) continue;
        if (result.ok) say(`dev: typecheck ok in ${result.ms} ms`);
        else
          complain(
            `${result.text.trimEnd()}\ndev: typecheck failed in ${result.ms} ms (${count(result.errors, "error")})`,
          );
        break;
      }
    } catch (e) {
      complain(`dev: typecheck could not run: ${e instanceof Error ? e.message : e}`);
      checker = null;
    } finally {
      checking = false;
    }
  };

  // lint after the regenerated line: it feeds nothing written, and off the save's path it leaves
  // generate and the docs page the cores. A result about a save that a newer one has followed is
  // dropped: the newer one lints again.
  let regenerations = 0;
  const lintAfter = async () => {
    const of = regenerations;
    const result = await linter.lint();
    if (of !== regenerations || stopping) return;
    for (const line of result.lines) say(`dev: ${line}`);
    if (result.errors)
      say(
        `dev: lint found ${count(result.errors, "error")} in ${result.ms} ms, regenerated anyway; npm run build and npm test refuse them until they are fixed or redocly.yaml's lint profile allows them`,
      );
    else say(`dev: lint passed in ${result.ms} ms${result.warnings ? ` (${count(result.warnings, "warning")})` : ""}`);
  };

  let mockFed = false;
  /** @type {number | null} when the first save not yet regenerated happened */
  let changedSince = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {ReturnType<typeof regenerate> | null} */
  let running = null;
  let stopping = false;
  const regenerateNow = async () => {
    if (running || changedSince === null || stopping) return;
    const since = changedSince;
    changedSince = null;
    /** @type {import("./lib/build/regenerate.mjs").Regeneration} */
    let result;
    const broken = yamlErrors();
    if (broken.length) {
      for (const line of broken) complain(`dev: ${line}`);
      complain(
        `dev: YAML errors in ${broken.length === 1 ? "a file" : "files"}; generated/ and site/ keep the last good spec`,
      );
      return;
    }
    regenerations++;
    running = regenerate({ superseded: () => changedSince !== null, docs: docsPage, lint: "skip" });
    try {
      result = await running;
    } catch (e) {
      result = {
        ok: false,
        step: "regenerate",
        lines: [(e instanceof Error && e.stack) || String(e)],
        written: [],
        times: {},
      };
    }
    running = null;
    if (result.superseded) {
      // the newer save's own timer, or the check below, runs it; its time counts from this one
      changedSince = Math.min(since, changedSince ?? since);
    } else if (result.ok) {
      // all on stdout, so that the summary, the linter's problems and the verdict keep their order
      say(
        `dev: ${result.written.length ? `wrote ${result.written.join(", ")}` : "nothing changed in generated/ or site/"}`,
      );
      const { generate, docs: page } = result.times;
      say(
        `dev: regenerated in ${Math.round(performance.now() - since)} ms (generate ${generate} ms, docs ${page} ms); lint follows`,
      );
      const defects = result.report?.defects.length ?? 0;
      if (defects)
        say(
          `dev: routed around ${defects} defect${defects === 1 ? "" : "s"} of the document; npm run generate names each`,
        );
      mock?.serve(result.bundle);
      mockFed = true;
      lintAfter();
      typecheck();
      versionVerdict(result.bundle);
    } else {
      for (const line of result.lines) complain(`dev: ${line}`);
      complain(`dev: ${result.step} failed; generated/ and site/ keep the last good spec`);
    }
    if (changedSince !== null && !stopping) {
      clearTimeout(timer);
      timer = setTimeout(regenerateNow, DEBOUNCE_MS);
    }
  };
  const onSave = () => {
    changedSince ??= performance.now();
    clearTimeout(timer);
    timer = setTimeout(regenerateNow, DEBOUNCE_MS);
  };

  // editors' swap and backup files are not part of the spec
  const scratch = /^(\.#|#)|~$|\.sw[a-p]$|^\d+$/;
  const watchers = [
    watchFolders(fromRoot("openapi"), (/** @type {string | null} */ file) =>
      file && scratch.test(file) ? null : onSave(),
    ),
    watchFolders(
      fromRoot(),
      (/** @type {string | null} */ file) => (file === "redocly.yaml" || file === "package.json" ? onSave() : null),
      {
        recursive: false,
      },
    ),
    // the lint profiles redocly.yaml extends
    ...(existsSync(fromRoot("lint"))
      ? [
          watchFolders(fromRoot("lint"), (/** @type {string | null} */ file) =>
            file && scratch.test(file) ? null : onSave(),
          ),
        ]
      : []),
  ];
  say(`dev: watching openapi/, lint/, redocly.yaml and package.json`);

  const stop = async (/** @type {string} */ signal) => {
    if (stopping) return;
    stopping = true;
    say(`dev: ${signal}, stopping`);
    clearTimeout(timer);
    for (const w of watchers) w.close();
    await running?.catch(() => {});
    await Promise.all([docs?.close(), mock?.close(), checker?.close(), docsPage.close(), linter.close()]);
    say("dev: stopped");
    process.exit(0);
  };
  // any other way out (an uncaught exception, SIGKILL) still ends Prism: see startMock; the lint
  // thread ends with the process, and the waiting build-docs run once its input pipe closes

  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal));

  // the first run counts from the start of this process
  changedSince = 0;
  await regenerateNow();
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
