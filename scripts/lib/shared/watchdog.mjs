#!/usr/bin/env node
// Runs a command and ends it, with everything it started, once the process that started this
// watchdog is gone, whatever ended it (SIGKILL included, when no exit hook of its own can run).
//   spawn(node, ["scripts/lib/shared/watchdog.mjs", command, ...args], { detached: true, stdio: ["pipe", out, err] })
// The parent holds the write end of our stdin and never writes to it: when that end closes (the
// parent exited or was killed; the kernel closes it either way), the watchdog sends SIGTERM to its
// process group (itself, the command, and the command's children), then SIGKILL after 3 s.
// Started detached, the watchdog leads that group, so `process.kill(-watchdog.pid, signal)` from
// the parent reaches the command too. It exits as the command exits, with its code or signal.
import { spawn } from "node:child_process";

/** How long the command gets to end after SIGTERM before SIGKILL. */
const GRACE_MS = 3_000;

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("watchdog: usage: watchdog.mjs <command> [args...]");
  process.exit(2);
}

const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });

let ending = false;
const end = () => {
  if (ending) return;
  ending = true;
  for (const signal of /** @type {NodeJS.Signals[]} */ (["SIGTERM", "SIGKILL"])) {
    const send = () => {
      // the whole group when we lead one (started detached), else the command alone
      try {
        process.kill(-process.pid, signal);
      } catch {
        try {
          child.kill(signal);
        } catch {}
      }
    };
    if (signal === "SIGTERM") send();
    else setTimeout(send, GRACE_MS).unref();
  }
};
// our own group's SIGTERM, and the parent's, land here: they mean "end the command"
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, end);
process.stdin.on("end", end);
process.stdin.on("close", end);
process.stdin.on("error", end);
process.stdin.resume();

child.once("error", (err) => {
  console.error(`watchdog: cannot run ${command}: ${err.message}`);
  process.exit(127);
});
child.once("exit", (code, signal) => {
  // node gives a signal whenever the code is null; 1 only keeps the types whole
  if (code !== null || signal === null) process.exit(code ?? 1);
  // end the way the command ended, so that the parent sees its signal
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
});
