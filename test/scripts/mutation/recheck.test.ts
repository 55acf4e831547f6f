// Mutants Stryker reported as survivors, tested again without it: what is written into the tree and
// run, in which order, and the verdicts that come back. The workspace is in memory; the oracle is what the
// recheck wrote and ran, and the verdicts, as literals.
import { describe, expect, it } from "vitest";
import { mutated, recheckSurvivors } from "../../../scripts/lib/mutation/recheck.mjs";

const SOURCE = "export const a = (x) => x > 1;\nexport const b = (y) => y && 2;\n";
const at = (line: number, start: number, end: number) => ({
  start: { line, column: start },
  end: { line, column: end },
});
const mutant = (id: string, status: string, fields: Record<string, unknown>) => ({
  id,
  mutatorName: "ConditionalExpression",
  status,
  location: at(1, 25, 30),
  replacement: "false",
  ...fields,
});
const report = (mutants: ReturnType<typeof mutant>[], source = SOURCE, file = "src/a.ts") => ({
  files: { [file]: { language: "typescript", source, mutants } },
  testFiles: {
    "test/a.test.ts": { tests: [{ id: "t1", name: "a reads x" }] },
    "test/b.test.ts": { tests: [{ id: "t2", name: "b reads y" }] },
  },
});

/** A workspace of one file, recording each text written and each run, whose runs fail as `outcome` says. */
function workspace(outcome: (text: string, files: string[]) => { file: string; name: string }[] | "timeout") {
  const texts = new Map([
    ["src/a.ts", SOURCE],
    ["src/c.ts", SOURCE],
  ]);
  const runs: { files: string[]; text: string }[] = [];
  return {
    texts,
    runs,
    read: (file: string) => texts.get(file)!,
    write: (file: string, text: string) => void texts.set(file, text),
    failing: async (files: string[]) => {
      const text = [...texts.values()].find((t) => t !== SOURCE) ?? SOURCE;
      runs.push({ files, text });
      return outcome(text, files);
    },
  };
}

describe("a mutant written into its file", () => {
  it("replaces the code its location spans, on one line or across lines", () => {
    expect(mutated(SOURCE, { location: at(1, 25, 30), replacement: "false" })).toBe(
      "export const a = (x) => false;\nexport const b = (y) => y && 2;\n",
    );
    expect(
      mutated(SOURCE, { location: { start: { line: 1, column: 25 }, end: { line: 2, column: 31 } }, replacement: "0" }),
    ).toBe("export const a = (x) => 0;\n");
  });
});

const MUTATED = "export const a = (x) => false;\nexport const b = (y) => y && 2;\n";
const A_FAILS = { file: "test/a.test.ts", name: "a reads x" };
const B_FAILS = { file: "test/b.test.ts", name: "b reads y" };

