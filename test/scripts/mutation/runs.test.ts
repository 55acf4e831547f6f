import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  compactReport,
  decodeReplacement,
  encodeReplacement,
  expandStore,
  shortHash,
  testsNeeded,
  textFinder,
  type Report,
  type Store,
} from "../../../scripts/lib/mutation/record.mjs";
import { readStore, writeStore } from "../../../scripts/lib/mutation/store-file.mjs";
import {
  dropShorterTimeouts,
  mergeRuns,
  scoreByFile,
  unmeasured,
  withoutGone,
  withoutUndetected,
} from "../../../scripts/lib/mutation/runs.mjs";

/** Git's own id of a text, asked of git: the ids the store names texts by. */
const gitId = (text: string) => execFileSync("git", ["hash-object", "--stdin"], { input: text }).toString().trim();

const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 9 } });
const mutant = (id: string, line: number, status: string, killedBy?: string[]) => ({
  id,
  mutatorName: "ConditionalExpression",
  replacement: "true",
  location: at(line),
  status,
  ...(killedBy ? { killedBy } : {}),
});

// an earlier run over src/a.ts and src/b.ts, with tests in two files
const older: Report = {
  schemaVersion: "2",
  files: {
    "src/a.ts": {
      language: "typescript",
      source: "a();",
      mutants: [
        mutant("0", 1, "Killed", ["0"]),
        mutant("1", 2, "Killed", ["2"]),
        mutant("2", 3, "Survived"),
        mutant("3", 4, "Timeout"),
      ],
    },
    "src/b.ts": { language: "typescript", source: "b();", mutants: [mutant("4", 1, "Killed", ["2"])] },
  },
  testFiles: {
    "test/a.test.ts": {
      source: "it('reads a')",
      tests: [
        { id: "0", name: "reads a" },
        { id: "1", name: "reads b" },
      ],
    },
    "test/c.test.ts": { source: "it('edits c')", tests: [{ id: "2", name: "edits c" }] },
  },
};

// a later run over src/b.ts alone, after test/c.test.ts changed; its ids start again at 0
const newer: Report = {
  schemaVersion: "2",
  files: {
    "src/b.ts": {
      language: "typescript",
      source: "b(); b();",
      mutants: [mutant("0", 1, "Killed", ["0"]), mutant("1", 1, "Survived")],
    },
  },
  testFiles: {
    "test/c.test.ts": {
      source: "it('edits c'); it('edits c twice')",
      tests: [
        { id: "0", name: "edits c twice" },
        { id: "1", name: "edits c" },
      ],
    },
  },
};

/** The file and name of the test an id of `store` stands for, the name read back from the hash the store keeps of it. */
const testNamed = (store: Store, id: string, names: string[]) =>
  Object.entries(store.testFiles).flatMap(([file, { tests }]) =>
    tests
      .filter((t) => t.id === id)
      .map((t) => `${file}: ${names.find((name) => shortHash(name) === t.name) ?? t.name}`),
  );
const fixtureNames = ["reads a", "reads b", "reads c", "edits c", "edits c twice"];

