#!/usr/bin/env node
// npm run lint: the spec's YAML syntax first (file:line:col, which Redocly would report only as an
// unresolved reference), then `redocly lint` with redocly.yaml's rules.
//   node scripts/lint.mjs [redocly lint options]
import { spawnSync } from "node:child_process";
import { toolEnv } from "./lib/shared/env.mjs";
import { fromRoot, root } from "./lib/shared/paths.mjs";
import { yamlErrors } from "./lib/spec/yaml-check.mjs";

const broken = yamlErrors();
if (broken.length) {
  for (const line of broken) console.error(`lint: ${line}`);
  console.error(`lint: fix the YAML above; nothing else was checked`);
  process.exit(1);
}
const { status } = spawnSync(fromRoot("node_modules/.bin/redocly"), ["lint", ...process.argv.slice(2)], {
  cwd: root,
  env: toolEnv(),
  stdio: "inherit",
});
process.exit(status ?? 1);
