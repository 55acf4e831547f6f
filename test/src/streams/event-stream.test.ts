// Event streams against a scripted loopback server: reading, resuming, bounds, ending. The spec has
// no stream operation yet, so the client here is built from a table of stream operations of its own.
import { getEventListeners } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { operations, type Operation } from "../../../generated/operations.js";
import { clientOf } from "../../../src/client/client.js";
import { openEventStream, readEventStream } from "../../../src/streams/event-stream.js";
import {
  ConnectionError,
  EventTooLargeError,
  NotFoundError,
  StreamEventError,
  StreamIdleError,
  UserAbortError,
  ValidationError,
  type ClientOptions,
  type EventStream,
  type StreamOptions,
} from "../../../src/index.js";
import { faultServer, reply, type FaultServer, type Step } from "../../support/fault-server.js";
import { endlessStream, endsAnEndlessLine } from "../../support/hostile-streams.js";
import { all, failure } from "../../support/iterate.js";

const FOLLOW: Operation = {
  name: "events.follow",
  method: "GET",
  path: "/events/{id}",
  params: ["id"],
  status: 200,
  answer: "stream",
  idempotent: true,
};
const RUN: Operation = {
  name: "events.run",
  method: "POST",
  path: "/runs",
  status: 200,
  answer: "stream",
  idempotent: false,
};
// a stream whose events are checked against a schema of the spec: the limits answer's
const LIMITS: Operation = {
  ...FOLLOW,
  name: "events.limits",
  path: "/limits/events",
  params: [],
  eventSchema: operations.find((op) => op.name === "organization.limits.retrieve")!.answerSchema!,
};

interface Streams {
  follow(id: string, options?: StreamOptions): Promise<EventStream<unknown>>;
  run(options?: StreamOptions): Promise<EventStream<unknown>>;
  limits(options?: StreamOptions): Promise<EventStream<unknown>>;
}
const streams = (server: FaultServer, options: ClientOptions = {}): Streams =>
  (
    clientOf(
      { apiKey: "sk-test-4f9a7c1e", baseUrl: server.url, ...options },
      [FOLLOW, RUN, LIMITS],
      openEventStream,
    ) as unknown as { events: Streams }
  ).events;

/** Answers 200 text/event-stream with `text`, then ends the stream. */
const events =
  (text: string): Step =>
  (res) =>
    res.writeHead(200, { "Content-Type": "text/event-stream" }).end(text);

/** Answers 200 text/event-stream with `text`, then drops the connection once it is sent. */
const dropAfter =
  (text: string): Step =>
  (res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write(text, () => res.socket?.destroy());
  };

/** Resolves when the answer's connection closes: the client ended the request. */
const closed = (res: ServerResponse) => new Promise<void>((done) => res.once("close", () => done()));

