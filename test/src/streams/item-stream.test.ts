// Sequences of JSON items (JSON Lines, NDJSON, a JSON text sequence) against a scripted loopback
// server: reading, framing, checks, the hostile streams (an endless line, an item over the bound, a
// silent stream), ending. The client is built from a table of sequence operations of its own.
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/validators.js";
import { clientOf } from "../../../src/client/client.js";
import {
  ConnectionError,
  EventTooLargeError,
  NotFoundError,
  StreamEventError,
  StreamIdleError,
  UserAbortError,
  ValidationError,
  type ClientOptions,
  type ItemStream,
  type ItemStreamOptions,
} from "../../../src/index.js";
import { openItemStream, SequenceSplitter } from "../../../src/streams/item-stream.js";
import { faultServer, reply, type FaultServer, type Step } from "../../support/fault-server.js";
import { endlessStream, endsAnEndlessLine } from "../../support/hostile-streams.js";
import { all, failure } from "../../support/iterate.js";

// a JSON Lines answer whose items are checked against a schema: two limits, the first an integer, the second one or null
const LIMITS: Schema = {
  type: ["object"],
  required: ["max_concurrent_sessions", "default_project_max_concurrent_sessions"],
  properties: {
    max_concurrent_sessions: { type: ["integer"], readOnly: true },
    default_project_max_concurrent_sessions: { type: ["integer", "null"] },
  },
};
const EXPORT: Operation = {
  name: "limits.export",
  method: "GET",
  path: "/limits/export",
  status: 200,
  answer: "sequence",
  answerType: "application/jsonl",
  itemSchema: LIMITS,
  idempotent: true,
};
// NDJSON and a JSON text sequence whose items are any JSON
const { itemSchema: _, ...UNCHECKED } = EXPORT;
const FEED: Operation = { ...UNCHECKED, name: "limits.feed", path: "/limits/feed", answerType: "application/x-ndjson" };
const CHANGES: Operation = {
  ...FEED,
  name: "limits.changes",
  path: "/limits/changes",
  answerType: "application/json-seq",
};
// two answers the limits schema takes
const A = { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: 2 };
const B = { max_concurrent_sessions: 9, default_project_max_concurrent_sessions: null };

interface Sequences {
  export(options?: ItemStreamOptions): Promise<ItemStream<unknown>>;
  feed(options?: ItemStreamOptions): Promise<ItemStream<unknown>>;
  changes(options?: ItemStreamOptions): Promise<ItemStream<unknown>>;
}
const sequences = (server: FaultServer, options: ClientOptions = {}, table = [EXPORT, FEED, CHANGES]): Sequences =>
  (
    clientOf({ apiKey: "test:sk-test-4f9a7c1e", baseUrl: server.url, ...options }, table, {
      openItems: openItemStream,
    }) as unknown as { limits: Sequences }
  ).limits;

/** Answers 200 with `text` as `type`, then ends. */
const body =
  (text: string, type = "application/jsonl"): Step =>
  (res) =>
    res.writeHead(200, { "Content-Type": type }).end(text);
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
/** Resolves when the answer's connection closes: the client ended the request. */
const closed = (res: ServerResponse) => new Promise<void>((done) => res.once("close", () => done()));