describe("mutation runs kept together (scripts/lib/mutation/runs.mjs)", () => {
  it("takes the first run as it is", () => {
    const first = compactReport(older);

    expect(mergeRuns(undefined, first)).toEqual({ report: first, retest: 0 });
  });

  it("takes a file the later run mutated from the later run, and keeps the others", () => {
    const { report } = mergeRuns(compactReport(older), compactReport(newer));

    expect(Object.keys(report.files)).toEqual(["src/a.ts", "src/b.ts"]);
    expect(report.files["src/b.ts"]!.blob).toBe(gitId("b(); b();"));
    expect(
      report.files["src/b.ts"]!.mutants.map((m) => [
        m.status,
        (m.killedBy ?? []).flatMap((id) => testNamed(report, id, fixtureNames)),
      ]),
    ).toEqual([
      ["Killed", ["test/c.test.ts: edits c twice"]],
      ["Survived", []],
    ]);
  });

  it("keeps a kill whose test is unchanged, drops one whose test file changed, and keeps survivors and timeouts", () => {
    const { report, retest } = mergeRuns(compactReport(older), compactReport(newer));

    expect(
      report.files["src/a.ts"]!.mutants.map((m) => [
        m.location.start.line,
        m.status,
        (m.killedBy ?? []).flatMap((id) => testNamed(report, id, fixtureNames)),
      ]),
    ).toEqual([
      [1, "Killed", ["test/a.test.ts: reads a"]],
      [3, "Survived", []],
      [4, "Timeout", []],
    ]);
    expect(retest).toBe(1);
  });

  it("holds each test file once, at its latest text, with ids unique across the merged report", () => {
    const { report } = mergeRuns(compactReport(older), compactReport(newer));

    expect(Object.fromEntries(Object.entries(report.testFiles).map(([file, f]) => [file, f.blob]))).toEqual({
      "test/a.test.ts": gitId("it('reads a')"),
      "test/c.test.ts": gitId("it('edits c'); it('edits c twice')"),
    });
    const ids = Object.values(report.testFiles).flatMap((f) => f.tests.map((t) => t.id));
    expect(new Set(ids).size).toBe(4);
    const mutantIds = Object.values(report.files).flatMap((f) => f.mutants.map((m) => m.id));
    expect(new Set(mutantIds).size).toBe(mutantIds.length);
  });

  it("keeps a kill by a test whose own lines are unchanged when another test of its file changed, and drops one whose lines changed", () => {
    const place = (line: number) => ({ location: { start: { line, column: 3 } } });
    const before = [
      "import { it } from 'vitest';",
      "it('reads a', () => {",
      "  a();",
      "});",
      "it('reads b', () => {",
      "  b();",
      "});",
    ];
    const located: Report = {
      schemaVersion: "2",
      files: {
        "src/a.ts": {
          language: "typescript",
          source: "a(); b();",
          mutants: [mutant("0", 1, "Killed", ["0"]), mutant("1", 1, "Killed", ["1"])],
        },
      },
      testFiles: {
        "test/a.test.ts": {
          source: before.join("\n"),
          tests: [
            { id: "0", name: "reads a", ...place(2) },
            { id: "1", name: "reads b", ...place(5) },
          ],
        },
      },
    };
    // a later run over another file, after "reads b" changed and a test was added at the end
    const after = [...before.slice(0, 4), "it('reads b', async () => {", "  b(1);", "});", "it('reads c', () => {});"];
    const later: Report = {
      schemaVersion: "2",
      files: { "src/c.ts": { language: "typescript", source: "c();", mutants: [] } },
      testFiles: {
        "test/a.test.ts": {
          source: after.join("\n"),
          tests: [
            { id: "0", name: "reads a", ...place(2) },
            { id: "1", name: "reads b", ...place(5) },
            { id: "2", name: "reads c", ...place(8) },
          ],
        },
      },
    };

    const { report, retest } = mergeRuns(compactReport(located), compactReport(later));

    expect(
      report.files["src/a.ts"]!.mutants.map((m) =>
        (m.killedBy ?? []).flatMap((id) => testNamed(report, id, fixtureNames)),
      ),
    ).toEqual([["test/a.test.ts: reads a"]]);
    expect(retest).toBe(1);
    // a test whose place one side does not know is taken as changed
    const unplaced = {
      ...later,
      testFiles: {
        "test/a.test.ts": { ...later.testFiles!["test/a.test.ts"]!, tests: [{ id: "0", name: "reads a" }] },
      },
    };
    expect(mergeRuns(compactReport(located), compactReport(unplaced)).retest).toBe(2);
  });

  it("drops the timeouts found with a shorter timeout than the one asked for, 5 s where the store does not say, and keeps the rest", () => {
    const store = compactReport(older);
    const { report, dropped } = dropShorterTimeouts(store, 30_000);

    expect(dropped).toBe(1);
    expect(report!.timeoutMS).toBe(30_000);
    expect(report!.files["src/a.ts"]!.mutants.map((m) => m.status)).toEqual(["Killed", "Killed", "Survived"]);
    expect(report!.files["src/b.ts"]!.mutants.map((m) => m.status)).toEqual(["Killed"]);
    expect(dropShorterTimeouts({ ...store, timeoutMS: 30_000 }, 30_000).dropped).toBe(0);
    expect(dropShorterTimeouts(store, 5_000).dropped).toBe(0);
    expect(dropShorterTimeouts(undefined, 30_000)).toEqual({ report: undefined, dropped: 0 });
  });

  it("leaves out every mutant no test detected, survived or not covered, for the next run to test again", () => {
    const store = compactReport({
      ...older,
      files: {
        ...older.files,
        "src/c.ts": {
          language: "typescript",
          source: "c();",
          mutants: [mutant("5", 1, "NoCoverage"), mutant("6", 2, "Killed", ["0"])],
        },
      },
    });

    const { report: kept, dropped } = withoutUndetected(store);

    expect(dropped).toBe(2);
    expect(
      Object.fromEntries(
        Object.entries(kept.files).map(([file, { mutants }]) => [file, mutants.map((m) => `${m.id} ${m.status}`)]),
      ),
    ).toEqual({
      "src/a.ts": ["0 Killed", "1 Killed", "3 Timeout"],
      "src/b.ts": ["4 Killed"],
      "src/c.ts": ["6 Killed"],
    });
    expect(kept.testFiles).toBe(store.testFiles);
  });

  it("drops the verdicts of a file no longer in the tree, and names the files of src/ it holds none of", () => {
    const store = compactReport(older);

    const { report: kept, gone } = withoutGone(store, (file) => file !== "src/b.ts");

    expect(gone).toEqual(["src/b.ts"]);
    expect(Object.keys(kept.files)).toEqual(["src/a.ts"]);
    expect(Object.keys(store.files)).toEqual(["src/a.ts", "src/b.ts"]);
    expect(unmeasured(kept, ["src/z.ts", "src/a.ts", "src/b.ts"])).toEqual(["src/b.ts", "src/z.ts"]);
  });

  it("scores by file and in total: killed and timed out detected, of all but errors", () => {
    const { report } = mergeRuns(compactReport(older), compactReport(newer));
    report.files["src/b.ts"]!.mutants.push({ ...mutant("9", 7, "RuntimeError") });

    expect(scoreByFile(report)).toEqual([
      { file: "src/a.ts", killed: 1, timeout: 1, survived: 1, noCoverage: 0, other: 0, score: (100 * 2) / 3 },
      { file: "src/b.ts", killed: 1, timeout: 0, survived: 1, noCoverage: 0, other: 1, score: 50 },
      { file: "all", killed: 2, timeout: 1, survived: 2, noCoverage: 0, other: 1, score: 60 },
    ]);
  });
});