describe("reading an event stream", () => {
  it("yields each event's data as JSON, with its id and type, in order, and ends when the server ends the stream", async () => {
    const server = await faultServer(
      events('id: 1\ndata: {"n":1}\n\nevent: note\ndata: {"n":2}\n\n: a comment\r\ndata: "three"\r\n\r\n'),
    );

    const stream = await streams(server).follow("run_1");
    const seen = await all(stream);

    expect(seen).toEqual([
      { data: { n: 1 }, id: "1", type: undefined },
      { data: { n: 2 }, id: undefined, type: "note" },
      { data: "three", id: undefined, type: undefined },
    ]);
    expect(stream.lastEventId).toBe("1");
    expect(stream.response.status).toBe(200);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: "GET",
      url: "/events/run_1",
      headers: { accept: "text/event-stream, application/json;q=0.9" },
    });
  });

  it("sends lastEventId as Last-Event-ID on the first request", async () => {
    const server = await faultServer(events(""));

    await all(await streams(server).follow("run_1", { lastEventId: "41" }));

    expect(server.requests[0]!.headers["last-event-id"]).toBe("41");
  });

  it("rejects the call with the status's ApiError when the stream does not open", async () => {
    const server = await faultServer(reply(404, { code: "not_found", message: "no such run" }));

    const err = await failure(streams(server).follow("run_9"));

    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, code: "not_found" });
  });

  it("refuses bad stream options with ValidationError naming each, and sends nothing", async () => {
    const server = await faultServer(events(""));

    const err = await failure(
      streams(server).follow("run_1", { maxEventSize: 0, idleTimeoutMs: -1, maxReconnects: 1.5, lastEventId: "a\nb" }),
    );

    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues).toEqual([
      { path: "options.maxEventSize", message: "must be a whole number >= 1 (got 0)" },
      { path: "options.idleTimeoutMs", message: "must be > 0 and <= 2147483647 ms (got -1)" },
      { path: "options.maxReconnects", message: "must be a whole number >= 0 (got 1.5)" },
      {
        path: "options.lastEventId",
        message: "holds U+000A at index 1, which a header cannot carry (the value is not shown)",
      },
    ]);
    const negative = await failure(streams(server).follow("run_1", { maxReconnects: -1 }));
    expect((negative as ValidationError).issues).toEqual([
      { path: "options.maxReconnects", message: "must be a whole number >= 0 (got -1)" },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [{ idleTimeoutMs: 0 }, { path: "options.idleTimeoutMs", message: "must be > 0 and <= 2147483647 ms (got 0)" }],
    [
      { idleTimeoutMs: 2 ** 31 },
      { path: "options.idleTimeoutMs", message: "must be > 0 and <= 2147483647 ms (got 2147483648)" },
    ],
    [{ idleTimeoutMs: "5" }, { path: "options.idleTimeoutMs", message: 'must be > 0 and <= 2147483647 ms (got "5")' }],
    [{ lastEventId: 5 }, { path: "options.lastEventId", message: "must be a string (got 5)" }],
  ])("refuses %o, one past a bound or of the wrong type", async (options, issue) => {
    const server = await faultServer(events(""));

    const err = await failure(streams(server).follow("run_1", options as StreamOptions));

    expect((err as ValidationError).issues).toEqual([issue]);
    expect(server.requests).toHaveLength(0);
  });

  it("takes the stream options at their bounds", async () => {
    const server = await faultServer(events("data: 1\n\n"));

    // a one-character bound is a bound: the options are taken, and the first line passes it
    const stream = await streams(server).follow("run_1", {
      maxEventSize: 1,
      idleTimeoutMs: 2 ** 31 - 1,
      maxReconnects: 0,
      lastEventId: "",
    });

    expect(await failure(all(stream))).toBeInstanceOf(EventTooLargeError);
  });

  it("refuses stream options that are not an object", async () => {
    const server = await faultServer(events(""));

    const err = await failure(streams(server).follow("run_1", "fast" as never));

    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues).toEqual([{ path: "options", message: 'must be an object (got "fast")' }]);
    expect(server.requests).toHaveLength(0);
  });

  it("checks each event against the stream's schema: one that breaks it is yielded and reported to onAnswerMismatch", async () => {
    const server = await faultServer(
      events(
        'id: 1\ndata: {"max_concurrent_sessions":5,"default_project_max_concurrent_sessions":null}\n\nid: 2\ndata: {"max_concurrent_sessions":"many"}\n\n',
      ),
    );
    const reported: { operation: string; issues: { path: string }[]; data: unknown }[] = [];

    const stream = await streams(server, { onAnswerMismatch: (m) => void reported.push(m) }).limits();
    const seen: unknown[] = [];
    for await (const event of stream) seen.push(event.data);

    expect(seen).toEqual([
      { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: null },
      { max_concurrent_sessions: "many" },
    ]);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.data).toEqual({ max_concurrent_sessions: "many" });
    expect(reported[0]!.issues.map((i) => i.path).sort()).toEqual([
      "data.default_project_max_concurrent_sessions",
      "data.max_concurrent_sessions",
    ]);
  });

  it("ends with StreamEventError carrying the event that breaks the schema, when strictAnswers is set", async () => {
    const server = await faultServer(
      events(
        'id: 1\ndata: {"max_concurrent_sessions":5,"default_project_max_concurrent_sessions":null}\n\nid: 2\ndata: {"max_concurrent_sessions":"many"}\n\n',
      ),
    );

    const stream = await streams(server, { strictAnswers: true }).limits();
    const seen: unknown[] = [];
    const err = await failure(
      (async () => {
        for await (const event of stream) seen.push(event.data);
      })(),
    );

    expect(seen).toEqual([{ max_concurrent_sessions: 5, default_project_max_concurrent_sessions: null }]);
    expect(err).toBeInstanceOf(StreamEventError);
    expect(err).toMatchObject({
      event: { id: "2", type: undefined, data: '{"max_concurrent_sessions":"many"}' },
      maybePerformed: true,
    });
    expect((err as StreamEventError).issues.map((i) => i.path).sort()).toEqual([
      "data.default_project_max_concurrent_sessions",
      "data.max_concurrent_sessions",
    ]);
  });

  it("passes over heartbeats the schema does not type, which still keep a quiet stream alive", async () => {
    const server = await faultServer((res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      let beats = 0;
      const timer = setInterval(() => {
        if (++beats <= 3) return void res.write('event: sse_heartbeat\ndata: {"event":"sse_heartbeat"}\n\n');
        clearInterval(timer);
        res.end('data: {"max_concurrent_sessions":1,"default_project_max_concurrent_sessions":1}\n\n');
      }, 100);
    });

    const seen = await all(await streams(server).limits({ idleTimeoutMs: 2_000 }));

    expect(seen.map((e) => e.data)).toEqual([
      { max_concurrent_sessions: 1, default_project_max_concurrent_sessions: 1 },
    ]);
  });
});

