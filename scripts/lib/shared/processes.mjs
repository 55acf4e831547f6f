// Child processes that lead their own process group, so that stopping one stops everything it
// started, and commands run to completion with their output collected.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseOptions } from "./options.mjs";

/** How long a group gets to end after SIGTERM before SIGKILL. */
export const GRACE_MS = 3_000;

/**
 * Sends `signal` to the process group led by `pid`; a group already gone is not an error.
 * @param {number | undefined} pid the leader's pid (a child spawned with `detached: true`)
 * @param {NodeJS.Signals} [signal] default SIGTERM
 * @returns {boolean} whether the signal was delivered
 */
export function signalGroup(pid, signal = "SIGTERM") {
  if (!pid) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the process group of `child`: SIGTERM, then SIGKILL after `graceMs`. Resolves once the
 * leader has exited.
 * @param {import("node:child_process").ChildProcess} child spawned with `detached: true`
 * @param {number} [graceMs] default {@link GRACE_MS}
 * @returns {Promise<void>}
 */
export async function stopGroup(child, graceMs = GRACE_MS) {
  if (child.exitCode !== null || child.signalCode !== null) {
    // the leader is gone, its children may not be
    signalGroup(child.pid, "SIGTERM");
    return;
  }
  const exited = new Promise((done) => child.once("exit", done));
  signalGroup(child.pid, "SIGTERM");
  const killer = setTimeout(() => signalGroup(child.pid, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(killer);
}

/**
 * Starts `command` as the leader of a new process group (see {@link stopGroup}).
 * @param {string} command
 * @param {string[]} args
 * @param {import("node:child_process").SpawnOptions} [options] `detached` is always true
 * @returns {import("node:child_process").ChildProcess}
 */
export function spawnGroup(command, args, options = {}) {
  return spawn(command, args, { ...options, detached: true });
}

/** Largest output {@link run} keeps, from the end, in characters: a chatty command cannot fill memory. */
export const MAX_OUTPUT_CHARS = 1_000_000;

/**
 * Keeps the last `limit` characters of what a child prints on stdout and stderr, interleaved:
 * enough to explain a failure, bounded whatever it prints.
 * @param {import("node:child_process").ChildProcess} child
 * @param {number} [limit] default {@link MAX_OUTPUT_CHARS}
 * @returns {() => string} what was kept so far
 */
export function collectOutput(child, limit = MAX_OUTPUT_CHARS) {
  let output = "";
  const keep = (/** @type {Buffer} */ chunk) => {
    output += chunk;
    if (output.length > limit) output = output.slice(-limit);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => output;
}

/**
 * A TCP port from a command-line argument, or `fallback` when there is none; throws on anything
 * else, naming the value.
 * @param {string | undefined} value
 * @param {number} fallback
 * @returns {number}
 */
export function portArg(value, fallback) {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`not a port: ${value}`);
  return port;
}

/**
 * The port a command that serves one thing is given as its only argument, or `fallback`; a
 * command line with anything else ends the process with status 2, saying why as `name: reason`.
 * @param {string} name the command's name, the prefix of its lines
 * @param {number} fallback
 * @param {string} [usage] its usage line, printed on `--help`
 * @returns {number}
 * @example
 * const port = portFromCommandLine("mock", 4010); // `node scripts/mock.mjs 4011` gives 4011
 */
export function portFromCommandLine(name, fallback, usage) {
  return commandLine(name, fallback, [], usage).port;
}

/**
 * The port, as portFromCommandLine reads it, and the boolean `flags` the command line may set.
 * @param {string} name the command's name, the prefix of its lines
 * @param {number} fallback
 * @param {string[]} [flags] the `--flag`s it takes; default none
 * @param {string} [usage] its usage line, printed on `--help` (options.mjs)
 * @returns {{ port: number, flags: Record<string, boolean> }}
 * @example
 * commandLine("mock", 4010, ["stateful"]); // `node scripts/mock.mjs --stateful` gives { port: 4010, flags: { stateful: true } }
 */
export function commandLine(name, fallback, flags = [], usage = `usage: ${name} [port]`) {
  try {
    const options = Object.fromEntries(flags.map((flag) => [flag, { type: /** @type {const} */ ("boolean") }]));
    const { positionals, values } = parseOptions(
      usage,
      { allowPositionals: true, options },
      (message) => new Error(message),
    );
    return {
      port: portArg(positionals[0], fallback),
      flags: Object.fromEntries(flags.map((flag) => [flag, values[flag] === true])),
    };
  } catch (err) {
    console.error(`${name}: ${err instanceof Error ? err.message : err}`);
    process.exit(2);
  }
}

/**
 * Runs a command to completion in its own process group; resolves to its exit code, its stdout
 * and stderr interleaved (the last {@link MAX_OUTPUT_CHARS} of them) and its wall time. Never
 * rejects for a non-zero exit; rejects when the command cannot start.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, output: string, ms: number }>}
 * @example
 * const { code, output } = await run("npm", ["run", "build"], { cwd: copy });
 */
export function run(command, args, { cwd, env } = {}) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawnGroup(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const output = collectOutput(child);
    child.once("error", fail);
    child.once("close", (code, signal) => done({ code, signal, output: output(), ms: performance.now() - started }));
  });
}

/** Node flags that only mean something for code given on the command line, with the value each takes (or none). */
const ENTRY_FLAGS = new Map([
  ["-e", true],
  ["--eval", true],
  ["-p", true],
  ["--print", true],
  ["--input-type", false],
]);

/**
 * This process's Node flags for a worker thread it starts: all of them (so `--import`, `--cpu-prof`
 * and the like reach the thread too) but the ones about code given on the command line
 * (`-e`/`--eval`, `-p`/`--print` and their code, `--input-type`), which a worker refuses.
 * @returns {string[]}
 * @example
 * new Worker(new URL(import.meta.url), { execArgv: workerExecArgv() });
 */
export function workerExecArgv() {
  const flags = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const [name] = args[i].split("=", 1);
    if (!ENTRY_FLAGS.has(name)) flags.push(args[i]);
    else if (ENTRY_FLAGS.get(name) && !args[i].includes("=")) i++;
  }
  return flags;
}

/**
 * The file a package's command runs, as its package.json `bin` names it: the path npm links into
 * node_modules/.bin, to run with this node. Undefined when the package names no such command.
 * @param {string} name the package, as installed
 * @param {string} command its command
 * @returns {{ file: string | undefined, manifest: string }}
 * @example
 * packageBin("@redocly/cli", "redocly").file; // ".../node_modules/@redocly/cli/bin/cli.js"
 */
export function packageBin(name, command) {
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, "utf8"));
  const entry = typeof bin === "string" ? bin : bin?.[command];
  return { file: typeof entry === "string" ? join(dirname(manifest), entry) : undefined, manifest };
}
