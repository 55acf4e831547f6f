// The benchmark's one reporter: the figures as the Markdown of the README's Benchmarks section.
import { verdictLine } from "./budgets.mjs";
import { bundleMarkdown } from "./bundle.mjs";
import { DEV_EDITS } from "./dev-regeneration.mjs";
import { pagesMarkdown } from "./pages.mjs";
import { SCALE_HEADERS } from "./scale.mjs";
import { PER_ROUND, ROUNDS, WARMUP_ROUNDS } from "./requests.mjs";
import { spread } from "./stats.mjs";
import { STREAM_ROUNDS } from "./streams.mjs";

/**
 * @typedef {object} Results the figures of the sections that ran, as bench.mjs gathers them
 * @property {ReturnType<typeof import("./stats.mjs").describeMachine>} machine
 * @property {Awaited<ReturnType<typeof import("./requests.mjs").perRequest>>} [requests]
 * @property {Awaited<ReturnType<typeof import("./bundle.mjs").bundleSizes>>} [bundle]
 * @property {Awaited<ReturnType<typeof import("./pipeline.mjs").pipeline>>} [pipeline]
 * @property {Awaited<ReturnType<typeof import("./growth.mjs").measureGrowth>>} [growth]
 * @property {string[][]} [growthRows]
 * @property {{ label: string, rows: string[][] }[]} [scale]
 * @property {Awaited<ReturnType<typeof import("./pages.mjs").walkPages>>} [pages]
 * @property {Awaited<ReturnType<typeof import("./streams.mjs").streamReading>>} [streams]
 */

/**
 * The README's Benchmarks Markdown from the figures of the sections that ran.
 * @param {Results} results
 * @returns {string}
 */
export function summary({ machine, requests, bundle, pipeline, growth, growthRows, scale, pages, streams }) {
  const out = [];
  out.push(
    `Measured by \`npm run bench\` on ${machine.cpu}, ${machine.cores} cores, ${machine.memory.replace(/ \(.*/, "")}, Node ${machine.node}, ${machine.os}, ${machine.date} (load average ${machine.load}).`,
  );
  if (requests) {
    out.push("");
    out.push(
      "| | raw fetch | safe fetch | openapi-fetch | openapi-fetch + timeout signal | openapi-fetch over safe fetch | this client | Redocly's client | official SDK | goal |",
    );
    out.push("|---|---|---|---|---|---|---|---|---|---|");
  }
  if (requests) {
    for (const [op, label] of /** @type {const} */ ([
      ["get", "`GET /org/limits`, µs/request"],
      ["click", "click (`POST …/click_mouse`), µs/request"],
    ])) {
      const { stats, target } = requests[op];
      const cell = (/** @type {string} */ name) => `${Math.round(stats[name].us)} (${stats[name].xFetch.toFixed(2)}x)`;
      out.push(
        `| ${label} | ${cell("fetch")} | ${cell("safe fetch")} | ${cell("openapi-fetch")} | ${cell("+ timeout signal")} | ${cell("openapi-fetch over safe")} | ${cell("this client")} | ${cell("Redocly's client")} | ${cell("official SDK")} | this client / safe fetch ${target.text} |`,
      );
    }
  }
  if (requests) {
    out.push("");
    out.push(
      `Per request: median of ${ROUNDS} per-round means (${PER_ROUND} sequential keep-alive requests per contender and round, contenders interleaved, after ${WARMUP_ROUNDS} warm-up rounds); in brackets the median per-round ratio to raw fetch. "safe fetch" is \`fetch\` as a careful hand-written call uses it (scripts/bench/safe-fetch.mjs): a per-attempt AbortController and timer, \`redirect: "manual"\`, a status check, the body read under a byte cap, then \`JSON.parse\`; the per-request goals compare this client with it. "openapi-fetch + timeout signal" is bare openapi-fetch with an AbortSignal and a timer per request. "openapi-fetch over safe fetch" is openapi-fetch's own request path over the safe floor (its \`Request\` option given a class that keeps URL and init, its \`fetch\` the safe floor's attempt, the bytes handed back as a Response): what any client that goes through openapi-fetch pays. The loopback server runs in the same process. This client as shipped (retries, timeouts, input and response checks on); Redocly's generated client (\`redocly generate-client\`, scripts/bench/redocly-client.mjs) with a 60 s timeout per attempt, which checks nothing; the SDK with its defaults.`,
    );
  }
  if (bundle) out.push(bundleMarkdown(bundle));
  if (pipeline) {
    const { build, dev } = pipeline;
    const buildLabel = `\`npm run build\` (lint, generate, docs, compile), median of ${build.runs.length}`;
    const devCell = dev.ok ? `${Math.round(dev.ms)} ms (the line states ${Math.round(dev.stated)} ms)` : "failed";
    out.push("");
    out.push("| pipeline | wall time | target |");
    out.push("|---|---|---|");
    out.push(`| ${buildLabel} | ${build.ok ? `${(build.ms / 1000).toFixed(1)} s` : "failed"} | ${build.target.text} |`);
    out.push(
      `| \`npm run dev\`: one spec file saved → \`dev: regenerated\`, median of ${DEV_EDITS} | ${devCell} | ${dev.target.text} |`,
    );
  }
  if (growth && growthRows) {
    const [small, grown] = growth.sizes;
    out.push("");
    out.push(`| growth | ${small.operations} operations | ${grown.operations} operations | target |`);
    out.push("|---|---|---|---|");
    for (const row of growthRows) out.push(`| ${row.join(" | ")} |`);
  }
  for (const { label, rows } of scale ?? []) {
    out.push("");
    out.push(`| scale: ${label} | ${SCALE_HEADERS.join(" | ")} |`);
    out.push(`|---|${SCALE_HEADERS.map(() => "---").join("|")}|`);
    for (const row of rows) out.push(`| ${row.join(" | ")} |`);
  }
  if (pages) out.push(pagesMarkdown(pages));
  if (streams) {
    const rate = (/** @type {{ ms: number, perSecond: number }} */ r) =>
      `${Math.round(r.ms)} ms (${Math.round(r.perSecond / 1000)} k events/s)`;
    const mib = (/** @type {number} */ b) => `${(b / 1024 / 1024).toFixed(2)} MiB`;
    out.push("");
    out.push(
      `| event stream, ${streams.events} small events (${(streams.bytes / 1e6).toFixed(1)} MB), ${STREAM_ROUNDS} interleaved rounds | CPU time (median) | / parser alone, CPU time, median of per-round ratios (min-max) | target |`,
    );
    out.push("|---|---|---|---|");
    out.push(`| eventsource-parser alone | ${rate(streams.parser)} | 1.00x | |`);
    out.push(
      `| eventsource-parser + \`JSON.parse\` of each event's data (the floor of any JSON reader) | ${rate(streams.json)} | ${spread(streams.floor)} | |`,
    );
    out.push(
      `| this client (\`readEventStream\`: parser, bounds, JSON data, \`for await\`) | ${rate(streams.client)} | ${spread(streams.rate)}; ${spread(streams.overhead)} of the floor; wall time ${spread(streams.wallRate)} | ${streams.rateVerdict.text} |`,
    );
    out.push(
      `| heap the reader keeps while reading (after a collection, every 10 000 events) | ${mib(streams.heapKept)} | ${mib(streams.heapGrowth)} from 10 000 to 100 000 events | ${streams.heapVerdict.text} |`,
    );
  }
  out.push("");
  out.push("```");
  out.push(verdictLine());
  out.push("```");
  return out.join("\n");
}
