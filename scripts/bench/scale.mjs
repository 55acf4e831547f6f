// The cost at the size users bring: on the synthetic spec at 700 operations and on the corpus's
// largest document (by operation count, largest-document.mjs), each in a throwaway copy of the
// project: generate's time and peak memory, the package's .d.ts, the type check of a consumer
// calling 3 methods, the full bundle with each operation's marginal bytes, the docs page; each
// against a tool run alone on the same document in the same run (peers.mjs): openapi-typescript for
// the types, Redocly's `generate-client` for the client and its bundle, `redocly build-docs` for the page.
import { readdirSync, rmSync, statSync, symlinkSync, writeFileSync, mkdirSync, readFileSync, cpSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { toolEnv } from "../lib/shared/env.mjs";
import { root } from "../lib/shared/paths.mjs";
import { run } from "../lib/shared/processes.mjs";
import { writeSyntheticSpec } from "../synthetic-spec.mjs";
import { judge, show } from "./budgets.mjs";
import { benchCopy, tempDir } from "./cleanup.mjs";
import { largestCorpusDocument } from "./largest-document.mjs";
import { buildDocs, generateOnce, openapiTypescript, redoclyGenerateClient, timedNode, typesAlone } from "./peers.mjs";
import { median, ratios, say, table, tail } from "./stats.mjs";

/** The scale tables' columns after the first. */
export const SCALE_HEADERS = ["this pipeline", "peer, alone on the same document, same run", "goal"];
/** Rounds of each timed step and its peer, interleaved; ratios are the median of per-round ratios. */
const ROUNDS = 2;
/** The synthetic spec's size: the held-out documents reach 732 operations. */
export const SCALE_OPERATIONS = 700;
const DOCUMENTS = resolve(root, "../shared/documents");
// what generate, the compile step, the bundles and the docs page read of the checkout
const ENTRIES = ["src", "scripts", "package.json", "redocly.yaml", "lint", "tsconfig.json", "tsconfig.build.json"];

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

const b = (/** @type {number | undefined} */ bytes) => (bytes === undefined ? "–" : show(bytes, "B"));
const ms = (/** @type {number} */ t) => show(t, "ms");

/**
 * Measures one copy whose openapi/ holds the document; prints its table and judges the scale budgets.
 * @param {string} label
 * @param {{ dir: string, remove: () => void }} copy
 * @param {{ label: string, rows: string[][] }[]} tables where its table's rows go, for the report
 */
async function measure(label, copy, tables) {
  const work = tempDir("bench-scale-");
  const { dir } = copy;
  /** @type {string[][]} */
  const rows = [];
  tables.push({ label, rows });
  const judged = (
    /** @type {string} */ key,
    /** @type {number | undefined} */ value,
    /** @type {boolean} */ ok,
    /** @type {string} */ info,
  ) => judge(key, value, ok, `${label}: ${info}`).text;
  try {
    const document = join(dir, "generated/openapi.json");
    mkdirSync(join(work.dir, "redocly"));
    // rounds of generate, openapi-typescript alone and generate-client alone, side by side
    const generates = [];
    /** @type {Awaited<ReturnType<typeof openapiTypescript>>[]} */
    const typeRuns = [];
    /** @type {Awaited<ReturnType<typeof redoclyGenerateClient>>[]} */
    const clientRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      const generate = await generateOnce(dir);
      if (!generate.ok) {
        say(`scale: ${label}: generate failed, nothing more measured:\n${tail(generate.output)}`);
        judge("scale.generate", undefined, false, `${label}: generate failed`);
        return;
      }
      generates.push(generate);
      typeRuns.push(await openapiTypescript(dir, document, join(work.dir, "openapi-typescript.d.ts")));
      clientRuns.push(await redoclyGenerateClient(dir, document, join(work.dir, "redocly/client.ts")));
    }
    const [types, redocly] = [typeRuns[0], clientRuns[0]];
    if (!redocly.ok) say(`scale: ${label}: Redocly's generate-client failed, its figures are left out: ${redocly.why}`);
    const peerMs = (/** @type {number} */ i) => typeRuns[i].ms + (redocly.ok ? clientRuns[i].ms : 0);
    const generateRatio = ratios(
      generates.map((g) => g.ms),
      generates.map((_, i) => peerMs(i)),
    );
    const generate = {
      ms: median(generates.map((g) => g.ms)),
      maxRss: Math.max(...generates.map((g) => g.maxRss ?? NaN)),
    };
    const peerGenerate = median(generates.map((_, i) => peerMs(i)));
    const peerRss = Math.max(
      ...typeRuns.map((t) => t.maxRss ?? 0),
      ...(redocly.ok ? clientRuns.map((c) => c.maxRss ?? 0) : []),
    );
    const typesOk = typeRuns.every((t) => t.ok);
    rows.push([
      `generate: time (median of ${ROUNDS}), peak RSS`,
      `${ms(generate.ms)}, ${b(generate.maxRss)}`,
      `openapi-typescript ${ms(median(typeRuns.map((t) => t.ms)))}, ${b(types.maxRss)}; generate-client ${redocly.ok ? `${ms(median(clientRuns.map((c) => c.ms)))}, ${b(redocly.maxRss)}` : "failed"}`,
      judged(
        "scale.generate",
        generateRatio.median,
        typesOk,
        `${ms(generate.ms)} / ${ms(peerGenerate)}${redocly.ok ? "" : ", openapi-typescript alone: generate-client failed"}`,
      ),
    ]);
    rows.push([
      "",
      "",
      "",
      judged(
        "scale.memory",
        (generate.maxRss ?? NaN) / peerRss,
        types.ok && peerRss > 0,
        `${b(generate.maxRss)} / ${b(peerRss)}`,
      ),
    ]);

    const compile = await run(process.execPath, ["scripts/build.mjs", "compile"], { cwd: dir, env: toolEnv() });
    const dts = compile.code === 0 ? declarationBytes(join(dir, "dist")) : undefined;
    if (compile.code !== 0) say(`scale: ${label}: build.mjs compile failed:\n${tail(compile.output)}`);
    rows.push([
      "the package's .d.ts (dist/, after `build.mjs compile`)",
      b(dts),
      `openapi-typescript's output ${b(types.bytes)}`,
      judged(
        "scale.dts",
        (dts ?? NaN) / (types.bytes ?? NaN),
        compile.code === 0 && types.ok,
        `${b(dts)} / ${b(types.bytes)}`,
      ),
    ]);

    // the copy's own modules: they read the copy's generated/openapi.json
    const sizes = await import(pathToFileURL(join(dir, "scripts/bundle-size.mjs")).href);
    const module = (/** @type {string} */ file) => import(pathToFileURL(join(dir, "scripts/lib", file)).href);
    const { consumerProgram } = await module("generate/examples.mjs");
    // the 3 calls pass the inputs generate's own examples pass: the document's, else sampled (init.mjs does the same)
    const { withExampleInputs } = await module("generate/example-inputs.mjs");
    const { openapi31 } = await module("spec/openapi31.mjs");
    const { createSampler } = await module("spec/sample.mjs");
    const { spec: view } = openapi31(JSON.parse(readFileSync(document, "utf8")));
    const three = withExampleInputs(sizes.JSON_METHODS, await createSampler(view)).operations;
    const { name } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const consumer = join(work.dir, "consumer");
    mkdirSync(join(consumer, "node_modules"), { recursive: true });
    symlinkSync(dir, join(consumer, "node_modules", name), "dir");
    writeFileSync(join(consumer, "package.json"), '{ "type": "module", "private": true }\n');
    writeFileSync(
      join(consumer, "index.ts"),
      consumerProgram(three, { from: name, baseUrl: '"https://api.example.test"' }),
    );
    writeFileSync(
      join(consumer, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2022", "DOM"],
          types: [],
          noEmit: true,
        },
        files: ["index.ts"],
      }),
    );
    const users = [];
    const alones = [];
    for (let round = 0; round < ROUNDS && compile.code === 0 && types.ok; round++) {
      users.push(await timedNode(join(dir, "node_modules/typescript/bin/tsc"), ["-p", consumer], consumer));
      alones.push(await typesAlone(dir, join(work.dir, "openapi-typescript.d.ts")));
    }
    const user = users.length
      ? { ok: users.every((u) => u.ok), ms: median(users.map((u) => u.ms)), output: users[0].output }
      : undefined;
    const alone = alones.length ? { ok: alones.every((a) => a.ok), ms: median(alones.map((a) => a.ms)) } : undefined;
    const checkRatio = users.length
      ? ratios(
          users.map((u) => u.ms),
          alones.map((a) => a.ms),
        ).median
      : undefined;
    if (user && !user.ok) say(`scale: ${label}: the consumer did not compile:\n${tail(user.output)}`);
    rows.push([
      `type check of a consumer calling ${three.length} methods (strict, the built package)`,
      user ? ms(user.ms) : "–",
      `tsc on openapi-typescript's types alone ${alone ? ms(alone.ms) : "failed"}`,
      judged(
        "scale.typecheck",
        checkRatio,
        Boolean(user?.ok && alone?.ok),
        `${user ? ms(user.ms) : "–"} / ${alone ? ms(alone.ms) : "–"}`,
      ),
    ]);

    const n = sizes.OPERATIONS.length;
    const all = await sizes.consumerBundleSize("functions");
    const few = await sizes.consumerBundleSize("functions-json3");
    const marginal = (all.gzip - few.gzip) / (n - three.length);
    let peerAll;
    let peerMarginal;
    if (redocly.ok) {
      sizes.useRedoclyClient(join(work.dir, "redocly/client.ts"));
      const rAll = await sizes.consumerBundleSize("redocly");
      const rFew = await sizes.consumerBundleSize("redocly-json3");
      peerAll = rAll.gzip;
      peerMarginal = (rAll.gzip - rFew.gzip) / (n - three.length);
    }
    // without Redocly's client there is no peer for the bytes: printed, not judged
    const unjudged = "not judged: Redocly's generate-client could not read this document (see above)";
    rows.push([
      `bundle calling all ${n} operations (standalone functions), gzip`,
      b(all.gzip),
      `Redocly's client ${b(peerAll)}`,
      redocly.ok
        ? judged("scale.bundle", all.gzip / (peerAll ?? NaN), true, `${b(all.gzip)} / ${b(peerAll)}`)
        : unjudged,
    ]);
    rows.push([
      `each operation more, gzip ((all − ${three.length}) / ${n - three.length})`,
      `${marginal.toFixed(1)} B`,
      `Redocly's client ${peerMarginal === undefined ? "–" : `${peerMarginal.toFixed(1)} B`}`,
      redocly.ok
        ? judged(
            "scale.marginal",
            marginal / (peerMarginal ?? NaN),
            true,
            `${marginal.toFixed(1)} B / ${peerMarginal?.toFixed(1)} B`,
          )
        : unjudged,
    ]);

    const docRuns = [];
    const pageRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      docRuns.push(await timedNode(join(dir, "scripts/docs.mjs"), [], dir));
      pageRuns.push(await buildDocs(dir, document, join(work.dir, "build-docs.html")));
    }
    const docs = { ok: docRuns.every((d) => d.ok), ms: median(docRuns.map((d) => d.ms)), output: docRuns[0].output };
    const page = { ok: pageRuns.every((p) => p.ok), ms: median(pageRuns.map((p) => p.ms)), bytes: pageRuns[0].bytes };
    const html = docs.ok ? statSync(join(dir, "site/index.html")).size : undefined;
    const docsRatio = ratios(
      docRuns.map((d) => d.ms),
      pageRuns.map((p) => p.ms),
    ).median;
    if (!docs.ok) say(`scale: ${label}: docs.mjs failed:\n${tail(docs.output)}`);
    rows.push([
      "docs page: build time",
      ms(docs.ms),
      `build-docs alone ${ms(page.ms)}`,
      judged("scale.docs", docsRatio, docs.ok && page.ok, `${ms(docs.ms)} / ${ms(page.ms)}`),
    ]);
    rows.push([
      "docs page: HTML size",
      b(html),
      `build-docs alone ${b(page.bytes)}`,
      judged("scale.html", (html ?? NaN) / (page.bytes ?? NaN), docs.ok && page.ok, `${b(html)} / ${b(page.bytes)}`),
    ]);
  } finally {
    say("");
    table([`scale: ${label}`, ...SCALE_HEADERS], rows);
    work.remove();
    copy.remove();
  }
}

