import { describe, expect, it } from "vitest";
import { dropShorterTimeouts, mergeRuns, scoreByFile, withoutUndetected, type Report } from "../../../scripts/lib/mutation/runs.mjs";

const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 9 } });
const mutant = (id: string, line: number, status: string, killedBy?: string[]) => ({ id, mutatorName: "ConditionalExpression", replacement: "true", location: at(line), status, ...(killedBy ? { killedBy } : {}) });

// an earlier run over src/a.ts and src/b.ts, with tests in two files
const older: Report = {
  schemaVersion: "2",
  files: {
    "src/a.ts": { language: "typescript", source: "a();", mutants: [mutant("0", 1, "Killed", ["0"]), mutant("1", 2, "Killed", ["2"]), mutant("2", 3, "Survived"), mutant("3", 4, "Timeout")] },
    "src/b.ts": { language: "typescript", source: "b();", mutants: [mutant("4", 1, "Killed", ["2"])] },
  },
  testFiles: {
    "test/a.test.ts": { source: "it('reads a')", tests: [{ id: "0", name: "reads a" }, { id: "1", name: "reads b" }] },
    "test/c.test.ts": { source: "it('edits c')", tests: [{ id: "2", name: "edits c" }] },
  },
};

// a later run over src/b.ts alone, after test/c.test.ts changed; its ids start again at 0
const newer: Report = {
  schemaVersion: "2",
  files: { "src/b.ts": { language: "typescript", source: "b(); b();", mutants: [mutant("0", 1, "Killed", ["0"]), mutant("1", 1, "Survived")] } },
  testFiles: {
    "test/c.test.ts": { source: "it('edits c'); it('edits c twice')", tests: [{ id: "0", name: "edits c twice" }, { id: "1", name: "edits c" }] },
  },
};

/** The file and name of the test an id of `report` stands for. */
const testNamed = (report: Report, id: string) =>
  Object.entries(report.testFiles ?? {}).flatMap(([file, { tests }]) => tests.filter((t) => t.id === id).map((t) => `${file}: ${t.name}`));