describe("resuming a dropped stream", () => {
  it("re-opens a GET with Last-Event-ID of the last event, and yields each event once", async () => {
    const server = await faultServer(
      dropAfter("retry: 10\n\nid: 1\ndata: 1\n\nid: 2\ndata: 2\n\n"),
      events("id: 3\ndata: 3\n\n"),
    );

    const stream = await streams(server).follow("run_1");
    const seen = await all(stream);

    expect(seen.map((e) => e.data)).toEqual([1, 2, 3]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers["last-event-id"]).toBe("2");
    expect(server.requests[0]!.headers["last-event-id"]).toBeUndefined();
    expect(stream.reconnects).toBe(1);
  });

  it("resumes from the last id a header can carry: ids with a character outside tab, 0x20-0x7e and 0x80-0xff are passed over", async () => {
    const server = await faultServer(
      dropAfter(
        "retry: 1\n\nid: 7\ndata: 1\n\nid: t\t9\ndata: 2\n\nid: c\u2192\ndata: 3\n\nid: a\u007fb\ndata: 4\n\nid: d\u0001e\ndata: 5\n\n",
      ),
      events(""),
    );

    const stream = await streams(server).follow("run_1");
    const seen = await all(stream);

    expect(seen.map((e) => e.id)).toEqual(["7", "t\t9", "c\u2192", "a\u007fb", "d\u0001e"]);
    expect(server.requests[1]!.headers["last-event-id"]).toBe("t\t9");
    expect(stream.lastEventId).toBe("t\t9");
  });

  it("waits what the server's retry: field says before re-opening", async () => {
    const lines: string[] = [];
    const server = await faultServer(dropAfter("retry: 37\n\nid: 1\ndata: 1\n\n"), events(""));

    await all(await streams(server, { logger: { debug: (line) => lines.push(line) } }).follow("run_1"));

    expect(lines.filter((l) => l.includes("re-opening"))).toEqual([
      "browser-cloud-client: GET /events/{id}: event stream dropped; re-opening in 37 ms (attempt 1/5, with Last-Event-ID)",
    ]);
    expect(server.requests).toHaveLength(2);
  });

  it("waits the client's backoff when the server gave no retry: field, from its first step", async () => {
    const lines: string[] = [];
    const server = await faultServer(dropAfter("data: 1\n\n"), events(""));

    await all(await streams(server, { logger: { debug: (line) => lines.push(line) } }).follow("run_1"));

    // the backoff before a first retry: 0.5 s less up to 25 % jitter (src/core/retry.ts); no event had an id to resume from
    const [line, ...more] = lines.filter((l) => l.includes("re-opening"));
    const [, ms, rest] = /re-opening in (\d+) ms (.*)$/.exec(line!)!;
    expect([Number(ms) >= 375 && Number(ms) <= 500, rest, more]).toEqual([true, "(attempt 1/5)", []]);
  });

  it("lets the retry: time pass between the drop and the re-open", async () => {
    const server = await faultServer(dropAfter("retry: 150\n\nid: 1\ndata: 1\n\n"), events(""));

    await all(await streams(server).follow("run_1"));

    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(150);
  });

  it("ends at once with UserAbortError carrying the caller's reason when the signal fires during the wait, or just before it", async () => {
    const reason = new Error("the user left");
    // a minute to wait: a stream that does not end at once times the test out
    const during = new AbortController();
    const first = await faultServer(dropAfter("retry: 60000\n\nid: 1\ndata: 1\n\n"));
    const waiting = failure(all(await streams(first).follow("run_1", { signal: during.signal })));
    setTimeout(() => during.abort(reason), 50);
    // the logger hears of the wait just before it begins
    const before = new AbortController();
    const second = await faultServer(dropAfter("retry: 60000\n\nid: 1\ndata: 1\n\n"));
    const logger = { debug: (line: string) => void (line.includes("re-opening") && before.abort(reason)) };
    const aborted = failure(all(await streams(second, { logger }).follow("run_1", { signal: before.signal })));

    for (const err of [await waiting, await aborted]) {
      expect(err).toBeInstanceOf(UserAbortError);
      expect((err as Error).cause).toBe(reason);
    }
    expect([first.requests.length, second.requests.length]).toEqual([1, 1]);
  });

  it("never re-opens after a 4xx: the stream ends with its ApiError", async () => {
    const server = await faultServer(
      dropAfter("retry: 1\n\nid: 1\ndata: 1\n\n"),
      reply(404, { code: "not_found", message: "the run ended" }),
      events("id: 2\ndata: 2\n\n"),
    );

    const seen: unknown[] = [];
    const stream = await streams(server).follow("run_1");
    const err = await failure(
      (async () => {
        for await (const event of stream) seen.push(event.data);
      })(),
    );

    expect(seen).toEqual([1]);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(server.requests).toHaveLength(2);
  });

  it("opens with the client's retries, and re-opens with one request per attempt: a 5xx to a re-open is a drop of its own", async () => {
    const server = await faultServer(
      reply(503),
      dropAfter("retry: 1\n\nid: 1\ndata: 1\n\n"),
      reply(500),
      reply(503),
      events("id: 2\ndata: 2\n\n"),
    );

    const stream = await streams(server).follow("run_1");
    const seen = await all(stream);

    expect(seen.map((e) => e.data)).toEqual([1, 2]);
    // the first 503 retried by the transport; each 5xx to a re-open counted as an attempt
    expect(server.requests).toHaveLength(5);
    expect(stream.reconnects).toBe(3);
  });

  it("gives up after maxReconnects attempts in a row with the ConnectionError of the drop", async () => {
    const server = await faultServer(dropAfter("retry: 1\n\n"));

    const err = await failure(all(await streams(server).follow("run_1", { maxReconnects: 2 })));

    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({
      maybePerformed: true,
      message: "GET /events/{id}: the event stream was dropped: terminated",
    });
    expect(server.requests).toHaveLength(3);
  });

  it("opens with the call's maxRetries where it gives one", async () => {
    const server = await faultServer(reply(503), events("id: 1\ndata: 1\n\n"));

    const err = await failure(streams(server).follow("run_1", { maxRetries: 0 }));

    expect(err).toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  it("keeps no listener per re-open: twelve drops raise no memory-leak warning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const server = await faultServer(
        ...Array.from({ length: 12 }, (_, n) => dropAfter(`retry: 1\n\nid: ${n}\ndata: ${n}\n\n`)),
        events(""),
      );

      expect(await all(await streams(server).follow("run_1", { maxReconnects: 1 }))).toHaveLength(12);
      // a warning is emitted on the next turn
      await new Promise((done) => setTimeout(done, 10));
    } finally {
      process.off("warning", onWarning);
    }

    expect(warnings.map((w) => w.name)).toEqual([]);
  });

  it("counts attempts anew once events arrive: five drops, each after an event, with maxReconnects 1", async () => {
    const server = await faultServer(
      ...[1, 2, 3, 4, 5].map((n) => dropAfter(`retry: 1\n\nid: ${n}\ndata: ${n}\n\n`)),
      events(""),
    );

    const seen = await all(await streams(server).follow("run_1", { maxReconnects: 1 }));

    expect(seen.map((e) => e.data)).toEqual([1, 2, 3, 4, 5]);
    expect(server.requests.map((r) => r.headers["last-event-id"])).toEqual([undefined, "1", "2", "3", "4", "5"]);
  });

  it("does not re-open a stream of an operation that is not idempotent (a POST)", async () => {
    const server = await faultServer(dropAfter("retry: 1\n\nid: 1\ndata: 1\n\n"), events(""));

    const err = await failure(all(await streams(server).run()));

    expect(err).toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(1);
  });
});