describe("reading a sequence of JSON items", () => {
  it("yields each line's item, checked, in order: blank lines passed over, CRLF read, the last line without its LF", async () => {
    const server = await faultServer(body(`${line(A)}\n\r\n${JSON.stringify(B)}\r\n${JSON.stringify(A)}`));

    expect(await all(await sequences(server).export())).toEqual([A, B, A]);
    expect(server.requests.map((r) => [r.method, r.url, r.headers.accept])).toEqual([
      ["GET", "/limits/export", "application/jsonl, application/json;q=0.9"],
    ]);
  });

  it("reads a JSON text sequence (RFC 7464) by its record separators, whatever the lines inside a text", async () => {
    const text = `\u001e${JSON.stringify(A, null, 2)}\n\u001e"two\\nlines"\n\u001e3\n`;
    const server = await faultServer(body(text, "application/json-seq"));

    expect(await all(await sequences(server).changes())).toEqual([A, "two\nlines", 3]);
  });

  it("reads an item whose bytes, a character's included, are split between chunks", async () => {
    const text = line({ ...A, note: "é€" });
    const bytes = Buffer.from(text);
    const server = await faultServer((res) => {
      res.writeHead(200, { "Content-Type": "application/jsonl" });
      // one byte a write, each its own chunk
      let at = 0;
      const next = () => (at < bytes.length ? res.write(bytes.subarray(at, ++at), next) : res.end());
      next();
    });

    expect(await all(await sequences(server).feed())).toEqual([{ ...A, note: "é€" }]);
  });

  it("decodes a character whose bytes arrive in two chunks apart in time", async () => {
    const bytes = Buffer.from(line({ note: "é" }));
    const cut = bytes.indexOf(0xc3) + 1;
    const server = await faultServer((res) => {
      res.writeHead(200, { "Content-Type": "application/jsonl" });
      res.write(bytes.subarray(0, cut), () => setTimeout(() => res.end(bytes.subarray(cut)), 50));
    });

    expect(await all(await sequences(server).feed())).toEqual([{ note: "é" }]);
  });

  it("asks for JSON Lines where the row names no media type", async () => {
    const { answerType: _, ...plain } = FEED;
    const server = await faultServer(body(`${line(1)}${line(2)}`));
    const stream = await sequences(server, {}, [plain]).feed();

    expect(await all(stream)).toEqual([1, 2]);
    expect(server.requests.map((r) => r.headers.accept)).toEqual(["application/jsonl, application/json;q=0.9"]);
  });

  it("ends the loop on close() between the items of one chunk, and on close() while it waits for the next", async () => {
    const together = await faultServer(body(`${line(1)}${line(2)}${line(3)}`));
    const waiting = endlessStream("application/jsonl", line);
    const slow = await faultServer(waiting.step);

    const first = await sequences(together).feed();
    const seen: unknown[] = [];
    for await (const item of first) {
      seen.push(item);
      first.close();
    }
    const second = await sequences(slow).feed();
    const later: unknown[] = [];
    const loop = (async () => {
      for await (const item of second) later.push(item);
    })();
    while (later.length === 0) await new Promise((r) => setTimeout(r, 5));
    second.close();
    await loop;

    expect(seen).toEqual([1]);
    expect(later.length).toBeGreaterThanOrEqual(1);
  });

  it("yields an item that breaks the schema, and one that is no JSON, reporting each to onAnswerMismatch", async () => {
    const server = await faultServer(body(`${line({ max_concurrent_sessions: "many" })}not json\n${line(A)}`));
    const reported: { operation: string; issues: { path: string }[] }[] = [];

    const items = await all(await sequences(server, { onAnswerMismatch: (m) => reported.push(m) }).export());

    expect(items).toEqual([{ max_concurrent_sessions: "many" }, "not json", A]);
    expect(reported.map((m) => [m.operation, m.issues.map((i) => i.path)])).toEqual([
      ["limits.export", ["data.default_project_max_concurrent_sessions", "data.max_concurrent_sessions"]],
      ["limits.export", ["data"]],
    ]);
  });

  it("ends with StreamEventError carrying the item as received, when strictAnswers is set, after the items before it", async () => {
    const server = await faultServer(body(`${line(A)}not json\n${line(B)}`));
    const seen: unknown[] = [];

    const stream = await sequences(server, { strictAnswers: true }).export();
    const err = await failure(
      (async () => {
        for await (const item of stream) seen.push(item);
      })(),
    );

    expect(seen).toEqual([A]);
    expect(err).toBeInstanceOf(StreamEventError);
    expect(err).toMatchObject({ event: { data: "not json" }, issues: [{ path: "data", message: "is not JSON" }] });
  });

  it("rejects the call with the status's ApiError when the answer is no 2xx", async () => {
    const server = await faultServer(reply(404, { message: "no such export" }));

    expect(await failure(sequences(server).export())).toBeInstanceOf(NotFoundError);
  });

  it("refuses bad stream options with ValidationError naming each, and sends nothing", async () => {
    const server = await faultServer(body(line(A)));

    const err = await failure(sequences(server).export({ maxEventSize: 0, idleTimeoutMs: -1 }));

    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues.map((i) => i.path)).toEqual([
      "options.maxEventSize",
      "options.idleTimeoutMs",
    ]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("bounds of a sequence", () => {
  it("ends a stream that sends one line forever with EventTooLargeError, having read little of it", async () => {
    await endsAnEndlessLine("application/jsonl", '"', async (server, maxEventSize) =>
      all(await sequences(server).export({ maxEventSize })),
    );
  });

  it("ends with EventTooLargeError at an item over the bound, after the items before it, in either framing", async () => {
    const big = { ...A, note: "x".repeat(2000) };
    const lines = await faultServer(body(`${line(A)}${line(big)}${line(B)}`));
    const records = await faultServer(body(`\u001e${line(A)}\u001e${line(big)}`, "application/json-seq"));

    for (const stream of [
      await sequences(lines).export({ maxEventSize: 1000 }),
      await sequences(records).changes({ maxEventSize: 1000 }),
    ]) {
      const seen: unknown[] = [];
      const err = await failure(
        (async () => {
          for await (const item of stream) seen.push(item);
        })(),
      );
      expect(seen).toEqual([A]);
      expect(err).toBeInstanceOf(EventTooLargeError);
    }
  });

  it("ends a stream silent for longer than idleTimeoutMs with StreamIdleError, after the items that came", async () => {
    let end: Promise<void> | undefined;
    const server = await faultServer((res) => {
      end = closed(res);
      res.writeHead(200, { "Content-Type": "application/jsonl" }).write(line(A));
    });

    const seen: unknown[] = [];
    const stream = await sequences(server).export({ idleTimeoutMs: 200 });
    const err = await failure(
      (async () => {
        for await (const item of stream) seen.push(item);
      })(),
    );
    await end;

    expect(seen).toEqual([A]);
    expect(err).toBeInstanceOf(StreamIdleError);
    expect(err).toMatchObject({ idleTimeoutMs: 200 });
  });

  it("takes a text of exactly the bound, whole or split between chunks, and no blank tail as an item", () => {
    const whole = new SequenceSplitter("lines", 7);
    const split = new SequenceSplitter("lines", 7);

    expect(whole.feed('{"a":1}\n')).toEqual(['{"a":1}']);
    expect([split.feed('{"a":1}'), split.feed("\n2\n  ")]).toEqual([[], ['{"a":1}', "2"]]);
    expect([whole.overflow, split.overflow, split.end()]).toEqual([undefined, undefined, undefined]);
  });

  it("holds no more than the bound of a text split over many chunks, counts it whole, and reads nothing after it", () => {
    const split = new SequenceSplitter("lines", 10);

    expect(split.feed('{"a":')).toEqual([]);
    expect(split.feed("1}\n[2")).toEqual(['{"a":1}']);
    expect(split.overflow).toBeUndefined();
    expect(split.feed(",3,4,5,6,7")).toEqual([]);
    expect(split.overflow).toBeInstanceOf(EventTooLargeError);
    expect([split.feed("]\n1\n"), split.end()]).toEqual([[], undefined]);
  });
});

describe("ending a sequence", () => {
  /** Sends an item every 20 ms until the client goes; `ended` resolves when it did. */
  const endless = () => endlessStream("application/jsonl", line);

  it("drops the connection when the loop breaks, and the server sees the request end", async () => {
    const { state, step } = endless();
    const server = await faultServer(step);

    const seen: unknown[] = [];
    for await (const item of await sequences(server).feed()) {
      seen.push(item);
      if (seen.length === 2) break;
    }
    await state.ended;

    expect(seen).toEqual([1, 2]);
  });

  it("ends with UserAbortError when the call's signal fires, and the server sees the request end", async () => {
    const { state, step } = endless();
    const server = await faultServer(step);
    const controller = new AbortController();

    const seen: unknown[] = [];
    const stream = await sequences(server).feed({ signal: controller.signal });
    const err = await failure(
      (async () => {
        for await (const item of stream) {
          seen.push(item);
          controller.abort();
        }
      })(),
    );
    await state.ended;

    expect(err).toBeInstanceOf(UserAbortError);
    expect((err as UserAbortError).cause).toBe(controller.signal.reason);
    expect(seen).toEqual([1]);
  });

  it("ends the loop without error on close(), and on close() before any item was asked for", async () => {
    const first = endless();
    const second = endless();
    const reading = await faultServer(first.step);
    const unread = await faultServer(second.step);

    const stream = await sequences(reading).feed();
    const seen: unknown[] = [];
    for await (const item of stream) {
      seen.push(item);
      stream.close();
    }
    (await sequences(unread).feed()).close();
    await Promise.all([first.state.ended, second.state.ended]);

    expect(seen).toEqual([1]);
  });

  it("ends the request on close() before any item, and on an abort while it reads, with a fetch that drops the signal", async () => {
    // a client's own fetch that sends no signal: only the body's cancel ends the request
    const fetch = (request: Request) => globalThis.fetch(request.url, { headers: request.headers });
    const unread = endless();
    const reading = endless();
    const idle = await faultServer(unread.step);
    const busy = await faultServer(reading.step);
    const controller = new AbortController();

    (await sequences(idle, { fetch }).feed()).close();
    const stream = await sequences(busy, { fetch }).feed({ signal: controller.signal });
    const err = await failure(
      (async () => {
        for await (const _ of stream) controller.abort();
      })(),
    );
    await Promise.all([unread.state.ended, reading.state.ended]);

    expect(err).toBeInstanceOf(UserAbortError);
  });

  it("ends a read that waits on a silent server once the call's signal fires, with a fetch that drops the signal", async () => {
    const fetch = (request: Request) => globalThis.fetch(request.url, { headers: request.headers });
    let ended: Promise<void> | undefined;
    const server = await faultServer((res) => {
      ended = new Promise<void>((done) => res.once("close", () => done()));
      res.writeHead(200, { "Content-Type": "application/jsonl" }).write(line(1));
    });
    const controller = new AbortController();

    const stream = await sequences(server, { fetch }).feed({ signal: controller.signal, idleTimeoutMs: 60_000 });
    const items = stream[Symbol.asyncIterator]();
    const first = await items.next();
    const waiting = items.next();
    controller.abort();
    const err = await waiting.catch((e: unknown) => e);
    await ended;

    expect(first).toEqual({ done: false, value: 1 });
    expect(err).toBeInstanceOf(UserAbortError);
  });

  it("ends at once, with no item, where the answer has no body", async () => {
    const server = await faultServer((res) => res.writeHead(204).end());

    const stream = await sequences(server).feed();

    expect(await all(stream)).toEqual([]);
    expect(stream.response.status).toBe(204);
  });

  it("hands every loop the one iterator", async () => {
    const server = await faultServer(body(`${line(1)}${line(2)}`));
    const stream = await sequences(server).feed();

    const first = stream[Symbol.asyncIterator]();

    expect(stream[Symbol.asyncIterator]()).toBe(first);
    expect(await all(stream)).toEqual([1, 2]);
  });

  it("ends with ConnectionError when the connection drops part way, after the items before: it cannot be resumed", async () => {
    const server = await faultServer((res) => {
      res.writeHead(200, { "Content-Type": "application/jsonl" });
      res.write(`${line(A)}{"max_`, () => res.socket?.destroy());
    });
    const seen: unknown[] = [];

    const stream = await sequences(server).export();
    const err = await failure(
      (async () => {
        for await (const item of stream) seen.push(item);
      })(),
    );

    expect(seen).toEqual([A]);
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).message).toMatch(/^GET \/limits\/export: the stream was dropped: /);
    expect((err as ConnectionError).maybePerformed).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});
