#!/usr/bin/env node
// Measures what a consumer ships: esbuild bundles a tiny program that calls the API (minified,
// ESM, platform "neutral"), then gzips it at level 9. Used by `npm run bench`, which judges the
// sizes against their goals (bench/budgets.mjs), and by test/package/bundle-size.test.ts, which
// checks what the bundles hold.
//   node scripts/bundle-size.mjs                        print the size of every consumer
//   node scripts/bundle-size.mjs --parts [consumer...]  and each source file's bytes gzipped alone
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build, transform } from "esbuild";
import { consumerProgram, exampleCall } from "./lib/generate/examples.mjs";
import { functionNames } from "./lib/generate/identifiers.mjs";
import { readOperations } from "./lib/generate/read-operations.mjs";
import { toolEnv } from "./lib/shared/env.mjs";
import { isMain, root } from "./lib/shared/paths.mjs";

const spec = JSON.parse(readFileSync(resolve(root, "generated/openapi.json"), "utf8"));
/** The operations of the spec the client is generated from. */
export const OPERATIONS = readOperations(spec).operations;
/** Each operation's standalone function in browser-cloud-client/operations. */
const FUNCTIONS = functionNames(OPERATIONS);
/** The first three operations that take and answer JSON (a body of JSON alone), or nothing: no list, no stream, no form. */
export const JSON_METHODS = OPERATIONS.filter(
  (op) => op.success.kind === "json" && !op.page && (!op.body || (op.body.kind === "json" && !op.body.others)),
).slice(0, 3);

const BASE_URL = '"https://api.onkernel.com"';

/**
 * A program calling `operations` through Redocly's generated client (`redocly generate-client`,
 * `@redocly/cli`, experimental; no runtime checks): its functions are named by operationId and
 * take the path parameters first, then the body.
 */
