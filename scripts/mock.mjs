#!/usr/bin/env node
// Serves the Prism mock of openapi/ on 127.0.0.1 until Ctrl-C (scripts/lib/prism.mjs starts it).
//   node scripts/mock.mjs [port]     default port 4010
import { parseArgs } from "node:util";
import { portArg } from "./lib/processes.mjs";
import { startMock } from "./lib/prism.mjs";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
let port;
try {
  port = portArg(positionals[0], 4010);
} catch (err) {
  console.error(`mock: ${err instanceof Error ? err.message : err}`);
  process.exit(2);
}
const mock = await startMock({ port });
console.log(`mock: Prism serves openapi/ at ${mock.url} (log: ${mock.log})`);
const quit = () => mock.stop().then(() => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, quit);
