// Reading an event stream: 100 000 small events through this client's reader (readEventStream:
// eventsource-parser, the line and event bounds, JSON data, async iteration) against
// eventsource-parser alone over the same bytes (and, as the floor of any reader of JSON events, the
// parser plus JSON.parse of each event's data), interleaved rounds, and the heap the reader keeps.
// Goals: `streams.rate` and `streams.heap` in budgets.mjs.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createParser } from "eventsource-parser";
import { judge } from "./budgets.mjs";
import { importClient } from "./requests-contenders.mjs";
import { median, ratios, say, spread, table } from "./stats.mjs";

export const EVENTS = 100_000;
export const STREAM_ROUNDS = 15;
const CHUNK = 64 * 1024;

/**
 * The wire bytes of `count` log events, cut into 64 KiB chunks as a socket would deliver them.
 * @param {number} count
 */
function wire(count) {
  const text = Array.from(
    { length: count },
    (_, i) => `id: ${i + 1}\ndata: {"event":"log","message":"line ${i + 1}","timestamp":"2026-11-22T10:15:00Z"}\n\n`,
  ).join("");
  const bytes = new TextEncoder().encode(text);
  const chunks = [];
  for (let at = 0; at < bytes.length; at += CHUNK) chunks.push(bytes.subarray(at, at + CHUNK));
  return { chunks, bytes: bytes.length };
}

// the heap the reader keeps is what stays after a collection; npm run bench runs node without --expose-gc
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

/**
 * eventsource-parser alone (with `json`, also JSON.parse of each event's data): decode, feed, count
 * the events. The decoding is the reader's too (the parser takes text); the callback reads what
 * every reader must (the data), so that the event the parser builds is not optimised away.
 * @param {Uint8Array[]} chunks
 */
function parserAlone(chunks, json = false) {
  let events = 0;
  const parser = createParser({
    onEvent: json
      ? (event) => void (JSON.parse(event.data).event === "log" && events++)
      : (event) => void (event.data.length && events++),
  });
  const decoder = new TextDecoder();
  for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}

/**
 * This client's reader over a Response of the same chunks; with `heap`, the heap kept after a collection every 10 000 events.
 * @param {typeof import("../../src/index.ts").readEventStream} readEventStream
 * @param {Uint8Array[]} chunks
 * @param {{ samples: number[] }} [heap]
 */
async function reader(readEventStream, chunks, heap) {
  let i = 0;
  const body = new ReadableStream({
    pull: (controller) => (i < chunks.length ? controller.enqueue(chunks[i++]) : controller.close()),
  });
  const events = await readEventStream(new Response(body, { headers: { "content-type": "text/event-stream" } }));
  let count = 0;
  for await (const event of events) {
    if (++count % 10_000 === 0 && heap) {
      gc();
      heap.samples.push(process.memoryUsage().heapUsed);
    }
    // the events wire() wrote: JSON objects
    if (/** @type {{ event?: unknown }} */ (event.data).event !== "log")
      throw new Error("bench: an event came back wrong");
  }
  return count;
}

/**
 * Times the three readers over the same bytes in interleaved rounds (the order turns each round),
 * judges `streams.rate` on the median of the per-round ratios client / parser and `streams.heap`,
 * and prints a table. The rate is judged on the process's CPU time: the readers do nothing but
 * compute over bytes held in memory, so their cost is CPU time, which other work on the machine
 * does not stretch as it stretches wall time (printed beside it).
 * @param {(prefix: string) => { dir: string, remove: () => void }} tempDir where the client is bundled
 */
