// The steps the scale section (scale.mjs) measures on one copy of the project, each beside the tool
// it wraps, run alone on the same document in the same run (peers.mjs): generate against
// openapi-typescript and Redocly's `generate-client`, the package's .d.ts against openapi-typescript's
// output, a consumer's type check against tsc on openapi-typescript's types alone, the bundle against
// Redocly's client, the docs page against `redocly build-docs`. Each step adds its rows to the copy's
// table and judges its budgets (budgets.mjs, scale-budgets.mjs).
import { readdirSync, statSync, symlinkSync, writeFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { toolEnv } from "../lib/shared/env.mjs";
import { run } from "../lib/shared/processes.mjs";
import { judge, show } from "./budgets.mjs";
import { buildDocs, generateOnce, openapiTypescript, redoclyGenerateClient, timedNode, typesAlone } from "./peers.mjs";
import { median, ratios, say, tail } from "./stats.mjs";

/** Rounds of each timed step and its peer, interleaved; ratios are the median of per-round ratios. */
const ROUNDS = 2;

/**
 * One copy being measured: where it is, where its throwaway files go, and its table's rows.
 * @typedef {object} Scale
 * @property {string} label the document, as the table and the verdicts name it
 * @property {string} dir the copy of the project, its openapi/ holding the document
 * @property {string} work a directory for the peers' output and the consumer
 * @property {string} document the copy's generated/openapi.json
 * @property {string[][]} rows the copy's table
 */

/** @typedef {typeof import("../bundle-size.mjs")} Sizes a copy's scripts/bundle-size.mjs, which reads the copy's document */
/** @typedef {Awaited<ReturnType<typeof openapiTypescript>>} TypesRun */
/** @typedef {Awaited<ReturnType<typeof redoclyGenerateClient>>} ClientRun */

const b = (/** @type {number | undefined} */ bytes) => (bytes === undefined ? "–" : show(bytes, "B"));
const ms = (/** @type {number} */ t) => show(t, "ms");

/**
 * Judges one scale budget, its verdict's text naming the copy.
 * @param {Scale} scale
 * @param {string} key
 * @param {number | undefined} value
 * @param {boolean} ok
 * @param {string} info
 */
const judged = (scale, key, value, ok, info) => judge(key, value, ok, `${scale.label}: ${info}`).text;

/**
 * Every .d.ts under `dir`, their bytes summed.
 * @param {string} dir
 */
function declarationBytes(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith(".d.ts")) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes;
}

/**
 * Rounds of generate, openapi-typescript alone and generate-client alone, side by side: generate's
 * time and peak memory against theirs. Resolves to the peers' first runs, or undefined when
 * generate failed (then nothing more can be measured).
 * @param {Scale} scale
 * @returns {Promise<{ types: TypesRun, redocly: ClientRun } | undefined>}
 */
export async function measureGenerate(scale) {
  const { dir, work, document, label, rows } = scale;
  mkdirSync(join(work, "redocly"));
  const generates = [];
  /** @type {TypesRun[]} */
  const typeRuns = [];
  /** @type {ClientRun[]} */
  const clientRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    const generate = await generateOnce(dir);
    if (!generate.ok) {
      say(`scale: ${label}: generate failed, nothing more measured:\n${tail(generate.output)}`);
      judge("scale.generate", undefined, false, `${label}: generate failed`);
      return undefined;
    }
    generates.push(generate);
    typeRuns.push(await openapiTypescript(dir, document, join(work, "openapi-typescript.d.ts")));
    clientRuns.push(await redoclyGenerateClient(dir, document, join(work, "redocly/client.ts")));
  }
  const [types, redocly] = [typeRuns[0], clientRuns[0]];
  if (!redocly.ok) say(`scale: ${label}: Redocly's generate-client failed, its figures are left out: ${redocly.why}`);
  const peerMs = (/** @type {number} */ i) => typeRuns[i].ms + (redocly.ok ? clientRuns[i].ms : 0);
  const ratio = ratios(
    generates.map((g) => g.ms),
    generates.map((_, i) => peerMs(i)),
  );
  const took = median(generates.map((g) => g.ms));
  const maxRss = Math.max(...generates.map((g) => g.maxRss ?? NaN));
  const peerGenerate = median(generates.map((_, i) => peerMs(i)));
  const peerRss = Math.max(
    ...typeRuns.map((t) => t.maxRss ?? 0),
    ...(redocly.ok ? clientRuns.map((c) => c.maxRss ?? 0) : []),
  );
  const peers = `openapi-typescript ${ms(median(typeRuns.map((t) => t.ms)))}, ${b(types.maxRss)}; generate-client ${redocly.ok ? `${ms(median(clientRuns.map((c) => c.ms)))}, ${b(redocly.maxRss)}` : "failed"}`;
  const alone = redocly.ok ? "" : ", openapi-typescript alone: generate-client failed";
  rows.push([
    `generate: time (median of ${ROUNDS}), peak RSS`,
    `${ms(took)}, ${b(maxRss)}`,
    peers,
    judged(
      scale,
      "scale.generate",
      ratio.median,
      typeRuns.every((t) => t.ok),
      `${ms(took)} / ${ms(peerGenerate)}${alone}`,
    ),
  ]);
  const memory = judged(
    scale,
    "scale.memory",
    maxRss / peerRss,
    types.ok && peerRss > 0,
    `${b(maxRss)} / ${b(peerRss)}`,
  );
  rows.push(["", "", "", memory]);
  return { types, redocly };
}

