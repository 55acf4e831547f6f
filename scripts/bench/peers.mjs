// The tools the pipeline wraps, each run alone on the same document in the same run, so that every
// time budget is a ratio to them and holds on any machine: openapi-typescript (the types), `redocly
// build-docs` (the page), Redocly's `generate-client` (a whole client), `tsc` on openapi-typescript's
// types alone, and one `node scripts/generate.mjs`. Each in its own Node process, timed from spawn
// to exit, its peak memory reported by the process itself (max-rss.cjs). Each runs in the folder of
// its output, never in a checkout: openapi-typescript and Redocly's CLI read a redocly.yaml in their
// working directory and then generate its `apis` rather than the document they were given.
import { statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { toolEnv } from "../lib/shared/env.mjs";
import { fromRoot } from "../lib/shared/paths.mjs";
import { run } from "../lib/shared/processes.mjs";
import { tail } from "./stats.mjs";

const PRELOAD = fromRoot("scripts/bench/max-rss.cjs");
const MARK = /^bench-max-rss-kib: (\d+)$/m;

/**
 * The peak resident set a process timed by {@link timedNode} reported, in bytes; undefined when its
 * output holds no such line (it was killed, or never reached its exit).
 * @param {string} output
 * @returns {number | undefined}
 * @example
 * maxRssOf("done\nbench-max-rss-kib: 2048\n"); // 2097152
 */
export function maxRssOf(output) {
  const found = MARK.exec(output);
  return found ? Number(found[1]) * 1024 : undefined;
}

/** @typedef {{ ok: boolean, ms: number, maxRss: number | undefined, output: string }} Timed */

/**
 * Runs a Node script in `cwd` with max-rss.cjs loaded: its wall time from spawn to exit and its peak RSS.
 * @param {string} script
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<Timed>}
 */
export async function timedNode(script, args, cwd) {
  const { code, output, ms } = await run(process.execPath, ["--require", PRELOAD, script, ...args], {
    cwd,
    env: toolEnv(),
  });
  return { ok: code === 0, ms, maxRss: maxRssOf(output), output: output.replace(MARK, "").trim() };
}

const bin = (/** @type {string} */ dir, /** @type {string} */ file) => join(dir, "node_modules", file);

/**
 * openapi-typescript's command line alone on `document` (a bundled document), writing `out`: its time,
 * memory and output size.
 * @param {string} dir a checkout (its node_modules)
 * @param {string} document
 * @param {string} out in a folder of its own (the working directory)
 */
export async function openapiTypescript(dir, document, out) {
  const timed = await timedNode(bin(dir, ".bin/openapi-typescript"), [document, "-o", out], dirname(out));
  return { ...timed, bytes: timed.ok ? statSync(out).size : undefined };
}

/**
 * `redocly build-docs` alone on `document`, writing `out`: its time and the page's size.
 * @param {string} dir
 * @param {string} document
 * @param {string} out
 */
export async function buildDocs(dir, document, out) {
  const timed = await timedNode(bin(dir, ".bin/redocly"), ["build-docs", document, "-o", out], dirname(out));
  return { ...timed, bytes: timed.ok ? statSync(out).size : undefined };
}

/**
 * Redocly's `generate-client` (experimental) alone on `document`, writing `out`; `why` says why it
 * failed, when it did.
 * @param {string} dir
 * @param {string} document
 * @param {string} out
 */
export async function redoclyGenerateClient(dir, document, out) {
  const timed = await timedNode(bin(dir, ".bin/redocly"), ["generate-client", document, "-o", out], dirname(out));
  return { ...timed, why: timed.ok ? undefined : tail(timed.output, 3).replace(/\s+/g, " ").slice(0, 300) };
}

/**
 * `tsc` on openapi-typescript's output alone: a tsconfig holding only `types`, with the checkout's
 * compiler options (written beside `types`, extending `dir`'s tsconfig.json).
 * @param {string} dir
 * @param {string} types a .d.ts openapi-typescript wrote
 */
export function typesAlone(dir, types) {
  const config = `${types}.tsconfig.json`;
  writeFileSync(
    config,
    JSON.stringify({
      extends: join(dir, "tsconfig.json"),
      compilerOptions: { noEmit: true },
      files: [types],
      include: [],
    }),
  );
  return timedNode(bin(dir, "typescript/bin/tsc"), ["-p", config], dirname(types));
}

/**
 * One `node scripts/generate.mjs` in `dir`: its time and peak memory.
 * @param {string} dir
 */
export const generateOnce = (dir) => timedNode(join(dir, "scripts/generate.mjs"), [], dir);

/**
 * openapi-typescript then `redocly build-docs`, each alone, on `dir`'s bundled document
 * (generated/openapi.json), their outputs in `work`: the two tools lint + generate + docs wraps.
 * `ms` is their sum, as if run one after the other.
 * @param {string} dir
 * @param {string} work a folder of the bench's own
 */
export async function typesAndPage(dir, work) {
  const document = join(dir, "generated/openapi.json");
  const types = await openapiTypescript(dir, document, join(work, "openapi-typescript.d.ts"));
  const page = await buildDocs(dir, document, join(work, "build-docs.html"));
  return { ok: types.ok && page.ok, ms: types.ms + page.ms, types, page };
}
