// The transport called directly, as the raw client and the methods call it, and what its tests
// wait on: a condition met, a garbage collection on demand (what a long-read stream meets sooner or
// later). A test file that imports this mocks src/core/retry.ts first (test/support/quick-backoff.ts).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** `send` of src/core/transport.ts, imported when called, so that the test file's mocks apply to it. */
export const send = async (...args: Parameters<typeof import("../../src/core/transport.js").send>) =>
  (await import("../../src/core/transport.js")).send(...args);

/** Resolves once `condition` holds, checking every 5 ms. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

setFlagsFromString("--expose-gc");
const gc: () => void = runInNewContext("gc");

/** Three garbage collections, each given a turn of the event loop. */
export async function collect(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
}
