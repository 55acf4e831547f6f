// The mock's event streams for the shapes the real service's document has (the media type's
// schema is one event's data, a oneOf told apart by `event`, with no wire-format example), which
// Prism cannot serve; and how the generator reads a stream's event schema. The same for sequences of
// JSON items (JSON Lines, a JSON text sequence): their item schema, and the items the mock sends.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { eventSchema, exampleEvents } from "../../../scripts/lib/generate/event-streams.mjs";
import { exampleItems, itemSchemaOf, sequenceType } from "../../../scripts/lib/generate/sequences.mjs";
import { eventStreamMock } from "../../../scripts/lib/mock/streams.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { withoutExamples } from "../../../scripts/lib/spec/examples.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";
import { operationMatcher } from "../../../src/core/path-template.js";

const at = "2026-11-22T10:15:00Z";
const branch = (kind: string, fields: Record<string, unknown>, example: Record<string, unknown>) => ({
  type: "object",
  required: ["event", ...Object.keys(fields)],
  properties: { event: { type: "string", const: kind }, ...fields },
  example: { event: kind, ...example },
});
// as the real document writes a stream: the media type's schema is one event's data
const SPEC = {
  openapi: "3.1.0",
  info: { title: "t", version: "1.0.0" },
  paths: {
    "/deployments/{id}/events": {
      get: {
        responses: {
          "200": {
            description: "events",
            content: { "text/event-stream": { schema: { $ref: "#/components/schemas/DeploymentEvent" } } },
          },
          "404": {
            description: "gone",
            content: {
              "application/json": { schema: {}, example: { code: "not_found", message: "no such deployment" } },
            },
          },
        },
      },
    },
    "/deployments/{id}": {
      get: { responses: { "200": { description: "one", content: { "application/json": { schema: {} } } } } },
    },
  },
  components: {
    schemas: {
      DeploymentEvent: {
        oneOf: [
          { $ref: "#/components/schemas/StateEvent" },
          { $ref: "#/components/schemas/LogEvent" },
          { $ref: "#/components/schemas/ErrorEvent" },
        ],
        discriminator: { propertyName: "event" },
      },
      StateEvent: branch("deployment_state", { timestamp: { type: "string" } }, { timestamp: at }),
      LogEvent: branch("log", { message: { type: "string" } }, { message: "Installing dependencies" }),
      ErrorEvent: branch(
        "error",
        { error: { type: "object" } },
        { error: { code: "build_failed", message: "exit 1" } },
      ),
    },
  },
};

let server: Server | undefined;
afterEach(
  () => new Promise<void>((done) => (server ? (server.closeAllConnections(), server.close(() => done())) : done())),
);

/** A loopback server where the stream mock answers its streams and anything else gets 599 ("Prism"). */
async function serve(spec: any, variants?: (schema: any) => { value: unknown }[]): Promise<string> {
  const streams = eventStreamMock(spec, variants ? { variants } : {});
  const find = operationMatcher(
    Object.entries<any>(spec.paths).flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path }))),
  );
  server = createServer((req, res) => {
    const route = find(req.method ?? "GET", (req.url ?? "/").split("?")[0]!)?.operation;
    const stream = route && streams.stream(route.method, route.path);
    if (stream) streams.write(stream, req, res);
    else res.writeHead(599).end();
  });
  await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const bearer = { Authorization: "Bearer any" };

