// Child processes that lead their own process group, so that stopping one stops everything it
// started, and commands run to completion with their output collected.
import { spawn } from "node:child_process";

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
    let output = "";
    const keep = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.once("error", fail);
    child.once("close", (code, signal) => done({ code, signal, output, ms: performance.now() - started }));
  });
}