/**
 * The package's declarations after `build.mjs compile`, against openapi-typescript's output.
 * Resolves to whether the package compiled.
 * @param {Scale} scale
 * @param {TypesRun} types
 */
export async function measureDeclarations(scale, types) {
  const { dir, label, rows } = scale;
  const compile = await run(process.execPath, ["scripts/build.mjs", "compile"], { cwd: dir, env: toolEnv() });
  const ok = compile.code === 0;
  const dts = ok ? declarationBytes(join(dir, "dist")) : undefined;
  if (!ok) say(`scale: ${label}: build.mjs compile failed:\n${tail(compile.output)}`);
  rows.push([
    "the package's .d.ts (dist/, after `build.mjs compile`)",
    b(dts),
    `openapi-typescript's output ${b(types.bytes)}`,
    judged(scale, "scale.dts", (dts ?? NaN) / (types.bytes ?? NaN), ok && types.ok, `${b(dts)} / ${b(types.bytes)}`),
  ]);
  return ok;
}

/**
 * A strict TypeScript project in `work`/consumer that calls the copy's first three JSON methods
 * through its built package, with the inputs generate's own examples pass (the document's, else
 * sampled, as init.mjs does). Resolves to the project's directory and the methods it calls.
 * @param {Scale} scale
 * @param {Sizes} sizes
 */
async function writeConsumer(scale, sizes) {
  const { dir, work, document } = scale;
  // the copy's own modules: they read the copy's generated/openapi.json
  const module = (/** @type {string} */ file) => import(pathToFileURL(join(dir, "scripts/lib", file)).href);
  const { consumerProgram } = await module("generate/examples.mjs");
  const { withExampleInputs } = await module("generate/example-inputs.mjs");
  const { openapi31 } = await module("spec/openapi31.mjs");
  const { createSampler } = await module("spec/sample.mjs");
  const { spec: view } = openapi31(JSON.parse(readFileSync(document, "utf8")));
  /** @type {unknown[]} */
  const three = withExampleInputs(sizes.JSON_METHODS, await createSampler(view)).operations;
  const { name } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const consumer = join(work, "consumer");
  mkdirSync(join(consumer, "node_modules"), { recursive: true });
  symlinkSync(dir, join(consumer, "node_modules", name), "dir");
  writeFileSync(join(consumer, "package.json"), '{ "type": "module", "private": true }\n');
  writeFileSync(
    join(consumer, "index.ts"),
    consumerProgram(three, { from: name, baseUrl: '"https://api.example.test"' }),
  );
  const compilerOptions = {
    strict: true,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2022", "DOM"],
    types: [],
    noEmit: true,
  };
  writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["index.ts"] }));
  return { consumer, three };
}

/**
 * Rounds of tsc over a consumer calling three methods, against tsc on openapi-typescript's types
 * alone: what an editor pays on every keystroke. Resolves to the number of methods it calls.
 * @param {Scale} scale
 * @param {Sizes} sizes
 * @param {boolean} ready whether the package compiled and openapi-typescript ran
 */
