// Mutants Stryker reported as survivors, tested again without it. Stryker 9.6's vitest runner can
// run a static mutant's tests with the mutant never switched on and report it Survived (code a test
// file also runs while it loads, a client made at a describe's top; stryker-js #6144, #6209: the
// runner activates it after the modules loaded, and declares a reload it does not do). Measured
// here: transport.ts's `if (body instanceof Blob || body instanceof ReadableStream)` set to true,
// reported Survived after 700 tests, fails twelve when written into the file.
// So each survivor is written into its file, its test files run by vitest (test/mutation/vitest.config.ts),
// and the file put back: a test that fails kills it. First the files Stryker says cover it and the
// file's own test file (options.ts's options.test.ts); then, for a static mutant, every other test
// file of the run: its effect starts at import, which no test's coverage shows (options.ts's table
// of option checks: its survivors' covering files pass, and options.test.ts, which covers none of
// them, fails). A survivor that is not static is run with its covering files only: a second look
// that costs little, whose kill is as real as any.
import { decodeReplacement, spanOf } from "./replacement.mjs";

/**
 * @typedef {import("./record.mjs").Report} Report
 * @typedef {import("./record.mjs").MutantResult} MutantResult
 * @typedef {object} Workspace how a recheck reads and writes the tree and runs tests
 * @property {(file: string) => string} read a source file's text
 * @property {(file: string, text: string) => void} write
 * @property {(testFiles: string[]) => Promise<{ file: string, name: string }[] | "timeout">} failing the tests of
 *   `testFiles` that fail (named as Stryker names them), or "timeout" where the run did not end in time
 */

/**
 * `source` with `mutant`'s replacement in place of the code its location spans.
 * @param {string} source
 * @param {Pick<MutantResult, "location" | "replacement">} mutant
 * @returns {string}
 * @example
 * mutated("a && b;\n", { location: { start: { line: 1, column: 1 }, end: { line: 1, column: 7 } }, replacement: "false" }); // "false;\n"
 */
export function mutated(source, { location, replacement }) {
  const lines = source.split("\n");
  const offset = (/** @type {{ line: number, column: number }} */ at) =>
    lines.slice(0, at.line - 1).reduce((n, line) => n + line.length + 1, 0) + at.column - 1;
  const original = spanOf(source, location);
  return (
    source.slice(0, offset(location.start)) +
    decodeReplacement(original, replacement) +
    source.slice(offset(location.end))
  );
}

/**
 * `mutant` with the status it was given here, without the reason Stryker gave for its own.
 * @param {MutantResult} mutant
 * @param {string} status
 * @returns {MutantResult}
 */
function withStatus(mutant, status) {
  const { statusReason: _, ...rest } = mutant;
  return { ...rest, status };
}

/**
 * The test files a survivor is run with again, first and then: those that cover it (by the report's
 * test ids) and its source file's own (`src/core/options.ts` -> any `options.test.ts`), then, for a
 * static mutant only, every other test file of the report.
 * @param {MutantResult} mutant
 * @param {string} file the mutant's source file
 * @param {string[]} testFiles
 * @param {Map<string, string>} fileOf a test's id -> its file
 * @returns {[string[], string[]]}
 * @example
 * runsOf({ coveredBy: ["t1"], static: false }, "src/a.ts", ["test/a.test.ts", "test/b.test.ts"], ids); // [["test/a.test.ts"], []]
 */
export function runsOf(mutant, file, testFiles, fileOf) {
  const stem = file.slice(file.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");
  const covering = new Set((mutant.coveredBy ?? []).flatMap((id) => fileOf.get(id) ?? []));
  const first = testFiles.filter((t) => covering.has(t) || t.endsWith(`/${stem}.test.ts`));
  return [first, mutant.static === true ? testFiles.filter((t) => !first.includes(t)) : []];
}

/**
 * Tests again each mutant of `report` (Stryker's, as its json reporter writes it) that it says
 * survived, and each static one it left out (--skip-static: Ignored): its file written with the mutant in, its test files run (`runsOf`: the covering ones and
 * its file's own, then for a static one the rest, while none has failed), the file written back as it
 * was, even when a run throws; a file whose text is no longer the report's is left as the report says.
 * A mutant a test then fails is Killed by the tests that failed; one whose run did not end in time,
 * Timeout. Returns the report with those verdicts, and counts.
 * @param {Report} report
 * @param {Workspace} workspace
 * @returns {Promise<{ report: Report, rechecked: number, detected: number }>}
 * @example
 * const { report, detected } = await recheckSurvivors(run, { read, write, failing });
 */
export async function recheckSurvivors(report, { read, write, failing }) {
  const testFiles = Object.entries(report.testFiles ?? {});
  /** @type {Map<string, string>} a test's file and name -> its id */
  const idOf = new Map(testFiles.flatMap(([file, { tests }]) => tests.map((t) => [`${file}\u0000${t.name}`, t.id])));
  /** @type {Map<string, string>} a test's id -> its file */
  const fileOf = new Map(testFiles.flatMap(([file, { tests }]) => tests.map((t) => [t.id, file])));
  const allFiles = testFiles.map(([testFile]) => testFile);
  let rechecked = 0;
  let detected = 0;
  /** @type {Report["files"]} */
  const files = {};
  for (const [file, result] of Object.entries(report.files)) {
    // a file changed since the run: the report's places are not its places
    if (read(file) !== result.source) {
      files[file] = result;
      continue;
    }
    const mutants = [];
    for (const mutant of result.mutants) {
      const runs = runsOf(mutant, file, allFiles, fileOf).filter((run) => run.length);
      // a static mutant that --skip-static left out is one Stryker never ran: it is run here
      const untested = mutant.status === "Ignored" && mutant.static === true;
      if ((mutant.status !== "Survived" && !untested) || !runs.length) {
        mutants.push(mutant);
        continue;
      }
      rechecked++;
      // read above, and put back after each mutant
      const { source } = result;
      /** @type {Awaited<ReturnType<Workspace["failing"]>>} */
      let outcome = [];
      try {
        write(file, mutated(source, mutant));
        for (const run of runs) {
          outcome = await failing(run);
          if (outcome === "timeout" || outcome.length) break;
        }
      } finally {
        write(file, source);
      }
      if (outcome === "timeout") {
        detected++;
        mutants.push(withStatus(mutant, "Timeout"));
        continue;
      }
      const killedBy = outcome.flatMap(({ file: testFile, name }) => idOf.get(`${testFile}\u0000${name}`) ?? []);
      if (outcome.length) detected++;
      // one no test fails survives, whether Stryker ran it or not
      const tested = withStatus(mutant, "Survived");
      // a failing test the report does not name (a name vitest writes otherwise) still kills; the
      // tests that cover the mutant then stand for it, so that the store tests it again once they change
      mutants.push(
        outcome.length
          ? { ...tested, status: "Killed", killedBy: killedBy.length ? killedBy : (mutant.coveredBy ?? []) }
          : tested,
      );
    }
    files[file] = { ...result, mutants };
  }
  return { report: { ...report, files }, rechecked, detected };
}
