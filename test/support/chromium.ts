import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The apt command that installs Debian's Chromium; fonts come with it through fontconfig. */
export const INSTALL_COMMAND = "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium";

/**
 * Flags for a headless Chromium on a closed machine: no sandbox (tests run as root), no GPU,
 * and none of the background traffic (updates, sync, QUIC probes) that would leave the machine.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
];

// one install per process, however many test files ask at once (flock below covers other processes)
let pending: Promise<string> | undefined;

const log = (line: string) => process.stdout.write(`chromium: ${line}\n`);

/**
 * Finds a Chromium to drive with playwright-core, installing Debian's package when it can.
 *
 * Uses `CHROMIUM_PATH` when set, else {@link DEBIAN_CHROMIUM}. When that is missing and the
 * process runs as root on Debian, runs {@link INSTALL_COMMAND} (a few minutes on a fresh
 * machine), printing its progress. Never downloads a browser build.
 *
 * @returns the executable's absolute path
 * @throws Error naming the command to run, when Chromium is missing and cannot be installed here
 * @example
 * const browser = await chromium.launch({ executablePath: await chromiumPath(), args: [...CHROMIUM_FLAGS] });
 */
export function chromiumPath(): Promise<string> {
  pending ??= locate().catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}

async function locate(): Promise<string> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is ${configured}, which does not exist; point it at a Chromium executable, or unset it to use ${DEBIAN_CHROMIUM}`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

  const debian = existsSync("/etc/debian_version");
  const root = process.getuid?.() === 0;
  if (!debian || !root) {
    const how = debian
      ? `run: sudo sh -c '${INSTALL_COMMAND}'`
      : "install Chromium with the system's package manager, then run: CHROMIUM_PATH=/path/to/chromium npm test";
    throw new Error(`no Chromium at ${DEBIAN_CHROMIUM}; ${how}`);
  }

  const started = Date.now();
  log(`${DEBIAN_CHROMIUM} is missing; installing Debian's chromium package (takes a few minutes)`);
  // flock: another process (a second vitest worker, say) may be installing it right now; wait for it,
  // then find the browser there instead of running apt twice (apt-get update fails on a held lock)
  const steps = [
    "set -e",
    `if [ -x ${DEBIAN_CHROMIUM} ]; then echo "installed meanwhile by another process"; exit 0; fi`,
    'echo "$ apt-get update"',
    "apt-get update",
    'echo "$ apt-get install -y --no-install-recommends chromium"',
    "DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium",
  ];
  await run("flock", [join(tmpdir(), "browser-cloud-client-chromium.lock"), "sh", "-c", steps.join("\n")]);
  if (!existsSync(DEBIAN_CHROMIUM)) throw new Error(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing; run: ${INSTALL_COMMAND}`);
  log(`installed ${DEBIAN_CHROMIUM} in ${Math.round((Date.now() - started) / 1000)} s`);
  return DEBIAN_CHROMIUM;
}

/** Runs a command, echoing its output with this module's prefix; rejects on a non-zero exit. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const echo = (chunk: Buffer) => {
      const lines = (tail + chunk.toString()).split("\n");
      tail = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) log(`  ${line}`);
    };
    child.stdout.on("data", echo);
    child.stderr.on("data", echo);
    child.once("error", (err) => fail(new Error(`could not start ${command}: ${err.message}; run: ${INSTALL_COMMAND}`)));
    child.once("close", (code, signal) => {
      if (tail.trim()) log(`  ${tail}`);
      if (code === 0) done();
      else fail(new Error(`installing chromium failed (${signal ?? `exit ${code}`}); run by hand: ${INSTALL_COMMAND}`));
    });
  });
}
