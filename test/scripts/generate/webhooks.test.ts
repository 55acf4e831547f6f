// A document's webhooks (scripts/lib/generate/webhooks.mjs, src/webhooks/read-webhook.ts): each one's
// payload read from the request the service sends (or, said so, from an answer where a 3.0 document
// writes it there), typed in generated/webhooks.ts, and checked by readWebhook() with the client's
// own checks. A document of webhooks and no paths builds a package.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readWebhooks } from "../../../scripts/lib/generate/webhooks.mjs";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { copyRepo, fixtureConfig } from "../../../scripts/lib/shared/repo-copy.mjs";
import { strictConsumerErrors } from "../../support/strict-consumer.js";

const ENTRIES = ["redocly.yaml", "lint", "scripts", "src", "package.json", "tsconfig.json", "tsconfig.build.json"];
const event = {
  type: "object",
  required: ["id", "at"],
  properties: { id: { type: "string" }, at: { type: "integer" } },
};
// webhooks and no paths: one payload a component, one inline
const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Hooks", version: "1.0.0" },
  webhooks: {
    "thing.made": {
      post: {
        summary: "A thing was made",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Event" } } } },
        responses: { "200": { description: "ok" } },
      },
    },
    "thing.gone": {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", required: ["gone"], properties: { gone: { type: "boolean" } } },
            },
          },
        },
        responses: { "200": { description: "ok" } },
      },
    },
  },
  components: { schemas: { Event: event } },
};

describe("readWebhooks", () => {
  it("reads each webhook's payload from its request; from a 2xx answer where a 3.0 document puts it there, said so", () => {
    const answerOnly = {
      openapi: "3.0.3",
      "x-webhooks": {
        events: {
          post: {
            responses: {
              "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/Event" } } } },
            },
          },
        },
        pings: { post: { responses: { "200": { description: "ok" } } } },
      },
      components: { schemas: { Event: event } },
    };
    expect(readWebhooks(DOCUMENT).webhooks.map((w) => [w.name, w.method, w.schema])).toEqual([
      ["thing.made", "POST", { $ref: "#/components/schemas/Event" }],
      ["thing.gone", "POST", DOCUMENT.webhooks["thing.gone"].post.requestBody.content["application/json"].schema],
    ]);
    const read = readWebhooks(answerOnly);
    expect(read.webhooks.map((w) => [w.name, w.schema])).toEqual([
      ["events", { $ref: "#/components/schemas/Event" }],
      ["pings", {}],
    ]);
    expect(read.lines).toEqual([
      "#/x-webhooks/events/post: the payload is described as the 200 answer, not the request the service sends; read as the payload",
      "#/x-webhooks/pings/post: no JSON payload described; read as any value",
    ]);
  });
});

describe("a document of webhooks and no paths", () => {
  let copy: { dir: string; remove: () => void };
  let output: string;
  beforeAll(() => {
    copy = copyRepo({ entries: ENTRIES, prefix: "webhooks-" });
    mkdirSync(join(copy.dir, "openapi"));
    writeFileSync(join(copy.dir, "openapi/openapi.yaml"), JSON.stringify(DOCUMENT));
    writeFileSync(join(copy.dir, "redocly.yaml"), fixtureConfig());
    output = execFileSync(process.execPath, ["scripts/generate.mjs"], {
      cwd: copy.dir,
      encoding: "utf8",
      env: toolEnv(),
    });
  }, 120_000);
  afterAll(() => copy.remove());

  it("generates a package whose types compile, each webhook printed", () => {
    expect(output).toContain('generate: webhook thing.made: POST payload, readWebhook("thing.made", payload)');
    expect(output).toContain('generate: webhook thing.gone: POST payload, readWebhook("thing.gone", payload)');
    expect(readFileSync(join(copy.dir, "generated/webhooks.ts"), "utf8")).toContain('"thing.made": T.EventBody;'); // Event is a global's name;
    const tsc = () =>
      execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "."], {
        cwd: copy.dir,
        encoding: "utf8",
      });
    expect(tsc()).toBe("");
  }, 120_000);

  it("types each payload for a strict user", () => {
    const program = `import { readWebhook } from "./dist/src/index.js";
const made = readWebhook("thing.made", "{}");
const id: string = made.id;
const gone: boolean = readWebhook("thing.gone", {}).gone;
// @ts-expect-error no such webhook
readWebhook("thing.kept", {});
// @ts-expect-error at is a number
const at: string = made.at;
console.log(id, gone, at);
`;
    expect(strictConsumerErrors(copy.dir, program)).toBe("");
  }, 120_000);

  it("returns a payload the checks accept, as text or parsed, and refuses anything else with ValidationError", async () => {
    const { readWebhook, ValidationError } = await import(join(copy.dir, "src/index.ts"));
    expect(readWebhook("thing.made", '{"id":"t1","at":3}')).toEqual({ id: "t1", at: 3 });
    expect(readWebhook("thing.gone", { gone: true })).toEqual({ gone: true });
    const refused = (name: string, payload: unknown) => {
      try {
        readWebhook(name, payload);
      } catch (err) {
        expect(err).toBeInstanceOf(ValidationError);
        return (err as { issues: unknown }).issues;
      }
      throw new Error("accepted");
    };
    expect(refused("thing.made", '{"id":"t1"}')).toEqual([{ path: "payload.at", message: "is required" }]);
    expect(refused("thing.made", "{id:")).toEqual([{ path: "payload", message: "is not JSON" }]);
    expect(refused("thing.kept", {})).toEqual([
      { path: "name", message: "is not a webhook of the document (2 known)" },
    ]);
    expect(refused("constructor", {})).toEqual([
      { path: "name", message: "is not a webhook of the document (2 known)" },
    ]);
    expect(refused("thing.gone", { gone: new Date(0) })).toHaveLength(1);
  });
});
