// What an interrupted benchmark undoes: temp copies and child processes, on SIGINT or SIGTERM.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyRepo } from "../lib/shared/repo-copy.mjs";

const cleanups = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    for (const undo of cleanups) {
      try {
        undo();
      } catch {}
    }
    process.exit(130);
  });
}

/**
 * Registers `undo` to run if the benchmark is interrupted; returns a function that unregisters it.
 * @param {() => void} undo
 */
export function onInterrupt(undo) {
  cleanups.add(undo);
  return () => cleanups.delete(undo);
}

/**
 * A fresh temp dir, removed by `remove()` or when the run is interrupted.
 * @param {string} prefix
 * @returns {{ dir: string, remove: () => void }}
 */
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => {
    rmSync(dir, { recursive: true, force: true });
    cleanups.delete(remove);
  };
  cleanups.add(remove);
  return { dir, remove };
}

/**
 * A copy of the checkout (see copyRepo), removed by `remove()` or when the run is interrupted.
 * @param {{ entries?: string[], from?: string, document?: string }} [options]
 * @returns {{ dir: string, remove: () => void }}
 */
export function benchCopy(options = {}) {
  const copy = copyRepo({ ...options, prefix: "bench-repo-" });
  const remove = () => {
    copy.remove();
    cleanups.delete(remove);
  };
  cleanups.add(remove);
  return { dir: copy.dir, remove };
}
