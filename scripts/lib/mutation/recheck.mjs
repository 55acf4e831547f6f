// Static mutants Stryker reported as survivors, tested again without it. A static mutant is code a
// test file also runs while it loads (a client made at a describe's top); Stryker 9.6's vitest runner
// can run every test with such a mutant never switched on and report it Survived (stryker-js #6144,
// #6209: the runner activates it after the modules loaded, and declares a reload it does not do).
// Measured here: transport.ts's `if (body instanceof Blob || body instanceof ReadableStream)` set to
// true, reported Survived after 700 tests, fails twelve when the mutant is written into the file.
// So each such survivor is written into its file, every test file of the run run by vitest
// (test/mutation/vitest.config.ts), and the file put back: a test that fails kills it. Every file,
// not those Stryker says cover it: a static mutant's effect starts at import, which no test's
// coverage shows (options.ts's table of option checks: its survivors' covering files pass, and
// options.test.ts, which covers none of them, fails).
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
 * Tests again each static mutant of `report` (Stryker's, as its json reporter writes it) that it says
 * survived: its file written with the mutant in, every test file of the report run, the file written
 * back as it was, even when a run throws; a
 * file whose text is no longer the report's is left as the report says. A
 * mutant a test then fails is Killed by the tests that failed; one whose run did not end in time,
 * Timeout. Returns the report with those verdicts, and counts.
 * @param {Report} report
 * @param {Workspace} workspace
 * @returns {Promise<{ report: Report, rechecked: number, detected: number }>}
 * @example
 * const { report, detected } = await recheckStaticSurvivors(run, { read, write, failing });
 */
export async function recheckStaticSurvivors(report, { read, write, failing }) {
  const testFiles = Object.entries(report.testFiles ?? {});
  /** @type {Map<string, string>} a test's file and name -> its id */
  const idOf = new Map(testFiles.flatMap(([file, { tests }]) => tests.map((t) => [`${file}\u0000${t.name}`, t.id])));
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
      if (mutant.status !== "Survived" || mutant.static !== true) {
        mutants.push(mutant);
        continue;
      }
      rechecked++;
      const source = read(file);
      /** @type {Awaited<ReturnType<Workspace["failing"]>>} */
      let outcome;
      try {
        write(file, mutated(source, mutant));
        outcome = await failing(testFiles.map(([testFile]) => testFile));
      } finally {
        write(file, source);
      }
      if (outcome === "timeout") {
        detected++;
        mutants.push({ ...mutant, status: "Timeout" });
        continue;
      }
      const killedBy = outcome.flatMap(({ file: testFile, name }) => idOf.get(`${testFile}\u0000${name}`) ?? []);
      if (outcome.length) detected++;
      // a failing test the report does not name (a name vitest writes otherwise) still kills; the
      // tests that cover the mutant then stand for it, so that the store tests it again once they change
      mutants.push(
        outcome.length
          ? { ...mutant, status: "Killed", killedBy: killedBy.length ? killedBy : (mutant.coveredBy ?? []) }
          : mutant,
      );
    }
    files[file] = { ...result, mutants };
  }
  return { report: { ...report, files }, rechecked, detected };
}
