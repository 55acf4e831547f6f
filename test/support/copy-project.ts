import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout these tests run in. */
export const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

// what a checkout holds besides its own files
const NOT_PROJECT = new Set([".git", "node_modules", "dist", "site", "test-results", ".logs"]);

/** The project's files, relative: tracked and new ones from git, or the tree itself where there is no git. */
function projectFiles(): string[] {
  try {
    return execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .split("\0")
      .filter((file) => file && !NOT_PROJECT.has(file.split("/")[0]!));
  } catch {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)))
      .filter((file) => !NOT_PROJECT.has(file.split("/")[0]!));
  }
}

/**
 * Copies the project into a new folder under the system's temp folder (`prefix` starts its name),
 * `node_modules` linked rather than copied; `include` picks which of its files go.
 */
export function copyProject(prefix: string, include: (file: string) => boolean = () => true): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  for (const file of projectFiles().filter(include)) {
    try {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(root, file), join(copy, file));
    } catch {
      // a file deleted in the work tree but not yet in the index
    }
  }
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
  return copy;
}
