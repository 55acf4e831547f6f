// The mock's start, for the growth section of `npm run bench`: `npm run mock` (scripts/mock.mjs)
// launched in a copy of the checkout, timed from the launch to its first answer (the spec bundled,
// Prism listening, the proxy's sampler and checks built), then stopped.
import { freePort } from "../lib/mock/prism.mjs";
import { collectOutput, spawnGroup, stopGroup } from "../lib/shared/processes.mjs";

/** Fresh starts timed; the median holds better on a busy machine. */
export const MOCK_RUNS = 3;
/** How long one start may take before it counts as failed. */
const START_LIMIT_MS = 60_000;

/**
 * Times `node scripts/mock.mjs <port>` in `dir`, {@link MOCK_RUNS} times: from the launch to the
 * first answer to a request (any status: a path of no operation gets Prism's 404).
 * @param {string} dir a copy of the checkout, generated
 * @returns {Promise<{ ok: boolean, times: number[], error?: string }>} `error` says why a start failed
 * @example
 * const { times } = await timeMockStart(copy.dir); // [2410, 2380, 2455]
 */
export async function timeMockStart(dir) {
  const times = [];
  for (let run = 0; run < MOCK_RUNS; run++) {
    const port = await freePort();
    const started = performance.now();
    const child = spawnGroup(process.execPath, ["scripts/mock.mjs", String(port)], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = collectOutput(child);
    try {
      for (;;) {
        if (performance.now() - started > START_LIMIT_MS)
          return { ok: false, times, error: `no answer within ${START_LIMIT_MS} ms:\n${output()}` };
        if (child.exitCode !== null) return { ok: false, times, error: `exited ${child.exitCode}:\n${output()}` };
        const answered = await fetch(`http://127.0.0.1:${port}/bench-mock-start`).then(
          async (response) => (await response.arrayBuffer(), true),
          () => false,
        );
        if (answered) break;
        await new Promise((done) => setTimeout(done, 25));
      }
      times.push(Math.round(performance.now() - started));
    } finally {
      await stopGroup(child);
    }
  }
  return { ok: true, times };
}
