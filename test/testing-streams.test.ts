// browser-cloud-client/testing scripts event streams: eventStreamResponse, which mockFetch sends for
// an answer with `events`. The spec has no stream operation yet, so the client here is built from
// a table with one.
import { describe, expect, it } from "vitest";
import type { Operation } from "../generated/operations.js";
import { clientOf } from "../src/client.js";
import { openEventStream } from "../src/event-stream.js";
import { ConnectionError, type EventStream, type StreamOptions } from "../src/index.js";
import { eventStreamResponse } from "../src/testing.js";

const FOLLOW: Operation = { name: "events.follow", method: "GET", path: "/events/{id}", params: ["id"], status: 200, answer: "stream", idempotent: true };

function follower(answers: Response[]) {
  const sent: Request[] = [];
  const fetch = async (request: Request) => (sent.push(request), answers[Math.min(sent.length - 1, answers.length - 1)]!);
  const client = clientOf({ apiKey: "test", baseUrl: "https://api.example.com", fetch }, [FOLLOW], openEventStream) as unknown as { events: { follow(id: string, o?: StreamOptions): Promise<EventStream<unknown>> } };
  return { sent, follow: (options?: StreamOptions) => client.events.follow("run_1", options) };
}

const all = async (events: AsyncIterable<{ data: unknown; id: string | undefined; type: string | undefined }>) => {
  const out: unknown[] = [];
  for await (const event of events) out.push(event);
  return out;
};

describe("eventStreamResponse", () => {
  it("writes the events in the wire format, retry first, data as JSON", async () => {
    const response = eventStreamResponse([{ id: "1", event: "log", data: { message: "a\nb" } }, { data: 2 }], { retryMs: 250 });

    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toBe('retry: 250\n\nid: 1\nevent: log\ndata: {"message":"a\\nb"}\n\ndata: 2\n\n');
  });

  it("scripts a dropped connection: the client gets the events before the drop, re-opens with Last-Event-ID and goes on", async () => {
    const { sent, follow } = follower([eventStreamResponse([{ id: "1", data: "one" }], { retryMs: 1, drop: true }), eventStreamResponse([{ id: "2", data: "two" }])]);

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
