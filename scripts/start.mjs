#!/usr/bin/env node
// The main job: lint -> generate -> docs -> typecheck (the steps `npm run dev` repeats on every
// save, run once here), then serve the docs page and the mock API until Ctrl-C. As in dev, lint
// problems are printed and do not stop it (`npm run build` and `npm test` gate on them); the mock
// serves generated/openapi.json, the document as repaired by generate.
//   node scripts/start.mjs
import { readFileSync } from "node:fs";
import { mockServer } from "./lib/mock/proxy.mjs";
import { fromRoot } from "./lib/shared/paths.mjs";
import { regenerate } from "./lib/build/regenerate.mjs";
import { serveDocs } from "./lib/docs/serve.mjs";
import { typechecker } from "./lib/build/typecheck.mjs";
import { parseOptions } from "./lib/shared/options.mjs";

parseOptions("usage: node scripts/start.mjs", { options: {} });

console.log("start: lint, generate, docs");
const result = await regenerate({ lint: "report" });
for (const line of result.lines) (result.ok && !result.errors ? console.log : console.error)(`start: ${line}`);
if (!result.ok) {
  console.error(`start: ${result.step} failed; nothing is served`);
  process.exit(1);
}
const { lint, generate, docs: page } = result.times;
console.log(
  `start: ${result.written.length ? `wrote ${result.written.join(", ")}` : "generated/ and site/ were up to date"} (lint ${lint} ms, generate ${generate} ms, docs ${page} ms)`,
);
const defects = result.report?.defects.length ?? 0;
if (defects)
  console.log(
    `start: routed around ${defects} defect${defects === 1 ? "" : "s"} of the document; npm run generate names each`,
  );
if (result.errors)
  console.error(
    `start: lint found ${result.errors} error${result.errors === 1 ? "" : "s"}, served anyway; npm run build and npm test refuse them until they are fixed or redocly.yaml's lint profile allows them`,
  );

console.log("start: typecheck");
const checker = typechecker();
const check = await checker.check().finally(() => checker.close());
if (!check.ok) {
  console.error(`${check.text.trimEnd()}\nstart: typecheck failed; nothing is served`);
  process.exit(1);
}
console.log(`start: typecheck ok in ${check.ms} ms`);

const docs = await serveDocs({ port: 8080 });
// Prism behind the proxy that also serves the event streams; the bundle generate just wrote
const mock = await mockServer({ port: 4010, say: (line) => console.log(line.replace(/^dev: /, "start: ")) });
await mock.serve(readFileSync(fromRoot("generated/openapi.json"), "utf8"));
console.log(
  `\nstart: docs page  ${docs.url}\nstart: mock API   ${mock.url}  (any bearer token; Prefer: code=404 picks a declared status)\nstart: Ctrl-C stops both`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all([docs.close(), mock.close()]);
  console.log("start: stopped");
  process.exit(0);
};
// any other way out (an uncaught exception, SIGKILL) still ends Prism: see startMock
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
