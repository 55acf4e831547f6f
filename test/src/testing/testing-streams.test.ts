// browser-cloud-client/testing scripts event streams: eventStreamResponse, which mockFetch sends for
// an answer with `events`. The spec has no stream operation yet, so the client here is built from
// a table with one.
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { clientOf } from "../../../src/client/client.js";
import { openEventStream } from "../../../src/streams/event-stream.js";
import { ConnectionError, type EventStream, type StreamOptions } from "../../../src/index.js";
import { eventStreamResponse, mockFetch } from "../../../src/testing/index.js";
import { all } from "../../support/iterate.js";

const FOLLOW: Operation = {
  name: "events.follow",
  method: "GET",
  path: "/events/{id}",
  params: ["id"],
  status: 200,
  answer: "stream",
  idempotent: true,
};

function follower(answers: Response[]) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => (
    sent.push(request), answers[Math.min(sent.length - 1, answers.length - 1)]!
  );
  const client = clientOf(
    { apiKey: "test", baseUrl: "https://api.example.com", fetch },
    [FOLLOW],
    openEventStream,
  ) as unknown as { events: { follow(id: string, o?: StreamOptions): Promise<EventStream<unknown>> } };
  return { sent, follow: (options?: StreamOptions) => client.events.follow("run_1", options) };
}

describe("eventStreamResponse", () => {
  it("writes the events in the wire format, retry first, data as JSON", async () => {
    const response = eventStreamResponse([{ id: "1", event: "log", data: { message: "a\nb" } }, { data: 2 }], {
      retryMs: 250,
    });

    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toBe('retry: 250\n\nid: 1\nevent: log\ndata: {"message":"a\\nb"}\n\ndata: 2\n\n');
  });

  it("writes no retry field unless given, answers 200 unless told, and keeps the headers given", async () => {
    const plain = eventStreamResponse([{ data: 1 }], { headers: { "X-Run": "r1" } });
    const created = eventStreamResponse([], { status: 201 });

    expect([plain.status, plain.headers.get("x-run"), await plain.text()]).toEqual([200, "r1", "data: 1\n\n"]);
    expect([created.status, await created.text()]).toEqual([201, ""]);
  });

  it("fails the body after the events as a dropped connection does", async () => {
    const reader = eventStreamResponse([{ data: 1 }], { drop: true }).body!.getReader();

    const first = await reader.read();
    const err = await reader.read().catch((e) => e);

    expect(new TextDecoder().decode(first.value)).toBe("data: 1\n\n");
    expect([err.name, err.message]).toEqual(["TypeError", "terminated: the scripted connection was dropped"]);
  });

  it("is what mockFetch sends for an answer with events, with its status, retry and headers", async () => {
    const fetch = mockFetch({
      "organization.limits.retrieve": {
        events: [{ id: "7", data: { n: 1 } }],
        retryMs: 5,
        status: 201,
        headers: { "X-Run": "r1" },
      },
    });

    const response = await fetch(new Request("https://api.example.test/org/limits"));

    expect([response.status, response.headers.get("content-type"), response.headers.get("x-run")]).toEqual([
      201,
      "text/event-stream",
      "r1",
    ]);
    expect(await response.text()).toBe('retry: 5\n\nid: 7\ndata: {"n":1}\n\n');
  });

  it("scripts a dropped connection: the client gets the events before the drop, re-opens with Last-Event-ID and goes on", async () => {
    const { sent, follow } = follower([
      eventStreamResponse([{ id: "1", data: "one" }], { retryMs: 1, drop: true }),
      eventStreamResponse([{ id: "2", data: "two" }]),
    ]);

    const seen = await all(await follow());

    expect(seen).toEqual([
      { data: "one", id: "1", type: undefined },
      { data: "two", id: "2", type: undefined },
    ]);
    expect(sent.map((r) => r.headers.get("last-event-id"))).toEqual([null, "1"]);
  });

  it("drops every time when told to: the client gives up after maxReconnects", async () => {
    const { sent, follow } = follower([eventStreamResponse([], { retryMs: 1, drop: true })]);

    await expect(all(await follow({ maxReconnects: 1 }))).rejects.toBeInstanceOf(ConnectionError);
    expect(sent).toHaveLength(2);
  });
});
