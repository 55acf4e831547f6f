// The committed form of the mutation store (test/mutation/runs.json): every verdict and what
// decides its reuse, without the text of a single file. Stryker's incremental report carries the
// text of every file it mutated and every test file, so that its differ can tell what changed
// since; this form names each text by its git object id instead (the text itself is in git's
// history, or in the working tree), each test by a hash of its name and of its lines, and each
// replacement by the edit that turns the mutated code into it. `expandStore` rebuilds Stryker's
// incremental report from it before a run, with the texts and names found again. Its file, read and
// written, is store-file.mjs.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { decodeReplacement, encodeReplacement, spanOf } from "./replacement.mjs";

export { decodeReplacement, encodeReplacement, spanOf };

/**
 * @typedef {import("./replacement.mjs").Position} Position
 * @typedef {import("./replacement.mjs").Location} Location
 * @typedef {import("./replacement.mjs").Replacement} Replacement
 * @typedef {{ id: string, mutatorName: string, replacement: Replacement, status: string, location: Location, killedBy?: string[], coveredBy?: string[] }} MutantVerdict
 * @typedef {{ blob: string, mutants: MutantVerdict[] }} FileVerdicts `blob`: the git object id of the text the verdicts were taken on
 * @typedef {{ id: string, name: string, location?: { start: Position }, text?: string }} TestRef `name`: a hash of the
 * test's name as Stryker's runner gives it; `text`: a hash of its lines (from its first line to the next test's)
 * @typedef {{ blob?: string, tests: TestRef[] }} TestFileRef
 * @typedef {{ timeoutMS?: number, files: Record<string, FileVerdicts>, testFiles: Record<string, TestFileRef> }} Store
 * @typedef {{ id: string, name: string, location?: { start: Position } }} TestDefinition
 * @typedef {{ source?: string, tests: TestDefinition[] }} TestFile
 * @typedef {{ id: string, mutatorName: string, replacement: string, status: string, location: Location, killedBy?: string[], coveredBy?: string[] } & Record<string, unknown>} MutantResult
 * @typedef {{ source: string, mutants: MutantResult[] } & Record<string, unknown>} FileResult
 * @typedef {{ files: Record<string, FileResult>, testFiles?: Record<string, TestFile> } & Record<string, unknown>} Report Stryker's
 * incremental and JSON report (mutation-testing-report-schema)
 */

/** A line of a replacement that is a comment. */
const COMMENT_LINE = /^\s*(\/\/|\/\*)/m;

/** Statuses whose reuse does not read the tests that covered the mutant: a kill reads its killers, and no run is handed an undetected mutant. */
const COVERAGE_UNREAD = new Set(["Killed", "Survived", "NoCoverage"]);

/**
 * Git's object id of a text (`git hash-object`): the record names a text by it, and `git cat-file
 * blob <id>` gives the text back wherever it was committed.
 * @param {string} text
 * @returns {string}
 * @example
 * blobId(""); // "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
 */
