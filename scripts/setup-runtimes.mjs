#!/usr/bin/env node
// Installs the runtimes the packed client is tested on (`npm run test:runtimes`) into
// node_modules/.cache/runtimes/, each from its npm package at a pinned version: Node 22 and 24
// (the `node` package), Bun, Deno, and Miniflare with its workerd. Idempotent: a runtime already
// there is only reported. The toolchain itself stays on the machine's Node.
//   node scripts/setup-runtimes.mjs
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { fromRoot, isMain } from "./lib/shared/paths.mjs";

const exec = promisify(execFile);

/** Where the runtimes are installed, one folder per package and version: under node_modules/, so git and throwaway copies of the checkout leave them out, and `npm ci` starts afresh. */
export const RUNTIMES_CACHE = fromRoot("node_modules/.cache/runtimes");

/**
 * The runtimes, pinned: the npm package that brings each, and the executable inside it. Miniflare
 * needs Node 22+, so it runs under `node24`.
 * @type {Record<"node22" | "node24" | "bun" | "deno" | "miniflare", { name: string; version: string; bin: string }>}
 */
export const RUNTIMES = {
  node22: { name: "node", version: "22.23.3", bin: "node_modules/.bin/node" },
  node24: { name: "node", version: "24.21.0", bin: "node_modules/.bin/node" },
  bun: { name: "bun", version: "1.4.5", bin: "node_modules/.bin/bun" },
  deno: { name: "deno", version: "2.9.6", bin: "node_modules/.bin/deno" },
  miniflare: { name: "miniflare", version: "4.20260730.0", bin: "node_modules/.bin/workerd" },
};

/** @typedef {keyof typeof RUNTIMES} RuntimeName */

const log = (/** @type {string} */ line) => process.stdout.write(`runtimes: ${line}\n`);

/**
 * The folder a runtime is installed in.
 * @param {RuntimeName} runtime
 * @returns {string} `node_modules/.cache/runtimes/<package>@<version>`
 * @example
 * runtimeFolder("deno"); // "/repo/node_modules/.cache/runtimes/deno@2.9.6"
 */
export function runtimeFolder(runtime) {
  const { name, version } = RUNTIMES[runtime];
  return join(RUNTIMES_CACHE, `${name}@${version}`);
}

/**
 * Installs every runtime that is not in the cache yet (about a minute and 750 MB the first time),
 * each into a folder of its own that is renamed into place only once its install has passed, so a
 * broken install is never taken for a cached one.
 * @returns {Promise<Record<RuntimeName, string>>} each runtime's executable (for miniflare: workerd)
 * @throws {Error} naming the runtime and npm's output, when an install fails
 * @example
 * const { deno } = await setupRuntimes();
 */
export async function setupRuntimes() {
  const names = /** @type {RuntimeName[]} */ (Object.keys(RUNTIMES));
  // npm's own variables from an `npm run` around us would point the nested npm at this repo
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const installs = names.map(async (runtime) => {
    const { name, version, bin } = RUNTIMES[runtime];
    const folder = runtimeFolder(runtime);
    if (existsSync(join(folder, bin))) return;
    const partial = `${folder}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    writeFileSync(
      join(partial, "package.json"),
      `${JSON.stringify({ private: true, dependencies: { [name]: version } }, null, 2)}\n`,
    );
    const started = Date.now();
    log(`installing ${name}@${version}`);
    // each package brings its binary from the registry: an optional platform package, or a preinstall that installs one
    await exec("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", "--engine-strict=false"], {
      cwd: partial,
      env,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((/** @type {{ stderr?: string }} */ err) => {
      throw new Error(`installing ${name}@${version} for ${runtime} failed: ${err.stderr ?? err}`);
    });
    if (!existsSync(join(partial, bin)))
      throw new Error(
        `${name}@${version} installed without ${bin}; its package brings no binary for ${process.platform}-${process.arch}`,
      );
    rmSync(folder, { recursive: true, force: true });
    renameSync(partial, folder);
    log(`${name}@${version} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  await Promise.all(installs);
  return /** @type {Record<RuntimeName, string>} */ (
    Object.fromEntries(names.map((runtime) => [runtime, join(runtimeFolder(runtime), RUNTIMES[runtime].bin)]))
  );
}

if (isMain(import.meta.url)) {
  const bins = await setupRuntimes();
  for (const [runtime, bin] of Object.entries(bins)) log(`${runtime}: ${bin}`);
}
