// A throwaway copy of the checkout, node_modules linked, for runs that must not write this one
// (the benchmark, the dev and growth tests).
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { root } from "./paths.mjs";

/** Folders a whole copy leaves out: installed, versioned elsewhere, or written by runs. */
const SKIP = new Set(["node_modules", ".git", "site", "dist", ".logs", "test-results"]);

/**
 * Copies `entries` of the checkout at `from` (everything but {@link SKIP} when omitted) into a new
 * temp dir and links `from`'s node_modules there. `remove()` deletes the copy.
 * @param {{ entries?: string[], from?: string, prefix?: string }} [options] `from` default this
 * checkout, `prefix` default "repo-copy-"
 * @returns {{ dir: string, remove: () => void }}
 * @example
 * const { dir, remove } = copyRepo({ entries: ["openapi", "redocly.yaml", "scripts", "package.json"] });
 */
export function copyRepo({ entries, from = root, prefix = "repo-copy-" } = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (entries) {
    for (const entry of entries)
      if (existsSync(resolve(from, entry))) cpSync(resolve(from, entry), join(dir, entry), { recursive: true });
  } else {
    cpSync(from, dir, { recursive: true, filter: (src) => !SKIP.has(src.slice(from.length + 1).split("/")[0]) });
  }
  symlinkSync(resolve(from, "node_modules"), join(dir, "node_modules"), "dir");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
