#!/usr/bin/env node
// Serves the rendered docs page (site/) over HTTP on 127.0.0.1 (scripts/lib/serve-docs.mjs).
//   node scripts/serve-docs.mjs [port]   default port 8080
import { parseArgs } from "node:util";
import { portArg } from "./lib/processes.mjs";
import { serveDocs } from "./lib/serve-docs.mjs";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
let port;
try {
  port = portArg(positionals[0], 8080);
} catch (err) {
  console.error(`docs: ${err instanceof Error ? err.message : err}`);
  process.exit(2);
}
const docs = await serveDocs({ port });
console.log(`docs: serving site/ at ${docs.url}`);
