#!/usr/bin/env node
// Serves the mock of openapi/ on 127.0.0.1 until Ctrl-C: Prism behind the proxy that also answers
// the event streams (scripts/lib/mock/proxy.mjs), on the spec bundled and repaired as `npm run generate` does.
//   node scripts/mock.mjs [port] [--stateful]     default port 4010; --stateful keeps what is created
//   (scripts/lib/mock/state.mjs), in memory until it stops
import { bundleSpec } from "./lib/generate/render.mjs";
import { mockServer } from "./lib/mock/proxy.mjs";
import { commandLine } from "./lib/shared/processes.mjs";

const { port, flags } = commandLine("mock", 4010, ["stateful"]);
const { spec } = await bundleSpec();
const mock = await mockServer({
  port,
  stateful: flags.stateful,
  say: (line) => console.log(line.replace(/^dev: /, "mock: ")),
});
await mock.serve(JSON.stringify(spec));
console.log(
  `mock: Prism serves openapi/ at ${mock.url} (event streams answered by the proxy; Prefer: code=404 picks a declared status${flags.stateful ? "; stateful" : ""})`,
);
const quit = () => mock.close().then(() => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, quit);
