// npm test's style stage (scripts/test.sh style: Biome over the tree, biome.jsonc) on a copy of the
// project's code: it passes as the tree is, and fails on a file laid out otherwise or on a lint finding.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";

const copy = copyRepo({ entries: ["biome.jsonc", ".gitignore", "package.json", "scripts", "src"], prefix: "style-" });
afterAll(() => copy.remove());

/** The style stage in the copy: its exit status and what it printed, colours left out. */
function style(): { status: number | null; output: string } {
  const run = spawnSync("bash", ["scripts/test.sh", "style"], {
    cwd: copy.dir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the style stage", () => {
  it("passes on the project's code as it is", () => {
    const { status, output } = style();

    expect(output).toContain("test: style passed");
    expect(status).toBe(0);
  });

  it("fails on a file whose layout is not the formatter's, naming it", () => {
    writeFileSync(join(copy.dir, "src/laid-out.ts"), "export const limits = {max:1}\n");

    const { status, output } = style();

    expect(status).not.toBe(0);
    expect(output).toMatch(/src\/laid-out\.ts\s+format/);
  });

  it("fails on a lint finding in a file the formatter accepts", () => {
    writeFileSync(join(copy.dir, "src/laid-out.ts"), "export const limits = { max: 1 };\n");
    writeFileSync(
      join(copy.dir, "src/linted.ts"),
      "export function twice(n: number): number {\n  let doubled = n * 2;\n  return doubled;\n}\n",
    );

    const { status, output } = style();

    expect(status).not.toBe(0);
    expect(output).toContain("lint/style/useConst");
    expect(output).not.toContain("laid-out.ts");
  });
});
