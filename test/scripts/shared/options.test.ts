// Every command that takes options reads them through one function (scripts/lib/shared/options.mjs):
// `--help` prints its usage line and exits 0 before it does anything; an argument it does not know
// is refused with that usage line, and nothing runs.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
// the commands that read their arguments through parseOptions, read from their own text
const commands = readdirSync(join(root, "scripts"))
  .filter((file) => file.endsWith(".mjs"))
  .filter((file) => /\bparseOptions\(/.test(readFileSync(join(root, "scripts", file), "utf8")))
  .sort();

const run = (file: string, arg: string) =>
  spawnSync(process.execPath, [join("scripts", file), arg], { cwd: root, encoding: "utf8", timeout: 60_000 });

describe("the commands' arguments", () => {
  it("are read through parseOptions by every command that takes options", () => {
    // the commands named in package.json's scripts that take flags
    for (const file of ["bench.mjs", "breaking-changes.mjs", "bundle-size.mjs", "dev.mjs", "generate.mjs", "init.mjs"])
      expect(commands).toContain(file);
  });

  it.each(commands)("%s prints its usage on --help and exits 0", (file) => {
    const { status, stdout } = run(file, "--help");

    expect(status).toBe(0);
    // the command by its file, or by the npm script that runs it
    expect(stdout).toMatch(
      new RegExp(`^usage: (node scripts/${file.replace(".", "\\.")}|npm run ${file.slice(0, -4)})(?![\\w./-])`),
    );
  });

  it.each(commands)("%s refuses an unknown argument with its usage, and fails", (file) => {
    const { status, stderr } = run(file, "--no-such-option");

    expect(status).not.toBe(0);
    expect(stderr).toContain("--no-such-option");
    expect(stderr).toMatch(
      new RegExp(`usage: (node scripts/${file.replace(".", "\\.")}|npm run ${file.slice(0, -4)})(?![\\w./-])`),
    );
  });
});