/**
 * The scale section: the synthetic spec at {@link SCALE_OPERATIONS} operations, then the corpus's
 * largest document (a line, and nothing measured, where the corpus is absent). Resolves to each
 * document's table, for the report.
 */
export async function measureScale() {
  /** @type {{ label: string, rows: string[][] }[]} */
  const tables = [];
  say("");
  say(
    `scale: the pipeline on a ${SCALE_OPERATIONS}-operation synthetic spec and on the corpus's largest document, each in a copy`,
  );
  const spec = tempDir("bench-scale-spec-");
  writeSyntheticSpec(join(spec.dir, "openapi"), { operations: SCALE_OPERATIONS });
  const synthetic = benchCopy({
    entries: ENTRIES,
    document: join(spec.dir, "openapi"),
  });
  spec.remove();
  await measure(`synthetic spec, ${SCALE_OPERATIONS} operations`, synthetic, tables);

  const largest = largestCorpusDocument(DOCUMENTS);
  if (!largest) {
    say(`scale: no corpus at ${DOCUMENTS}; the largest document is skipped`);
    return tables;
  }
  const copy = benchCopy({ entries: ENTRIES });
  rmSync(join(copy.dir, "openapi"), { recursive: true, force: true });
  cpSync(join(DOCUMENTS, largest.folder), join(copy.dir, "openapi"), { recursive: true });
  const config = join(copy.dir, "redocly.yaml");
  writeFileSync(
    config,
    readFileSync(config, "utf8").replace(/^(\s*root:\s*)\.\/openapi\/\S+$/m, `$1./openapi/${largest.root}`),
  );
  await measure(`${largest.name} (the corpus's largest, ${largest.operations} operations)`, copy, tables);
  return tables;
}