describe("bounds", () => {
  it("ends a stream that sends one line forever with EventTooLargeError, having read little of it", async () => {
    await endsAnEndlessLine("text/event-stream", "data: ", async (server, maxEventSize) =>
      all(await streams(server).follow("run_1", { maxEventSize })),
    );
  });

  it("bounds an event made of many short lines, not only one long line", async () => {
    const server = await faultServer(events("data: 12345678\n".repeat(100)));

    const err = await failure(all(await streams(server).follow("run_1", { maxEventSize: 1000 })));

    expect(err).toBeInstanceOf(EventTooLargeError);
  });

  it("ends a stream silent for longer than idleTimeoutMs with StreamIdleError, after the events that came", async () => {
    let end: Promise<void> | undefined;
    const server = await faultServer((res) => {
      end = closed(res);
      res.writeHead(200, { "Content-Type": "text/event-stream" }).write("id: 1\ndata: 1\n\n");
    });

    const seen: unknown[] = [];
    const stream = await streams(server).follow("run_1", { idleTimeoutMs: 200 });
    const err = await failure(
      (async () => {
        for await (const event of stream) seen.push(event.data);
      })(),
    );
    await end;

    expect(seen).toEqual([1]);
    expect(err).toBeInstanceOf(StreamIdleError);
    expect(err).toMatchObject({ idleTimeoutMs: 200 });
    expect(server.requests).toHaveLength(1);
  });
});

