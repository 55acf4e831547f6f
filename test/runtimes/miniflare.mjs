// @ts-check
// Runs the bundled Worker in workerd through Miniflare, under a Node that Miniflare supports:
//   node miniflare.mjs <miniflare folder> <worker bundle> <live url> <closed url>; prints one JSON line.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// the four arguments are given by runtimes.test.ts
const [folder, bundle, live, closed] = /** @type {[string, string, string, string]} */ (process.argv.slice(2));
const { Miniflare } = await import(
  pathToFileURL(createRequire(join(folder, "package.json")).resolve("miniflare")).href
);
// no nodejs_compat flag: a Worker as plain as it comes, without process
const mf = new Miniflare({ modules: true, script: readFileSync(bundle, "utf8"), compatibilityDate: "2026-07-01" });
try {
  const response = await mf.dispatchFetch(`http://worker.test/?${new URLSearchParams({ live, closed })}`);
  console.log(await response.text());
} finally {
  await mf.dispose();
}
