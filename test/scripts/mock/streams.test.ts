// The mock's event streams for the shapes the real service's document has (the media type's
// schema is one event's data, a oneOf told apart by `event`, with no wire-format example), which
// Prism cannot serve; and how the generator reads a stream's event schema.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { eventSchema, exampleEvents } from "../../../scripts/lib/generate/event-streams.mjs";
import { eventStreamMock } from "../../../scripts/lib/mock/streams.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { withoutExamples } from "../../../scripts/lib/spec/document.mjs";
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
