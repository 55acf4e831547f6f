#!/usr/bin/env node
// Measures what a consumer ships: esbuild bundles a tiny program that calls the API (minified,
// ESM, platform "neutral"), then gzips it at level 9. Used by `npm run bench`, which judges the
// size against its goal (bench/budgets.mjs), and by test/package/bundle-size.test.ts, which checks
// what the bundle holds.
//   node scripts/bundle-size.mjs    print the sizes of the three consumers
import { builtinModules } from "node:module";
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { consumerProgram } from "./lib/generate/examples.mjs";
import { readOperations } from "./lib/generate/read-operations.mjs";
import { isMain, root } from "./lib/shared/paths.mjs";

const spec = JSON.parse(readFileSync(resolve(root, "generated/openapi.json"), "utf8"));
/** The operations of the spec the client is generated from. */
export const OPERATIONS = readOperations(spec).operations;

// each consumer calls what a real program would, so that tree-shaking keeps what it needs
const CONSUMERS = {
  client: consumerProgram(OPERATIONS, { from: "./src/index.ts", baseUrl: '"https://api.onkernel.com"' }),
  "openapi-fetch": `
    import createClient from "openapi-fetch";
    const client = createClient({ baseUrl: "https://api.onkernel.com", headers: { Authorization: "Bearer key" } });
    export async function main() {
      return client.GET("/org/limits");
    }`,
  sdk: `
    import Kernel from "@onkernel/sdk";
    const client = new Kernel({ apiKey: "key" });
    export async function main() {
      await client.organization.limits.retrieve();
      await client.browsers.computer.clickMouse("brs_1", { x: 640, y: 360, button: "left" });
      await client.auth.connections.delete("conn_1");
      await client.deployments.delete("dep_1");
    }`,
};

/** The consumers `consumerBundleSize` knows: this client, bare openapi-fetch, the official SDK. */
export const CONSUMER_NAMES = Object.keys(CONSUMERS);

/**
 * Bundles one consumer program the way a web or edge app would ship it (esbuild: bundle, minify,
 * format esm, platform neutral, mainFields module then main) and measures it. Node built-ins stay
 * external rather than failing the build, so `externalImports` shows any that slipped in.
 * Resolves to { minified, gzip } in bytes, plus the bundle's `code`, its `externalImports`, and
 * `inputs`: the minified bytes each source file left in it (esbuild's metafile).
 *
 * @example
 * const { gzip } = await consumerBundleSize("client"); // bytes, gzip level 9
 */
export async function consumerBundleSize(consumer = "client") {
  const contents = CONSUMERS[consumer];
  if (!contents) throw new Error(`bundle-size: unknown consumer ${consumer}; known: ${CONSUMER_NAMES.join(", ")}`);
  const result = await build({
    stdin: { contents, resolveDir: root, sourcefile: `${consumer}-consumer.mjs`, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    external: ["node:*", ...builtinModules],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  const outputs = Object.values(result.metafile.outputs);
  const externalImports = outputs.flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
  // minified bytes each input file left in the bundle: where the bytes go
  const named = (/** @type {string} */ file) =>
    relative(root, resolve(file)).replace(/^.*node_modules\//, "node_modules/");
  const inputs = Object.fromEntries(
    outputs.flatMap((output) =>
      Object.entries(output.inputs).map(([file, { bytesInOutput }]) => [named(file), bytesInOutput]),
    ),
  );
  return {
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    code: result.outputFiles[0].text,
    externalImports,
    inputs,
  };
}

if (isMain(import.meta.url)) {
  for (const name of CONSUMER_NAMES) {
    const { minified, gzip, externalImports } = await consumerBundleSize(name);
    const extra = externalImports.length ? `, imports ${externalImports.join(" ")}` : "";
    console.log(
      `bundle-size: ${name}: ${minified} B minified, ${gzip} B gzip (${(gzip / 1024).toFixed(1)} KB)${extra}`,
    );
  }
}
