// What the tests of scripts/ share: child processes that are always stopped, raw HTTP for
// requests fetch() refuses to send, and the processes of a Prism found by its port.
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";

/** Bounds every wait below, for a busy 2-core machine: it only bounds a hang, it measures nothing. */
export const WAIT_MS = 60_000;

export interface Child {
  child: ChildProcess;
  /** Its stdout and stderr so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `command` with its stdout and stderr collected. */
export function start(command: string, args: string[], options: SpawnOptions = {}): Child {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** The first match of `pattern` in the child's output, once there; fails, with the output, when it exits first or WAIT_MS pass. */
export async function printed(running: Child, what: string, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const match = pattern.exec(running.output());
    if (match) return match;
    const { exitCode, signalCode } = running.child;
    if (exitCode !== null || signalCode !== null)
      throw new Error(`exited (${exitCode ?? signalCode}) before ${what}:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS / 1000} s:\n${running.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops the child: SIGTERM, then SIGKILL when it has not exited within WAIT_MS. */
export async function stop(running: Child | undefined): Promise<void> {
  if (!running) return;
  const { child } = running;
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), WAIT_MS);
  await running.exited;
  clearTimeout(killer);
}

/**
 * The pids of the live processes whose command line holds `--port <port>` (a Prism, and the
 * watchdog that runs it), from /proc; a zombie has no command line and does not count.
 */
export function processesOnPort(port: number | string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (args.some((arg, i) => arg === "--port" && args[i + 1] === String(port))) pids.push(Number(entry));
  }
  return pids;
}

/** Resolves once no process holds `--port <port>`; rejects, naming them, after `ms`. */
export async function goneFromPort(port: number | string, ms = WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (processesOnPort(port).length) {
    if (Date.now() > deadline)
      throw new Error(`still running after ${ms / 1000} s with --port ${port}: ${processesOnPort(port).join(", ")}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kills, with SIGKILL, whatever still holds `--port <port>`: the cleanup when a test failed. */
export function killOnPort(port: number | string | undefined): void {
  if (port === undefined) return;
  for (const pid of processesOnPort(port)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
}

export interface RawAnswer {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  head: string;
  body: string;
}

/**
 * Sends `text` as is to the server of `url` and resolves, once the server closes the connection,
 * to its answer. Send `Connection: close` for a server to close after a good answer.
 */
export function rawRequest(url: string, text: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      fail(
        new Error(
          `the connection was still open after ${WAIT_MS / 1000} s for ${JSON.stringify(text.slice(0, 80))}; got ${JSON.stringify(Buffer.concat(chunks).toString("latin1").slice(0, 200))}`,
        ),
      );
    }, WAIT_MS);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {}); // "close" follows
    socket.on("close", () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks).toString("latin1");
      const split = all.indexOf("\r\n\r\n");
      const head = split < 0 ? all : all.slice(0, split);
      done({
        status: Number(/^HTTP\/1\.[01] (\d{3}) /.exec(head)?.[1] ?? 0),
        head,
        body: split < 0 ? "" : all.slice(split + 4),
      });
    });
    socket.write(text, "latin1");
  });
}

/**
 * Sends the head of a request and part of its body, then resets the connection (TCP RST) as a
 * client that dies mid-request would. Resolves once the socket is closed.
 */
export function resetMidRequest(url: string, head: string, partialBody: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(head + partialBody, () => setTimeout(() => socket.resetAndDestroy(), 100));
    });
    socket.on("error", () => {});
    socket.on("close", () => done());
  });
}
