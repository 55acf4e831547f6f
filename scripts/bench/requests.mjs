// Per-request cost on loopback: this client against raw fetch, bare openapi-fetch (with and
// without a timeout signal), Redocly's generated client and the official SDK, GET /org/limits and POST click_mouse,
// interleaved rounds against the in-process stand-in (server.mjs).
import { judge } from "./budgets.mjs";
import { contenders } from "./requests-contenders.mjs";
import { startServer } from "./server.mjs";
import { median, quantile, say, table } from "./stats.mjs";

// more, shorter rounds pair the contenders closer in time, which a busy machine needs
export const ROUNDS = 30;
export const PER_ROUND = 150;
export const WARMUP_ROUNDS = 3;

/**
 * @typedef {import("./requests-contenders.mjs").Contender} Contender
 * @typedef {{ us: number, cpu: number, spread: number, extra: number, xFetch: number, xBare: number, xSafe: number }} Stats
 *   one contender's figures for one call
 */

/**
 * Wall and CPU microseconds per request over `n` sequential calls.
 * @param {() => Promise<unknown>} call
 * @param {number} n
 */
async function timeRound(call, n) {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await call();
  const wall = Number(process.hrtime.bigint() - started) / 1e3 / n;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / n };
}

/** @typedef {Record<string, { wall: number[], cpu: number[] }>} Samples one call's per-round means, by contender */

/**
 * Times every contender on both calls, round by round, and checks the client's targets.
 * @param {(prefix: string) => { dir: string, remove: () => void }} tempDir where the client is bundled
 */
export async function perRequest(tempDir) {
  say("");
  say("per-request cost: loopback node:http server in this process, keep-alive");
  say(
    `per-request cost: ${WARMUP_ROUNDS} warm-up + ${ROUNDS} measured rounds x ${PER_ROUND} sequential requests per contender and operation, rotating order`,
  );
  const { dir, remove } = tempDir("bench-client-");
  const server = await startServer();
  try {
    const list = await contenders(server.url, dir);
    const started = Date.now();
    const samples = await sampleRounds(list);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const counts = { ...server.counts };
    const expected = (WARMUP_ROUNDS + ROUNDS) * PER_ROUND * list.length;
    if (counts.get !== expected || counts.click !== expected || counts.other !== 0) {
      throw new Error(
        `the server saw ${JSON.stringify(counts)}, expected ${expected} GET and ${expected} click and nothing else`,
      );
    }
    say(`per-request cost: ${2 * expected} requests in ${seconds} s; the server saw each exactly once`);
    /** @type {Record<string, { stats: Record<string, Stats>, target: ReturnType<typeof judge> }>} */
    const result = {};
    for (const op of OPS) result[op] = reportCall(op, samples[op], list);
    say("");
    say(
      "us/req: median of the per-round means; spread: half the interquartile range of those means; +us and ratios: medians of the per-round differences and ratios",
    );
    return result;
  } finally {
    await server.close();
    remove();
  }
}

const OPS = /** @type {const} */ (["get", "click"]);

/**
 * Every contender on both calls, in rotating order round by round; the warm-up rounds' times are dropped.
 * @param {Contender[]} list
 * @returns {Promise<Record<(typeof OPS)[number], Samples>>}
 */
async function sampleRounds(list) {
  const empty = () => Object.fromEntries(list.map((c) => [c.name, { wall: [], cpu: [] }]));
  /** @type {Record<(typeof OPS)[number], Samples>} */
  const samples = { get: empty(), click: empty() };
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    for (const op of OPS) {
      for (let k = 0; k < list.length; k++) {
        const contender = list[(round + k) % list.length];
        const { wall, cpu } = await timeRound(contender[op], PER_ROUND);
        if (round >= WARMUP_ROUNDS) {
          samples[op][contender.name].wall.push(wall);
          samples[op][contender.name].cpu.push(cpu);
        }
      }
    }
  }
  return samples;
}

/**
 * One call's figures for each contender, its table and its verdict. Ratios are taken round by
 * round: the contenders of one round ran seconds apart, so a neighbour's load that slows one round
 * slows both sides of its ratio alike.
 * @param {(typeof OPS)[number]} op
 * @param {Samples} per
 * @param {Contender[]} list
 */
function reportCall(op, per, list) {
  const paired = (/** @type {string} */ name, /** @type {string} */ against) =>
    median(per[name].wall.map((w, i) => w / per[against].wall[i]));
  /** @type {Record<string, Stats>} */
  const stats = Object.fromEntries(
    list.map(({ name }) => {
      const { wall, cpu } = per[name];
      const us = median(wall);
      return [
        name,
        {
          us,
          cpu: median(cpu),
          spread: (quantile(wall, 0.75) - quantile(wall, 0.25)) / 2 / us,
          extra: median(wall.map((w, i) => w - per.fetch.wall[i])),
          xFetch: paired(name, "fetch"),
          xBare: paired(name, "openapi-fetch"),
          xSafe: paired(name, "safe fetch"),
        },
      ];
    }),
  );
  const target = judge(`requests.${op}`, paired("this client", "safe fetch"));
  say("");
  say(op === "get" ? "GET /org/limits" : "POST /browsers/{id}/computer/click_mouse {x:640,y:360,button:left}");
  table(
    [
      "contender",
      "us/req",
      "spread",
      "+us over fetch",
      "x raw fetch",
      "x safe fetch",
      "x openapi-fetch",
      "process CPU us/req",
    ],
    list.map(({ name }) => {
      const s = stats[name];
      return [
        name,
        s.us.toFixed(1),
        `±${(s.spread * 100).toFixed(1)} %`,
        s.extra.toFixed(1),
        `${s.xFetch.toFixed(2)}x`,
        `${s.xSafe.toFixed(2)}x`,
        `${s.xBare.toFixed(2)}x`,
        s.cpu.toFixed(1),
      ];
    }),
  );
  say(`target: this client / safe fetch ${target.text}`);
  say(
    `this client / (openapi-fetch + timeout signal): ${paired("this client", "+ timeout signal").toFixed(2)}x, what the client adds beyond bounding each attempt`,
  );
  say(
    `openapi-fetch over safe / safe fetch: ${paired("openapi-fetch over safe", "safe fetch").toFixed(2)}x, openapi-fetch's own request path (its URL, headers, Request class, parse) above the floor; this client / it: ${paired("this client", "openapi-fetch over safe").toFixed(2)}x, what the client's checks, retries and errors add`,
  );
  return { stats, target };
}
