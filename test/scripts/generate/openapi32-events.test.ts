// Server-sent event streams an OpenAPI 3.2 `itemSchema` describes (test/scripts/fixtures/openapi-3.2/:
// GET /pets/events, three kinds told apart by `event`, two of them JSON data by `contentMediaType` and
// `contentSchema`; GET /pets/feed, one kind), through the whole pipeline: generated and typed (each
// kind's name and data together), compiled by a strict user, read from the mock (one event of each
// kind, checked), read from a scripted server (data as its kind says, drift reported, resumed with
// Last-Event-ID), and held to the bounds every stream is (an endless line, an event over the bound,
// a silent stream).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";
import { faultServer, type Step } from "../../support/fault-server.js";
import { endsAnEndlessLine } from "../../support/hostile-streams.js";
import { all, failure } from "../../support/iterate.js";
import { openapi32Fixture } from "../../support/openapi32-fixture.js";
import { strictConsumerErrors } from "../../support/strict-consumer.js";

// a user's program: each kind's data typed by its name, narrowed by it
const CONSUMER = `import { createClient, type NamedEvent, type Pet } from "./dist/src/index.js";
const client = createClient({ apiKey: "k" });
const events = await client.pets.events.retrieve({ lastEventId: "2", maxEventSize: 4096, idleTimeoutMs: 5_000 });
for await (const event of events) {
  const id: string | undefined = event.id;
  if (event.type === "adopted") {
    const pet: Pet = event.data;
    console.log(pet.name.length, id);
  } else if (event.type === "counted") console.log(event.data.toFixed(0));
  else {
    const note: string = event.data;
    const kind: "note" = event.type;
    console.log(note, kind);
  }
}
for await (const event of events) {
  // @ts-expect-error a counted event's data is a number, not a pet
  if (event.type === "counted") console.log(event.data.name);
  // @ts-expect-error no kind is named "other"
  if (event.type === "other") console.log(event);
}
const feed = await client.pets.feed.retrieve();
for await (const { data, type } of feed) console.log(data.name, type?.length);
// @ts-expect-error a feed event's data is a pet
for await (const { data } of feed) console.log(data.length);
type Kind = NamedEvent<{ event: "a"; data: number } | { event?: string; data: string }>;
const kinds: Kind[] = [{ type: "a", data: 1, id: undefined }, { type: undefined, data: "x", id: "1" }];
console.log(kinds);
`;

let copy: Awaited<ReturnType<typeof openapi32Fixture>>;
let createClient: (typeof copy)["lib"]["createClient"];
let TooLarge: (typeof copy)["lib"]["EventTooLargeError"];

beforeAll(async () => {
  copy = await openapi32Fixture("openapi-3.2-events-");
  ({ createClient, EventTooLargeError: TooLarge } = copy.lib);
}, 120_000);
afterAll(() => copy?.remove());

/** Answers 200 text/event-stream with `text`, then ends the stream. */
const events =
  (text: string): Step =>
  (res) =>
    res.writeHead(200, { "Content-Type": "text/event-stream" }).end(text);

