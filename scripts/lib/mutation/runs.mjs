// The verdicts of every mutation run kept together: Stryker's incremental file holds only the files
// its last run mutated, so a run over src/client/method.ts would forget what a run over src/lists/pages.ts
// found. scripts/mutation.mjs seeds each run with this store and folds the run's file back into it,
// so that runs over parts of src/ add up to one report of the whole, and a run over all of src/
// tests again only what changed since. The store holds no text: files and tests are compared by
// the hashes scripts/lib/mutation/record.mjs keeps of them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * @typedef {import("./record.mjs").Store} Store
 * @typedef {import("./record.mjs").TestFileRef} TestFileRef
 * @typedef {import("./record.mjs").FileVerdicts} FileVerdicts
 * @typedef {import("./record.mjs").MutantVerdict} MutantVerdict
 * @typedef {import("./record.mjs").Report} Report
 */

/**
 * Folds `newer` (a run's report, compacted) into `older` (the store), as Stryker's incremental
 * rules would read them: a file of src/ the newer run mutated takes the newer run's verdicts; a
 * file it did not keeps the older ones, except a kill by a test that is gone or whose text changed
 * since (its file's, when its place in the file is unknown), which proves nothing now: that mutant
 * is dropped (`retest` counts them), and the next run over its file tests it again. A survivor is kept: Stryker tests it again when a new test covers
 * it. So the store never counts a kill it cannot vouch for. Test and mutant ids, unique within one
 * report only, are numbered anew.
 * @param {Store | undefined} older
 * @param {Store} newer
 * @returns {{ report: Store, retest: number }}
 * @example
 * const { report } = mergeRuns(readStore(STORE), compactReport(readReport(REPORT)));
 */
export function mergeRuns(older, newer) {
  if (!older) return { report: newer, retest: 0 };
  const oldTests = older.testFiles ?? {};
  const newTests = newer.testFiles ?? {};
  const { testFiles, ids } = mergedTests(oldTests, newTests);
  const unchanged = unchangedTests(oldTests, newTests);
  const oldKeys = keysById(oldTests);
  const newKeys = keysById(newTests);
  // a test of the older report that no longer is, or whose text changed, has no id here
  /** @param {string[] | undefined} list @param {Map<string, string>} keys */
  const renumber = (list, keys) =>
    list?.flatMap((id) => {
      const key = keys.get(id);
      return key !== undefined && (keys === newKeys || unchanged(key)) && ids.has(key)
        ? [/** @type {string} */ (ids.get(key))]
        : [];
    });
  /** @param {FileVerdicts} result @param {Map<string, string>} keys */
  const renumbered = (result, keys) =>
    result.mutants.map((m) => ({ ...m, killedBy: renumber(m.killedBy, keys), coveredBy: renumber(m.coveredBy, keys) }));

  /** @type {Record<string, FileVerdicts>} */
  const files = {};
  let retest = 0;
  for (const [file, result] of Object.entries(older.files)) {
    if (newer.files[file]) continue;
    const mutants = renumbered(result, oldKeys);
    const kept = mutants.filter(
      (m, i) =>
        m.status !== "Killed" || (m.killedBy?.length && m.killedBy.length === result.mutants[i]?.killedBy?.length),
    );
    retest += mutants.length - kept.length;
    files[file] = { ...result, mutants: kept };
  }
  for (const [file, result] of Object.entries(newer.files))
    files[file] = { ...result, mutants: renumbered(result, newKeys) };
  // mutant ids, like test ids, are unique within one report only
  let next = 0;
  for (const result of Object.values(files))
    result.mutants = result.mutants.map((m) => dropUndefined({ ...m, id: String(next++) }));
  return {
    report: {
      ...newer,
      files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))),
      testFiles,
    },
    retest,
  };
}

/** A test's key: its file and name. */
const keyOf = (/** @type {string} */ file, /** @type {string} */ name) => `${file}\u0000${name}`;

/**
 * The test files of both reports, the newer's where both have one, each test numbered anew; `ids`
 * a test's key to its id in the merged report.
 * @param {Record<string, TestFileRef>} oldTests
 * @param {Record<string, TestFileRef>} newTests
 */
function mergedTests(oldTests, newTests) {
  /** @type {Record<string, TestFileRef>} */
  const testFiles = {};
  /** @type {Map<string, string>} */
  const ids = new Map();
  for (const [file, testFile] of Object.entries({ ...oldTests, ...newTests })) {
    testFiles[file] = {
      ...testFile,
      tests: testFile.tests.map((test) => ({ ...test, id: idFor(ids, keyOf(file, test.name)) })),
    };
  }
  return { testFiles, ids };
}

/**
 * A report's test ids to their keys.
 * @param {Record<string, TestFileRef>} from
 * @returns {Map<string, string>}
 */
const keysById = (from) =>
  new Map(Object.entries(from).flatMap(([file, { tests }]) => tests.map((test) => [test.id, keyOf(file, test.name)])));

/**
 * Whether the test of a key is the same in the newer report as in the older: its file unchanged,
 * or its own text; asked once per test, not once per mutant it killed or covered.
 * @param {Record<string, TestFileRef>} oldTests
 * @param {Record<string, TestFileRef>} newTests
 * @returns {(key: string) => boolean}
 */
function unchangedTests(oldTests, newTests) {
  /** @type {Map<string, boolean>} */
  const seen = new Map();
  const compare = (/** @type {string} */ key) => {
    const split = key.indexOf("\u0000");
    const file = key.slice(0, split);
    const [before, after] = [oldTests[file], newTests[file]];
    if (after === undefined || after.blob === before?.blob) return true;
    const name = key.slice(split + 1);
    const text = testText(before, name);
    return text !== undefined && text === testText(after, name);
  };
  return (key) => {
    let answer = seen.get(key);
    if (answer === undefined) seen.set(key, (answer = compare(key)));
    return answer;
  };
}

