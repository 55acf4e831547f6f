// Spec changes: every difference between a released spec and the current one, rated for a client
// of the API; the version bump they need is versions.mjs's. The comparison is `redocly diff`
// (experimental, a child process) with its diff-recommended rules, each change then rated by the
// project's own rules (change-rules.mjs): what `redocly diff` rates lower than this API's typed
// client feels (a renamed path parameter, a removed schema), and client annotations, which need no bump.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { toolEnv } from "../shared/env.mjs";
import { root } from "../shared/paths.mjs";
import { NAMED_PATH, namedComponentChanges, toChange } from "./change-rules.mjs";

/** @typedef {import("./change-rules.mjs").Change} Change */
/** @typedef {import("./change-rules.mjs").DiffChange} DiffChange */

// the project's redocly.yaml turns on no diff rule, and then `redocly diff` rates nothing as breaking
const DIFF_CONFIG = "extends:\n  - diff-recommended\n";

/**
 * Compares two bundled OpenAPI documents and rates every difference for a client of the API. Either
 * document may be dereferenced (as 0.1.0 was released) or keep its `$ref`s into its own
 * `#/components/...` (as bundleSpec() returns it and later releases hold it), recursive schemas
 * included. A component is rated where operations use it: as a request or a response.
 * `info.version` itself is not a difference.
 * @param {Record<string, unknown>} released the older document, e.g. openapi/released/0.1.0.json parsed
 * @param {Record<string, unknown>} current the newer document, e.g. bundleSpec()'s
 * @returns {Promise<Change[]>} one entry per difference (identical lines once), in the order `redocly diff`
 * reports them, then the named components added, removed or edited
 * @example
 * const changes = await compareSpecs(released, (await bundleSpec()).spec);
 * const breaking = changes.filter((c) => c.breaking);
 */
export async function compareSpecs(released, current) {
  const dir = mkdtempSync(join(tmpdir(), "breaking-changes-"));
  try {
    writeFileSync(join(dir, "redocly.yaml"), DIFF_CONFIG);
    writeFileSync(join(dir, "released.json"), asJson(released, "the released spec"));
    writeFileSync(join(dir, "current.json"), asJson(current, "the current spec"));
    const args = [
      "diff",
      "released.json",
      "current.json",
      "--config",
      "redocly.yaml",
      "--format=json",
      "--fail-on",
      "none",
    ];
    const env = toolEnv();
    let stdout;
    try {
      ({ stdout } = await promisify(execFile)(join(root, "node_modules/.bin/redocly"), args, {
        cwd: dir,
        env,
        maxBuffer: 256 * 1024 * 1024,
      }));
    } catch (err) {
      const failed = /** @type {{ stderr?: string, message?: string }} */ (
        typeof err === "object" && err !== null ? err : {}
      );
      throw new Error(
        `redocly diff failed: ${String(failed.stderr ?? failed.message ?? err)
          .replace(/^.*[║╔╚].*\n/gm, "")
          .trim()}`,
      );
    }
    const report = JSON.parse(stdout.slice(stdout.indexOf("{")));
    if (report.reportVersion !== "1" || !Array.isArray(report.changes))
      throw new Error(`redocly diff: unknown report format ${report.reportVersion}`);
    // the shape reportVersion 1 gives its changes
    const changes = /** @type {DiffChange[]} */ (report.changes)
      .filter((c) => !(c.path === "#/info" && c.property === "version"))
      .filter((c) => !NAMED_PATH.test(c.path))
      .map(toChange);
    return unique([...changes, ...namedComponentChanges(released, current)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The document as JSON text; a dereferenced recursive schema is a cycle that JSON cannot hold.
 * @param {unknown} doc
 * @param {string} label
 */
function asJson(doc, label) {
  try {
    return JSON.stringify(doc, null, 2);
  } catch (err) {
    throw new Error(
      `${label} cannot be written as JSON (${String(err instanceof Error ? err.message : err).split("\n")[0]}); bundle it with its $refs kept, as bundleSpec() does`,
    );
  }
}

/**
 * The changes, each identical line once: a dereferenced release pairs every copy of a component with the one component.
 * @param {Change[]} changes
 */
function unique(changes) {
  const seen = new Set();
  return changes.filter((c) => {
    const key = JSON.stringify([c.pointer, c.kind, c.what, c.impact, c.breaking]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
