// A throwaway copy of the checkout, node_modules linked, for runs that must not write this one
// (the benchmark, the dev and growth tests).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { root } from "./paths.mjs";

/** Folders a whole copy leaves out: installed, versioned elsewhere, or written by runs. */
const SKIP = new Set(["node_modules", ".git", "site", "dist", ".logs", "test-results"]);

/**
 * The redocly.yaml of a copy whose openapi/ holds a document of the pipeline's own (a fixture, the
 * synthetic spec), written to this project's house rules: its root file and lint/house.yaml, whatever
 * the checkout's redocly.yaml says (a team's points at its own document, with its own profile).
 * @param {string} [file] the root file, relative to openapi/; default openapi.yaml
 */
export function fixtureConfig(file = "openapi.yaml") {
  return `# a copy of the project for a document of the pipeline's own (scripts/lib/shared/repo-copy.mjs)
apis:
  fixture:
    root: ./openapi/${file}
    x-openapi-ts:
      output: ./generated/schema.d.ts
extends:
  - ./lint/house.yaml
`;
}

/**
 * The names of a copy made for a document of the pipeline's own (package.json's `name` and `client`):
 * names of its own, so that what is generated there names neither this project nor a team's, and a
 * test's expected names hold whatever the checkout's package.json says.
 */
export const FIXTURE_PACKAGE = {
  name: "fixture-client",
  client: { displayName: "Fixture", envPrefix: "FIXTURE", userAgent: "fixture-client/{version}" },
};

/**
 * Copies `entries` of the checkout at `from` (everything but {@link SKIP} when omitted) into a new
 * temp dir and links `from`'s node_modules there. `remove()` deletes the copy.
 * @param {{ entries?: string[], from?: string, prefix?: string, document?: string }} [options] `from`
 * default this checkout, `prefix` default "repo-copy-"; `document`: a folder (a fixture) whose
 * openapi.yaml stands as the copy's document in place of the checkout's, with {@link fixtureConfig}
 * as its redocly.yaml (lint/ copied for it) and {@link FIXTURE_PACKAGE}'s names in its package.json,
 * so that the copy runs and names the same whatever openapi/ and package.json hold here
 * @returns {{ dir: string, remove: () => void }}
 * @example
 * const { dir, remove } = copyRepo({ entries: ["openapi", "redocly.yaml", "scripts", "package.json"] });
 */
export function copyRepo({ entries, from = root, prefix = "repo-copy-", document } = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (entries) {
    for (const entry of document ? [...entries, "lint"] : entries)
      if (existsSync(resolve(from, entry))) cpSync(resolve(from, entry), join(dir, entry), { recursive: true });
  } else {
    cpSync(from, dir, { recursive: true, filter: (src) => !SKIP.has(src.slice(from.length + 1).split("/")[0]) });
  }
  if (document) {
    rmSync(join(dir, "openapi"), { recursive: true, force: true });
    cpSync(document, join(dir, "openapi"), { recursive: true });
    writeFileSync(join(dir, "redocly.yaml"), fixtureConfig());
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { client: _, ...pkg } = JSON.parse(readFileSync(manifest, "utf8"));
      writeFileSync(manifest, `${JSON.stringify({ ...pkg, ...FIXTURE_PACKAGE }, null, 2)}\n`);
    }
  }
  symlinkSync(resolve(from, "node_modules"), join(dir, "node_modules"), "dir");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
