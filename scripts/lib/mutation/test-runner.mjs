// Stryker's vitest runner, telling where each test starts. Without a place, Stryker's incremental
// mode takes a change anywhere in a test file as a change to every test in it, and tests again
// every mutant they killed; with one, only the tests whose text changed (scripts/lib/mutation/record.mjs
// reads the places the same way). Vitest finds the places with `includeTaskLocation`
// (test/mutation/vitest.config.ts); Stryker's own runner (9.4 to 9.6) does not pass them on.
// The tests' names, as this runner gives them, can also be collected without a run (`collectTests`).
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from "@stryker-mutator/api/plugin";
import { strykerPlugins as vitestPlugins } from "@stryker-mutator/vitest-runner";

/**
 * @typedef {{ name: string, type: string, suite?: Task, location?: { line: number, column: number }, tasks?: Task[], file?: { filepath: string } }} Task
 * @typedef {{ name: string, fileName?: string, startPosition?: { line: number, column: number } }} TestResult
 */

/**
 * A test's name as Stryker's vitest runner writes it: the names of its suites and its own, joined
 * by spaces (@stryker-mutator/vitest-runner's collectTestName, which its package does not export).
 * @param {Task} task
 */
export function testName(task) {
  const parts = [task.name];
  for (let suite = task.suite; suite; suite = suite.suite) parts.unshift(suite.name);
  return parts.join(" ").trim();
}

/**
 * Where each test of `files` starts, keyed by its file and name, 0-based as Stryker's test results
 * carry it (vitest's are 1-based).
 * @param {Task[]} files vitest's file tasks
 * @returns {Map<string, { line: number, column: number }>}
 */
export function testPlaces(files) {
  const places = new Map();
  /** @param {Task} task */
  const visit = (task) => {
    if (task.type === "test" && task.location && task.file)
      places.set(`${task.file.filepath}#${testName(task)}`, {
        line: task.location.line - 1,
        column: task.location.column - 1,
      });
    for (const child of task.tasks ?? []) visit(child);
  };
  for (const file of files) visit(file);
  return places;
}

/**
 * Every test the mutation config runs, by file and by name as Stryker's runner names it, found as
 * `vitest list` finds them (each test file loaded, no test run): the names of the tests a store
 * refers to by a hash, where no earlier run's report on this machine has them.
 * @param {string} root the repository root, which the files are relative to
 * @param {string} configFile
 * @returns {Promise<{ file: string, name: string }[]>}
 * @example
 * const tests = await collectTests(root, "test/mutation/vitest.config.ts");
 */
export async function collectTests(root, configFile) {
  const { createVitest } = await import("vitest/node");
  const vitest = await createVitest("test", { config: configFile, watch: false, run: true, reporters: [] });
  try {
    await vitest.collect();
    /** @type {{ file: string, name: string }[]} */
    const tests = [];
    /** @param {Task} task */
    const visit = (task) => {
      if (task.type === "test" && task.file)
        tests.push({ file: relative(root, task.file.filepath).split(sep).join("/"), name: testName(task) });
      for (const child of task.tasks ?? []) visit(child);
    };
    // the same tasks the runner's dry run reads its places from
    for (const file of /** @type {Task[]} */ (/** @type {unknown} */ (vitest.state.getFiles()))) visit(file);
    return tests;
  } finally {
    await vitest.close();
  }
}

/**
 * The tests of `testFiles` that fail, run by vitest in a process of its own with `configFile`
 * (stopping at the first failure), each named as Stryker's runner names it (`testName`); "timeout"
 * where the run does not end within `timeoutMs`. What scripts/lib/mutation/recheck.mjs runs for a
 * mutant written into the tree.
 * @param {string} root the repository root, which the files are relative to
 * @param {string} configFile
 * @param {string[]} testFiles
 * @param {number} timeoutMs
 * @param {Record<string, string>} [env] added to this process's environment for the run
 * @returns {Promise<{ file: string, name: string }[] | "timeout">}
 */
export async function failingTests(root, configFile, testFiles, timeoutMs, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), "mutation-recheck-"));
  const out = join(dir, "results.json");
  try {
    /** @type {"ok" | "failed" | "timeout"} */
    const ended = await new Promise((resolve) => {
      execFile(
        join(root, "node_modules/.bin/vitest"),
        ["run", "--config", configFile, "--bail", "1", "--reporter", "json", "--outputFile", out, ...testFiles],
        { cwd: root, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } },
        (error) => resolve(!error ? "ok" : /** @type {{ killed?: boolean }} */ (error).killed ? "timeout" : "failed"),
      );
    });
    if (ended !== "failed") return ended === "timeout" ? "timeout" : [];
    /** @type {{ testResults: { name: string, status: string, assertionResults: { status: string, ancestorTitles: string[], title: string }[] }[] }} */
    const results = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")) : { testResults: [] };
    const failed = results.testResults.flatMap((file) => {
      const path = relative(root, file.name).split(sep).join("/");
      const tests = file.assertionResults.filter((test) => test.status === "failed");
      // a file that failed to load fails as a whole: no test of it is named
      if (!tests.length && file.status === "failed") return [{ file: path, name: "" }];
      return tests.map((test) => ({ file: path, name: [...test.ancestorTitles, test.title].join(" ").trim() }));
    });
    // vitest ended in failure and named nothing (it could not start with the mutant in): a failure all the same
    return failed.length ? failed : [{ file: "", name: "" }];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {import("@stryker-mutator/api/plugin").Injector} injector */
function locatedVitestRunner(injector) {
  const runner = injector.injectFunction(/** @type {{ factory: any }} */ (vitestPlugins[0]).factory);
  const dryRun = runner.dryRun.bind(runner);
  runner.dryRun = async (/** @type {unknown} */ options) => {
    const result = await dryRun(options);
    if (result.status !== "complete") return result;
    const places = testPlaces(runner.ctx.state.getFiles());
    for (const test of /** @type {TestResult[]} */ (result.tests))
      test.startPosition ??= places.get(`${test.fileName}#${test.name}`);
    return result;
  };
  return runner;
}
locatedVitestRunner.inject = tokens(commonTokens.injector);

/** The plugin `scripts/mutation.mjs` loads, as Stryker finds plugins: by this export's name. */
export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, "vitest-located", locatedVitestRunner)];