describe("ending a stream", () => {
  /** Sends an event every 20 ms until the client goes; `ended` resolves when it did. */
  const endless = () => endlessStream("text/event-stream", (n) => `id: ${n}\ndata: ${n}\n\n`);

  it("drops the connection when the loop breaks, and the server sees the request end", async () => {
    const { state, step } = endless();
    const server = await faultServer(step);

    const seen: unknown[] = [];
    for await (const event of await streams(server).follow("run_1")) {
      seen.push(event.data);
      if (seen.length === 2) break;
    }
    await state.ended;

    expect(seen).toEqual([1, 2]);
    expect(server.requests).toHaveLength(1);
  });

  it("ends with UserAbortError when the call's signal fires, and the server sees the request end", async () => {
    const { state, step } = endless();
    const server = await faultServer(step);
    const controller = new AbortController();

    const seen: unknown[] = [];
    const stream = await streams(server).follow("run_1", { signal: controller.signal });
    const err = await failure(
      (async () => {
        for await (const event of stream) {
          seen.push(event.data);
          controller.abort();
        }
      })(),
    );
    await state.ended;

    expect(err).toBeInstanceOf(UserAbortError);
    expect(seen).toEqual([1]);
  });

  /** Sends three events in one write, then holds the connection open until the client goes. */
  const threeAtOnce = () => {
    const state: { ended?: Promise<void> } = {};
    const step: Step = (res) => {
      state.ended = closed(res);
      res
        .writeHead(200, { "Content-Type": "text/event-stream" })
        .write("id: 1\ndata: 1\n\nid: 2\ndata: 2\n\nid: 3\ndata: 3\n\n");
    };
    return { state, step };
  };

  it.each([
    ["close()", (stream: EventStream<unknown>) => stream.close(), undefined],
    ["the call's signal", (_: EventStream<unknown>, controller: AbortController) => controller.abort(), UserAbortError],
  ] as const)(
    "hands out no more of the events that came together once %s ends the stream",
    async (_, stop, expected) => {
      const { state, step } = threeAtOnce();
      const server = await faultServer(step);
      const controller = new AbortController();

      const stream = await streams(server).follow("run_1", { signal: controller.signal });
      const seen: unknown[] = [];
      const err = await failure(
        (async () => {
          for await (const event of stream) {
            seen.push(event.data);
            stop(stream, controller);
          }
        })(),
      );
      await state.ended;

      expect(seen).toEqual([1]);
      if (expected) expect(err).toBeInstanceOf(expected);
      else expect(err).toBeUndefined();
    },
  );

  it("serves next() calls made together in order, each event once", async () => {
    const server = await faultServer(events("id: 1\ndata: 1\n\nid: 2\ndata: 2\n\n"));

    const iterator = (await streams(server).follow("run_1"))[Symbol.asyncIterator]();
    const results = await Promise.all([iterator.next(), iterator.next(), iterator.next(), iterator.next()]);

    expect(results).toEqual([
      { done: false, value: { data: 1, id: "1", type: undefined } },
      { done: false, value: { data: 2, id: "2", type: undefined } },
      { done: true, value: undefined },
      { done: true, value: undefined },
    ]);
  });

  it("drops the connection when the iterator is returned before any event was asked for", async () => {
    const { state, step } = threeAtOnce();
    const server = await faultServer(step);

    const stream = await streams(server).follow("run_1");
    const result = await stream[Symbol.asyncIterator]().return!();
    await state.ended;

    expect(result).toEqual({ done: true, value: undefined });
    expect(server.requests).toHaveLength(1);
  });

  it("leaves no listener on the caller's signal once the stream ends, is closed, or fails to open", async () => {
    const ended = new AbortController();
    const server = await faultServer(
      events("data: 1\n\n"),
      events("data: 2\n\n"),
      reply(404, { code: "not_found", message: "no such run" }),
    );

    await all(await streams(server).follow("run_1", { signal: ended.signal }));
    const closing = new AbortController();
    (await streams(server).follow("run_1", { signal: closing.signal })).close();
    const refused = new AbortController();
    await failure(streams(server).follow("run_1", { signal: refused.signal }));

    expect([ended, closing, refused].map((c) => getEventListeners(c.signal, "abort").length)).toEqual([0, 0, 0]);
  });

  it("drops the connection on close() before any event was asked for", async () => {
    const { state, step } = endless();
    const server = await faultServer(step);

    (await streams(server).follow("run_1")).close();

    await state.ended;
  });

  it("ends the loop without error on close(), and the server sees the request end", async () => {
    const { state, step } = endless();
    const server = await faultServer(step);

    const stream = await streams(server).follow("run_1");
    const seen: unknown[] = [];
    for await (const event of stream) {
      seen.push(event.data);
      stream.close();
    }
    await state.ended;

    expect(seen).toEqual([1]);
  });
});

