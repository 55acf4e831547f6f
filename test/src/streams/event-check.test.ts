import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/validators.js";
import type { AnswerMismatch } from "../../../src/core/config.js";
import {
  eventReader,
  HEARTBEAT,
  isSkipped,
  itemReader,
  type StreamOperation,
} from "../../../src/streams/event-check.js";
import { StreamEventError } from "../../../src/streams/stream-errors.js";

// the schemas a stream's events are checked against, in generated/validators.ts's shape (a `$ref`
// a function that returns the schema it names): this project's own spec has no event stream
const SCHEMAS: Schema[] = (() => {
  const at = (i: number) => () => SCHEMAS[i]!;
  const log: Schema = {
    type: ["object"],
    required: ["event", "message"],
    additionalProperties: false,
    properties: { event: { const: "log" }, message: { type: ["string"] } },
  };
  const beat: Schema = {
    type: ["object"],
    required: ["event", "timestamp"],
    properties: { event: { const: "sse_heartbeat" }, timestamp: { type: ["string"] } },
  };
  return [
    log,
    // a union that types the heartbeat among its events
    {
      oneOf: [{ $ref: at(2) }, { $ref: at(3) }],
      discriminator: { propertyName: "event", mapping: { log: at(2), sse_heartbeat: at(3) } },
    },
    log,
    beat,
    { $ref: at(1) },
    // a schema that is only a reference to itself, as a broken document may hold
    { $ref: at(5) },
    // a field the service sets: a request may leave it out, an event may not
    {
      type: ["object"],
      required: ["event", "id"],
      properties: { event: { const: "created" }, id: { type: ["string"], readOnly: true } },
    },
  ];
})();

const LOGS = 0;
const TYPED_HEARTBEAT = 4;
const SELF_REFERENCE = 5;
const CREATED = 6;
const stream = (eventSchema?: number): Operation & StreamOperation => ({
  name: "browsers.logs.follow",
  method: "GET",
  path: "/browsers/{id}/logs",
  params: ["id"],
  status: 200,
  answer: "stream",
  idempotent: true,
  ...(eventSchema === undefined ? {} : { eventSchema: SCHEMAS[eventSchema]! }),
});

