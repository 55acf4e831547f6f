#!/usr/bin/env node
// Renders the docs page from openapi/ into site/index.html: the spec bundled as generated/ holds
// it, then `redocly build-docs` (scripts/lib/docs/render.mjs); one file, scripts inlined, opens offline.
//   node scripts/docs.mjs
import { mkdirSync } from "node:fs";
import { dirname, relative } from "node:path";
import { renderDocs } from "./lib/docs/render.mjs";
import { bundleSpec } from "./lib/generate/render.mjs";
import { DOCS_PAGE, root } from "./lib/shared/paths.mjs";
import { parseOptions } from "./lib/shared/options.mjs";

parseOptions("usage: node scripts/docs.mjs", { options: {} });
try {
  const { spec } = await bundleSpec();
  mkdirSync(dirname(DOCS_PAGE), { recursive: true });
  const { size } = await renderDocs(`${JSON.stringify(spec, null, 2)}\n`, DOCS_PAGE);
  console.log(`docs: wrote ${relative(root, DOCS_PAGE)} (${Math.round(size / 1024)} KiB)`);
} catch (err) {
  const { message, output } = /** @type {Error & { output?: string }} */ (err);
  console.error(`docs: build-docs failed: ${message}${output ? `\n${output}` : ""}`);
  process.exit(1);
}
