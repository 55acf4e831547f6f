#!/usr/bin/env node
// Serves the mock of openapi/ on 127.0.0.1 until Ctrl-C: Prism behind the proxy that holds every
// answer to the document's schema and answers lists, event streams and form bodies itself
// (scripts/lib/mock/proxy.mjs), on the spec bundled and repaired as `npm run generate` does.
//   node scripts/mock.mjs [port] [--stateful]     default port 4010; --stateful keeps what is created
//   (scripts/lib/mock/state.mjs), in memory until it stops
import { existsSync, readFileSync } from "node:fs";
import { BUNDLE } from "./lib/shared/paths.mjs";
import { mockServer } from "./lib/mock/proxy.mjs";
import { commandLine } from "./lib/shared/processes.mjs";

const { port, flags } = commandLine("mock", 4010, ["stateful"], "usage: node scripts/mock.mjs [port] [--stateful]");
/** @type {(value?: unknown) => void} */
let open = () => {};
const mock = await mockServer({
  port,
  stateful: flags.stateful,
  say: (line) => console.log(line.replace(/^dev: /, "mock: ")),
  // no request is answered before the spec as written is bundled and served
  gate: new Promise((done) => (open = done)),
});
// Prism starts on the last generated bundle while openapi/ is bundled, which is most of the time
// the same document: then it is served as it is, else the fresh bundle replaces it
const last = lastBundle();
if (last) mock.serve(last);
// Redocly loads while Prism starts
const { bundleSpec } = await import("./lib/spec/bundle.mjs");
const { spec } = await bundleSpec();
await mock.serve(JSON.stringify(spec));
open();
console.log(
  `mock: Prism serves openapi/ at ${mock.url} (answers held to the document's schema, lists and event streams served by the proxy; Prefer: code=404 picks a declared status${flags.stateful ? "; stateful" : ""})`,
);
const quit = () => mock.close().then(() => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, quit);

/** generated/openapi.json as the mock serves a spec (JSON text without layout), or undefined. */
function lastBundle() {
  try {
    return existsSync(BUNDLE) ? JSON.stringify(JSON.parse(readFileSync(BUNDLE, "utf8"))) : undefined;
  } catch {
    return undefined;
  }
}
