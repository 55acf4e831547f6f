// A throwaway copy of the project whose openapi/ is the synthetic spec at a given size (the real
// service's lists, streams, uploads and defects), generated: for the sections that measure the
// client at the service's full size.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toolEnv } from "../lib/shared/env.mjs";
import { writeSyntheticSpec } from "../synthetic-spec.mjs";
import { benchCopy } from "./cleanup.mjs";

/**
 * Copies the project, writes the synthetic spec of `operations` operations into the copy's
 * openapi/ and runs `generate` there. The copy is removed with `remove()`, or at exit.
 * @param {number} operations at least the project's own
 * @returns {{ dir: string, remove: () => void }}
 * @example
 * const copy = syntheticProject(133); // copy.dir/generated/ holds the 133-operation client
 */
export function syntheticProject(operations) {
  const spec = mkdtempSync(join(tmpdir(), "bench-synthetic-"));
  writeSyntheticSpec(join(spec, "openapi"), { operations });
  // the synthetic spec with the house profile and the fixture's names, whatever this checkout holds
  const copy = benchCopy({
    entries: ["src", "scripts", "package.json", "redocly.yaml", "lint", "tsconfig.json"],
    document: join(spec, "openapi"),
  });
  rmSync(spec, { recursive: true, force: true });
  try {
    execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: copy.dir, env: toolEnv(), stdio: "ignore" });
  } catch (err) {
    copy.remove();
    throw err;
  }
  return copy;
}