/**
 * The hash of the test `name`'s text in its file (scripts/lib/mutation/record.mjs: from the line
 * it starts on to the line the next test starts on); undefined when the file's text or the test's
 * place was unknown.
 * @param {TestFileRef | undefined} file @param {string} name
 */
function testText(file, name) {
  return file?.tests.find((t) => t.name === name)?.text;
}

/** @param {Map<string, string>} ids @param {string} key */
function idFor(ids, key) {
  if (!ids.has(key)) ids.set(key, String(ids.size));
  return /** @type {string} */ (ids.get(key));
}

/** @param {MutantVerdict} mutant a copy without the fields a report left out */
function dropUndefined(mutant) {
  return /** @type {MutantVerdict} */ (Object.fromEntries(Object.entries(mutant).filter(([, v]) => v !== undefined)));
}

/** The timeout the store's verdicts were taken with where it does not say: the first runs' 5 s. */
const FIRST_TIMEOUT_MS = 5_000;

/**
 * `report` without the timeouts it found with a shorter `timeoutMS` than `timeoutMs`: on a busy
 * machine a short one passes a slow run for a hang, and a timeout counts as detected. Those mutants
 * are tested again by the next run over their file. The report then says which timeout it holds.
 * @param {Store | undefined} report @param {number} timeoutMs
 * @returns {{ report: Store | undefined, dropped: number }}
 * @example
 * const { report: store } = dropShorterTimeouts(readStore(STORE), 30_000);
 */
export function dropShorterTimeouts(report, timeoutMs) {
  if (!report) return { report, dropped: 0 };
  const taken = typeof report.timeoutMS === "number" ? report.timeoutMS : FIRST_TIMEOUT_MS;
  if (taken >= timeoutMs) return { report, dropped: 0 };
  const { report: kept, dropped } = dropMutants(report, (m) => m.status === "Timeout");
  return { report: { ...kept, timeoutMS: timeoutMs }, dropped };
}

/**
 * `report` without the mutants no test detected (survived, not covered), so that the run it is
 * handed to tests them again. Stryker's incremental differ keeps such a verdict while it sees no
 * new test covering the mutant, and it can miss a whole new test file: a run over all of src/ kept
 * both survivors of src/core/policy.js and said that the three tests of the then new
 * test/src/core/policy.test.ts covered nothing; a run of src/core/policy.js alone without the store had those
 * tests cover 11 of its mutants and kill all 50.
 * @param {Store} report
 * @returns {{ report: Store, dropped: number }}
 * @example
 * const { report: seed } = withoutUndetected(store);
 */
export function withoutUndetected(report) {
  return dropMutants(report, (m) => m.status === "Survived" || m.status === "NoCoverage");
}

/**
 * The store without the files `exists` no longer finds (moved or removed since a run measured them:
 * their verdicts say nothing of the tree), and the files dropped.
 * @param {Store} report
 * @param {(file: string) => boolean} exists
 * @returns {{ report: Store, gone: string[] }}
 * @example
 * const { report: kept, gone } = withoutGone(store, existsSync);
 */
export function withoutGone(report, exists) {
  const gone = Object.keys(report.files).filter((file) => !exists(file));
  const files = Object.fromEntries(Object.entries(report.files).filter(([file]) => !gone.includes(file)));
  return { report: { ...report, files }, gone };
}

/**
 * Of `files` (the source files a run of all of src/ mutates), those the store holds no verdict of.
 * @param {Store} report
 * @param {string[]} files
 * @returns {string[]}
 */
export function unmeasured(report, files) {
  return files.filter((file) => !Object.hasOwn(report.files, file)).sort();
}

/** @param {Store} report @param {(mutant: MutantVerdict) => boolean} drop */
function dropMutants(report, drop) {
  let dropped = 0;
  const files = Object.fromEntries(
    Object.entries(report.files).map(([file, result]) => {
      const mutants = result.mutants.filter((m) => !drop(m));
      dropped += result.mutants.length - mutants.length;
      return [file, { ...result, mutants }];
    }),
  );
  return { report: { ...report, files }, dropped };
}

/**
 * Counts the verdicts of a report by file of src/ and in total, as Stryker scores them: detected
 * (killed or timed out) out of valid (detected, survived, not covered); errors and ignored apart.
 * @param {{ files: Record<string, { mutants: { status: string }[] }> }} report the store, or a run's report
 * @returns {{ file: string, killed: number, timeout: number, survived: number, noCoverage: number, other: number, score: number }[]}
 * the last row is the total, with `file` "all"
 */
export function scoreByFile(report) {
  const rows = Object.entries(report.files).map(([file, { mutants }]) => count(file, mutants));
  rows.push(
    count(
      "all",
      Object.values(report.files).flatMap((f) => f.mutants),
    ),
  );
  return rows;
}

/** @param {string} file @param {{ status: string }[]} mutants */
function count(file, mutants) {
  const n = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0 };
  for (const { status } of mutants) {
    const key =
      status === "Killed"
        ? "killed"
        : status === "Timeout"
          ? "timeout"
          : status === "Survived"
            ? "survived"
            : status === "NoCoverage"
              ? "noCoverage"
              : "other";
    n[key]++;
  }
  const valid = n.killed + n.timeout + n.survived + n.noCoverage;
  return { file, ...n, score: valid ? (100 * (n.killed + n.timeout)) / valid : 100 };
}

/** A Stryker report from disk, or undefined when there is none. @param {string} path @returns {Report | undefined} */
export function readReport(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

/** Writes a Stryker report to `path`, making its folder (test-results/ is not in a fresh clone). @param {string} path @param {Report} report */
export function writeReport(path, report) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(report));
}