// a run as Stryker reports it: a file of src/ with its text, mutants whose replacements replace
// the code at their place, located tests in two files, one test twice under one id (Stryker keeps
// a test it was handed at an old place beside the test at its place now)
const source = [
  "export function ok(status: number, headers: Headers) {",
  '  return status >= 200 && status < 300 && headers.get("content-type") !== null;',
  "}",
  "",
].join("\n");
const testSource = [
  "import { it } from 'vitest';",
  "it('accepts a 200', () => {",
  "  ok(200);",
  "});",
  "it('refuses a 500', () => {",
  "  ok(500);",
  "});",
  "",
].join("\n");
const place = (line: number, column: number, endLine: number, endColumn: number) => ({
  start: { line, column },
  end: { line: endLine, column: endColumn },
});
const run: Report = {
  schemaVersion: "1.0",
  files: {
    "src/ok.ts": {
      language: "typescript",
      source,
      mutants: [
        {
          id: "0",
          mutatorName: "BlockStatement",
          replacement: "{}",
          status: "Killed",
          location: place(1, 54, 3, 2),
          killedBy: ["0"],
          coveredBy: ["0", "1"],
          statusReason: "expected true to be false",
          testsCompleted: 1,
        },
        {
          id: "1",
          mutatorName: "EqualityOperator",
          replacement: 'headers.get("content-type") === null',
          status: "Killed",
          location: place(2, 43, 2, 79),
          killedBy: ["1"],
          coveredBy: ["0", "1"],
        },
        {
          id: "2",
          mutatorName: "EqualityOperator",
          replacement: "status > 200",
          status: "Survived",
          location: place(2, 10, 2, 23),
          coveredBy: ["0", "1"],
        },
        {
          id: "3",
          mutatorName: "ConditionalExpression",
          replacement: "true",
          status: "Timeout",
          location: place(2, 27, 2, 39),
          coveredBy: ["1"],
          killedBy: ["0"],
        },
      ],
    },
  },
  testFiles: {
    "test/ok.test.ts": {
      source: testSource,
      tests: [
        { id: "0", name: "accepts a 200", location: { start: { line: 1, column: 1 } } },
        { id: "0", name: "accepts a 200", location: { start: { line: 2, column: 1 } } },
        { id: "1", name: "refuses a 500", location: { start: { line: 5, column: 1 } } },
      ],
    },
    "test/other.test.ts": { source: "it('waits')", tests: [{ id: "2", name: "waits" }] },
  },
};
const runNames = ["accepts a 200", "refuses a 500", "waits"];
const texts = new Map([source, testSource, "it('waits')"].map((text) => [gitId(text), text]));
const findAll = {
  text: (_path: string, blob: string) => texts.get(blob),
  name: (_file: string, hash: string) => runNames.find((name) => shortHash(name) === hash),
};

