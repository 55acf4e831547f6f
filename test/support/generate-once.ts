import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";
import { root } from "../../scripts/lib/shared/paths.mjs";

/** What `npm run generate` writes into a copy of the project (the README's reference only when it has one). */
const OUTPUTS = ["generated", "README.md"];
/** Generated copies kept: the test files that generate do so from two or three distinct inputs. */
const KEEP = 6;
const CACHE = join(root, "node_modules/.cache/generate-once");

/**
 * Runs `scripts/generate.mjs` in the project copy at `dir`, or, when a copy with the same bytes
 * was generated before (by another test file, or by the previous mutant of a mutation run),
 * copies what that run wrote. The key is every file of the copy but node_modules, the lockfile
 * and the Node version: generation reads nothing else. A mutation run instruments src/ once, and
 * its mutants are switched on in the test process, never in this child, so they share one entry.
 *
 * @example generateOnce(copy.dir); // then read copy.dir/generated/openapi.json
 */
export function generateOnce(dir: string): void {
  const key = treeHash(dir);
  const entry = join(CACHE, key);
  if (!existsSync(entry)) {
    execFileSync(process.execPath, ["scripts/generate.mjs"], {
      cwd: dir,
      env: toolEnv(),
      encoding: "utf8",
      maxBuffer: 64 << 20,
    });
    store(dir, entry);
    return;
  }
  for (const output of OUTPUTS) {
    if (!existsSync(join(entry, output))) continue;
    rmSync(join(dir, output), { recursive: true, force: true });
    cpSync(join(entry, output), join(dir, output), { recursive: true });
  }
}

function treeHash(dir: string): string {
  const hash = createHash("sha256")
    .update(process.version)
    .update(readFileSync(join(root, "package-lock.json")));
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f !== "node_modules" && !f.startsWith("node_modules/"))
    .sort();
  for (const file of files) {
    const path = join(dir, file);
    if (!statSync(path).isFile()) continue;
    hash.update(`\0${file}\0`).update(readFileSync(path));
  }
  return hash.digest("hex").slice(0, 32);
}

/** Keeps `dir`'s outputs as `entry`, whole or not at all (two files may store the same key at once). */
function store(dir: string, entry: string): void {
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(join(CACHE, "staging-"));
  for (const output of OUTPUTS)
    if (existsSync(join(dir, output))) cpSync(join(dir, output), join(staging, output), { recursive: true });
  try {
    renameSync(staging, entry);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  const entries = readdirSync(CACHE)
    .filter((name) => !name.startsWith("staging-"))
    .map((name) => ({ name, at: statSync(join(CACHE, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { name } of entries.slice(KEEP)) rmSync(join(CACHE, name), { recursive: true, force: true });
}
