#!/usr/bin/env node
// Generates everything in generated/ from openapi/, as redocly.yaml's `apis` say
// (scripts/lib/generate/render.mjs renders it; this writes or checks it).
//   node scripts/generate.mjs          write generated/
//   node scripts/generate.mjs --check  write nothing; exit 1 when generated/ is stale
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { changed, renderWithReport, reportLines } from "./lib/generate/render.mjs";
import { root } from "./lib/shared/paths.mjs";
import { parseOptions } from "./lib/shared/options.mjs";

async function main() {
  const { values } = parseOptions("usage: node scripts/generate.mjs [--check]", {
    options: { check: { type: "boolean", default: false } },
  });
  const started = performance.now();
  const { files, report } = await renderWithReport();
  for (const line of reportLines(report)) console.log(`generate: ${line}`);
  if (values.check) {
    const stale = changed(files).map(([file]) => relative(root, file));
    if (stale.length) {
      console.error(
        `generate: stale, does not match openapi/: ${stale.join(", ")}\nRun \`npm run generate\` and commit generated/.`,
      );
      process.exit(1);
    }
  } else {
    for (const [file, content] of files) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      console.log(`generate: wrote ${relative(root, file)}`);
    }
  }
  const ms = Math.round(performance.now() - started);
  console.log(
    values.check
      ? `generate: generated/ matches openapi/ (${files.size} files, ${ms} ms)`
      : `generate: done in ${ms} ms`,
  );
}

main().catch((err) => {
  console.error(`generate: ${err.message}`);
  process.exit(1);
});
