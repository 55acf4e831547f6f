import { describe, expect, it } from "vitest";
import { testName, testPlaces } from "../../../scripts/lib/mutation/test-runner.mjs";

type Task = Parameters<typeof testName>[0];

// vitest's tasks of one file, as includeTaskLocation leaves them (1-based places); a top-level
// describe or test has no suite: the file holds them in its tasks
const file: Task & { tasks: Task[] } = {
  name: "test/a.test.ts",
  type: "suite",
  file: { filepath: "/repo/test/a.test.ts" },
  tasks: [],
};
const suite: Task & { tasks: Task[] } = {
  name: "the transport",
  type: "suite",
  file: file.file!,
  tasks: [],
  location: { line: 3, column: 1 },
};
const inner: Task = { name: "retries a GET", type: "test", suite, file: file.file!, location: { line: 4, column: 3 } };
const unplaced: Task = { name: "reads b", type: "test", file: file.file! };
suite.tasks.push(inner);
file.tasks.push(suite, unplaced);

describe("Stryker's vitest runner, told where each test starts (scripts/lib/mutation/test-runner.mjs)", () => {
  it("names a test as Stryker's runner does: its suites' names and its own, by spaces", () => {
    expect(testName(inner)).toBe("the transport retries a GET");
    expect(testName(unplaced)).toBe("reads b");
  });

  it("places each test that has a place, 0-based, by its file and name", () => {
    expect([...testPlaces([file])]).toEqual([
      ["/repo/test/a.test.ts#the transport retries a GET", { line: 3, column: 2 }],
    ]);
  });
});