describe("eventReader", () => {
  describe("a stream whose events the spec does not type", () => {
    const read = eventReader(stream());

    it("hands out each event's data read as JSON, or as the text it was when it is not JSON", () => {
      expect(read('{"event":"log","extra":[1]}', undefined, "1")).toEqual({ event: "log", extra: [1] });
      expect(read("null", undefined, undefined)).toBeNull();
      expect(read("plain words", "message", undefined)).toBe("plain words");
    });

    it("skips a heartbeat told by its event type alone, or by the event its data names", () => {
      expect(isSkipped(read("", HEARTBEAT, undefined))).toBe(true);
      expect(isSkipped(read('{"at":1}', HEARTBEAT, undefined))).toBe(true);
      expect(isSkipped(read('{"event":"sse_heartbeat"}', undefined, undefined))).toBe(true);
      expect(isSkipped(read('{"event":"log"}', "message", undefined))).toBe(false);
    });
  });

  describe("a stream whose events the spec types", () => {
    it("hands out an event that matches without a report", () => {
      const told: unknown[] = [];
      const read = eventReader(
        stream(LOGS),
        { onAnswerMismatch: (m) => told.push(m), logger: { debug: (line) => told.push(line) } },
        () => new Response(),
      );

      expect(read('{"event":"log","message":"up"}', undefined, "7")).toEqual({ event: "log", message: "up" });
      expect(told).toEqual([]);
    });

    it("hands out an event that breaks the schema, and reports it with the issues an answer check finds", () => {
      const told: AnswerMismatch[] = [];
      const response = new Response();
      const read = eventReader(stream(LOGS), { onAnswerMismatch: (m) => told.push(m) }, () => response);

      // unknown fields are an answer's right, even where the schema closes the object
      const data = read('{"event":"log","level":"info"}', undefined, "8");

      expect(data).toEqual({ event: "log", level: "info" });
      expect(told).toEqual([
        {
          operation: "browsers.logs.follow",
          issues: [{ path: "data.message", message: "is required" }],
          data,
          response,
        },
      ]);
    });

    it("reports to the logger alone when no answer is there to hand to onAnswerMismatch", () => {
      const lines: string[] = [];
      const read = eventReader(stream(LOGS), {
        logger: { debug: (line) => lines.push(line) },
        onAnswerMismatch: () => lines.push("told"),
      });

      expect(read('{"event":"log"}', undefined, undefined)).toEqual({ event: "log" });
      expect(lines).toEqual([
        "browser-cloud-client: An event of browsers.logs.follow (GET /browsers/{id}/logs) is not what the spec promises: data.message is required",
      ]);
    });

    it("names every issue of an event in its report, one after another", () => {
      const lines: string[] = [];
      const read = eventReader(stream(LOGS), { logger: { debug: (line) => lines.push(line) } });

      read('{"event":"note","message":3}', undefined, undefined);

      expect(lines).toEqual([
        'browser-cloud-client: An event of browsers.logs.follow (GET /browsers/{id}/logs) is not what the spec promises: data.event must be "log"; data.message must be string',
      ]);
    });

    it("ends the stream with StreamEventError carrying the event as received, with strictAnswers", () => {
      const read = eventReader(stream(LOGS), { strictAnswers: true });

      const err = (() => {
        try {
          return read('{"event":"log","message":3}', "message", "9");
        } catch (e) {
          return e;
        }
      })() as StreamEventError;

      expect(err).toBeInstanceOf(StreamEventError);
      expect([err.event, err.issues]).toEqual([
        { id: "9", type: "message", data: '{"event":"log","message":3}' },
        [{ path: "data.message", message: "must be string" }],
      ]);
    });

    it("checks an event as an answer: a required readOnly field must be there", () => {
      const told: AnswerMismatch[] = [];
      const read = eventReader(stream(CREATED), { onAnswerMismatch: (m) => told.push(m) }, () => new Response());

      expect(read('{"event":"created","id":"dep_1"}', undefined, undefined)).toEqual({ event: "created", id: "dep_1" });
      expect(read('{"event":"created"}', undefined, undefined)).toEqual({ event: "created" });
      expect(told.map((m) => m.issues)).toEqual([[{ path: "data.id", message: "is required" }]]);
    });

    it("reports to onAnswerMismatch alone when no logger is given, and to no one when neither is", () => {
      const told: AnswerMismatch[] = [];

      expect(
        eventReader(stream(LOGS), { onAnswerMismatch: (m) => told.push(m) }, () => new Response())(
          '{"event":"log"}',
          undefined,
          undefined,
        ),
      ).toEqual({ event: "log" });
      expect(eventReader(stream(LOGS), {}, () => new Response())('{"event":"log"}', undefined, undefined)).toEqual({
        event: "log",
      });
      expect(told).toHaveLength(1);
    });

    it("reads a stream whose schema only refers to itself, reporting each event instead of hanging", () => {
      const told: AnswerMismatch[] = [];
      const read = eventReader(stream(SELF_REFERENCE), { onAnswerMismatch: (m) => told.push(m) }, () => new Response());

      expect(read('{"event":"log"}', undefined, undefined)).toEqual({ event: "log" });
      expect(told.map((m) => m.issues.length > 0)).toEqual([true]);
    });

    it("checks a heartbeat the schema types as an event, through a $ref to the union", () => {
      const told: unknown[] = [];
      const read = eventReader(
        stream(TYPED_HEARTBEAT),
        { onAnswerMismatch: (m) => told.push(m) },
        () => new Response(),
      );

      expect(read('{"event":"sse_heartbeat","timestamp":"2026-11-25T10:00:00Z"}', HEARTBEAT, undefined)).toEqual({
        event: "sse_heartbeat",
        timestamp: "2026-11-25T10:00:00Z",
      });
      expect(read('{"event":"sse_heartbeat"}', HEARTBEAT, undefined)).toEqual({ event: "sse_heartbeat" });
      expect(told).toHaveLength(1);
    });
  });
});

// OpenAPI 3.2's `itemSchema`: the schema of one whole event (its `event`, `data` and `id` fields), and
// which kinds' data is JSON (`eventItem`, as the generator reads it from the item schema)
describe("eventReader, a heartbeat typed behind $refs", () => {
  it("follows 32 $refs to the mapping that names the heartbeat, and no 33rd", () => {
    const union: Schema = {
      type: ["object"],
      discriminator: { propertyName: "event", mapping: { sse_heartbeat: () => ({ type: ["object"] }) } },
    };
    const behind = (refs: number): Schema => {
      let schema = union;
      for (let i = 0; i < refs; i++) {
        const next = schema;
        schema = { $ref: () => next };
      }
      return schema;
    };
    const read = (refs: number) => eventReader({ ...stream(), eventSchema: behind(refs) })("{}", HEARTBEAT, undefined);

    // typed, the heartbeat is an event like any other; untyped, it is passed over
    expect(read(32)).toEqual({});
    expect(isSkipped(read(33))).toBe(true);
  });
});

