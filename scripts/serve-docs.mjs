#!/usr/bin/env node
// Serves the rendered docs page (site/) over HTTP on 127.0.0.1 (scripts/lib/serve-docs.mjs).
//   node scripts/serve-docs.mjs [port]   default port 8080
import { parseArgs } from "node:util";
import { serveDocs } from "./lib/serve-docs.mjs";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const port = Number(positionals[0] ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`docs: not a port: ${positionals[0]}`);
  process.exit(2);
}
const docs = await serveDocs({ port });
console.log(`docs: serving site/ at ${docs.url}`);
