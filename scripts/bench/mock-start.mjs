// The mock's start, for the growth section of `npm run bench`: `npm run mock` (scripts/mock.mjs)
// launched in a copy of the checkout, timed from the launch to its first answer (the spec bundled,
// Prism listening, the proxy's sampler and checks built), then stopped; and in the same rounds, the
// tool it wraps alone: Prism's command line on the same bundle, as lib/mock/prism.mjs starts it.
import { join } from "node:path";
import { freePort } from "../lib/mock/prism.mjs";
import { collectOutput, spawnGroup, stopGroup } from "../lib/shared/processes.mjs";

/** Fresh starts timed; the median holds better on a busy machine. */
export const MOCK_RUNS = 3;
/** How long one start may take before it counts as failed. */
const START_LIMIT_MS = 60_000;

/**
 * Times `node scripts/mock.mjs <port>` in `dir` and, in the same round, `prism mock` alone on its
 * generated/openapi.json, {@link MOCK_RUNS} rounds: from the launch to the first answer to a
 * request (any status: a path of no operation gets Prism's 404).
 * @param {string} dir a copy of the checkout, generated
 * @returns {Promise<{ ok: boolean, times: number[], prism: number[], error?: string }>} `error` says why a start failed
 * @example
 * const { times, prism } = await timeMockStart(copy.dir); // [2410, 2380, 2455], [1510, 1490, 1530]
 */
export async function timeMockStart(dir) {
  /** @type {number[]} */
  const times = [];
  /** @type {number[]} */
  const prism = [];
  const mock = (/** @type {number} */ port) => ["scripts/mock.mjs", String(port)];
  const alone = (/** @type {number} */ port) => [
    join(dir, "node_modules/.bin/prism"),
    "mock",
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--errors",
    join(dir, "generated/openapi.json"),
  ];
  for (let run = 0; run < MOCK_RUNS; run++) {
    for (const [args, into] of /** @type {const} */ ([
      [mock, times],
      [alone, prism],
    ])) {
      const timed = await timeStart(dir, args);
      if ("error" in timed) return { ok: false, times, prism, error: timed.error };
      into.push(timed.ms);
    }
  }
  return { ok: true, times, prism };
}

/**
 * One start of `node <args(port)>` in `dir`, timed to its first answer, then stopped.
 * @param {string} dir
 * @param {(port: number) => string[]} args
 * @returns {Promise<{ ok: true, ms: number } | { ok: false, error: string }>}
 */
async function timeStart(dir, args) {
  const port = await freePort();
  const started = performance.now();
  const child = spawnGroup(process.execPath, args(port), { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  const output = collectOutput(child);
  try {
    for (;;) {
      if (performance.now() - started > START_LIMIT_MS)
        return { ok: false, error: `no answer within ${START_LIMIT_MS} ms:\n${output()}` };
      if (child.exitCode !== null) return { ok: false, error: `exited ${child.exitCode}:\n${output()}` };
      const answered = await fetch(`http://127.0.0.1:${port}/bench-mock-start`).then(
        async (response) => (await response.arrayBuffer(), true),
        () => false,
      );
      if (answered) return { ok: true, ms: Math.round(performance.now() - started) };
      await new Promise((done) => setTimeout(done, 25));
    }
  } finally {
    await stopGroup(child);
  }
}