export async function streamReading(tempDir) {
  const { dir, remove } = tempDir("bench-streams-");
  try {
    const { readEventStream } = await importClient(dir);
    const { chunks, bytes } = wire(EVENTS);
    const { ms, wall } = await timeReaders(readEventStream, chunks);
    // a round of its own: the collections it forces would slow the timed ones
    gc();
    const heap = { samples: /** @type {number[]} */ ([]) };
    const base = process.memoryUsage().heapUsed;
    await reader(readEventStream, chunks, heap);
    const kept = Math.max(0, Math.max(...heap.samples) - base);
    const perSecond = (/** @type {number[]} */ list) => (EVENTS / median(list)) * 1000;
    const rate = ratios(ms.client, ms.parser);
    const result = {
      events: EVENTS,
      bytes,
      parser: { ms: median(ms.parser), perSecond: perSecond(ms.parser) },
      json: { ms: median(ms.json), perSecond: perSecond(ms.json) },
      client: { ms: median(ms.client), perSecond: perSecond(ms.client) },
      rate,
      floor: ratios(ms.json, ms.parser),
      overhead: ratios(ms.client, ms.json),
      wallRate: ratios(wall.client, wall.parser),
      heapKept: kept,
      // from the first sample to the last: what 90 000 more events added
      heapGrowth: /** @type {number} */ (heap.samples.at(-1)) - /** @type {number} */ (heap.samples[0]),
      rateVerdict: judge("streams.rate", rate.median),
      heapVerdict: judge("streams.heap", kept),
    };
    printStreams(result);
    return result;
  } finally {
    remove();
  }
}

/** @typedef {Record<"parser" | "json" | "client", number[]>} ReaderTimes each reader's rounds, ms */

/**
 * The parser alone, the parser with JSON.parse of each event, and the client, over the same chunks
 * in interleaved rounds (the first warms all three up): each round's CPU and wall milliseconds.
 * @param {Parameters<typeof reader>[0]} readEventStream
 * @param {Uint8Array[]} chunks
 * @returns {Promise<{ ms: ReaderTimes, wall: ReaderTimes }>}
 */
async function timeReaders(readEventStream, chunks) {
  /** @type {ReaderTimes} */
  const ms = { parser: [], json: [], client: [] };
  /** @type {ReaderTimes} */
  const wall = { parser: [], json: [], client: [] };
  const contenders = /** @type {const} */ ([
    ["parser", () => parserAlone(chunks)],
    ["json", () => parserAlone(chunks, true)],
    ["client", () => reader(readEventStream, chunks)],
  ]);
  for (let round = -1; round < STREAM_ROUNDS; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const [name, run] = contenders[(k + round + 1) % contenders.length];
      gc();
      const started = performance.now();
      const cpu = process.cpuUsage();
      if ((await run()) !== EVENTS) throw new Error(`bench: ${name} lost events`);
      const { user, system } = process.cpuUsage(cpu);
      if (round >= 0) ms[name].push((user + system) / 1000), wall[name].push(performance.now() - started);
    }
  }
  return { ms, wall };
}

/**
 * The section's table.
 * @param {{ bytes: number, parser: Speed, json: Speed, client: Speed, rate: Ratio, floor: Ratio, overhead: Ratio,
 *   wallRate: Ratio, heapKept: number, heapGrowth: number, rateVerdict: { text: string }, heapVerdict: { text: string } }} result
 * @typedef {{ ms: number, perSecond: number }} Speed
 * @typedef {{ median: number, min: number, max: number }} Ratio
 */
function printStreams(result) {
  const mib = (/** @type {number} */ b) => `${(b / 1024 / 1024).toFixed(2)} MiB`;
  const { parser, json, client, rate } = result;
  say("");
  table(
    ["event stream", "CPU ms (median)", "events/CPU s", "/ parser, CPU, median of rounds (min-max)", "target"],
    [
      [
        `eventsource-parser alone, ${EVENTS} events (${(result.bytes / 1e6).toFixed(1)} MB)`,
        parser.ms.toFixed(0),
        Math.round(parser.perSecond),
        "1.00x",
        "",
      ],
      [
        "eventsource-parser + JSON.parse of each data",
        json.ms.toFixed(0),
        Math.round(json.perSecond),
        spread(result.floor),
        "(the floor of a JSON reader)",
      ],
      [
        "this client (readEventStream)",
        client.ms.toFixed(0),
        Math.round(client.perSecond),
        spread(rate),
        `${result.rateVerdict.text} (${Math.round(100 / rate.median)} % of the parser's rate)`,
      ],
      ["  this client / parser + JSON.parse", "", "", spread(result.overhead), "(what the client adds to the floor)"],
      ["  this client / parser, wall time", "", "", spread(result.wallRate), "(under load, wall time swings more)"],
      [
        "  heap it keeps (after a collection, every 10 000 events)",
        "",
        mib(result.heapKept),
        `${mib(result.heapGrowth)} from 10 000 to 100 000 events`,
        result.heapVerdict.text,
      ],
    ],
  );
}
