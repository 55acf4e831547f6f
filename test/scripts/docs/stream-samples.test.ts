// The docs page's streams (scripts/lib/docs/stream-samples.mjs), on an OpenAPI 3.2 document of its
// own whose streams give no example: the sample of each is read back with eventsource-parser and held
// to the document's schemas by Ajv, neither of which the page's code uses to write it.
import { Ajv2020 } from "ajv/dist/2020.js";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import { pageDocument } from "../../../scripts/lib/docs/page-document.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";

type Json = any;
const NAMES = { packageName: "acme-client", apiKeyEnv: "ACME_API_KEY" };
const GIVEN = 'id: 7\ndata: {"level":"info","message":"given"}\n\n';

const spec = {
  openapi: "3.2.0",
  info: { title: "Acme", version: "0.1.0" },
  servers: [{ url: "https://api.example.test" }],
  paths: {
    "/logs": {
      get: {
        "x-client-method": "logs.stream",
        responses: {
          "200": {
            description: "events",
            content: {
              "text/event-stream": {
                itemSchema: {
                  type: "object",
                  required: ["data"],
                  properties: {
                    data: {
                      type: "string",
                      description: "One log line.",
                      contentMediaType: "application/json",
                      contentSchema: { $ref: "#/components/schemas/LogEvent" },
                    },
                    id: { type: "string" },
                  },
                },
              },
            },
          },
        },
      },
    },
    "/given": {
      get: {
        "x-client-method": "given.stream",
        responses: {
          "200": {
            description: "events",
            content: {
              "text/event-stream": {
                example: GIVEN,
                itemSchema: {
                  type: "object",
                  properties: { data: { type: "string", contentSchema: { $ref: "#/components/schemas/LogEvent" } } },
                },
              },
            },
          },
        },
      },
    },
    "/entries": {
      get: {
        "x-client-method": "entries.export",
        responses: {
          "200": {
            description: "lines",
            content: { "application/jsonl": { itemSchema: { $ref: "#/components/schemas/Entry" } } },
          },
        },
      },
      post: {
        "x-client-method": "entries.append",
        requestBody: {
          required: true,
          content: { "application/x-ndjson": { itemSchema: { $ref: "#/components/schemas/Entry" } } },
        },
        responses: { "204": { description: "appended" } },
      },
    },
  },
  components: {
    schemas: {
      LogEvent: {
        type: "object",
        required: ["level", "message"],
        additionalProperties: false,
        properties: { level: { enum: ["info", "warn"] }, message: { type: "string", minLength: 1 } },
      },
      Entry: {
        type: "object",
        required: ["id", "at"],
        additionalProperties: false,
        properties: {
          id: { type: "string", pattern: "^ent_[a-z0-9]{4}$" },
          at: { type: "string", format: "date-time" },
        },
      },
    },
  },
};

const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema(spec, "doc");
/** What the document's schema of `name` says of `value`: Ajv's errors, none where it passes. */
const problems = (name: string, value: unknown) => {
  const validate = ajv.getSchema(`doc#/components/schemas/${name}`)!;
  return validate(value) ? [] : validate.errors;
};
/** The events of a `text/event-stream` text, as eventsource-parser reads them. */
const events = (text: string) => {
  const read: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => read.push(event) });
  parser.feed(text);
  return read;
};

const page = async () => pageDocument(structuredClone(spec), { sampler: await createSampler(spec), names: NAMES });
const media = (doc: Json, path: string, method: string, type: string) =>
  path === "/entries" && method === "post"
    ? doc.paths[path][method].requestBody.content[type]
    : doc.paths[path][method].responses["200"].content[type];

describe("the docs page's sample of a stream the document gives no example of", () => {
  it("is the events the stream sends: an id and data that is the JSON text of a value of its content schema", async () => {
    const sample = media(await page(), "/logs", "get", "text/event-stream").example;

    const read = events(sample);

    expect(read.length).toBeGreaterThan(0);
    for (const event of read) {
      expect(event.id).toMatch(/^\d+$/);
      expect(problems("LogEvent", JSON.parse(event.data))).toEqual([]);
    }
  });

  it("is the items of a JSON Lines answer, each a value of its item schema", async () => {
    const sample = media(await page(), "/entries", "get", "application/jsonl").example;

    expect(Array.isArray(sample) && sample.length > 0).toBe(true);
    for (const item of sample) expect(problems("Entry", item)).toEqual([]);
  });

  it("is the items of an NDJSON request body, each a value of its item schema", async () => {
    const sample = media(await page(), "/entries", "post", "application/x-ndjson").example;

    expect(Array.isArray(sample) && sample.length > 0).toBe(true);
    for (const item of sample) expect(problems("Entry", item)).toEqual([]);
  });

  it("keeps the example a document gives", async () => {
    expect(media(await page(), "/given", "get", "text/event-stream").example).toBe(GIVEN);
  });

  it("shows an event's data as the value its text holds, saying it is sent as that value's text", async () => {
    const doc = await page();

    const data = media(doc, "/logs", "get", "text/event-stream").itemSchema.properties.data;

    expect(data.allOf).toEqual([{ $ref: "#/components/schemas/LogEvent" }]);
    expect(data.description).toBe("One log line. Sent as the application/json text of this value.");
    expect(data.type).toBeUndefined();
    expect(media(doc, "/given", "get", "text/event-stream").itemSchema.properties.data.allOf).toEqual([
      { $ref: "#/components/schemas/LogEvent" },
    ]);
  });

  it("leaves the document it was given as it was", async () => {
    const before = JSON.stringify(spec);
    const given = structuredClone(spec);

    pageDocument(given, { sampler: await createSampler(given), names: NAMES });

    expect(JSON.stringify(given)).toBe(before);
  });
});
