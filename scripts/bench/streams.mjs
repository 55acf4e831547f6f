// Reading an event stream: 100 000 small events through this client's reader (readEventStream:
// eventsource-parser, the line and event bounds, JSON data, async iteration) against
// eventsource-parser alone over the same bytes (and, as the floor of any reader of JSON events, the
// parser plus JSON.parse of each event's data), interleaved rounds, and the heap the reader keeps.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createParser } from "eventsource-parser";
import { importClient } from "./requests.mjs";
import { median, say, table } from "./stats.mjs";

export const EVENTS = 100_000;
export const STREAM_ROUNDS = 7;
const CHUNK = 64 * 1024;
// the reader may cost at most a quarter more time than the parser alone: at least 80 % of its rate
export const STREAM_TARGET = { minShare: 0.8 };
// the reader keeps at most an event and a chunk: the heap it keeps may not grow with the stream
export const STREAM_HEAP_BUDGET = 8 * 1024 * 1024;

/** The wire bytes of `count` log events, cut into 64 KiB chunks as a socket would deliver them. */
function wire(count) {
  const text = Array.from({ length: count }, (_, i) => `id: ${i + 1}\ndata: {"event":"log","message":"line ${i + 1}","timestamp":"2026-11-22T10:15:00Z"}\n\n`).join("");
  const bytes = new TextEncoder().encode(text);
  const chunks = [];
  for (let at = 0; at < bytes.length; at += CHUNK) chunks.push(bytes.subarray(at, at + CHUNK));
  return { chunks, bytes: bytes.length };
}

// the heap the reader keeps is what stays after a collection; npm run bench runs node without --expose-gc
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

/** eventsource-parser alone (with `json`, also JSON.parse of each event's data): decode, feed, count the events. */
function parserAlone(chunks, json = false) {
  let events = 0;
  const parser = createParser({ onEvent: json ? (event) => (JSON.parse(event.data), events++) : () => events++ });
  const decoder = new TextDecoder();
  for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}

/** This client's reader over a Response of the same chunks; with `heap`, the heap kept after a collection every 10 000 events. */
async function reader(readEventStream, chunks, heap) {
  let i = 0;
  const body = new ReadableStream({ pull: (controller) => (i < chunks.length ? controller.enqueue(chunks[i++]) : controller.close()) });
  const events = await readEventStream(new Response(body, { headers: { "content-type": "text/event-stream" } }));
  let count = 0;
  for await (const event of events) {
    if (++count % 10_000 === 0 && heap) {
      gc();
      heap.peak = Math.max(heap.peak, process.memoryUsage().heapUsed);
    }
    if (event.data.event !== "log") throw new Error("bench: an event came back wrong");
  }
  return count;
}

/**
 * Times both readers over the same bytes in interleaved rounds; prints a table with the target.
 * @param {(prefix: string) => { dir: string, remove: () => void }} tempDir where the client is bundled
 */
export async function streamReading(tempDir) {
  const { dir, remove } = tempDir("bench-streams-");
  try {
    const { readEventStream } = await importClient(dir);
    const { chunks, bytes } = wire(EVENTS);
    const ms = { parser: [], json: [], client: [] };
    const time = async (list, run) => {
      gc();
      const started = performance.now();
      if ((await run()) !== EVENTS) throw new Error("bench: events were lost");
      list?.push(performance.now() - started);
    };
    for (let round = -1; round < STREAM_ROUNDS; round++) {
      // the first round warms all three up
      const keep = round >= 0;
      await time(keep ? ms.parser : undefined, () => parserAlone(chunks));
      await time(keep ? ms.json : undefined, () => parserAlone(chunks, true));
      await time(keep ? ms.client : undefined, () => reader(readEventStream, chunks));
    }
    // a round of its own: the collections it forces would slow the timed ones
    gc();
    const heap = { peak: 0 };
    const base = process.memoryUsage().heapUsed;
    await reader(readEventStream, chunks, heap);
    heap.growth = Math.max(0, heap.peak - base);
    const parser = median(ms.parser);
    const json = median(ms.json);
    const client = median(ms.client);
    const share = parser / client;
    const result = {
      events: EVENTS,
      bytes,
      parser: { ms: parser, perSecond: (EVENTS / parser) * 1000 },
      json: { ms: json, perSecond: (EVENTS / json) * 1000 },
      client: { ms: client, perSecond: (EVENTS / client) * 1000 },
      share,
      pass: share >= STREAM_TARGET.minShare,
      heapGrowth: heap.growth,
      heapPass: heap.growth <= STREAM_HEAP_BUDGET,
    };
    say("");
    table(
      ["event stream", "ms (median)", "events/s", "target"],
      [
        [`eventsource-parser alone, ${EVENTS} events (${(bytes / 1e6).toFixed(1)} MB)`, parser.toFixed(0), Math.round(result.parser.perSecond), ""],
        ["eventsource-parser + JSON.parse of each data", json.toFixed(0), Math.round(result.json.perSecond), `(the floor of a JSON reader: ${((parser / json) * 100).toFixed(0)} % of the parser's rate)`],
        ["this client (readEventStream)", client.toFixed(0), Math.round(result.client.perSecond), `≥ ${STREAM_TARGET.minShare * 100} % of the parser's rate: ${(share * 100).toFixed(0)} % ${result.pass ? "PASS" : "MISS"}`],
        ["  heap it keeps (after a collection, every 10 000 events)", "", `${(heap.growth / 1024 / 1024).toFixed(2)} MiB`, `≤ ${STREAM_HEAP_BUDGET / 1024 / 1024} MiB: ${result.heapPass ? "PASS" : "MISS"}`],
      ],
    );
    return result;
  } finally {
    remove();
  }
}