export async function measureConsumerCheck(scale, sizes, ready) {
  const { dir, work, label, rows } = scale;
  const { consumer, three } = await writeConsumer(scale, sizes);
  const users = [];
  const alones = [];
  for (let round = 0; round < ROUNDS && ready; round++) {
    users.push(await timedNode(join(dir, "node_modules/typescript/bin/tsc"), ["-p", consumer], consumer));
    alones.push(await typesAlone(dir, join(work, "openapi-typescript.d.ts")));
  }
  const user = users.length
    ? { ok: users.every((u) => u.ok), ms: median(users.map((u) => u.ms)), output: users[0].output }
    : undefined;
  const alone = alones.length ? { ok: alones.every((a) => a.ok), ms: median(alones.map((a) => a.ms)) } : undefined;
  const ratio = users.length
    ? ratios(
        users.map((u) => u.ms),
        alones.map((a) => a.ms),
      ).median
    : undefined;
  if (user && !user.ok) say(`scale: ${label}: the consumer did not compile:\n${tail(user.output)}`);
  const times = `${user ? ms(user.ms) : "–"} / ${alone ? ms(alone.ms) : "–"}`;
  rows.push([
    `type check of a consumer calling ${three.length} methods (strict, the built package)`,
    user ? ms(user.ms) : "–",
    `tsc on openapi-typescript's types alone ${alone ? ms(alone.ms) : "failed"}`,
    judged(scale, "scale.typecheck", ratio, Boolean(user?.ok && alone?.ok), times),
  ]);
  return three.length;
}

/**
 * The bundle calling every operation, and each operation's marginal bytes, against Redocly's
 * client of the same document (printed, not judged, where generate-client could not read it).
 * @param {Scale} scale
 * @param {Sizes} sizes
 * @param {ClientRun} redocly
 * @param {number} few how many methods the small consumer calls
 */
export async function measureBundle(scale, sizes, redocly, few) {
  const n = sizes.OPERATIONS.length;
  const all = await sizes.consumerBundleSize("functions");
  const some = await sizes.consumerBundleSize("functions-json3");
  const marginal = (all.gzip - some.gzip) / (n - few);
  let peerAll;
  let peerMarginal;
  if (redocly.ok) {
    sizes.useRedoclyClient(join(scale.work, "redocly/client.ts"));
    const rAll = await sizes.consumerBundleSize("redocly");
    const rFew = await sizes.consumerBundleSize("redocly-json3");
    peerAll = rAll.gzip;
    peerMarginal = (rAll.gzip - rFew.gzip) / (n - few);
  }
  const unjudged = "not judged: Redocly's generate-client could not read this document (see above)";
  const peerBytes = `${marginal.toFixed(1)} B / ${peerMarginal?.toFixed(1)} B`;
  scale.rows.push(
    [
      `bundle calling all ${n} operations (standalone functions), gzip`,
      b(all.gzip),
      `Redocly's client ${b(peerAll)}`,
      redocly.ok
        ? judged(scale, "scale.bundle", all.gzip / (peerAll ?? NaN), true, `${b(all.gzip)} / ${b(peerAll)}`)
        : unjudged,
    ],
    [
      `each operation more, gzip ((all − ${few}) / ${n - few})`,
      `${marginal.toFixed(1)} B`,
      `Redocly's client ${peerMarginal === undefined ? "–" : `${peerMarginal.toFixed(1)} B`}`,
      redocly.ok ? judged(scale, "scale.marginal", marginal / (peerMarginal ?? NaN), true, peerBytes) : unjudged,
    ],
  );
}

/**
 * Rounds of the docs page (scripts/docs.mjs) against `redocly build-docs` alone: build time and HTML size.
 * @param {Scale} scale
 */
export async function measureDocs(scale) {
  const { dir, work, document, label, rows } = scale;
  const docRuns = [];
  const pageRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    docRuns.push(await timedNode(join(dir, "scripts/docs.mjs"), [], dir));
    pageRuns.push(await buildDocs(dir, document, join(work, "build-docs.html")));
  }
  const docs = { ok: docRuns.every((d) => d.ok), ms: median(docRuns.map((d) => d.ms)), output: docRuns[0].output };
  const page = { ok: pageRuns.every((p) => p.ok), ms: median(pageRuns.map((p) => p.ms)), bytes: pageRuns[0].bytes };
  const html = docs.ok ? statSync(join(dir, "site/index.html")).size : undefined;
  const ratio = ratios(
    docRuns.map((d) => d.ms),
    pageRuns.map((p) => p.ms),
  ).median;
  if (!docs.ok) say(`scale: ${label}: docs.mjs failed:\n${tail(docs.output)}`);
  const ok = docs.ok && page.ok;
  rows.push(
    [
      "docs page: build time",
      ms(docs.ms),
      `build-docs alone ${ms(page.ms)}`,
      judged(scale, "scale.docs", ratio, ok, `${ms(docs.ms)} / ${ms(page.ms)}`),
    ],
    [
      "docs page: HTML size",
      b(html),
      `build-docs alone ${b(page.bytes)}`,
      judged(scale, "scale.html", (html ?? NaN) / (page.bytes ?? NaN), ok, `${b(html)} / ${b(page.bytes)}`),
    ],
  );
}
