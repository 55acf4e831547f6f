#!/usr/bin/env node
// Starts the Prism mock from openapi/ and stops it cleanly; used by `npm start`, `npm run mock`
// and the tests' globalSetup.
//   node scripts/mock.mjs [port]     serve on 127.0.0.1 (default port 4010) until Ctrl-C
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const root = resolve(dirname(self), "..");
const PRISM = resolve(root, "node_modules/.bin/prism");
const WATCHDOG = resolve(root, "scripts/watchdog.mjs");
const SPEC = resolve(root, "openapi/openapi.yaml");

/** Asks the kernel for a port that is free right now on `host`. */
export function freePort(host = "127.0.0.1") {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

// the process groups of the mocks not yet stopped, ended when this process exits without stop()
const running = new Set();
let exitHook = false;

/**
 * Starts Prism on host:port (a free port when none is given) and resolves once it listens.
 * `spec` is the document it serves (default openapi/openapi.yaml).
 * Rejects, with Prism's log, when it exits or is not listening within `timeoutMs`.
 * Resolves to { url, log, stop }; stop() ends Prism and everything it started.
 * Prism never outlives this process: it runs under scripts/watchdog.mjs, which ends it when this
 * process is gone, SIGKILL included, and an exit hook ends it at once on any other exit.
 */
export async function startMock({ host = "127.0.0.1", port, log, spec = SPEC, timeoutMs = 30_000 } = {}) {
  port ??= await freePort(host);
  // one log per port, so that two runs side by side do not read each other's readiness line;
  // a log named by nobody is removed at stop
  let removeLog = !log;
  log ??= resolve(root, `.logs/prism-${port}.log`);
  mkdirSync(dirname(log), { recursive: true });
  const out = createWriteStream(log);
  await new Promise((done) => out.once("open", done));
  // the watchdog leads its own process group, Prism's too, so that stop() reaches any child
  // Prism starts; it holds a pipe from us (its stdin) and ends the group when the pipe closes
  const child = spawn(process.execPath, [WATCHDOG, PRISM, "mock", "--host", host, "--port", String(port), "--errors", spec], {
    cwd: root,
    detached: true,
    stdio: ["pipe", out, out],
  });
  // we never write to the pipe: its one use is to close when we are gone
  child.stdin.on("error", () => {});
  running.add(child.pid);
  if (!exitHook) {
    exitHook = true;
    process.on("exit", () => {
      for (const group of running) {
        try {
          process.kill(-group, "SIGTERM");
        } catch {}
      }
    });
  }
  let exited = null;
  const exit = new Promise((done) => {
    child.once("exit", (code, signal) => {
      running.delete(child.pid);
      done((exited = { code, signal }));
    });
    child.once("error", (err) => done((exited = { code: err.code, signal: null })));
  });

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {}
      }, 3_000);
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
      throw new Error(`Prism ${failure}. Its log (${log}):\n${readFileSync(log, "utf8")}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://${host}:${port}`, log, stop };
}

if (process.argv[1] === self) {
  const port = Number(process.argv[2] ?? 4010);
  const mock = await startMock({ port });
  console.log(`mock: Prism serves openapi/ at ${mock.url} (log: ${mock.log})`);
  const quit = () => mock.stop().then(() => process.exit(0));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, quit);
}