describe("the mock's event streams", () => {
  it("answers a stream whose schema is one event's data with one event per oneOf branch, from each branch's example", async () => {
    const url = await serve(SPEC);

    const response = await fetch(`${url}/deployments/dep_1/events`, { headers: bearer });

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toBe(
      "retry: 1000\n\n" +
        `id: 1\ndata: {"event":"deployment_state","timestamp":"${at}"}\n\n` +
        'id: 2\ndata: {"event":"log","message":"Installing dependencies"}\n\n' +
        'id: 3\ndata: {"event":"error","error":{"code":"build_failed","message":"exit 1"}}\n\n',
    );
  });

  it("resumes after Last-Event-ID, and leaves other operations alone", async () => {
    const url = await serve(SPEC);

    const resumed = await (
      await fetch(`${url}/deployments/dep_1/events`, { headers: { ...bearer, "Last-Event-ID": "2" } })
    ).text();
    const other = await fetch(`${url}/deployments/dep_1`, { headers: bearer });

    expect(resumed).toBe(
      'retry: 1000\n\nid: 3\ndata: {"event":"error","error":{"code":"build_failed","message":"exit 1"}}\n\n',
    );
    expect(other.status).toBe(599);
  });

  it("builds one event per declared kind from the schema where the document gives no example, its tag set", async () => {
    const bare = withoutExamples(SPEC);
    const sampler = await createSampler(bare);
    const url = await serve(bare, (schema) => sampler.variants(schema));

    const text = await (await fetch(`${url}/deployments/dep_1/events`, { headers: bearer })).text();
    const events = text
      .split("\n\n")
      .filter((frame) => frame.includes("data: "))
      .map((frame) => JSON.parse(frame.split("data: ")[1]!));

    // the kinds as the document's branches pin them
    expect(events.map((e) => e.event)).toEqual(["deployment_state", "log", "error"]);
    expect(typeof events[0].timestamp).toBe("string");
    expect(typeof events[1].message).toBe("string");
    expect(typeof events[2].error).toBe("object");
    expect(eventStreamMock(bare).stream("GET", "/deployments/{id}/events")!.events).toEqual([]);
  });

  it("sends a wire-format example as it is written, and one event of a JSON example", () => {
    expect(exampleEvents({}, { example: 'id: 7\nevent: log\ndata: {"a":1}\n\ndata: 2\n\n' })).toEqual([
      { id: "7", event: "log", data: '{"a":1}' },
      { data: "2" },
    ]);
    expect(exampleEvents({}, { schema: {}, example: { a: 1 } })).toEqual([{ data: '{"a":1}' }]);
  });
});

describe("a stream's event schema", () => {
  it("is the media type's schema, else a string schema's contentSchema, else OpenAPI 3.2's itemSchema (its data property when it has one)", () => {
    const data = { $ref: "#/components/schemas/LogEvent" };

    expect(eventSchema(SPEC, { schema: data })).toEqual({ schema: data, fromMedia: true });
    expect(
      eventSchema(SPEC, { schema: { type: "string", contentMediaType: "text/event-stream", contentSchema: data } }),
    ).toEqual({ schema: data, fromMedia: false });
    expect(eventSchema(SPEC, { itemSchema: data })).toEqual({ schema: data, fromMedia: false });
    expect(
      eventSchema(SPEC, {
        itemSchema: {
          type: "object",
          properties: {
            event: { type: "string" },
            data: { type: "string", contentMediaType: "application/json", contentSchema: data },
          },
        },
      }),
    ).toEqual({ schema: data, fromMedia: false });
    expect(eventSchema(SPEC, { schema: {} })).toBeUndefined();
  });

  it("makes the generator read the operation as a stream of that schema", () => {
    const [follow] = readOperations(SPEC).operations;

    expect(follow!.success).toMatchObject({
      kind: "stream",
      status: 200,
      mediaType: "text/event-stream",
      schema: { $ref: "#/components/schemas/DeploymentEvent" },
    });
  });
});

// sequences of JSON items as documents write them: before 3.2, a JSON Lines answer's schema is one
// item's; an array schema (3.2's reading of a sequence's schema), a JSON text sequence here
const LOG = { type: "object", required: ["level"], properties: { level: { enum: ["info", "warn"] } } };
const SEQUENCES = {
  openapi: "3.1.0",
  info: { title: "t", version: "1.0.0" },
  paths: {
    "/tasks/stream": {
      get: {
        responses: {
          "200": {
            description: "tasks",
            content: { "application/x-ndjson": { schema: LOG, example: { level: "warn" } } },
          },
        },
      },
    },
    "/changes": {
      get: {
        responses: {
          "200": {
            description: "changes",
            content: {
              "application/json-seq": {
                schema: { type: "array", items: { oneOf: [{ const: 1 }, { const: "two" }] } },
              },
            },
          },
        },
      },
    },
    "/both": {
      get: {
        responses: {
          "200": {
            description: "both",
            content: {
              "application/json": { schema: { type: "array", items: LOG } },
              "application/jsonl": { schema: LOG },
            },
          },
        },
      },
    },
  },
};

