// The sampler and the client's checks as the scripts run them, on a small document written here:
// expected values are literals, or read from the schema itself (a pattern tested with RegExp).
import { describe, expect, it } from "vitest";
import { documentChecker } from "../../../scripts/lib/spec/checker.mjs";
import { withoutExamples } from "../../../scripts/lib/spec/examples.mjs";
import { createSampler, patternString } from "../../../scripts/lib/spec/sample.mjs";
import { fixtureDocument } from "../../support/schema-fixtures.js";

const ID_PATTERN = "^th_[0-9a-f]{8}$";
const spec = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {},
  components: {
    schemas: {
      Thing: {
        type: "object",
        required: ["id", "name", "secret", "created"],
        properties: {
          id: { type: "string", pattern: ID_PATTERN, readOnly: true },
          name: { type: "string", maxLength: 40 },
          secret: { type: "string", writeOnly: true },
          created: { type: "string", format: "date-time" },
          owner: { type: "string", format: "email" },
          size: { type: "integer", minimum: 1, maximum: 100 },
          kind: { enum: ["small", "large"] },
        },
      },
      // an example the document gives that breaks its own pattern
      Stale: {
        type: "object",
        required: ["code"],
        properties: { code: { type: "string", pattern: "^[0-9]+$" } },
        example: { code: "abc" },
      },
      // `endpoint` required, never described
      Sink: { type: "object", required: ["endpoint"], properties: { token: { type: "string" } } },
      Event: {
        oneOf: [{ $ref: "#/components/schemas/Started" }, { $ref: "#/components/schemas/Stopped" }],
        discriminator: {
          propertyName: "type",
          mapping: { started: "#/components/schemas/Started", stopped: "#/components/schemas/Stopped" },
        },
      },
      // no mapping, branches that do not pin the tag: the tag is the branch's name
      Shape: {
        oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }],
        discriminator: { propertyName: "shape" },
      },
      Circle: {
        type: "object",
        required: ["shape", "r"],
        properties: { shape: { type: "string" }, r: { type: "number" } },
      },
      Square: {
        type: "object",
        required: ["shape", "side"],
        properties: { shape: { type: "string" }, side: { type: "number" } },
      },
      Started: {
        type: "object",
        required: ["type", "at"],
        properties: { type: { const: "started" }, at: { type: "integer" } },
      },
      Stopped: {
        type: "object",
        required: ["type", "why"],
        properties: { type: { enum: ["stopped"] }, why: { type: "string" } },
      },
      Error: {
        type: "object",
        required: ["code", "message"],
        properties: { code: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("documentChecker", () => {
  it("lists what the client's checks list, as a request or as an answer", async () => {
    const { check } = await documentChecker(spec);
    expect(check(ref("Error"), { message: 1 }, { answer: true })).toEqual([
      { path: "value.code", message: "is required" },
      { path: "value.message", message: "must be string" },
    ]);
    expect(check(ref("Error"), { code: "x", message: "y" })).toEqual([]);
    // an answer may carry fields the schema does not name; a readOnly field is not asked of a request
    expect(check(ref("Error"), { code: "x", message: "y", extra: 1 }, { answer: true })).toEqual([]);
    expect(check(ref("Thing"), { name: "n", secret: "s", created: "2026-01-01T00:00:00Z" })).toEqual([]);
    expect(check(ref("Thing"), { name: "n", secret: "s", created: "2026-01-01T00:00:00Z" }, { answer: true })).toEqual([
      { path: "value.id", message: "is required" },
    ]);
  });

  it("keeps each document's checks its own, two documents in one process", async () => {
    const doc = (code: unknown) => ({ ...spec, components: { schemas: { ...spec.components.schemas, Error: code } } });
    const numbers = await documentChecker(doc({ type: "object", properties: { code: { type: "integer" } } }));
    const texts = await documentChecker(doc({ type: "object", properties: { code: { type: "string" } } }));
    for (let round = 0; round < 2; round++) {
      expect(numbers.check(ref("Error"), { code: 1 })).toEqual([]);
      expect(texts.check(ref("Error"), { code: 1 })).toEqual([{ path: "value.code", message: "must be string" }]);
      expect(numbers.check(ref("Error"), { code: "a" })).toEqual([{ path: "value.code", message: "must be integer" }]);
      expect(texts.check(ref("Error"), { code: "a" })).toEqual([]);
    }
  });

  it("reads values as JSON carries them", async () => {
    const { check } = await documentChecker(spec);
    expect(check({ type: "object" }, { at: new Date(0) })).toEqual([
      { path: "value.at", message: "is a Date: pass date.toISOString()" },
    ]);
  });
});

describe("createSampler", () => {
  it("draws strings from their pattern, within their length", () => {
    for (let seed = 0; seed < 20; seed++) {
      const value = patternString({ pattern: ID_PATTERN }, seed);
      expect(value).toMatch(new RegExp(ID_PATTERN));
    }
    expect(patternString({ pattern: "^[a-z]+$", minLength: 5, maxLength: 6 })).toMatch(/^[a-z]{5,6}$/);
    expect(patternString({ pattern: "^(" })).toBeUndefined();
  });

  it("builds requests without readOnly fields and answers without writeOnly ones, every other field set", async () => {
    const sampler = await createSampler(spec);
    const request = sampler.sample(ref("Thing"), { direction: "request" });
    expect(request.issues).toEqual([]);
    expect(Object.keys(request.value as object).sort()).toEqual(["created", "kind", "name", "owner", "secret", "size"]);
    const answer = sampler.sample(ref("Thing"), { direction: "response" });
    expect(answer.issues).toEqual([]);
    const value = answer.value as Record<string, unknown>;
    expect(Object.keys(value).sort()).toEqual(["created", "id", "kind", "name", "owner", "size"]);
    expect(value.id).toMatch(new RegExp(ID_PATTERN));
    expect(["small", "large"]).toContain(value.kind);
    expect(Number.isNaN(Date.parse(value.created as string))).toBe(false);
  });

  it("varies values by seed, each still passing the schema", async () => {
    const sampler = await createSampler(spec);
    const seen = new Set<string>();
    for (const seed of [1, 2, 3, 4]) {
      const { value, issues } = sampler.sample(ref("Thing"), { direction: "response", seed });
      expect(issues).toEqual([]);
      seen.add(JSON.stringify(value));
      expect((value as { id: string }).id).toMatch(new RegExp(ID_PATTERN));
      expect((value as { size: number }).size).toBeLessThanOrEqual(100);
    }
    expect(seen.size).toBe(4);
  });

  it("leaves out an example that breaks its schema, and fills a required field never described", async () => {
    const sampler = await createSampler(spec);
    const stale = sampler.sample(ref("Stale"));
    expect(stale.source).toBe("schema");
    expect(stale.issues).toEqual([]);
    expect((stale.value as { code: string }).code).toMatch(/^[0-9]+$/);
    const sink = sampler.sample(ref("Sink"));
    expect(sink.issues).toEqual([]);
    expect(sink.value).toHaveProperty("endpoint");
  });

  it("leaves out a default that breaks a schema of branches (DigitalOcean's stop: default null beside oneOf)", async () => {
    const stop = { default: null, oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] };
    const sampler = await createSampler({ ...spec, components: { schemas: { ...spec.components.schemas, stop } } });
    const sample = sampler.sample(ref("stop"), { direction: "request" });
    expect(sample.issues).toEqual([]);
    expect(sample.source).toBe("schema");
    expect(sample.value === null).toBe(false);
  });

  it("reads a parameter sent as text as the client does: a number written as text passes an integer schema", async () => {
    const sampler = await createSampler(spec);
    expect(sampler.checkParam({ type: "integer", minimum: 1 }, "12")).toEqual([]);
    expect(sampler.checkParam({ type: "integer", minimum: 1 }, "0")).toEqual([
      { path: "value", message: "must be >= 1" },
    ]);
    expect(sampler.checkParam({ type: "string", pattern: "^[0-9]+$" }, "id")).toHaveLength(1);
  });

  it("names the fields a value has that its schema never names, unless the schema is open to others", async () => {
    const sampler = await createSampler(spec);
    const value = { name: "n", secret: "s", created: "2026-01-01T00:00:00Z", backups: true };
    expect(sampler.undeclared(ref("Thing"), value)).toEqual(["value.backups"]);
    expect(sampler.undeclared(ref("Thing"), { name: "n" })).toEqual([]);
    expect(sampler.undeclared({ type: "array", items: ref("Error") }, [{ code: "c", message: "m", at: 1 }])).toEqual([
      "value[0].at",
    ]);
    expect(sampler.undeclared({ type: "object", additionalProperties: true }, { any: 1 })).toEqual([]);
  });

  it("leaves a field the schema never names out of a request, where the schema's own example has it; an answer keeps it", async () => {
    // a schema whose example names a field it does not describe (sendgrid's template version create)
    const version = {
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string" },
        tags: { type: "array", items: { type: "object", properties: { k: { type: "string" } } } },
      },
      example: { template_id: "t-1", name: "welcome", tags: [{ k: "a", stale: true }] },
    };
    const sampler = await createSampler({ ...spec, components: { schemas: { ...spec.components.schemas, version } } });
    const request = sampler.sample(ref("version"), { direction: "request" });
    expect(request.issues).toEqual([]);
    expect(request.value).toEqual({ name: "welcome", tags: [{ k: "a" }] });
    expect(sampler.sample(ref("version")).value).toEqual(version.example);
  });

  it("samples an allOf whose part gives fields but no type (lob's creatives), and branches that name fields only to require them (intercom's messages)", async () => {
    const base = { type: "object", properties: { note: { type: "string" } } };
    const creative = {
      oneOf: [
        {
          allOf: [
            {
              required: ["kind", "code"],
              properties: {
                kind: { type: "string", enum: ["card"] },
                code: { type: "string", pattern: "^c_[0-9]{3}$" },
              },
            },
            { $ref: "#/components/schemas/base" },
          ],
        },
      ],
    };
    const message = {
      type: "object",
      properties: { kind: { type: "string", enum: ["mail", "chat"] }, subject: { type: "string" } },
      anyOf: [
        { required: ["kind", "subject"], properties: { kind: {}, subject: {} } },
        { required: ["kind"], properties: { kind: {} } },
      ],
    };
    const sampler = await createSampler({
      ...spec,
      components: { schemas: { ...spec.components.schemas, base, creative, message } },
    });
    const card = sampler.sample(ref("creative"), { direction: "request" });
    expect(card.issues).toEqual([]);
    expect(card.value).toMatchObject({ kind: "card" });
    expect((card.value as { code: string }).code).toMatch(/^c_[0-9]{3}$/);
    const mail = sampler.sample(ref("message"), { direction: "request" });
    expect(mail.issues).toEqual([]);
    expect(["mail", "chat"]).toContain((mail.value as { kind: string }).kind);
    expect(typeof (mail.value as { subject: string }).subject).toBe("string");
  });

  it("draws the pattern one part of an allOf gives, within every part's lengths (lob's prefixed ids)", async () => {
    const bare = { type: "string", pattern: "^bank_[a-z0-9]+$" };
    const bank = {
      allOf: [{ $ref: "#/components/schemas/bare" }, { type: "string", maxLength: 9, description: "id" }],
    };
    const sampler = await createSampler({
      ...spec,
      components: { schemas: { ...spec.components.schemas, bare, bank } },
    });
    for (const seed of [0, 1, 2]) {
      const id = sampler.sample(ref("bank"), { direction: "request", seed });
      expect(id.issues).toEqual([]);
      expect(id.value).toMatch(/^bank_[a-z0-9]{1,4}$/);
    }
  });

  it("puts one branch's own sample where the sampler mixed the branches up (a field of oneOf: null or an integer enum of consts)", async () => {
    const Kind = {
      type: "integer",
      oneOf: [
        { const: 4, title: "four" },
        { const: 5, title: "five" },
      ],
    };
    const App = {
      type: "object",
      required: ["kind", "kinds"],
      properties: {
        kind: { oneOf: [{ type: "null" }, { $ref: "#/components/schemas/Kind" }] },
        kinds: {
          type: "array",
          minItems: 1,
          items: { oneOf: [{ $ref: "#/components/schemas/Kind" }, { type: "boolean" }] },
        },
      },
    };
    const sampler = await createSampler({
      ...spec,
      components: { schemas: { ...spec.components.schemas, Kind, App } },
    });
    const app = sampler.sample(ref("App"));
    expect(app.issues).toEqual([]);
    const { kind, kinds } = app.value as { kind: unknown; kinds: unknown[] };
    expect([null, 4, 5]).toContain(kind);
    expect(kinds.length).toBeGreaterThan(0);
    for (const one of kinds) expect([4, 5, true, false]).toContain(one);
  });

  it("gives one value per branch, its tag set", async () => {
    const sampler = await createSampler(spec);
    const kinds = sampler.variants(ref("Event")).map((s) => (s.value as { type: string }).type);
    expect(kinds).toEqual(["started", "stopped"]);
    const shapes = sampler.variants(ref("Shape")).map((s) => s.value as { shape: string; r?: number; side?: number });
    expect(shapes.map((s) => s.shape)).toEqual(["Circle", "Square"]);
    expect(typeof shapes[0]!.r).toBe("number");
    expect(typeof shapes[1]!.side).toBe("number");
  });

  const MAPPING = { assign: "#/components/schemas/Assign", unassign: "#/components/schemas/Unassign" };
  it("leaves out what a recursive schema's sample cut short, varies what it can, picks a oneOf branch that passes, knows url and byte, samples a field as the schema that says more of it does, samples a nullable oneOf", async () => {
    const doc = fixtureDocument(
      {},
      {
        Frame: {
          type: "object",
          required: ["line"],
          properties: { line: { type: "integer" }, caller: { $ref: "#/components/schemas/Frame" } },
        },
        Pinned: {
          type: "object",
          required: ["id", "contact"],
          // a varied email is a character longer, past maxLength: it keeps its plain value
          properties: { id: { type: "string" }, contact: { type: "string", format: "email", maxLength: 16 } },
        },
        // as DigitalOcean writes an action: openapi-sampler mixes the branches into one that passes neither
        ActionBase: {
          type: "object",
          required: ["type"],
          properties: { type: { type: "string", enum: ["assign", "unassign"] } },
          discriminator: { propertyName: "type", mapping: MAPPING },
        },
        Assign: {
          allOf: [
            { $ref: "#/components/schemas/ActionBase" },
            {
              type: "object",
              required: ["type", "target"],
              properties: { target: { type: "integer", example: 758604968 } },
            },
          ],
        },
        Unassign: { allOf: [{ $ref: "#/components/schemas/ActionBase" }, { type: "object", required: ["type"] }] },
        Action: {
          anyOf: [{ $ref: "#/components/schemas/Unassign" }, { $ref: "#/components/schemas/Assign" }],
          discriminator: { propertyName: "type", mapping: MAPPING },
        },
        Hook: { type: "object", required: ["target"], properties: { target: { type: "string", format: "url" } } },
        // sendgrid's message: a field both a part and the schema itself describe, the schema saying more
        Message: {
          allOf: [{ type: "object", properties: { template_id: { type: "string", description: "The template." } } }],
          type: "object",
          required: ["template_id"],
          properties: { template_id: { type: "string", format: "uuid" } },
        },
        // base64, which Prism checks: openapi-sampler writes "string", six characters, no base64
        Attachment: { type: "object", required: ["data"], properties: { data: { type: "string", format: "byte" } } },
        // openapi-sampler samples a first branch of null alone as {}
        Scored: {
          type: "object",
          required: ["score"],
          properties: { score: { oneOf: [{ type: "null" }, { type: "number" }] } },
        },
      },
    );
    const sampler = await createSampler(doc);

    const frame = sampler.sample(ref("Frame"));
    const depth = (f: any): number => (f?.caller ? 1 + depth(f.caller) : 0);
    const ids = [1, 2, 3].map((seed) => (sampler.sample(ref("Pinned"), { seed }).value as { id: string }).id);
    const action = sampler.sample(ref("Action"), { direction: "request" });

    expect(frame.issues).toEqual([]);
    expect(depth(frame.value)).toBeLessThan(20);
    expect(new Set(ids).size).toBe(3);
    expect(action.issues).toEqual([]);
    expect(["assign", "unassign"]).toContain((action.value as { type: string }).type);
    expect(sampler.sample(ref("Hook")).value).toEqual({ target: "https://example.com/" });
    const message = sampler.sample(ref("Message"), { direction: "response" });
    expect((message.value as { template_id: string }).template_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    );
    expect(message.issues).toEqual([]);
    const { data } = sampler.sample(ref("Attachment")).value as { data: string };
    expect(data).toMatch(/^(?:[A-Za-z0-9+/]{4})+$/);
    expect(Buffer.from(data, "base64").toString("base64")).toBe(data);
    expect(sampler.sample(ref("Scored")).issues).toEqual([]);
  });

  it("samples a whole body that says nothing as an empty object, never null; a body that is null alone stays null", async () => {
    const doc = fixtureDocument({}, { Nothing: {}, Null: { type: "null" } });
    const sampler = await createSampler(doc);

    expect(sampler.sample(ref("Nothing"), { direction: "request", body: true })).toMatchObject({
      value: {},
      issues: [],
    });
    expect(sampler.sample(ref("Null"), { direction: "request", body: true }).value).toBeNull();
    // a value inside a body, a parameter, is what openapi-sampler makes of it
    expect(sampler.sample(ref("Nothing"), { direction: "request" }).value).toBeNull();
  });

  it("takes every example out of a document, keeping fields named example", () => {
    const doc = {
      paths: {
        "/a": {
          get: {
            parameters: [{ name: "q", in: "query", schema: { type: "string" }, example: "x" }],
            responses: {
              "200": {
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { example: { type: "string", example: "y" } } },
                    examples: { one: { value: {} } },
                  },
                },
              },
            },
          },
        },
      },
      components: { examples: { one: { value: {} } }, schemas: { A: { type: "string", examples: ["a"] } } },
    };

    expect(withoutExamples(doc)).toEqual({
      paths: {
        "/a": {
          get: {
            parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
            responses: {
              "200": {
                content: {
                  "application/json": { schema: { type: "object", properties: { example: { type: "string" } } } },
                },
              },
            },
          },
        },
      },
      components: { schemas: { A: { type: "string" } } },
    });
  });
});