describe("readEventStream, over a Response already in hand", () => {
  const body = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start: (c) => (chunks.forEach((t) => c.enqueue(new TextEncoder().encode(t))), c.close()),
    });

  it("reads its events as JSON, with no request to send again", async () => {
    const response = new Response(body('id: 1\ndata: {"n":1}\n\n', 'data: {"n":2}\n\n'), {
      headers: { "Content-Type": "text/event-stream" },
    });

    expect(await all(await readEventStream(response))).toEqual([
      { data: { n: 1 }, id: "1", type: undefined },
      { data: { n: 2 }, id: undefined, type: undefined },
    ]);
  });

  it("reads an answer without a body as a stream without events, closed or not", async () => {
    expect(await all(await readEventStream(new Response(null, { status: 200 })))).toEqual([]);
    const closing = await readEventStream(new Response(null, { status: 200 }));
    closing.close();
    expect(await all(closing)).toEqual([]);
  });

  it("ends with ConnectionError when the body fails part way, after the events before: there is no request to send again", async () => {
    let pulls = 0;
    // a read that fails is a TypeError, as fetch's body gives when the connection drops
    const failing = new ReadableStream<Uint8Array>({
      pull: (c) =>
        pulls++ === 0 ? c.enqueue(new TextEncoder().encode("data: 1\n\n")) : c.error(new TypeError("terminated")),
    });
    const seen: unknown[] = [];

    const err = await failure(
      (async () => {
        for await (const event of await readEventStream(new Response(failing))) seen.push(event.data);
      })(),
    );

    expect(seen).toEqual([1]);
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as Error).message).toBe("GET (a Response): the event stream was dropped: terminated");
  });

  it("decodes a character whose bytes are split between two chunks", async () => {
    const bytes = new TextEncoder().encode('data: "été"\n\n');
    // 'data: "' is 7 bytes; the next two are the first character's
    const split = new ReadableStream<Uint8Array>({
      start: (c) => (c.enqueue(bytes.slice(0, 8)), c.enqueue(bytes.slice(8)), c.close()),
    });

    expect((await all(await readEventStream(new Response(split)))).map((e) => e.data)).toEqual(["été"]);
  });

  it("throws the status's ApiError for an answer that is not 2xx", async () => {
    expect(
      await failure(readEventStream(new Response('{"code":"not_found","message":"gone"}', { status: 404 }))),
    ).toBeInstanceOf(NotFoundError);
  });

  it("cancels the body on close() before any event was asked for", async () => {
    let cancelled = false;
    const stream = await readEventStream(
      new Response(new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) })),
    );

    stream.close();

    expect(cancelled).toBe(true);
    expect(await all(stream)).toEqual([]);
  });

  it("names a Response built in hand, which has no address, as such in its errors", async () => {
    const err = await failure(
      all(await readEventStream(new Response(new ReadableStream<Uint8Array>()), { idleTimeoutMs: 30 })),
    );

    expect(err).toBeInstanceOf(StreamIdleError);
    expect((err as Error).message).toBe(
      "GET (a Response): the event stream was silent for longer than idleTimeoutMs, 30 ms; the connection was dropped.",
    );
  });

  it("ends at once with UserAbortError when the signal fires while a read waits, the body cancelled", async () => {
    let cancelled = false;
    const silent = new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) });
    const caller = new AbortController();
    const stream = await readEventStream(new Response(silent), { signal: caller.signal });
    const reason = new Error("the user left");

    const ending = failure(all(stream));
    setTimeout(() => caller.abort(reason), 20);

    const err = await ending;
    expect(err).toBeInstanceOf(UserAbortError);
    expect((err as Error).cause).toBe(reason);
    expect(cancelled).toBe(true);
  });
});
