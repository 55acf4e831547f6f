// eventIterator called directly: the consumer's side of an event stream, fed batches of
// parsed events by a stand-in for the connection. test/src/streams/event-stream.test.ts runs the whole reader.
import type { EventSourceMessage } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { eventReader, HEARTBEAT, type StreamOperation } from "../../../src/streams/event-check.js";
import { eventIterator } from "../../../src/streams/event-iterator.js";

const op: Operation & StreamOperation = {
  name: "browsers.logs.follow",
  method: "GET",
  path: "/browsers/{id}/logs",
  params: ["id"],
  status: 200,
  answer: "stream",
  idempotent: true,
};
const message = (data: string, id?: string, event?: string): EventSourceMessage => ({ data, id, event });

/** A stand-in for the connection: yields `batches` in turn, and tells whether it was ended early. */
function connection(batches: EventSourceMessage[][]) {
  const seen = { returned: false, pulls: 0 };
  async function* source(): AsyncGenerator<EventSourceMessage[]> {
    try {
      for (const batch of batches) {
        seen.pulls++;
        yield batch;
      }
    } finally {
      seen.returned = true;
    }
  }
  return { source: source(), seen };
}

describe("eventIterator", () => {
  it("hands out every event of every batch in order, each data read, heartbeats left out, with for await on itself", async () => {
    const { source } = connection([
      [message('{"n":1}', "1"), message("", undefined, HEARTBEAT)],
      [],
      [message('{"n":2}', "2", "log")],
    ]);
    const state = { lastEventId: undefined as string | undefined, stopped: false };

    const events = [];
    for await (const event of eventIterator(source, eventReader(op), state, () => {})) events.push(event);

    expect(events).toEqual([
      { data: { n: 1 }, id: "1", type: undefined },
      { data: { n: 2 }, id: "2", type: "log" },
    ]);
    expect(state.lastEventId).toBe("2");
  });

  it("keeps as the last event id only an id a header can carry", async () => {
    const { source } = connection([
      [message("{}", "evt_1"), message("{}", "evt\n2"), message("{}", "evt\u01003"), message("{}", "\u01004")],
    ]);
    const state = { lastEventId: undefined as string | undefined, stopped: false };
    const iterator = eventIterator(source, eventReader(op), state, () => {});

    for (let i = 0; i < 4; i++) await iterator.next();

    // the last one's first character is already one no header carries
    expect(state.lastEventId).toBe("evt_1");
  });

  it("rejects with what reading an event threw, ends the connection, and is done after", async () => {
    const { source, seen } = connection([
      [message('{"n":1}'), message("bad"), message('{"n":3}')],
      [message('{"n":4}')],
    ]);
    const broken = new Error("not what the spec promises");
    const read = (data: string) => {
      if (data === "bad") throw broken;
      return JSON.parse(data);
    };
    const iterator = eventIterator(source, read, { lastEventId: undefined, stopped: false }, () => {});

    expect(await iterator.next()).toEqual({ done: false, value: { data: { n: 1 }, id: undefined, type: undefined } });
    await expect(iterator.next()).rejects.toBe(broken);
    expect(seen.returned).toBe(true);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(seen.pulls).toBe(1);
  });

  it("ends the connection and hands out nothing more once returned", async () => {
    const { source, seen } = connection([[message('{"n":1}'), message('{"n":2}')], [message('{"n":3}')]]);
    let closed = 0;
    const iterator = eventIterator(source, eventReader(op), { lastEventId: undefined, stopped: false }, () => closed++);

    await iterator.next();
    expect(await iterator.return!()).toEqual({ done: true, value: undefined });

    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect([closed, seen.returned, seen.pulls]).toEqual([1, true, 1]);
  });

  it("serves calls of next() made at once in order, one batch pulled at a time, losing no event", async () => {
    const { source, seen } = connection([[message('{"n":1}'), message('{"n":2}')], [message('{"n":3}')]]);
    const iterator = eventIterator(source, eventReader(op), { lastEventId: undefined, stopped: false }, () => {});

    const results = await Promise.all([iterator.next(), iterator.next(), iterator.next(), iterator.next()]);

    expect(results.map((r) => (r.done ? "done" : (r.value.data as { n: number }).n))).toEqual([1, 2, 3, "done"]);
    expect(seen.pulls).toBe(2);
  });

  it("hands out nothing once the stream is stopped, and lets the connection end it", async () => {
    const { source } = connection([[message('{"n":1}'), message('{"n":2}')]]);
    const state = { lastEventId: undefined as string | undefined, stopped: false };
    const iterator = eventIterator(source, eventReader(op), state, () => {});

    await iterator.next();
    state.stopped = true;

    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });
});
