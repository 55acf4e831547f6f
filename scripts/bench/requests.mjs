// Per-request cost on loopback: this client against raw fetch, bare openapi-fetch (with and
// without a timeout signal), Redocly's generated client and the official SDK, GET /org/limits and POST click_mouse,
// interleaved rounds against the in-process stand-in (server.mjs).
import { nodeBundle } from "./node-bundle.mjs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fromRoot } from "../lib/shared/paths.mjs";
import { judge } from "./budgets.mjs";
import { LightRequest } from "./light-request.mjs";
import { importRedoclyClient } from "./redocly-client.mjs";
import { safeAttempt, safeFetch } from "./safe-fetch.mjs";
import { startServer } from "./server.mjs";
import { median, quantile, say, table } from "./stats.mjs";

// more, shorter rounds pair the contenders closer in time, which a busy machine needs
export const ROUNDS = 30;
export const PER_ROUND = 150;
export const WARMUP_ROUNDS = 3;
const CLICK_BODY = { x: 640, y: 360, button: /** @type {"left"} */ ("left") };
const API_KEY = "bench-key";

/**
 * @typedef {{ name: string, get: () => Promise<unknown>, click: () => Promise<unknown> }} Contender
 *   two calls, each resolved once the answer is read in full
 * @typedef {{ us: number, cpu: number, spread: number, extra: number, xFetch: number, xBare: number, xSafe: number }} Stats
 *   one contender's figures for one call
 * @typedef {{ 200: { content: { "application/json": unknown } } }} Answered
 * @typedef {{
 *   "/org/limits": { get: { parameters: {}, responses: Answered } },
 *   "/browsers/{id}/computer/click_mouse": {
 *     post: { parameters: { path: { id: string } }, requestBody: { content: { "application/json": typeof CLICK_BODY } }, responses: Answered },
 *   },
 * }} BenchPaths the two operations the openapi-fetch contenders call, as openapi-typescript types a document's
 * @typedef {import("openapi-fetch").Client<BenchPaths>} FetchClient
 */

/**
 * Bundles src/index.ts (platform node, not minified) into a temp dir and imports it, so no build is needed.
 * @param {string} dir
 * @returns {Promise<typeof import("../../src/index.ts")>} the module src/index.ts is, bundled
 */
export async function importClient(dir) {
  const outfile = join(dir, "client.mjs");
  await nodeBundle(fromRoot("src/index.ts"), outfile);
  return import(pathToFileURL(outfile).href);
}

/**
 * The contenders, each as { get(), click() } that resolve once the answer is read in full.
 * @param {string} url the server
 * @param {string} dir where the clients are bundled
 * @returns {Promise<Contender[]>}
 */
