#!/usr/bin/env node
// Renders the docs page from openapi/ into site/index.html: one file, scripts inlined, so it
// opens offline.
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const out = resolve(root, "site/index.html");
execFileSync(resolve(root, "node_modules/.bin/redocly"), ["build-docs", "browser-cloud", "--inlineBundle", "--output", out], {
  cwd: root,
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});
console.log(`docs: wrote site/index.html (${Math.round(statSync(out).size / 1024)} KiB)`);