describe("a recheck of survivors", () => {
  it("runs a survivor's covering test files with it written in, puts the file back, and takes the failing tests as its killers", async () => {
    const ws = workspace((text, files) => (text === MUTATED && files.includes("test/a.test.ts") ? [A_FAILS] : []));
    const run = report([
      mutant("0", "Survived", { static: false, coveredBy: ["t1"] }),
      mutant("1", "Killed", { static: true, killedBy: ["t2"] }),
      mutant("2", "NoCoverage", { static: false }),
    ]);

    const { report: checked, rechecked, detected } = await recheckSurvivors(run, ws);

    expect([rechecked, detected]).toEqual([1, 1]);
    expect(ws.runs).toEqual([{ files: ["test/a.test.ts"], text: MUTATED }]);
    expect(ws.texts.get("src/a.ts")).toBe(SOURCE);
    expect(checked.files["src/a.ts"]!.mutants.map((m) => [m.id, m.status, m.killedBy])).toEqual([
      ["0", "Killed", ["t1"]],
      ["1", "Killed", ["t2"]],
      ["2", "NoCoverage", undefined],
    ]);
  });

  it("runs a static survivor with every other test file once its covering ones pass, and stops at the first that fails", async () => {
    const ws = workspace((text, files) => (text === MUTATED && files.includes("test/a.test.ts") ? [A_FAILS] : []));

    const { report: checked } = await recheckSurvivors(
      report(
        [
          mutant("0", "Survived", { static: true, coveredBy: ["t2"] }),
          mutant("1", "Survived", { static: true, coveredBy: ["t1"] }),
        ],
        SOURCE,
        "src/c.ts",
      ),
      ws,
    );

    expect(ws.runs.map((r) => r.files)).toEqual([["test/b.test.ts"], ["test/a.test.ts"], ["test/a.test.ts"]]);
    expect(ws.texts.get("src/c.ts")).toBe(SOURCE);
    expect(checked.files["src/c.ts"]!.mutants.map((m) => [m.status, m.killedBy])).toEqual([
      ["Killed", ["t1"]],
      ["Killed", ["t1"]],
    ]);
  });

  it("runs a survivor that is not static with its covering files and its file's own test file only", async () => {
    const ws = workspace(() => []);

    const { report: checked, detected } = await recheckSurvivors(
      report([
        mutant("0", "Survived", { static: false, coveredBy: ["t2"] }),
        mutant("1", "Survived", { static: false }),
      ]),
      ws,
    );

    expect(ws.runs.map((r) => r.files)).toEqual([["test/a.test.ts", "test/b.test.ts"], ["test/a.test.ts"]]);
    expect(detected).toBe(0);
    expect(checked.files["src/a.ts"]!.mutants.map((m) => m.status)).toEqual(["Survived", "Survived"]);
  });

  it("runs a static mutant Stryker left out (--skip-static), and leaves one ignored otherwise as it is", async () => {
    const ws = workspace((text, files) => (text === MUTATED && files.includes("test/b.test.ts") ? [B_FAILS] : []));
    const reason = { static: true, statusReason: 'Static mutant (and "ignoreStatic" was enabled)' };

    const { report: checked, rechecked } = await recheckSurvivors(
      report([
        mutant("0", "Ignored", reason),
        mutant("1", "Ignored", { static: false, statusReason: "Ignored because of excluded mutation" }),
        mutant("2", "Ignored", { ...reason, location: at(2, 25, 31), replacement: "y" }),
      ]),
      ws,
    );

    expect(rechecked).toBe(2);
    expect(ws.runs).toEqual([
      { files: ["test/a.test.ts"], text: MUTATED },
      { files: ["test/b.test.ts"], text: MUTATED },
      { files: ["test/a.test.ts"], text: "export const a = (x) => x > 1;\nexport const b = (y) => y;\n" },
      { files: ["test/b.test.ts"], text: "export const a = (x) => x > 1;\nexport const b = (y) => y;\n" },
    ]);
    expect(
      checked.files["src/a.ts"]!.mutants.map(({ id, status, killedBy, statusReason }) => [
        id,
        status,
        killedBy,
        statusReason,
      ]),
    ).toEqual([
      ["0", "Killed", ["t2"], undefined],
      ["1", "Ignored", undefined, "Ignored because of excluded mutation"],
      ["2", "Survived", undefined, undefined],
    ]);
  });

  it("keeps a static survivor no test covers a survivor when no test file fails, and leaves one of no test file alone", async () => {
    const ws = workspace(() => []);

    const { report: checked, rechecked } = await recheckSurvivors(
      report(
        [mutant("0", "Survived", { static: true }), mutant("1", "Survived", { static: false })],
        SOURCE,
        "src/c.ts",
      ),
      ws,
    );

    expect(ws.runs.map((r) => r.files)).toEqual([["test/a.test.ts", "test/b.test.ts"]]);
    expect(rechecked).toBe(1);
    expect(checked.files["src/c.ts"]!.mutants.map((m) => m.status)).toEqual(["Survived", "Survived"]);
  });

  it("counts a run that hangs as a timeout, and a failure the report names no test of as killed by the covering tests", async () => {
    const hangs = workspace(() => "timeout");
    const unnamed = workspace(() => [{ file: "", name: "" }]);
    const one = () => report([mutant("0", "Survived", { static: true, coveredBy: ["t2"] })]);

    const [timedOut, killed] = [await recheckSurvivors(one(), hangs), await recheckSurvivors(one(), unnamed)];

    expect(timedOut.report.files["src/a.ts"]!.mutants[0]!.status).toBe("Timeout");
    expect(killed.report.files["src/a.ts"]!.mutants[0]).toMatchObject({ status: "Killed", killedBy: ["t2"] });
    expect([hangs.texts.get("src/a.ts"), unnamed.texts.get("src/a.ts")]).toEqual([SOURCE, SOURCE]);
  });

  it("puts the file back when a run throws, and leaves a file whose text changed since the run as reported", async () => {
    const throws = workspace(() => {
      throw new Error("vitest could not start");
    });
    await expect(
      recheckSurvivors(report([mutant("0", "Survived", { static: true, coveredBy: ["t1"] })]), throws),
    ).rejects.toThrow("vitest could not start");
    expect(throws.texts.get("src/a.ts")).toBe(SOURCE);

    const changed = workspace(() => [{ file: "test/a.test.ts", name: "a reads x" }]);
    const stale = report([mutant("0", "Survived", { static: true, coveredBy: ["t1"] })], "export const a = 1;\n");
    const { report: checked, rechecked } = await recheckSurvivors(stale, changed);
    expect([rechecked, changed.runs.length, checked.files["src/a.ts"]!.mutants[0]!.status]).toEqual([0, 0, "Survived"]);
  });
});
