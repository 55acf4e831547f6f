#!/usr/bin/env node
// Mutation testing of src/: Stryker changes the code one small way at a time (a condition
// flipped, a branch emptied, a string blanked) and runs the tests that cover that line; a
// mutant no test fails is a gap in the tests. Not part of `npm test`: a full run takes long on
// two cores. Incremental: a mutant detected before, whose code and killing test did not change,
// keeps its verdict, so a second run tests what changed and the survivors. Every run's verdicts
// are kept together in test/mutation/runs.json (scripts/lib/mutation/runs.mjs), so that runs over
// parts of src/ (--files) add up, and the score of all of src/ so far is printed after each run.
// That file is committed: each machine starts from a fresh clone, and a run of all of src/ that
// reuses nothing takes about an hour here. It holds no text of a file (scripts/lib/mutation/record.mjs):
// Stryker's incremental file is rebuilt from it before each run, with the texts found again in the
// working tree or in git's history and the tests' names in the last report here or collected.
// Each mutant no test detects is written to test-results/mutation/survivors.txt as soon as it is
// known (scripts/lib/mutation/survivors.mjs). --skip-static leaves static mutants (of module-level
// constants, which run once at import) out of Stryker's run: it would run every test for each, in an
// environment it does not reload (below), about 40 s each here; the recheck then runs each itself,
// written into its file, with its file's own tests first, so that they still count.
// --related tests each mutant only with the test files that import its file: about three times
// faster here, and a lower bound of the score, since the list, upload and stream tests reach src/
// through a generated copy of the project and so never count.
// Each mutant Stryker reports as a survivor, and each static one it left out, is tested again without it
// (scripts/lib/mutation/recheck.mjs: Stryker's vitest runner can leave one switched off); --recheck
// does only that, for the last run's report (with --files, for those files of it).
//   node scripts/mutation.mjs [--full] [--skip-static] [--related] [--files src/a.ts,src/b.ts] [--concurrency 2] [--recheck]
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Stryker } from "@stryker-mutator/core";
import { compactReport, expandStore, namesByHash, testsNeeded, testsOf, textFinder } from "./lib/mutation/record.mjs";
import { readStore, writeStore } from "./lib/mutation/store-file.mjs";
import {
  dropShorterTimeouts,
  mergeRuns,
  readReport,
  scoreByFile,
  unmeasured,
  withoutGone,
  withoutUndetected,
  writeReport,
} from "./lib/mutation/runs.mjs";
import { recheckSurvivors } from "./lib/mutation/recheck.mjs";
import { startMock } from "./lib/mock/prism.mjs";
import { collectTests, failingTests } from "./lib/mutation/test-runner.mjs";
import { root } from "./lib/shared/paths.mjs";
import { parseOptions } from "./lib/shared/options.mjs";

const STORE = "test/mutation/runs.json";
const INCREMENTAL = "test-results/mutation/incremental.json";
const REPORT = "test-results/mutation/report.json";
const VITEST_CONFIG = "test/mutation/vitest.config.ts";

const { values } = parseOptions(
  "usage: node scripts/mutation.mjs [--full] [--skip-static] [--related] [--files a.ts,b.ts] [--concurrency N] [--recheck]",
  {
    options: {
      full: { type: "boolean", default: false },
      "skip-static": { type: "boolean", default: false },
      related: { type: "boolean", default: false },
      files: { type: "string" },
      concurrency: { type: "string", default: "2" },
      recheck: { type: "boolean", default: false },
    },
  },
);

process.chdir(root);
// testing.ts is the package's test helper for users; index.ts only re-exports
const mutate = values.files ? values.files.split(",") : ["src/**/*.ts", "!src/index.ts"];
// added to the time a mutant's tests took unmutated (times 1.5): a mutant that hangs them is
// detected as a timeout, and each one costs this long plus a new test runner. Timeouts count as
// detected, so the margin must hold on a busy machine: at 5 s, four runners on two cores timed
// out mutants whose tests, run on their own, pass (formats.ts's `month >= 1` → true, an equivalent).
// Timeouts the store holds from a shorter margin are tested again.
const TIMEOUT_MS = 30_000;
// a recheck runs a mutant's covering test files in a vitest of their own: a run this long has hung
const RECHECK_MS = 10 * 60_000;
const { report: store, dropped } = dropShorterTimeouts(readStore(STORE), TIMEOUT_MS);
if (dropped)
  console.log(
    `mutation: ${dropped} timeouts of the store were found with a shorter timeout than ${TIMEOUT_MS} ms: tested again when their file is`,
  );
