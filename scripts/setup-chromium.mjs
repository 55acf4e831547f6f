#!/usr/bin/env node
// Sets up the Chromium the docs-page test drives (playwright-core, no browser download): finds it,
// or installs Debian's chromium package when this runs as root on Debian. Idempotent: a browser
// already there is only reported. `npm run test:docs` runs this before its tests.
//   node scripts/setup-chromium.mjs       CHROMIUM_PATH=/path/to/chromium picks another browser
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isMain } from "./lib/shared/paths.mjs";
import { parseOptions } from "./lib/shared/options.mjs";

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The apt command that installs Debian's Chromium; fonts come with it through fontconfig. */
export const INSTALL_COMMAND =
  "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium";

const log = (/** @type {string} */ line) => process.stdout.write(`chromium: ${line}\n`);

/**
 * The Chromium to drive: `CHROMIUM_PATH` when set, else {@link DEBIAN_CHROMIUM}; installs nothing.
 * @returns {{ path: string } | { missing: string }} the executable, or why there is none and what to run
 * @example
 * const found = findChromium();
 * if ("missing" in found) throw new Error(found.missing);
 */
export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return { path: configured };
    return {
      missing: `CHROMIUM_PATH is ${configured}, which does not exist; point it at a Chromium executable, or unset it to use ${DEBIAN_CHROMIUM}`,
    };
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM };
  const debian = existsSync("/etc/debian_version");
  const how = debian
    ? `run: sudo sh -c '${INSTALL_COMMAND}'`
    : "install Chromium with the system's package manager, then run: CHROMIUM_PATH=/path/to/chromium npm test";
  return { missing: `no Chromium at ${DEBIAN_CHROMIUM}; ${how}` };
}

/**
 * Finds Chromium, installing Debian's package when it is missing and this process runs as root on
 * Debian (a few minutes on a fresh machine, its progress printed). A second process installing at
 * the same time waits for the first (flock) instead of running apt twice.
 * @returns {Promise<string>} the executable's absolute path
 * @throws {Error} naming the command to run, when Chromium is missing and cannot be installed here
 */
export async function setupChromium() {
  const found = findChromium();
  if ("path" in found) return found.path;
  const root = process.getuid?.() === 0;
  if (process.env.CHROMIUM_PATH || !existsSync("/etc/debian_version") || !root) throw new Error(found.missing);

  const started = Date.now();
  log(`${DEBIAN_CHROMIUM} is missing; installing Debian's chromium package (takes a few minutes)`);
  const steps = [
    "set -e",
    `if [ -x ${DEBIAN_CHROMIUM} ]; then echo "installed meanwhile by another process"; exit 0; fi`,
    'echo "$ apt-get update"',
    "apt-get update",
    'echo "$ apt-get install -y --no-install-recommends chromium"',
    "DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium",
  ];
  await echoed("flock", [join(tmpdir(), "browser-cloud-client-chromium.lock"), "sh", "-c", steps.join("\n")]);
  if (!existsSync(DEBIAN_CHROMIUM))
    throw new Error(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing; run: ${INSTALL_COMMAND}`);
  log(`installed ${DEBIAN_CHROMIUM} in ${Math.round((Date.now() - started) / 1000)} s`);
  return DEBIAN_CHROMIUM;
}

/** Runs a command, echoing its output with this script's prefix; rejects on a non-zero exit. */
function echoed(/** @type {string} */ command, /** @type {string[]} */ args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const echo = (/** @type {Buffer} */ chunk) => {
      const lines = (tail + chunk.toString()).split("\n");
      tail = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) log(`  ${line}`);
    };
    child.stdout.on("data", echo);
    child.stderr.on("data", echo);
    child.once("error", (err) =>
      fail(new Error(`could not start ${command}: ${err.message}; run: ${INSTALL_COMMAND}`)),
    );
    child.once("close", (code, signal) => {
      if (tail.trim()) log(`  ${tail}`);
      if (code === 0) done(undefined);
      else fail(new Error(`installing chromium failed (${signal ?? `exit ${code}`}); run by hand: ${INSTALL_COMMAND}`));
    });
  });
}

if (isMain(import.meta.url)) {
  parseOptions("usage: node scripts/setup-chromium.mjs", { options: {} });
  try {
    log(`ready: ${await setupChromium()}`);
  } catch (err) {
    console.error(`chromium: ${/** @type {Error} */ (err).message}`);
    process.exit(1);
  }
}