/**
 * What Stryker's differ reads of a report: each mutant's key and verdict; a kill's killers, by
 * name; the tests that covered any other mutant a run is handed (a timeout, an error), killers
 * among them; each test file's text and located tests.
 */
const differInput = (report: Report) => {
  const tests = new Map(
    Object.entries(report.testFiles ?? {}).flatMap(([file, { tests }]) =>
      tests.map((t) => [t.id, `${file}: ${t.name}`]),
    ),
  );
  const named = (ids: string[] | undefined) => [...new Set((ids ?? []).map((id) => tests.get(id)))].sort();
  const read = (m: Report["files"][string]["mutants"][number]) =>
    m.status === "Killed"
      ? { killedBy: named(m.killedBy) }
      : m.status === "Survived" || m.status === "NoCoverage"
        ? {}
        : { coveredBy: named([...(m.coveredBy ?? []), ...(m.killedBy ?? [])]) };
  return {
    files: Object.fromEntries(
      Object.entries(report.files).map(([file, { source, mutants }]) => [
        file,
        {
          source,
          mutants: mutants.map((m) => ({
            key: `${JSON.stringify(m.location)} ${m.mutatorName}: ${m.replacement}`,
            status: m.status,
            ...read(m),
          })),
        },
      ]),
    ),
    // each test with the first of its file's tests that shares its id: the differ keys tests by id
    testFiles: Object.fromEntries(
      Object.entries(report.testFiles ?? {}).map(([file, f]) => [
        file,
        {
          source: f.source,
          tests: f.tests.map(
            (t) => `${t.name} ${JSON.stringify(t.location)} as #${f.tests.findIndex((u) => u.id === t.id)}`,
          ),
        },
      ]),
    ),
  };
};