export function blobId(text) {
  const bytes = Buffer.from(text, "utf8");
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

/** A short hash (36 bits) of a test's name or lines: unique enough among the tests of one file. @param {string} text */
export function shortHash(text) {
  return createHash("sha256").update(text).digest("base64url").slice(0, 6);
}

/**
 * The text of each test of `file`, from the line it starts on to the line the next test starts
 * on, as Stryker's incremental mode bounds a test it has a place for; undefined where the file's
 * text or the test's place is unknown. A change outside every test's lines (a helper above the
 * first test) is not seen, as Stryker does not see it.
 * @param {TestFile} file
 * @returns {(string | undefined)[]} in the order of `file.tests`
 */
function testTexts(file) {
  const lines = file.source?.split("\n");
  const starts = file.tests.map((t) => t.location?.start.line).filter((line) => line !== undefined);
  return file.tests.map((test) => {
    const start = test.location?.start.line;
    if (lines === undefined || start === undefined) return undefined;
    const next = Math.min(...starts.filter((line) => line > start));
    return lines.slice(start - 1, next === Infinity ? undefined : next - 1).join("\n");
  });
}

/**
 * A Stryker report as the store keeps it: texts by their git object id, test names and lines by
 * a hash, replacements as edits, and nothing a reuse does not read (status reasons, the tests
 * that covered a mutant where its reuse reads only its killers, the report's config).
 * @param {Report} report
 * @returns {Store}
 * @example
 * const run = compactReport(readReport("test-results/mutation/report.json"));
 */
export function compactReport(report) {
  /** @type {Record<string, FileVerdicts>} */
  const files = {};
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    files[file] = {
      blob: blobId(source),
      // an ignored mutant has no verdict to keep; a replacement Stryker printed with a comment line
      // of the file (a `Stryker disable` inside the code it replaces) would hold that text: it is
      // left out too, and tested again by the next run
      mutants: mutants
        .filter((m) => m.status !== "Ignored" && !COMMENT_LINE.test(m.replacement))
        .map((m) => ({
          id: m.id,
          mutatorName: m.mutatorName,
          replacement: encodeReplacement(spanOf(source, m.location), m.replacement),
          status: m.status,
          location: { start: { ...m.location.start }, end: { ...m.location.end } },
          ...(m.status === "Killed" && m.killedBy?.length ? { killedBy: m.killedBy } : {}),
          // Stryker counts a killer among the tests that covered a mutant
          ...(m.status !== "Killed" && !COVERAGE_UNREAD.has(m.status) && (m.coveredBy?.length || m.killedBy?.length)
            ? { coveredBy: [...new Set([...(m.coveredBy ?? []), ...(m.killedBy ?? [])])] }
            : {}),
        })),
    };
  }
  /** @type {Record<string, TestFileRef>} */
  const testFiles = {};
  for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
    const texts = testTexts(testFile);
    testFiles[file] = {
      ...(testFile.source !== undefined ? { blob: blobId(testFile.source) } : {}),
      tests: testFile.tests.map((t, i) => {
        const text = texts[i];
        return {
          id: t.id,
          name: shortHash(t.name),
          ...(t.location ? { location: { start: { ...t.location.start } } } : {}),
          ...(text !== undefined ? { text: shortHash(text) } : {}),
        };
      }),
    };
  }
  return { ...(typeof report.timeoutMS === "number" ? { timeoutMS: report.timeoutMS } : {}), files, testFiles };
}

/**
 * Stryker's incremental report rebuilt from `store`: each text found again by `text` (the
 * working tree, git, a report of an earlier run), each test's name by `name`. A file of src/
 * whose text is not found is left out, so every mutant of it is tested again; a test file whose
 * text is not found, or a test whose name is not, is left out, so the mutants its tests killed
 * are tested again. So the rebuilt report never reuses more than the full one would.
 * @param {Store} store
 * @param {{ text: (path: string, blob: string) => string | undefined, name: (file: string, hash: string) => string | undefined }} find
 * @returns {{ report: Report, missing: { files: string[], testFiles: string[], tests: number } }}
 * @example
 * const { report } = expandStore(store, { text: textFinder(root, []), name: (file, hash) => names.get(`${file}\u0000${hash}`) });
 */