// Stryker's incremental file holds the files of its last run only: it starts from all runs so far,
// narrowed to the files this run mutates (Stryker would report the others' old verdicts as its own)
if (store && !values.full && !values.recheck) {
  const files = values.files
    ? Object.fromEntries(Object.entries(store.files).filter(([file]) => mutate.includes(file)))
    : store.files;
  // and every mutant no test detected is tested again: Stryker's differ can miss a new test of it
  const { report: seed, dropped: undetected } = withoutUndetected({ ...store, files });
  if (undetected) console.log(`mutation: ${undetected} mutants no test detected so far are tested again`);
  // the store names texts and tests by hashes: the texts are found again in the working tree, an
  // earlier report here or git's history, the names in an earlier report or else by collecting the tests
  const earlier = [readReport(REPORT), readReport(INCREMENTAL)];
  const names = namesByHash(earlier.flatMap(testsOf));
  const unnamed = () => testsNeeded(seed, existsSync).filter(({ file, hash }) => !names.has(`${file}\u0000${hash}`));
  if (unnamed().length) {
    console.log(
      `mutation: ${unnamed().length} tests the store refers to are named in no earlier report here: collecting the tests`,
    );
    for (const [key, name] of namesByHash(await collectTests(root, VITEST_CONFIG))) names.set(key, name);
    if (unnamed().length)
      console.log(
        `mutation: ${unnamed().length} tests the store refers to are no test's now: what only they killed is tested again`,
      );
  }
  const { report: incremental, missing } = expandStore(seed, {
    text: textFinder(root, earlier),
    name: (file, hash) => names.get(`${file}\u0000${hash}`),
  });
  if (missing.files.length)
    console.log(
      `mutation: the text the verdicts of ${missing.files.join(", ")} were taken on is neither here nor in git: every mutant of it is tested again`,
    );
  if (missing.testFiles.length)
    console.log(
      `mutation: the text of ${missing.testFiles.join(", ")} at the last run is neither here nor in git: what its tests killed is tested again`,
    );
  writeReport(INCREMENTAL, incremental);
}
if (!values.recheck) {
  const stryker = new Stryker({
    mutate,
    // Stryker's vitest runner, telling where each test starts (scripts/lib/mutation/test-runner.mjs)
    testRunner: "vitest-located",
    plugins: [
      "@stryker-mutator/vitest-runner",
      "./scripts/lib/mutation/test-runner.mjs",
      "./scripts/lib/mutation/survivors.mjs",
    ],
    // every test file that covers a mutant, not only those that import its file: the list, upload and
    // stream tests import a generated copy of the project, which carries the instrumented src/ too
    vitest: { configFile: "test/mutation/vitest.config.ts", related: values.related },
    coverageAnalysis: "perTest",
    incremental: !values.full,
    ignoreStatic: values["skip-static"],
    incrementalFile: INCREMENTAL,
    concurrency: Number(values.concurrency),
    reporters: ["clear-text", "progress", "html", "json", "survivors"],
    clearTextReporter: { logTests: false, allowColor: false },
    htmlReporter: { fileName: "test-results/mutation/index.html" },
    jsonReporter: { fileName: REPORT },
    tempDirName: "test-results/mutation/sandbox",
    cleanTempDir: "always",
    thresholds: { high: 90, low: 80, break: null },
    timeoutMS: TIMEOUT_MS,
  });
  await stryker.runMutationTest();
}
// this run's report, scored as the store is (scripts/lib/mutation/runs.mjs)
const stryked = /** @type {import("./lib/mutation/record.mjs").Report} */ (readReport(REPORT));
// the recheck writes a mutant into the tree; interrupted (Ctrl-C, a kill), the file is put back first
/** @type {[file: string, text: string] | undefined} the file the recheck last read, as it was */
let held;
// one mock for every test run of the recheck (test/setup/mock-server.ts takes its address), not a
// Prism started for each: about 3 s of each run here
/** @type {Promise<{ url: string, stop: () => Promise<void> | void }> | undefined} */
let mock;
for (const [signal, code] of /** @type {const} */ ([
  ["SIGINT", 130],
  ["SIGTERM", 143],
]))
  process.once(signal, async () => {
    if (held) writeFileSync(...held);
    await (await mock)?.stop();
    process.exit(code);
  });