describe("eventReader, a stream whose item schema describes each whole event", () => {
  const EVENT: Schema = {
    type: ["object"],
    required: ["event", "data"],
    properties: {
      event: { type: ["string"], enum: ["addJson", "note", "sse_heartbeat"] },
      data: { type: ["object", "string"] },
      id: { type: ["string"], pattern: "^[0-9]+$" },
    },
  };
  const named = (names: Record<string, boolean>) => ({
    ...stream(),
    eventSchema: EVENT,
    eventItem: { json: false, names },
  });
  const strict = (names: Record<string, boolean> = { addJson: true }) =>
    eventReader(named(names), { strictAnswers: true });
  /** The issues of the StreamEventError `run` throws, and the event it carries. */
  function drift(run: () => unknown) {
    try {
      run();
    } catch (err) {
      expect(err).toBeInstanceOf(StreamEventError);
      return { issues: (err as StreamEventError).issues, event: (err as StreamEventError).event };
    }
    throw new Error("no StreamEventError");
  }

  it("reads the data of a kind whose data is JSON as JSON, and returns the data alone", () => {
    expect(strict()('{"n":1}', "addJson", "7")).toEqual({ n: 1 });
  });

  it("keeps the data of any other kind as its text", () => {
    expect(strict()('{"n":1}', "note", "8")).toBe('{"n":1}');
  });

  it("keeps data that is not JSON as text, for the schema to judge", () => {
    expect(strict()("oops", "addJson", undefined)).toBe("oops");
  });

  it("checks the event as its fields came: its name, its data and its id", () => {
    expect(drift(() => strict()('{"n":1}', "addJson", "x1"))).toEqual({
      issues: [{ path: "event.id", message: "must match /^[0-9]+$/" }],
      event: { id: "x1", type: "addJson", data: '{"n":1}' },
    });
    expect(drift(() => strict()("1", "addJson", "9")).issues).toEqual([
      { path: "event.data", message: "must be object or string" },
    ]);
  });

  it("leaves out the fields the wire did not send, for the schema to require", () => {
    expect(drift(() => strict()("hi", undefined, undefined))).toEqual({
      issues: [{ path: "event.event", message: "is required" }],
      event: { id: undefined, type: undefined, data: "hi" },
    });
  });

  it("passes over a heartbeat its item schema names no kind for, and checks one it names", () => {
    expect(isSkipped(strict()("", HEARTBEAT, undefined))).toBe(true);
    expect(strict({ addJson: true, [HEARTBEAT]: false })("still here", HEARTBEAT, "10")).toBe("still here");
  });

  it("hands onAnswerMismatch the event with the fields the wire sent, and no others", () => {
    const seen: AnswerMismatch[] = [];
    const read = eventReader(named({ addJson: true }), { onAnswerMismatch: (m) => seen.push(m) }, () => new Response());

    read("hi", undefined, undefined);

    expect(seen.map((m) => m.data)).toStrictEqual([{ data: "hi" }]);
  });

  it("yields an event that breaks the schema without strictAnswers, and reports it", () => {
    const seen: AnswerMismatch[] = [];
    const read = eventReader(named({ addJson: true }), { onAnswerMismatch: (m) => seen.push(m) }, () => new Response());

    expect(read('{"n":1}', "addJson", "x")).toEqual({ n: 1 });
    expect(seen.map((m) => m.issues)).toEqual([[{ path: "event.id", message: "must match /^[0-9]+$/" }]]);
  });
});

describe("itemReader, a stream of JSON texts", () => {
  const POINT: Schema = { type: ["object"], required: ["x"], properties: { x: { type: ["integer"] } } };

  it("reads each item as JSON and checks it like an answer", () => {
    expect(itemReader(stream(), POINT)('{"x":1,"y":2}')).toEqual({ x: 1, y: 2 });
  });

  it("yields text that is no JSON, reported, with no answer to report it with: nothing throws without strictAnswers", () => {
    const logged: string[] = [];
    const read = itemReader(stream(), POINT, { logger: { debug: (line: string) => void logged.push(line) } });

    expect(read("not json")).toBe("not json");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain("data is not JSON");
  });

  it("reports an item that is no JSON with the stream's answer, where there is one", () => {
    const seen: AnswerMismatch[] = [];
    const response = new Response(null, { status: 200 });
    const read = itemReader(stream(), POINT, { onAnswerMismatch: (m) => seen.push(m) }, () => response);

    expect(read("{")).toBe("{");
    expect(seen).toEqual([
      { operation: "browsers.logs.follow", issues: [{ path: "data", message: "is not JSON" }], data: "{", response },
    ]);
  });
});
