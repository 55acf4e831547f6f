// Static mutants Stryker reported as survivors, tested again without it: what is written into the
// tree and run, and the verdicts that come back. The workspace is in memory; the oracle is what the
// recheck wrote and ran, and the verdicts, as literals.
import { describe, expect, it } from "vitest";
import { mutated, recheckStaticSurvivors } from "../../../scripts/lib/mutation/recheck.mjs";

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
const report = (mutants: ReturnType<typeof mutant>[], source = SOURCE) => ({
  files: { "src/a.ts": { language: "typescript", source, mutants } },
  testFiles: {
    "test/a.test.ts": { tests: [{ id: "t1", name: "a reads x" }] },
    "test/b.test.ts": { tests: [{ id: "t2", name: "b reads y" }] },
  },
});

/** A workspace of one file, recording each text written and each run, whose runs fail as `outcome` says. */
function workspace(outcome: (text: string) => { file: string; name: string }[] | "timeout") {
  const texts = new Map([["src/a.ts", SOURCE]]);
  const runs: { files: string[]; text: string }[] = [];
  return {
    texts,
    runs,
    read: (file: string) => texts.get(file)!,
    write: (file: string, text: string) => void texts.set(file, text),
    failing: async (files: string[]) => {
      runs.push({ files, text: texts.get("src/a.ts")! });
      return outcome(texts.get("src/a.ts")!);
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

describe("a recheck of static survivors", () => {
  it("runs every test file with each static survivor written in, puts the file back, and takes the failing tests as its killers", async () => {
    const ws = workspace((text) => (text.includes("=> false") ? [{ file: "test/a.test.ts", name: "a reads x" }] : []));
    const run = report([
      mutant("0", "Survived", { static: true, coveredBy: ["t1"] }),
      mutant("1", "Survived", { static: false, coveredBy: ["t1"] }),
      mutant("2", "Killed", { static: true, killedBy: ["t2"] }),
    ]);

    const { report: checked, rechecked, detected } = await recheckStaticSurvivors(run, ws);

    expect([rechecked, detected]).toEqual([1, 1]);
    expect(ws.runs).toEqual([
      {
        files: ["test/a.test.ts", "test/b.test.ts"],
        text: "export const a = (x) => false;\nexport const b = (y) => y && 2;\n",
      },
    ]);
    expect(ws.texts.get("src/a.ts")).toBe(SOURCE);
    expect(checked.files["src/a.ts"]!.mutants.map((m) => [m.id, m.status, m.killedBy])).toEqual([
      ["0", "Killed", ["t1"]],
      ["1", "Survived", undefined],
      ["2", "Killed", ["t2"]],
    ]);
  });

  it("keeps a survivor no test covers a survivor when no test file fails", async () => {
    const ws = workspace(() => []);

    const { report: checked, detected } = await recheckStaticSurvivors(
      report([mutant("0", "Survived", { static: true })]),
      ws,
    );

    expect(ws.runs.map((r) => r.files)).toEqual([["test/a.test.ts", "test/b.test.ts"]]);
    expect(detected).toBe(0);
    expect(checked.files["src/a.ts"]!.mutants[0]!.status).toBe("Survived");
  });

  it("counts a run that hangs as a timeout, and a failure the report names no test of as killed by the covering tests", async () => {
    const hangs = workspace(() => "timeout");
    const unnamed = workspace(() => [{ file: "", name: "" }]);
    const one = () => report([mutant("0", "Survived", { static: true, coveredBy: ["t2"] })]);

    const [timedOut, killed] = [
      await recheckStaticSurvivors(one(), hangs),
      await recheckStaticSurvivors(one(), unnamed),
    ];

    expect(timedOut.report.files["src/a.ts"]!.mutants[0]!.status).toBe("Timeout");
    expect(killed.report.files["src/a.ts"]!.mutants[0]).toMatchObject({ status: "Killed", killedBy: ["t2"] });
    expect([hangs.texts.get("src/a.ts"), unnamed.texts.get("src/a.ts")]).toEqual([SOURCE, SOURCE]);
  });

  it("puts the file back when a run throws, and leaves a file whose text changed since the run as reported", async () => {
    const throws = workspace(() => {
      throw new Error("vitest could not start");
    });
    await expect(
      recheckStaticSurvivors(report([mutant("0", "Survived", { static: true, coveredBy: ["t1"] })]), throws),
    ).rejects.toThrow("vitest could not start");
    expect(throws.texts.get("src/a.ts")).toBe(SOURCE);

    const changed = workspace(() => [{ file: "test/a.test.ts", name: "a reads x" }]);
    const stale = report([mutant("0", "Survived", { static: true, coveredBy: ["t1"] })], "export const a = 1;\n");
    const { report: checked, rechecked } = await recheckStaticSurvivors(stale, changed);
    expect([rechecked, changed.runs.length, checked.files["src/a.ts"]!.mutants[0]!.status]).toEqual([0, 0, "Survived"]);
  });
});