/**
 * The store with `run`'s verdicts in, written. Called once Stryker's run is read and again after
 * each file's recheck, so that an interrupted recheck loses only the file it was at.
 * @param {import("./lib/mutation/record.mjs").Report} run
 */
function save(run) {
  const merged = mergeRuns(store, compactReport({ ...run, timeoutMS: TIMEOUT_MS }));
  const { report, gone } = withoutGone(merged.report, existsSync);
  writeStore(STORE, report);
  return { report, gone, retest: merged.retest };
}
save(stryked);
let run = stryked;
let rechecked = 0;
let detected = 0;
try {
  /** @type {import("./lib/mutation/recheck.mjs").Workspace} */
  const workspace = {
    read: (path) => {
      const text = readFileSync(path, "utf8");
      held = [path, text];
      return text;
    },
    write: (path, text) => writeFileSync(path, text),
    failing: async (testFiles) => {
      mock ??= startMock();
      const { url } = await mock;
      return failingTests(root, VITEST_CONFIG, testFiles, RECHECK_MS, { TEST_API_BASE_URL: url });
    },
  };
  // --files narrows the recheck too: `--recheck --files` tests again the survivors of those files only
  const rechecking = Object.keys(stryked.files).filter((file) => !values.files || mutate.includes(file));
  for (const file of rechecking) {
    const one = await recheckSurvivors(
      { ...run, files: { [file]: /** @type {(typeof run.files)[string]} */ (run.files[file]) } },
      workspace,
    );
    held = undefined;
    if (!one.rechecked) continue;
    run = { ...run, files: { ...run.files, ...one.report.files } };
    rechecked += one.rechecked;
    detected += one.detected;
    console.log(`mutation: ${file}: ${one.rechecked} tested again, ${one.detected} detected`);
    writeReport(REPORT, run);
    save(run);
  }
} finally {
  await (await mock)?.stop();
}
if (rechecked)
  console.log(
    `mutation: ${rechecked} mutants Stryker reported surviving or left out tested again without it: ${detected} detected`,
  );
const counts = /** @type {ReturnType<typeof scoreByFile>[number]} */ (scoreByFile(run).at(-1));
const valid = counts.killed + counts.timeout + counts.survived + counts.noCoverage;
console.log(
  `mutation: ${counts.score.toFixed(1)} % of ${valid} mutants detected (${counts.killed} killed, ${counts.timeout} timed out, ${counts.survived} survived, ${counts.noCoverage} not covered; ${counts.other} errors or ignored)`,
);
const { report, gone, retest } = save(run);
if (gone.length) console.log(`mutation: ${gone.join(", ")} no longer in the tree: their verdicts left the store`);
const rows = scoreByFile(report);
const total = /** @type {(typeof rows)[number]} */ (rows.at(-1));
console.log(`mutation: all runs so far (${STORE}), by file of src/:`);
for (const r of rows.slice(0, -1))
  console.log(
    `  ${r.file.padEnd(28)} ${r.score.toFixed(1).padStart(5)} %  ${r.killed} killed, ${r.timeout} timed out, ${r.survived} survived, ${r.noCoverage} not covered`,
  );
// what a run of all of src/ would mutate that no run has yet (a file of types only has no mutant)
const sources = readdirSync("src", { recursive: true, encoding: "utf8" }).map((file) => `src/${file}`);
const missing = unmeasured(
  report,
  sources.filter((file) => file.endsWith(".ts") && file !== "src/index.ts"),
);
if (missing.length) console.log(`mutation: files of src/ with no verdict in the store yet: ${missing.join(", ")}`);
console.log(
  `mutation: all runs so far: ${total.score.toFixed(1)} % of ${total.killed + total.timeout + total.survived + total.noCoverage} mutants over ${rows.length - 1} files${retest ? `; ${retest} kills by tests changed since left out, to test again` : ""}`,
);
