// Walking a list: 10 000 items over 100 pages of the synthetic spec's GET /browsers (the real
// service's header pagination), this client's `for await` against the same pages fetched by hand
// with a safe fetch (a per-attempt timeout, redirect "manual", a byte cap, JSON.parse), from an
// in-process loopback server; wall time per walk (interleaved rounds, median) and the peak memory
// held during a walk (after a full collection, sampled at every page). Goal: `pages.walk` in budgets.mjs.
import { nodeBundle } from "./node-bundle.mjs";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { judge } from "./budgets.mjs";
import { tempDir } from "./cleanup.mjs";
import { syntheticProject } from "./synthetic.mjs";
import { safeFetch } from "./safe-fetch.mjs";
import { median, ratios, say, spread, table } from "./stats.mjs";

const PAGES = 100;
const PER_PAGE = 100;
const ROUNDS = 15;

/**
 * @typedef {{ browsers: { list(query: object, options: object): { pages(): AsyncIterable<{ items: unknown[] }> } } }} ListClient
 *   what the walk reads of the synthetic spec's client
 */

/**
 * Serves GET /browsers by offset: PER_PAGE items a page, PAGES pages, as the real service's headers say.
 * @param {object} item an example item, copied into every page
 */
function startPages(item) {
  const total = PAGES * PER_PAGE;
  const bodies = new Map();
  for (let offset = 0; offset < total; offset += PER_PAGE) {
    const items = Array.from({ length: PER_PAGE }, (_, i) => ({ ...item, session_id: `brs_${offset + i}` }));
    bodies.set(offset, Buffer.from(JSON.stringify(items)));
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const body = bodies.get(offset);
    if (url.pathname !== "/browsers" || !body) return res.writeHead(404).end();
    const more = offset + PER_PAGE < total;
    res
      .writeHead(200, {
        "content-type": "application/json",
        "content-length": body.length,
        "x-has-more": String(more),
        ...(more ? { "x-next-offset": String(offset + PER_PAGE) } : {}),
      })
      .end(body);
  });
  server.keepAliveTimeout = 120_000;
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () =>
      done({
        url: `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`,
        close: () => new Promise((ok) => (server.closeAllConnections(), server.close(ok))),
      }),
    ),
  );
}

/**
 * One page by hand, as a careful caller writes it (safe-fetch.mjs): bounded attempt, no redirects, capped body, parsed.
 * @param {string} url
 */
async function safePage(url) {
  const { data, response } = await safeFetch(url, { headers: { authorization: "Bearer bench-key" } });
  return { items: /** @type {unknown[]} */ (data), headers: response.headers };
}

/**
 * Generates the synthetic spec's client in a temp copy, bundles it, and times both walks.
 */
export async function walkPages() {
  say("pages: generating the synthetic spec's client");
  const copy = syntheticProject(150);
  const out = tempDir("bench-pages-");
  try {
    const spec = JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
    const item = spec.paths["/browsers"].get.responses["200"].content["application/json"].example[0];
    const outfile = join(out.dir, "client.mjs");
    await nodeBundle(join(copy.dir, "src/index.ts"), outfile);
    const { createClient } = await import(pathToFileURL(outfile).href);
    const server = await startPages(item);
    try {
      return await measure(createClient({ apiKey: "bench-key", baseUrl: server.url }), server.url);
    } finally {
      await server.close();
    }
  } finally {
    copy.remove();
    out.remove();
  }
}

/**
 * Walks the list through the client and by hand, rounds interleaved.
 * @param {ListClient} api the synthetic spec's client
 * @param {string} url the pages' server
 */
async function measure(api, url) {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  let peak = 0;
  let base = 0;
  const held = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.arrayBuffers - base);
  };
  const contenders = {
    client: async () => {
      let n = 0;
      for await (const page of api.browsers.list({ limit: PER_PAGE }, { maxRetries: 0 }).pages()) {
        n += page.items.length;
        held();
      }
      return n;
    },
    "by hand": async () => {
      let n = 0;
      for (let next = `${url}/browsers?limit=${PER_PAGE}`; next; ) {
        const { items, headers } = await safePage(next);
        n += items.length;
        held();
        next =
          headers.get("x-has-more") === "true"
            ? `${url}/browsers?limit=${PER_PAGE}&offset=${headers.get("x-next-offset")}`
            : "";
      }
      return n;
    },
  };
  /** @type {Record<keyof typeof contenders, number[]>} */
  const times = { client: [], "by hand": [] };
  const peaks = { client: 0, "by hand": 0 };
  for (let round = -2; round < ROUNDS; round++) {
    // the order turns each round, so that neither walk always runs on the other's garbage (the
    // entries of the literal above: its keys)
    const order = /** @type {[keyof typeof contenders, () => Promise<number>][]} */ (Object.entries(contenders));
    if (round % 2) order.reverse();
    for (const [name, walk] of order) {
      gc();
      const m = process.memoryUsage();
      base = m.heapUsed + m.arrayBuffers;
      peak = 0;
      const started = performance.now();
      const items = await walk();
      const ms = performance.now() - started;
      if (items !== PAGES * PER_PAGE) throw new Error(`${name} walked ${items} items, not ${PAGES * PER_PAGE}`);
      // the first two rounds warm up
      if (round >= 0) times[name].push(ms), (peaks[name] = Math.max(peaks[name], peak));
    }
  }
  const ratio = ratios(times.client, times["by hand"]);
  const result = {
    pages: PAGES,
    items: PAGES * PER_PAGE,
    clientMs: median(times.client),
    byHandMs: median(times["by hand"]),
    ratio,
    verdict: judge("pages.walk", ratio.median),
    clientPeak: peaks.client,
    byHandPeak: peaks["by hand"],
  };
  sayWalk(result);
  return result;
}

/**
 * The walk's table: wall time and peak memory, by hand and through the client.
 * @param {{ clientMs: number, byHandMs: number, ratio: ReturnType<typeof ratios>, verdict: { text: string }, clientPeak: number, byHandPeak: number }} result
 */
function sayWalk({ clientMs, byHandMs, ratio, verdict, clientPeak, byHandPeak }) {
  const mib = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  say("");
  table(
    ["walk 10 000 items over 100 pages", "by hand (safe fetch)", "this client", "target"],
    [
      [
        `wall time, median of ${ROUNDS} walks; median of per-round ratios (min-max)`,
        `${byHandMs.toFixed(0)} ms (1.00x)`,
        `${clientMs.toFixed(0)} ms (${spread(ratio)})`,
        `by hand ${verdict.text}`,
      ],
      [
        "peak heap + buffers over a full collection, garbage included",
        mib(byHandPeak),
        mib(clientPeak),
        "one page at a time",
      ],
    ],
  );
}

/**
 * The README's Markdown rows of this part.
 * @param {Awaited<ReturnType<typeof measure>>} r what walkPages() resolved to
 */
export function pagesMarkdown(r) {
  const mib = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return [
    "",
    "| walk 10 000 items over 100 pages | by hand (safe fetch) | this client | target |",
    "|---|---|---|---|",
    `| wall time, median of ${ROUNDS} walks; median of per-round ratios (min-max) | ${r.byHandMs.toFixed(0)} ms (1.00x) | ${r.clientMs.toFixed(0)} ms (${spread(r.ratio)}) | by hand ${r.verdict.text} |`,
    `| peak heap + buffers over a full collection, garbage included | ${mib(r.byHandPeak)} | ${mib(r.clientPeak)} | one page at a time |`,
  ].join("\n");
}