async function contenders(url, dir) {
  const { createClient } = await importClient(dir);
  const { default: createFetchClient } = await import("openapi-fetch");
  const { default: Kernel } = await import("@onkernel/sdk");
  const authorization = `Bearer ${API_KEY}`;
  const clickUrl = `${url}/browsers/brs_bench/computer/click_mouse`;
  const ok = (/** @type {Response} */ response) => {
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  };

  // the same two calls through a plain openapi-fetch client
  const viaOpenapiFetch = (/** @type {string} */ name, /** @type {FetchClient} */ fetchClient) => ({
    name,
    get: async () => {
      const { data, response } = await fetchClient.GET("/org/limits");
      ok(response);
      return data;
    },
    click: async () => {
      const { response } = await fetchClient.POST("/browsers/{id}/computer/click_mouse", {
        params: { path: { id: "brs_bench" } },
        body: CLICK_BODY,
      });
      ok(response);
    },
  });

  /** @type {FetchClient} */
  const bare = createFetchClient({ baseUrl: url, headers: { Authorization: authorization } });
  // the least a client pays to bound an attempt: an AbortSignal per request, which Node's fetch
  // must follow, and a timer
  /** @type {FetchClient} */
  const bounded = createFetchClient({
    baseUrl: url,
    headers: { Authorization: authorization },
    fetch: (request) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 60_000);
      return fetch(request, { signal: controller.signal }).finally(() => clearTimeout(timer));
    },
  });
  // openapi-fetch's own request path over the safe floor: its documented `Request` option given a
  // class that keeps URL and init (no Request built per call), its `fetch` the safe floor's attempt,
  // the bytes handed back as a Response for it to parse; what any client through openapi-fetch pays
  /** @type {FetchClient} */
  const overSafe = createFetchClient({
    baseUrl: url,
    headers: { Authorization: authorization },
    Request: /** @type {typeof Request} */ (/** @type {unknown} */ (LightRequest)),
    fetch: async (request) => {
      const { init } = /** @type {LightRequest} */ (/** @type {unknown} */ (request));
      const { bytes, response } = await safeAttempt(request.url, {
        method: request.method,
        headers: request.headers,
        body: init.body,
      });
      return new Response(/** @type {BodyInit | null} */ (/** @type {unknown} */ (bytes)), response);
    },
  });
  const client = createClient({ apiKey: API_KEY, baseUrl: url });
  const sdk = new Kernel({ apiKey: API_KEY, baseURL: url });
  // Redocly's generated client with a timeout per attempt, as ours has; it checks nothing
  const redocly = await importRedoclyClient(dir);
  const generated = redocly.createClient(redocly.OPERATIONS, {
    serverUrl: url,
    auth: { bearer: API_KEY },
    timeout: 60_000,
  });
  return [
    {
      name: "fetch",
      get: async () => {
        const response = await fetch(`${url}/org/limits`, { headers: { Authorization: authorization } });
        ok(response);
        return response.json();
      },
      click: async () => {
        const response = await fetch(clickUrl, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/json" },
          body: JSON.stringify(CLICK_BODY),
        });
        ok(response);
        await response.text();
      },
    },
    {
      // what a careful hand-written call does (safe-fetch.mjs): bound the attempt, refuse redirects,
      // check the status, read the body under a cap, parse it
      name: "safe fetch",
      get: async () => (await safeFetch(`${url}/org/limits`, { headers: { Authorization: authorization } })).data,
      click: async () => {
        await safeFetch(clickUrl, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/json" },
          body: JSON.stringify(CLICK_BODY),
        });
      },
    },
    viaOpenapiFetch("openapi-fetch", bare),
    viaOpenapiFetch("+ timeout signal", bounded),
    viaOpenapiFetch("openapi-fetch over safe", overSafe),
    {
      name: "this client",
      get: () => client.organization.limits.retrieve(),
      click: () => client.browsers.computer.clickMouse("brs_bench", CLICK_BODY),
    },
    {
      name: "Redocly's client",
      get: () => generated.getOrgLimits(),
      click: () => generated.clickMouse({ path: { id: "brs_bench" }, body: CLICK_BODY }),
    },
    {
      name: "official SDK",
      get: () => sdk.organization.limits.retrieve(),
      click: () => sdk.browsers.computer.clickMouse("brs_bench", CLICK_BODY),
    },
  ];
}

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
    const ops = /** @type {const} */ (["get", "click"]);
    /** @type {Record<string, Record<string, { wall: number[], cpu: number[] }>>} by call, then contender */
    const samples = Object.fromEntries(
      ops.map((op) => [op, Object.fromEntries(list.map((c) => [c.name, { wall: [], cpu: [] }]))]),
    );
    const started = Date.now();
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      for (const op of ops) {
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
    for (const op of ops) {
      // ratios are taken round by round: the contenders of one round ran seconds apart, so a
      // neighbour's load that slows one round slows both sides of its ratio alike
      const per = samples[op];
      const paired = (/** @type {string} */ name, /** @type {string} */ against) =>
        median(per[name].wall.map((w, i) => w / per[against].wall[i]));
      /** @type {Record<string, Stats>} */
      const stats = Object.fromEntries(
        list.map(({ name }) => {
          const { wall, cpu } = per[name];
          const us = median(wall);
          const extra = median(wall.map((w, i) => w - per.fetch.wall[i]));
          return [
            name,
            {
              us,
              cpu: median(cpu),
              spread: (quantile(wall, 0.75) - quantile(wall, 0.25)) / 2 / us,
              extra,
              xFetch: paired(name, "fetch"),
              xBare: paired(name, "openapi-fetch"),
              xSafe: paired(name, "safe fetch"),
            },
          ];
        }),
      );
      const ratio = paired("this client", "safe fetch");
      const target = judge(`requests.${op}`, ratio);
      result[op] = { stats, target };
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
    }
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
