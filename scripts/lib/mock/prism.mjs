// Prism: the mock API server started from a spec, stopped cleanly, never outliving this process.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname } from "node:path";
import { BUNDLE, fromRoot, root } from "../shared/paths.mjs";
import { GRACE_MS, signalGroup } from "../shared/processes.mjs";

const PRISM = fromRoot("node_modules/.bin/prism");
const WATCHDOG = fromRoot("scripts/lib/shared/watchdog.mjs");
const SPEC = fromRoot("openapi/openapi.yaml");

/**
 * Asks the kernel for a port that is free right now on `host` (default 127.0.0.1).
 * @param {string} [host]
 * @returns {Promise<number>}
 */
export function freePort(host = "127.0.0.1") {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, host, () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => done(port));
    });
  });
}

/**
 * What a mock serves when not told: the repaired bundle once generated, else the spec as written.
 * @returns {string}
 * @example
 * defaultSpec(); // "/repo/generated/openapi.json"
 */
export function defaultSpec() {
  return existsSync(BUNDLE) ? BUNDLE : SPEC;
}

// the process groups of the mocks not yet stopped, ended when this process exits without stop()
const running = new Set();
let exitHook = false;

/**
 * Starts Prism on host:port (a free port when none is given, another one tried, up to 3, when
 * another process takes it before Prism binds it) and resolves once it listens. Each start has
 * its own log: a Prism never reads another's readiness line.
 * `spec` is the document it serves: by default generated/openapi.json, the document as `npm run
 * generate` repaired it (a body that `additionalProperties: false` beside `oneOf` refused can be
 * sent, `nullable` fields may be null, no example that breaks its schema), the very document the
 * client was generated from; openapi/openapi.yaml as written when nothing was generated yet.
 * Rejects, with Prism's log, when it exits or is not listening within `timeoutMs`.
 * Resolves to { url, log, stop }; stop() ends Prism and everything it started.
 * Prism never outlives this process: it runs under scripts/lib/shared/watchdog.mjs, which ends it when
 * this process is gone, SIGKILL included, and an exit hook ends it at once on any other exit.
 * @param {{ host?: string, port?: number, log?: string, spec?: string, timeoutMs?: number }} [options]
 * host default 127.0.0.1, timeoutMs default 30 000
 * @returns {Promise<{ url: string, log: string, stop: () => Promise<void> }>}
 * @example
 * const mock = await startMock({ port: 0 });
 * await fetch(`${mock.url}/org/limits`, { headers: { Authorization: "Bearer any" } });
 * await mock.stop();
 */
export async function startMock(options = {}) {
  if (options.port !== undefined) return startOn({ ...options, port: options.port });
  // the free port may be taken by another process before Prism binds it: Prism then exits, and
  // another free port is tried
  for (let tries = 1; ; tries++) {
    try {
      return await startOn({ ...options, port: await freePort(options.host) });
    } catch (err) {
      if (tries >= PORT_TRIES || !/EADDRINUSE/.test(String(/** @type {Error} */ (err).message))) throw err;
      // the log of a start tried again on another port is nobody's to read
      rmSync(/** @type {{ log: string }} */ (err).log, { force: true });
    }
  }
}

/** How many free ports startMock tries, each taken by another process before Prism bound it. */
const PORT_TRIES = 3;
/** The starts of this process: each Prism's log is its own. */
let starts = 0;

/** @param {{ host?: string, port: number, log?: string, spec?: string, timeoutMs?: number }} options */
async function startOn({ host = "127.0.0.1", port, log, spec = defaultSpec(), timeoutMs = 30_000 }) {
  // one log per start, so that two Prisms never read each other's readiness line: not even two
  // processes whose free port was the same one, where the Prism that lost it would read the
  // other's line and its requests would reach the other's document; a log named by nobody is
  // removed at stop
  let removeLog = !log;
  log ??= fromRoot(`.logs/prism-${port}-${process.pid}-${++starts}.log`);
  mkdirSync(dirname(log), { recursive: true });
  const out = createWriteStream(log);
  await new Promise((done) => out.once("open", done));
  // the watchdog leads its own process group, Prism's too, so that stop() reaches any child
  // Prism starts; it holds a pipe from us (its stdin) and ends the group when the pipe closes
  const child = spawn(
    process.execPath,
    [WATCHDOG, PRISM, "mock", "--host", host, "--port", String(port), "--errors", spec],
    {
      cwd: root,
      detached: true,
      stdio: ["pipe", out, out],
    },
  );
  // we never write to the pipe: its one use is to close when we are gone
  child.stdin.on("error", () => {});
  running.add(child.pid);
  if (!exitHook) {
    exitHook = true;
    process.on("exit", () => {
      for (const group of running) signalGroup(group, "SIGTERM");
    });
  }
  // set by the child's exit, which the checks below read later: typed wide so that the checks
  // are not narrowed to the null it starts as
  let exited = /** @type {{ code: number | string | null, signal: NodeJS.Signals | null } | null} */ (null);
  const exit = new Promise((done) => {
    child.once("exit", (code, signal) => {
      running.delete(child.pid);
      done((exited = { code, signal }));
    });
    child.once("error", (/** @type {NodeJS.ErrnoException} */ err) =>
      done((exited = { code: err.code ?? null, signal: null })),
    );
  });

  const stop = async () => {
    if (!exited) {
      signalGroup(child.pid, "SIGTERM");
      const killer = setTimeout(() => signalGroup(child.pid, "SIGKILL"), GRACE_MS);
      await exit;
      clearTimeout(killer);
    }
    await new Promise((done) => out.end(done));
    if (removeLog) rmSync(log, { force: true });
  };

  const started = Date.now();
  for (;;) {
    const text = readFileSync(log, "utf8");
    if (text.includes("Prism is listening on")) break;
    const failure = exited
      ? `exited (${exited.code ?? exited.signal})`
      : Date.now() - started > timeoutMs
        ? `was not listening after ${timeoutMs} ms`
        : null;
    if (failure) {
      removeLog = false;
      await stop();
      throw Object.assign(new Error(`Prism ${failure}. Its log (${log}):\n${readFileSync(log, "utf8")}`), { log });
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://${host}:${port}`, log, stop };
}
