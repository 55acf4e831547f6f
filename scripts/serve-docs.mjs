#!/usr/bin/env node
// Serves the rendered docs page (site/) over HTTP on 127.0.0.1 (scripts/lib/docs/serve.mjs).
//   node scripts/serve-docs.mjs [port]   default port 8080
import { serveDocs } from "./lib/docs/serve.mjs";
import { portFromCommandLine } from "./lib/shared/processes.mjs";

const port = portFromCommandLine("docs", 8080, "usage: node scripts/serve-docs.mjs [port]");
const docs = await serveDocs({ port });
console.log(`docs: serving site/ at ${docs.url}`);
