#!/usr/bin/env node
// Serves the Prism mock of openapi/ on 127.0.0.1 until Ctrl-C (scripts/lib/prism.mjs starts it):
// generated/openapi.json, the document as `npm run generate` repaired it, or openapi/ as written
// when nothing was generated yet.
//   node scripts/mock.mjs [port]     default port 4010
import { parseArgs } from "node:util";
import { portArg } from "./lib/processes.mjs";
import { BUNDLE } from "./lib/paths.mjs";
import { defaultSpec, startMock } from "./lib/prism.mjs";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
let port;
try {
  port = portArg(positionals[0], 4010);
} catch (err) {
  console.error(`mock: ${err instanceof Error ? err.message : err}`);
  process.exit(2);
}
const spec = defaultSpec();
const mock = await startMock({ port, spec });
const what = spec === BUNDLE ? "openapi/ as generated/openapi.json (repaired by npm run generate)" : "openapi/";
console.log(`mock: Prism serves ${what} at ${mock.url} (log: ${mock.log})`);
const quit = () => mock.stop().then(() => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, quit);