describe("an event stream an OpenAPI 3.2 itemSchema describes", () => {
  it("is typed kind by kind: a strict user narrows each event's data by its name", () => {
    // the rows as Biome lays them out, read without their layout (spaces, line breaks, trailing commas)
    const operations = readFileSync(join(copy.dir, "generated/operations.ts"), "utf8")
      .replace(/\s+/g, "")
      .replace(/,([\]}])/g, "$1");

    expect(operations).toContain("eventItem:{json:false,names:{note:false,adopted:true,counted:true}}");
    expect(operations).toContain("eventItem:{json:true}");
    expect(strictConsumerErrors(copy.dir, CONSUMER)).toBe("");
  }, 120_000);

  it("is served by the mock one event of each kind, each checked as it is read", async () => {
    const mock = await mockServer({ port: 0, say: () => {} });
    try {
      await mock.serve(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
      const client = createClient({ apiKey: "k", baseUrl: mock.url, maxRetries: 0, strictAnswers: true });

      const seen = await all<{ type: string; data: unknown; id: string }>(await client.pets.events.retrieve());
      const feed = await all<{ type: string; data: unknown }>(await client.pets.feed.retrieve());

      expect(seen.map((event) => [event.type, typeof event.data])).toEqual([
        ["note", "string"],
        ["adopted", "object"],
        ["counted", "number"],
      ]);
      expect(seen[1]?.data).toMatchObject({ name: expect.any(String) });
      expect(seen[2]?.data).toBeGreaterThanOrEqual(0);
      expect(seen.map((event) => event.id)).toEqual(["1", "2", "3"]);
      expect(feed).toHaveLength(1);
      expect(feed[0]?.type).toBeUndefined();
      expect(feed[0]?.data).toMatchObject({ name: expect.any(String) });
    } finally {
      await mock.close();
    }
  }, 60_000);

  it("reads each kind's data as its kind says: JSON parsed, text kept as sent, a heartbeat passed over", async () => {
    const server = await faultServer(
      events(
        'event: note\ndata: 42\n\nevent: sse_heartbeat\ndata: {}\n\nid: 7\nevent: adopted\ndata: {"name":"Rex"}\n\nevent: counted\ndata: 3\n\n',
      ),
    );
    const client = createClient({ apiKey: "k", baseUrl: server.url, strictAnswers: true });

    expect(await all(await client.pets.events.retrieve())).toEqual([
      { type: "note", data: "42", id: undefined },
      { type: "adopted", data: { name: "Rex" }, id: "7" },
      { type: "counted", data: 3, id: undefined },
    ]);
  });

  it("reports an event that breaks its kind's schema, or its name, and ends there with strictAnswers", async () => {
    const stream = 'event: counted\ndata: -1\n\nevent: adopted\ndata: {"name":7}\n\nevent: other\ndata: x\n\n';
    const reported: { issues: { path: string }[] }[] = [];
    const lenient = createClient({
      apiKey: "k",
      baseUrl: (await faultServer(events(stream))).url,
      onAnswerMismatch: (mismatch: { issues: { path: string }[] }) => reported.push(mismatch),
    });
    const strict = createClient({ apiKey: "k", baseUrl: (await faultServer(events(stream))).url, strictAnswers: true });

    const seen = await all<{ data: unknown }>(await lenient.pets.events.retrieve());
    const err = await failure(all(await strict.pets.events.retrieve()));

    expect(seen.map((event) => event.data)).toEqual([-1, { name: 7 }, "x"]);
    expect(reported).toHaveLength(3);
    expect(reported.map((r) => r.issues.some((issue) => issue.path.startsWith("event")))).toEqual([true, true, true]);
    expect(err).toMatchObject({ name: "StreamEventError", event: { type: "counted", data: "-1" } });
  });

  it("resumes a dropped stream with Last-Event-ID, as any event stream of a GET", async () => {
    const server = await faultServer((res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write('retry: 10\nid: 1\nevent: adopted\ndata: {"name":"Rex"}\n\n', () => res.socket?.destroy());
    }, events("id: 2\nevent: counted\ndata: 2\n\n"));
    const client = createClient({ apiKey: "k", baseUrl: server.url, strictAnswers: true });

    const seen = await all<{ id: string }>(await client.pets.events.retrieve());

    expect(seen.map((event) => event.id)).toEqual(["1", "2"]);
    expect(server.requests.map((r) => r.headers["last-event-id"])).toEqual([undefined, "1"]);
  });
});

describe("the bounds of an event stream an itemSchema describes", () => {
  it("ends a stream that sends one line forever with EventTooLargeError, having read little of it", async () => {
    await endsAnEndlessLine(
      "text/event-stream",
      "event: note\ndata: ",
      async (server, maxEventSize) =>
        all(await createClient({ apiKey: "k", baseUrl: server.url }).pets.events.retrieve({ maxEventSize })),
      TooLarge,
    );
  });

  it("ends at an event over the bound, made of many short lines, after the events before it", async () => {
    // the big event comes in a chunk of its own, once the first was read
    const server = await faultServer((res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" }).write("event: counted\ndata: 1\n\n");
      setTimeout(() => res.end(`event: note\n${"data: 12345678\n".repeat(100)}\n`), 50);
    });

    const { seen, err } = await readUntilItEnds(server.url, { maxEventSize: 1000 });

    expect(seen).toEqual([1]);
    expect(err).toMatchObject({ name: "EventTooLargeError", limit: 1000 });
  });

  it("ends a stream silent for longer than idleTimeoutMs with StreamIdleError, after the events that came", async () => {
    const server = await faultServer((res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" }).write("event: counted\ndata: 1\n\n");
    });

    const { seen, err } = await readUntilItEnds(server.url, { idleTimeoutMs: 200 });

    expect(seen).toEqual([1]);
    expect(err).toMatchObject({ name: "StreamIdleError", idleTimeoutMs: 200 });
  });
});

/** The data of each event of GET /pets/events at `baseUrl` with `options`, until the stream failed, and what it failed with. */
async function readUntilItEnds(baseUrl: string, options: object) {
  const seen: unknown[] = [];
  const err = await failure(
    (async () => {
      for await (const event of await createClient({ apiKey: "k", baseUrl }).pets.events.retrieve(options))
        seen.push(event.data);
    })(),
  );
  return { seen, err };
}