const redoclyProgram = (/** @type {typeof OPERATIONS} */ operations, /** @type {string} */ file) => `
import { ${operations.map((op) => op.operationId).join(", ")} } from ${JSON.stringify(file)};
export async function main() {
  return [
${operations
  .map(
    (op) =>
      `    await ${exampleCall({ ...op, page: undefined, success: { kind: "empty" } }, { runnable: true })
        .replace(/^await client\.[\w.]+\(/, `${op.operationId}(`)
        .replace(/;$/, "")},`,
  )
  .join("\n")}
  ];
}
`;

/** @type {Record<string, (file?: string) => string>} each consumer's program, as a function of its operations' source where it has one */
const CONSUMERS = {
  // createClient(): every group, every operation called
  client: () => consumerProgram(OPERATIONS, { from: "./src/index.ts", baseUrl: BASE_URL }),
  // the standalone functions of browser-cloud-client/operations: every operation called
  functions: () =>
    consumerProgram(OPERATIONS, { from: "./src/operations.ts", baseUrl: BASE_URL, functions: FUNCTIONS }),
  // the same, three JSON methods of them
  "functions-json3": () =>
    consumerProgram(JSON_METHODS, { from: "./src/operations.ts", baseUrl: BASE_URL, functions: FUNCTIONS }),
  redocly: (file) => redoclyProgram(OPERATIONS, /** @type {string} */ (file)),
  "redocly-json3": (file) => redoclyProgram(JSON_METHODS, /** @type {string} */ (file)),
  "openapi-fetch": () => `
    import createClient from "openapi-fetch";
    const client = createClient({ baseUrl: "https://api.onkernel.com", headers: { Authorization: "Bearer key" } });
    export async function main() {
      return client.GET("/org/limits");
    }`,
  sdk: () => `
    import Kernel from "@onkernel/sdk";
    const client = new Kernel({ apiKey: "key" });
    export async function main() {
      await client.organization.limits.retrieve();
      await client.browsers.computer.clickMouse("brs_1", { x: 640, y: 360, button: "left" });
      await client.auth.connections.delete("conn_1");
      await client.deployments.delete("dep_1");
    }`,
};

/** The consumers `consumerBundleSize` knows: this client (createClient, standalone functions), Redocly's client, bare openapi-fetch, the official SDK. */
export const CONSUMER_NAMES = Object.keys(CONSUMERS);

/** @type {string | undefined} Redocly's client of this spec, generated once a process */
let redoclyClient;

/**
 * Has the Redocly consumers bundle `file`, a client `redocly generate-client` already wrote from
 * generated/openapi.json, rather than generate it again (the bench times that generation itself).
 * @param {string} file
 */
export function useRedoclyClient(file) {
  redoclyClient = file;
}
function redoclyClientFile() {
  if (redoclyClient) return redoclyClient;
  const dir = mkdtempSync(join(tmpdir(), "redocly-client-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "client.ts");
  execFileSync(
    resolve(root, "node_modules/.bin/redocly"),
    ["generate-client", resolve(root, "generated/openapi.json"), "-o", file],
    { cwd: root, env: toolEnv(), stdio: "ignore" },
  );
  return (redoclyClient = file);
}

/**
 * One consumer program bundled as a web or edge app ships it, with `minification`'s options.
 * @param {string} consumer
 * @param {Pick<import("esbuild").BuildOptions, "minify" | "minifySyntax" | "minifyIdentifiers">} minification
 */
async function bundle(consumer, minification) {
  const program = CONSUMERS[consumer];
  if (!program) throw new Error(`bundle-size: unknown consumer ${consumer}; known: ${CONSUMER_NAMES.join(", ")}`);
  const contents = program(consumer.startsWith("redocly") ? redoclyClientFile() : undefined);
  return build({
    stdin: { contents, resolveDir: root, sourcefile: `${consumer}-consumer.mjs`, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    external: ["node:*", ...builtinModules],
    write: false,
    metafile: true,
    logLevel: "silent",
    ...minification,
  });
}

/**
 * Bundles one consumer program the way a web or edge app would ship it (esbuild: bundle, minify,
 * format esm, platform neutral, mainFields module then main) and measures it. Node built-ins stay
 * external rather than failing the build, so `externalImports` shows any that slipped in.
 * Resolves to { minified, gzip } in bytes, plus the bundle's `code`, its `externalImports`, and
 * `inputs`: the minified bytes each source file left in it (esbuild's metafile).
 *
 * @example
 * const { gzip } = await consumerBundleSize("functions-json3"); // bytes, gzip level 9
 */
export async function consumerBundleSize(consumer = "client") {
  const result = await bundle(consumer, { minify: true });
  const code = result.outputFiles[0].contents;
  const outputs = Object.values(result.metafile.outputs);
  const externalImports = outputs.flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
  // minified bytes each input file left in the bundle: where the bytes go
  const named = (/** @type {string} */ file) =>
    relative(root, resolve(root, file)).replace(/^.*node_modules\//, "node_modules/");
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

/**
 * Each source file of a consumer's bundle gzipped alone (level 9), and the client's own files
 * (`src/`) gzipped together: what each part of the runtime weighs once gzip has had its say. The
 * bundle is built again as `consumerBundleSize` builds it but with its whitespace kept, so that
 * esbuild's `// <file>` line opens each file's part; each part's whitespace is then minified alone.
 * Each part's minified bytes are within a few percent of what esbuild's metafile counts for its
 * file (a whole minification joins statements across files).
 * Resolves to `{ parts: { file: { minified, gzip } }, runtime: { minified, gzip } }`.
 *
 * @example
 * const { runtime } = await consumerParts("functions"); // runtime.gzip: src/ alone, no openapi-fetch
 */
export async function consumerParts(consumer = "client") {
  const result = await bundle(consumer, { minifySyntax: true, minifyIdentifiers: true });
  /** @type {Record<string, string>} each file's part of the bundle, its whitespace minified */
  const texts = {};
  let file = "";
  for (const line of result.outputFiles[0].text.split("\n")) {
    const opened = /^\/\/ (\S+)$/.exec(line);
    if (opened) file = relative(root, resolve(root, opened[1])).replace(/^.*node_modules\//, "node_modules/");
    else texts[file] = `${texts[file] ?? ""}${line}\n`;
  }
  const weigh = (/** @type {string} */ text) => ({
    minified: Buffer.byteLength(text),
    gzip: gzipSync(text, { level: 9 }).length,
  });
  /** @type {Record<string, { minified: number, gzip: number }>} */
  const parts = {};
  for (const [name, text] of Object.entries(texts)) {
    if (!text.trim()) continue;
    texts[name] = (await transform(text, { minifyWhitespace: true, loader: "js" })).code;
    parts[name] = weigh(texts[name]);
  }
  const own = Object.keys(texts).filter((name) => name.startsWith("src/"));
  return { parts, runtime: weigh(own.map((name) => texts[name]).join("")) };
}

if (isMain(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { parts: { type: "boolean" } }, allowPositionals: true });
  if (values.parts) {
    for (const name of positionals.length ? positionals : ["functions"]) {
      const { parts, runtime } = await consumerParts(name);
      console.log(`bundle-size: ${name}: each file gzipped alone (minified B, gzip B):`);
      for (const [file, { minified, gzip }] of Object.entries(parts).sort((a, b) => b[1].gzip - a[1].gzip))
        console.log(`bundle-size:   ${file}: ${minified} B, ${gzip} B gzip`);
      console.log(
        `bundle-size: ${name}: src/ together (the runtime, without openapi-fetch): ${runtime.minified} B minified, ${runtime.gzip} B gzip`,
      );
    }
    process.exit(0);
  }
  for (const name of CONSUMER_NAMES) {
    const { minified, gzip, externalImports } = await consumerBundleSize(name);
    const extra = externalImports.length ? `, imports ${externalImports.join(" ")}` : "";
    console.log(
      `bundle-size: ${name}: ${minified} B minified, ${gzip} B gzip (${(gzip / 1024).toFixed(1)} KB)${extra}`,
    );
  }
}