export function expandStore(store, find) {
  /** @type {{ files: string[], testFiles: string[], tests: number }} */
  const missing = { files: [], testFiles: [], tests: 0 };
  /** @type {Record<string, FileResult>} */
  const files = {};
  for (const [file, { blob, mutants }] of Object.entries(store.files)) {
    const source = find.text(file, blob);
    if (source === undefined) {
      missing.files.push(file);
      continue;
    }
    files[file] = {
      language: "typescript",
      source,
      mutants: mutants.map((m) => ({
        ...m,
        replacement: decodeReplacement(spanOf(source, m.location), m.replacement),
      })),
    };
  }
  /** @type {Record<string, TestFile>} */
  const testFiles = {};
  for (const [file, { blob, tests }] of Object.entries(store.testFiles)) {
    const source = blob === undefined ? undefined : find.text(file, blob);
    if (blob !== undefined && source === undefined) {
      missing.testFiles.push(file);
      continue;
    }
    /** @type {TestDefinition[]} */
    const named = [];
    for (const { id, name: hash, location } of tests) {
      const name = find.name(file, hash);
      if (name === undefined) missing.tests++;
      else named.push({ id, name, ...(location ? { location } : {}) });
    }
    testFiles[file] = { ...(source !== undefined ? { source } : {}), tests: named };
  }
  return { report: { schemaVersion: "1.0", files, testFiles }, missing };
}

/**
 * Finds a text by its path and git object id: the file in the working tree when it is that text
 * still, else a source of `reports` (earlier runs' reports, which hold texts never committed),
 * else git's own copy (`git cat-file`), which a clone with history has of every committed text.
 * @param {string} root the working tree
 * @param {(Report | undefined)[]} reports
 * @returns {(path: string, blob: string) => string | undefined}
 * @example
 * const text = textFinder(root, [readReport(REPORT)]);
 * text("src/auth.ts", store.files["src/auth.ts"].blob);
 */
export function textFinder(root, reports) {
  /** @type {Map<string, string>} */
  const known = new Map();
  for (const report of reports) {
    for (const { source } of [...Object.values(report?.files ?? {}), ...Object.values(report?.testFiles ?? {})])
      if (source !== undefined) known.set(blobId(source), source);
  }
  return (path, blob) => {
    const file = resolve(root, path);
    const current = existsSync(file) ? readFileSync(file, "utf8") : undefined;
    if (current !== undefined && blobId(current) === blob) return current;
    if (known.has(blob)) return known.get(blob);
    try {
      const text = execFileSync("git", ["cat-file", "blob", blob], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
        maxBuffer: 64 * 1024 * 1024,
      });
      return blobId(text) === blob ? text : undefined;
    } catch {
      // not in this clone's history (a shallow clone, a text never committed)
      return undefined;
    }
  };
}

/**
 * Test names by the hash the store holds of them, with their file.
 * @param {{ file: string, name: string }[]} tests
 * @returns {Map<string, string>} `${file}\u0000${hash}` to the name
 */
export function namesByHash(tests) {
  return new Map(tests.map(({ file, name }) => [`${file}\u0000${shortHash(name)}`, name]));
}

/**
 * The tests of `report`, each with its file.
 * @param {Report | undefined} report
 * @returns {{ file: string, name: string }[]}
 */
export function testsOf(report) {
  return Object.entries(report?.testFiles ?? {}).flatMap(([file, { tests }]) =>
    tests.map(({ name }) => ({ file, name })),
  );
}

/**
 * The tests whose names a rebuilt report cannot do without: those a mutant of `store` was killed
 * or covered by, in a test file that still is. Any other test of the store reuses nothing: Stryker
 * matches a test by its name, and an old name no test of the file has now matches none.
 * @param {Store} store
 * @param {(file: string) => boolean} exists
 * @returns {{ file: string, hash: string }[]}
 */
export function testsNeeded(store, exists) {
  const ids = new Set(
    Object.values(store.files).flatMap((f) =>
      f.mutants.flatMap((m) => [...(m.killedBy ?? []), ...(m.coveredBy ?? [])]),
    ),
  );
  // once each: a test can stand in its file at two places under one id
  const needed = new Set(
    Object.entries(store.testFiles).flatMap(([file, { tests }]) =>
      exists(file) ? tests.filter((t) => ids.has(t.id)).map((t) => `${file}\u0000${t.name}`) : [],
    ),
  );
  return [...needed].map((key) => ({
    file: key.slice(0, key.indexOf("\u0000")),
    hash: key.slice(key.indexOf("\u0000") + 1),
  }));
}