const scratch = mkdtempSync(join(tmpdir(), "mutation-record-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the mutation store without the text of a file (scripts/lib/mutation/record.mjs)", () => {
  it("keeps a short replacement as it is, and a longer one as the edit of the code it replaces", () => {
    expect(encodeReplacement("status >= 200", "status > 200")).toBe("status > 200");
    // the edit puts in the one character the mutator changed and keeps the other 25 of the code
    const operator = encodeReplacement("headers.size === 0 && body", "headers.size !== 0 && body");
    expect(Array.isArray(operator)).toBe(true);
    const pieces = operator as (string | number)[];
    expect(pieces.filter((piece) => typeof piece === "string")).toEqual(["!"]);
    const ranges = pieces.filter((piece) => typeof piece === "number");
    expect(ranges.reduce((kept, at, i) => (i % 2 ? kept + at - ranges[i - 1]! : kept), 0)).toBe(25);
    expect(decodeReplacement("headers.size === 0 && body", operator)).toBe("headers.size !== 0 && body");
    // Stryker's printer lays an object out on lines of its own: the edit puts in only that layout
    const original = "policy.onAnswerMismatch?.({ operation, issues, data })";
    const printed = "policy.onAnswerMismatch({\n  operation,\n  issues,\n  data\n})";
    const edit = encodeReplacement(original, printed);
    expect(Array.isArray(edit) && edit.filter((piece) => typeof piece === "string").join("")).toMatch(/^\s+$/);
    expect(decodeReplacement(original, edit)).toBe(printed);
    expect(decodeReplacement("anything", "true")).toBe("true");
  });

  it("finds again every replacement Stryker wrote, whatever it changed", () => {
    const pairs = [
      ["a && b && c", "a || b && c || d"],
      ["", '"Stryker was here, and here!"'],
      ["return { kind: 'list', items: [1, 2, 3] };", "{}"],
      ["(a * 10n ** BigInt(top - p)) % (digits * 10n)", "a * 10n ** BigInt(top - p) * (digits * 10n)"],
      ["xxxxxxxxxxxxxxxxxxxxxxxxx", "yyyyyyyyyyyyyyyyyyyyyyyyyy"],
    ];
    for (const [from, to] of pairs) expect(decodeReplacement(from!, encodeReplacement(from!, to!))).toBe(to);
  });

  it("rebuilds from what it wrote the report Stryker's differ read: texts, mutants, verdicts, killers and located tests", () => {
    writeStore(join(scratch, "runs.json"), compactReport(run));
    const { report, missing } = expandStore(readStore(join(scratch, "runs.json"))!, findAll);

    expect(missing).toEqual({ files: [], testFiles: [], tests: 0 });
    expect(differInput(report)).toEqual(differInput(run));
  });

  it("writes a replacement Stryker writes often by its place in a fixed list, and reads it back", () => {
    writeStore(join(scratch, "runs.json"), compactReport(run));
    const written = readFileSync(join(scratch, "runs.json"), "utf8");

    // "{}" (ObjectLiteral) is the third of the list, "true" (ConditionalExpression) the first
    expect(written).toMatch(/\[\d+,2,/);
    expect(written).toMatch(/\[\d+,0,/);
    expect(written).not.toContain('"{}"');
    expect(readStore(join(scratch, "runs.json"))!.files["src/ok.ts"]!.mutants.map((m) => m.replacement)).toEqual(
      compactReport(run).files["src/ok.ts"]!.mutants.map((m) => m.replacement),
    );
  });

  it("keeps no ignored mutant, and none whose replacement holds a comment line of the file", () => {
    const file = run.files["src/ok.ts"]!;
    const ignored = { ...file.mutants[0]!, id: "98", status: "Ignored", replacement: "false" };
    const commented = {
      ...file.mutants[0]!,
      id: "99",
      replacement: "// Stryker disable next-line: a comment of the file\nfalse",
    };
    const url = { ...file.mutants[0]!, id: "97", replacement: 'url.protocol + "//" + url.host' };
    const more = { ...run, files: { "src/ok.ts": { ...file, mutants: [...file.mutants, ignored, commented, url] } } };

    expect(compactReport(more).files["src/ok.ts"]!.mutants.map((m) => m.id)).toEqual([
      ...compactReport(run).files["src/ok.ts"]!.mutants.map((m) => m.id),
      "97",
    ]);
  });

  it("keeps the tests that covered a mutant only where a reuse reads them: a timeout's, its killer among them", () => {
    writeStore(join(scratch, "runs.json"), compactReport(run));
    const store = readStore(join(scratch, "runs.json"))!;
    const names = new Map(
      Object.entries(store.testFiles).flatMap(([file, { tests }]) =>
        tests.map((t) => [t.id, `${file}: ${runNames.find((name) => shortHash(name) === t.name)}`]),
      ),
    );

    expect(
      store.files["src/ok.ts"]!.mutants.map((m) => [m.status, (m.coveredBy ?? []).map((id) => names.get(id)).sort()]),
    ).toEqual([
      ["Killed", []],
      ["Killed", []],
      ["Survived", []],
      ["Timeout", ["test/ok.test.ts: accepts a 200", "test/ok.test.ts: refuses a 500"]],
    ]);
  });

  it("writes no text of a file: texts and test names by hash, a replacement's code by its place", () => {
    writeStore(join(scratch, "runs.json"), compactReport(run));
    const written = readFileSync(join(scratch, "runs.json"), "utf8");

    expect(written).not.toContain('"source"');
    for (const line of [...source.split("\n"), ...testSource.split("\n")]
      .map((l) => l.trim())
      .filter((l) => l.length > 4))
      expect(written).not.toContain(line);
    for (const name of runNames) expect(written).not.toContain(name);
    expect(written).toContain(gitId(source));
    expect(written).not.toContain("headers.get");
  });

  it("leaves out what it cannot find again, so that Stryker tests it again: a file's text, a test file's text, a test's name", () => {
    const store = compactReport(run);

    const { report, missing } = expandStore(store, {
      text: (path, blob) => (path === "src/ok.ts" || path === "test/other.test.ts" ? undefined : texts.get(blob)),
      name: (_file, hash) => (hash === shortHash("refuses a 500") ? undefined : findAll.name(_file, hash)),
    });

    expect(missing).toEqual({ files: ["src/ok.ts"], testFiles: ["test/other.test.ts"], tests: 1 });
    expect(Object.keys(report.files)).toEqual([]);
    expect(report.testFiles).toEqual({
      "test/ok.test.ts": {
        source: testSource,
        tests: [
          { id: "0", name: "accepts a 200", location: { start: { line: 1, column: 1 } } },
          { id: "0", name: "accepts a 200", location: { start: { line: 2, column: 1 } } },
        ],
      },
    });
  });

  it("reads a store of Stryker's own form (the store's form before) as the compact one", () => {
    writeFileSync(join(scratch, "stryker.json"), JSON.stringify(run));

    expect(readStore(join(scratch, "stryker.json"))).toEqual(compactReport(run));
  });

  it("needs the names of the tests that killed or covered a mutant, in a test file that still is", () => {
    const store = compactReport(run);
    const hashes = (tests: { file: string; hash: string }[]) =>
      tests.map(({ file, hash }) => `${file}: ${runNames.find((name) => shortHash(name) === hash)}`);

    expect(hashes(testsNeeded(store, () => true))).toEqual([
      "test/ok.test.ts: accepts a 200",
      "test/ok.test.ts: refuses a 500",
    ]);
    expect(testsNeeded(store, (file) => file !== "test/ok.test.ts")).toEqual([]);
  });

  it("finds a text in the working tree while it is unchanged, else in an earlier report, else in git's history", () => {
    const repo = join(scratch, "repo");
    execFileSync("git", ["init", "-q", repo]);
    writeFileSync(join(repo, "a.ts"), "one();\n");
    execFileSync("git", ["-C", repo, "add", "a.ts"]);
    execFileSync("git", [
      "-C",
      repo,
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@example.com",
      "-c",
      "commit.gpgsign=false",
      "commit",
      "-q",
      "-m",
      "one",
    ]);
    writeFileSync(join(repo, "a.ts"), "two();\n");
    const report: Report = { files: { "src/x.ts": { source: "three();\n", mutants: [] } } };

    const text = textFinder(repo, [report, undefined]);

    expect(text("a.ts", gitId("two();\n"))).toBe("two();\n");
    expect(text("a.ts", gitId("one();\n"))).toBe("one();\n");
    expect(text("a.ts", gitId("three();\n"))).toBe("three();\n");
    expect(text("a.ts", gitId("four();\n"))).toBeUndefined();
  });
});

describe("the committed mutation store (test/mutation/runs.json)", () => {
  const path = "test/mutation/runs.json";
  const written = readFileSync(path, "utf8");

  it("is under 200 KB", () => {
    expect(statSync(path).size).toBeLessThan(200 * 1024);
  });

  it("is as the store writes it", () => {
    writeStore(join(scratch, "again.json"), readStore(path)!);

    expect(readFileSync(join(scratch, "again.json"), "utf8")).toBe(written);
  });

  it("holds no text of src/: no source field, no line of a file, no string of one", () => {
    const strings: string[] = [];
    const visit = (value: unknown): void => {
      if (typeof value === "string") strings.push(value);
      else if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === "object")
        for (const [key, v] of Object.entries(value)) strings.push(key), visit(v);
    };
    visit(JSON.parse(written));
    const sources = readdirSync("src", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(ts|js)$/.test(file))
      .map((file) => readFileSync(join("src", file), "utf8"));
    expect(sources.length).toBeGreaterThan(20);
    const lines = sources.flatMap((text) =>
      text
        .split("\n")
        .map((line) => line.trim())
        // longer than the replacements the store keeps as they are (up to 20 characters)
        .filter((line) => line.length > 20),
    );

    expect(strings).not.toContain("source");
    // a replacement of up to 20 characters is kept as it is (`value === undefined`)
    // a file's own path is its key, which a comment of another file may name; a mutator's name is
    // Stryker's word, which a comment marking an equivalent mutant names (`Stryker disable next-line`)
    const paths = (s: string) => /^(src|test)\/[\w/.-]+\.(ts|js)$/.test(s);
    const mutators = new Set<string>(JSON.parse(written).mutators);
    expect(
      strings.filter((s) => s.length > 20 && !paths(s) && !mutators.has(s) && sources.some((text) => text.includes(s))),
    ).toEqual([]);
    expect(lines.filter((line) => strings.some((s) => s.includes(line)))).toEqual([]);
  });
});