describe("a sequence of JSON items", () => {
  it("has the item schema 3.2 gives it, else its array schema's items, else its schema, one item's as documents wrote it before 3.2", () => {
    expect(itemSchemaOf({}, { itemSchema: LOG, schema: { type: "array" } })).toEqual({
      schema: LOG,
      from: "itemSchema",
    });
    expect(itemSchemaOf({}, { schema: { type: "array", items: LOG } })).toEqual({ schema: LOG, from: "items" });
    expect(itemSchemaOf({}, { schema: LOG })).toEqual({ schema: LOG, from: "schema" });
    expect(itemSchemaOf({}, { schema: {} })).toBeUndefined();
  });

  it("is a method's answer only where no JSON is offered beside it, and the generator says how it reads it", () => {
    const { operations, report } = readOperations(SEQUENCES);

    expect(sequenceType(SEQUENCES.paths["/both"].get.responses["200"])).toBeUndefined();
    expect(operations.map((op) => [op.path, op.success.kind, op.success.mediaType])).toEqual([
      ["/tasks/stream", "sequence", "application/x-ndjson"],
      ["/changes", "sequence", "application/json-seq"],
      ["/both", "json", "application/json"],
    ]);
    expect(report.shapes.filter((line) => line.startsWith("stream "))).toEqual([
      "stream GET /tasks/stream: application/x-ndjson, read item by item as an ItemStream, each item checked against its schema",
      "stream GET /changes: application/json-seq, read item by item as an ItemStream, each item checked against its array schema's items",
    ]);
  });

  it("takes its items from an example of the whole, of one item, or written out as it goes over the wire", () => {
    expect(
      exampleItems(
        {},
        { schema: { type: "array", items: LOG }, example: [{ level: "info" }, { level: "warn" }] },
        "application/jsonl",
      ),
    ).toEqual([{ level: "info" }, { level: "warn" }]);
    expect(exampleItems({}, { schema: LOG, example: { level: "info" } }, "application/jsonl")).toEqual([
      { level: "info" },
    ]);
    expect(
      exampleItems({}, { schema: LOG, example: '{"level":"info"}\n\n{"level":"warn"}' }, "application/x-ndjson"),
    ).toEqual([{ level: "info" }, { level: "warn" }]);
    expect(
      exampleItems({}, { schema: LOG, example: '\u001e{"level":"info"}\n\u001e2\n' }, "application/json-seq"),
    ).toEqual([{ level: "info" }, 2]);
  });

  it("is sent by the mock as its media type frames it: its example, else one item of each kind its item schema describes", async () => {
    const sampler = await createSampler(SEQUENCES);
    const url = await serve(SEQUENCES, (schema) => sampler.variants(schema));

    const lines = await fetch(`${url}/tasks/stream`, { headers: bearer });
    const records = await fetch(`${url}/changes`, { headers: bearer });
    const both = await fetch(`${url}/both`, { headers: bearer });

    expect([lines.status, lines.headers.get("content-type"), await lines.text()]).toEqual([
      200,
      "application/x-ndjson",
      '{"level":"warn"}\n',
    ]);
    expect([records.status, records.headers.get("content-type"), await records.text()]).toEqual([
      200,
      "application/json-seq",
      '\u001e1\n\u001e"two"\n',
    ]);
    // offered beside JSON, the sequence is not the method's: Prism answers it
    expect(both.status).toBe(599);
  });
});