describe("mutation runs kept together (scripts/lib/mutation/runs.mjs)", () => {
  it("takes the first run as it is", () => {
    expect(mergeRuns(undefined, older)).toEqual({ report: older, retest: 0 });
  });

  it("takes a file the later run mutated from the later run, and keeps the others", () => {
    const { report } = mergeRuns(older, newer);

    expect(Object.keys(report.files)).toEqual(["src/a.ts", "src/b.ts"]);
    expect(report.files["src/b.ts"]!.source).toBe("b(); b();");
    expect(report.files["src/b.ts"]!.mutants.map((m) => [m.status, (m.killedBy ?? []).flatMap((id) => testNamed(report, id))])).toEqual([
      ["Killed", ["test/c.test.ts: edits c twice"]],
      ["Survived", []],
    ]);
  });

  it("keeps a kill whose test is unchanged, drops one whose test file changed, and keeps survivors and timeouts", () => {
    const { report, retest } = mergeRuns(older, newer);

    expect(report.files["src/a.ts"]!.mutants.map((m) => [m.location.start.line, m.status, (m.killedBy ?? []).flatMap((id) => testNamed(report, id))])).toEqual([
      [1, "Killed", ["test/a.test.ts: reads a"]],
      [3, "Survived", []],
      [4, "Timeout", []],
    ]);
    expect(retest).toBe(1);
  });

  it("holds each test file once, at its latest text, with ids unique across the merged report", () => {
    const { report } = mergeRuns(older, newer);

    expect(Object.fromEntries(Object.entries(report.testFiles!).map(([file, f]) => [file, f.source]))).toEqual({
      "test/a.test.ts": "it('reads a')",
      "test/c.test.ts": "it('edits c'); it('edits c twice')",
    });
    const ids = Object.values(report.testFiles!).flatMap((f) => f.tests.map((t) => t.id));
    expect(new Set(ids).size).toBe(4);
    const mutantIds = Object.values(report.files).flatMap((f) => f.mutants.map((m) => m.id));
    expect(new Set(mutantIds).size).toBe(mutantIds.length);
  });

  it("keeps a kill by a test whose own lines are unchanged when another test of its file changed, and drops one whose lines changed", () => {
    const place = (line: number) => ({ location: { start: { line, column: 3 } } });
    const before = ["import { it } from 'vitest';", "it('reads a', () => {", "  a();", "});", "it('reads b', () => {", "  b();", "});"];
    const located: Report = {
      schemaVersion: "2",
      files: { "src/a.ts": { language: "typescript", source: "a(); b();", mutants: [mutant("0", 1, "Killed", ["0"]), mutant("1", 1, "Killed", ["1"])] } },
      testFiles: { "test/a.test.ts": { source: before.join("\n"), tests: [{ id: "0", name: "reads a", ...place(2) }, { id: "1", name: "reads b", ...place(5) }] } },
    };
    // a later run over another file, after "reads b" changed and a test was added at the end
    const after = [...before.slice(0, 4), "it('reads b', async () => {", "  b(1);", "});", "it('reads c', () => {});"];
    const later: Report = {
      schemaVersion: "2",
      files: { "src/c.ts": { language: "typescript", source: "c();", mutants: [] } },
      testFiles: { "test/a.test.ts": { source: after.join("\n"), tests: [{ id: "0", name: "reads a", ...place(2) }, { id: "1", name: "reads b", ...place(5) }, { id: "2", name: "reads c", ...place(8) }] } },
    };

    const { report, retest } = mergeRuns(located, later);

    expect(report.files["src/a.ts"]!.mutants.map((m) => (m.killedBy ?? []).flatMap((id) => testNamed(report, id)))).toEqual([["test/a.test.ts: reads a"]]);
    expect(retest).toBe(1);
    // a test whose place one side does not know is taken as changed
    const unplaced = { ...later, testFiles: { "test/a.test.ts": { ...later.testFiles!["test/a.test.ts"]!, tests: [{ id: "0", name: "reads a" }] } } };
    expect(mergeRuns(located, unplaced).retest).toBe(2);
  });

  it("drops the timeouts found with a shorter timeout than the one asked for, 5 s where the store does not say, and keeps the rest", () => {
    const { report, dropped } = dropShorterTimeouts(older, 30_000);

    expect(dropped).toBe(1);
    expect(report!.timeoutMS).toBe(30_000);
    expect(report!.files["src/a.ts"]!.mutants.map((m) => m.status)).toEqual(["Killed", "Killed", "Survived"]);
    expect(report!.files["src/b.ts"]!.mutants.map((m) => m.status)).toEqual(["Killed"]);
    expect(dropShorterTimeouts({ ...older, timeoutMS: 30_000 }, 30_000).dropped).toBe(0);
    expect(dropShorterTimeouts(older, 5_000).dropped).toBe(0);
    expect(dropShorterTimeouts(undefined, 30_000)).toEqual({ report: undefined, dropped: 0 });
  });

  it("leaves out every mutant no test detected, survived or not covered, for the next run to test again", () => {
    const report: Report = { ...older, files: { ...older.files, "src/c.ts": { language: "typescript", source: "c();", mutants: [mutant("5", 1, "NoCoverage"), mutant("6", 2, "Killed", ["0"])] } } };

    const { report: kept, dropped } = withoutUndetected(report);

    expect(dropped).toBe(2);
    expect(Object.fromEntries(Object.entries(kept.files).map(([file, { mutants }]) => [file, mutants.map((m) => `${m.id} ${m.status}`)]))).toEqual({
      "src/a.ts": ["0 Killed", "1 Killed", "3 Timeout"],
      "src/b.ts": ["4 Killed"],
      "src/c.ts": ["6 Killed"],
    });
    expect(kept.testFiles).toBe(older.testFiles);
  });

  it("scores by file and in total: killed and timed out detected, of all but errors", () => {
    const { report } = mergeRuns(older, newer);
    report.files["src/b.ts"]!.mutants.push(mutant("9", 7, "RuntimeError"));

    expect(scoreByFile(report)).toEqual([
      { file: "src/a.ts", killed: 1, timeout: 1, survived: 1, noCoverage: 0, other: 0, score: (100 * 2) / 3 },
      { file: "src/b.ts", killed: 1, timeout: 0, survived: 1, noCoverage: 0, other: 1, score: 50 },
      { file: "all", killed: 2, timeout: 1, survived: 2, noCoverage: 0, other: 1, score: 60 },
    ]);
  });
});
