#!/usr/bin/env node
// Fails when the spec changed since its last release without the info.version bump the change needs.
// Compares the spec bundled from openapi/ (its $refs kept, as generated/openapi.json) with the newest
// openapi/released/<version>.json (0.1.0.json is dereferenced; later releases keep their $refs).
//   node scripts/breaking-changes.mjs                    check (npm run lint:breaking)
//   node scripts/breaking-changes.mjs --release          record the current spec as openapi/released/<info.version>.json
//   node scripts/breaking-changes.mjs --config <file>    use another redocly.yaml (its api root and the released/ next to it)
// The comparison and the rating: scripts/lib/spec/changes.mjs; the version bump: scripts/lib/spec/versions.mjs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { bundleSpec } from "./lib/generate/render.mjs";
import { isMain, root } from "./lib/shared/paths.mjs";
import { compareSpecs } from "./lib/spec/changes.mjs";
import { checkVersion, newestRelease, parse } from "./lib/spec/versions.mjs";

const NAME = "lint:breaking";

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { release: { type: "boolean", default: false }, config: { type: "string" } } }));
  } catch (err) {
    throw new Error(
      `${err instanceof Error ? err.message : err}; usage: breaking-changes.mjs [--release] [--config redocly.yaml]`,
    );
  }
  const release = values.release;
  const config = values.config ? resolve(values.config) : join(root, "redocly.yaml");
  const here = process.cwd();

  const { spec, file } = await bundleSpec(config);
  const version = spec.info?.version;
  parse(version);
  const releasedDir = join(dirname(file), "released");
  console.log(`${NAME}: bundled ${relative(here, file)}, info.version ${version}`);

  const last = newestRelease(releasedDir);
  if (last) {
    const released = JSON.parse(readFileSync(last.file, "utf8"));
    if (released.info?.version !== last.version)
      throw new Error(
        `${relative(here, last.file)} says info.version ${released.info?.version}; released files are never edited`,
      );
    console.log(`${NAME}: comparing with ${relative(here, last.file)}`);
    const changes = await compareSpecs(released, spec);
    for (const c of changes)
      console.log(`${NAME}:   ${c.breaking ? "breaking    " : "non-breaking"} ${c.pointer} ${c.what}`);
    const verdict = checkVersion(last.version, version, changes);
    if (!verdict.ok) {
      console.error(`${NAME}: ${verdict.message}`);
      console.error(
        `${NAME}: bump info.version in openapi/openapi.yaml, run \`npm run generate\` and note the change in CHANGELOG.md.`,
      );
      process.exit(1);
    }
    console.log(`${NAME}: ${verdict.message}`);
  } else if (!release) {
    throw new Error(
      `no release in ${relative(here, releasedDir)}/; record one with \`node scripts/breaking-changes.mjs --release\``,
    );
  }

  if (release) {
    const target = join(releasedDir, `${version}.json`);
    if (existsSync(target))
      throw new Error(`${relative(here, target)} exists; a release is never overwritten, bump info.version first`);
    mkdirSync(releasedDir, { recursive: true });
    writeFileSync(target, `${JSON.stringify(spec, null, 2)}\n`);
    console.log(`${NAME}: wrote ${relative(here, target)} (release ${version})`);
  }
}

if (isMain(import.meta.url)) {
  main().catch((err) => {
    console.error(`${NAME}: ${err.message}`);
    process.exit(1);
  });
}
