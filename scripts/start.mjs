#!/usr/bin/env node
// The main job: lint -> generate -> typecheck -> docs, then serve the docs page and the mock
// API until Ctrl-C.
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { startMock } from "./mock.mjs";
import { serveDocs } from "./serve-docs.mjs";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => resolve(root, "node_modules/.bin", name);
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

const steps = [
  ["lint", bin("redocly"), ["lint", "--format=summary"]],
  ["generate", process.execPath, [resolve(root, "scripts/generate.mjs")]],
  ["typecheck", bin("tsc"), ["-p", "."]],
  ["docs", process.execPath, [resolve(root, "scripts/docs.mjs")]],
];
for (const [name, cmd, args] of steps) {
  console.log(`start: ${name}`);
  try {
    execFileSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  } catch {
    console.error(`start: ${name} failed; nothing is served`);
    process.exit(1);
  }
}

const docs = await serveDocs({ port: 8080 });
const mock = await startMock({ port: 4010 });
console.log(`\nstart: docs page  ${docs.url}\nstart: mock API   ${mock.url}  (any bearer token; Prefer: code=404 picks a declared status)\nstart: Ctrl-C stops both`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all([docs.close(), mock.stop()]);
  console.log("start: stopped");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
