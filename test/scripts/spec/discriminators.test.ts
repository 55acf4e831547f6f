import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { strictConsumerErrors } from "../../support/strict-consumer.js";

/** What generating and compiling the client read: the project without its spec, tests or docs. */
const ENTRIES = ["redocly.yaml", "lint", "scripts", "src", "package.json", "tsconfig.json", "tsconfig.build.json"];

/** A copy of the project with the fixture `name` as its openapi/, generated; its folder and what generate printed. */
function generated(name: string): { dir: string; defects: string[] } {
  const { dir } = copyRepo({
    entries: ENTRIES,
    prefix: `${name}-`,
    document: fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)),
  });
  const output = execFileSync(process.execPath, ["scripts/generate.mjs"], {
    cwd: dir,
    encoding: "utf8",
    env: toolEnv(),
  });
  expect(output).toMatch(/^generate: done in \d+ ms$/m);
  const defects = output
    .split("\n")
    .filter((line) => line.startsWith("generate: defect: "))
    .map((line) => line.slice("generate: defect: ".length));
  return { dir, defects };
}

const MESSAGES = "#/components/schemas/CreateChatCompletionRequest/properties/messages/items";
const FORMAT = "#/components/schemas/ResponseFormat";
const SCHEMAS = "#/components/schemas";

// what a team's program sends, as the service documents its wire: each message with its role
const CONSUMER = `import { createClient, type CreateChatCompletionRequest } from "./dist/src/index.js";
const client = createClient({ apiKey: "k" });
const request: CreateChatCompletionRequest = {
  messages: [
    { role: "developer", content: "Answer in French.", name: "house-style" },
    { role: "system", content: "Be brief." },
    { role: "user", content: "Hello" },
  ],
  response_format: { type: "text" },
  // a branch whose own part names no properties still takes its tag
  action: { type: "unassign" },
};
const answer = await client.chat.completions.create(request);
const content: string = answer.content;
type Message = CreateChatCompletionRequest["messages"][number];
const author = (message: Message) => (message.role === "developer" ? message.name : message.role);
// @ts-expect-error a role is the value the service reads, not the name of its schema
await client.chat.completions.create({ messages: [{ role: "DeveloperMessage", content: "x" }] });
// @ts-expect-error a format is its type as sent, not the key the mapping gave it
await client.chat.completions.create({ messages: [{ role: "user", content: "x" }], response_format: { type: "TextFormat" } });
console.log(content, author);
`;

describe("npm run generate on a document whose discriminators leave the values they read to the branches", () => {
  let copy: string;
  let defects: string[];

  // a chat service's document: messages told apart by role, with no mapping, as large real documents write them
  beforeAll(() => {
    ({ dir: copy, defects } = generated("discriminators"));
  }, 120_000);

  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("names the mapping it adds from the branches' values, and the mapping entries that disagree with them", () => {
    expect(defects).toEqual([
      `${FORMAT}/discriminator/mapping/TextFormat: names ${SCHEMAS}/TextFormat, whose type is "text"; the branch's own value wins: mapped "text" to ${SCHEMAS}/TextFormat instead`,
      `${FORMAT}/discriminator/mapping/json: names ${SCHEMAS}/JsonSchemaFormat, whose type is "json_schema"; the branch's own value wins: mapped "json_schema" to ${SCHEMAS}/JsonSchemaFormat instead`,
      `${MESSAGES}/discriminator: no mapping, so role is read as the branches' names ("DeveloperMessage", "SystemMessage", "UserMessage"), but they pin it to "developer", "system", "user"; the branches' own values win: mapped "developer" to ${SCHEMAS}/DeveloperMessage, "system" to ${SCHEMAS}/SystemMessage, "user" to ${SCHEMAS}/UserMessage`,
      // the branch that adds nothing of its own also takes the other's objects
      `${SCHEMAS}/CreateChatCompletionRequest/properties/action/oneOf: branches 0 and 1 both match an object with type and target, which oneOf then refuses; read as anyOf`,
    ]);
    const spec = JSON.parse(readFileSync(join(copy, "generated/openapi.json"), "utf8"));
    expect(spec.components.schemas.CreateChatCompletionRequest.properties.messages.items.discriminator).toEqual({
      propertyName: "role",
      mapping: {
        developer: `${SCHEMAS}/DeveloperMessage`,
        system: `${SCHEMAS}/SystemMessage`,
        user: `${SCHEMAS}/UserMessage`,
      },
    });
    expect(spec.components.schemas.ResponseFormat.discriminator).toEqual({
      propertyName: "type",
      mapping: { text: `${SCHEMAS}/TextFormat`, json_schema: `${SCHEMAS}/JsonSchemaFormat` },
    });
  });

  it("types each role as the value sent: a strict consumer sends role developer and cannot send a schema's name", () => {
    const tsc = strictConsumerErrors(copy, CONSUMER);
    expect(tsc).toBe("");
  }, 120_000);

  it("sends a message with its role to the service, and refuses a wrong role or format before sending", async () => {
    const received: { method?: string; url?: string; body: unknown }[] = [];
    const server: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ method: req.method, url: req.url, body: JSON.parse(body) });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id: "cmpl_1", content: "Bonjour" }));
      });
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    try {
      const { port } = server.address() as AddressInfo;
      const { createClient, ValidationError } = await import(join(copy, "src/index.ts"));
      const client = createClient({ apiKey: "test-token", baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
      const messages = [
        { role: "developer", content: "Answer in French." },
        { role: "user", content: "Hello" },
      ];

      await expect(
        client.chat.completions.create({ messages, response_format: { type: "json_schema", json_schema: {} } }),
      ).resolves.toEqual({ id: "cmpl_1", content: "Bonjour" });
      expect(received).toEqual([
        {
          method: "POST",
          url: "/chat/completions",
          body: { messages, response_format: { type: "json_schema", json_schema: {} } },
        },
      ]);

      for (const body of [
        { messages: [{ role: "DeveloperMessage", content: "x" }] },
        { messages: [{ role: "assistant", content: "x" }] },
        { messages: [{ role: "user", content: "x" }], response_format: { type: "TextFormat" } },
      ]) {
        const refused = await client.chat.completions.create(body).catch((err: unknown) => err);
        expect(refused, JSON.stringify(body)).toBeInstanceOf(ValidationError);
        expect(refused.issues, JSON.stringify(body)).toEqual([
          expect.objectContaining({ path: expect.stringMatching(/(messages\[0\]\.role|response_format\.type)$/) }),
        ]);
      }
      expect(received).toHaveLength(1);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});

describe("npm run generate on an OpenAPI 3.0 document", () => {
  let copy: string;
  let defects: string[];

  beforeAll(() => {
    ({ dir: copy, defects } = generated("openapi-3.0"));
  }, 120_000);

  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("reads nullable as 3.1 writes it, and names no defect: nullable is 3.0's own keyword there", () => {
    const bundle = readFileSync(join(copy, "generated/openapi.json"), "utf8");
    const account = JSON.parse(bundle).components.schemas.Account;

    expect(defects).toEqual([]);
    expect(bundle).not.toContain('"nullable"');
    expect(account.properties).toEqual({
      id: { type: "string" },
      nickname: { type: ["string", "null"] },
      plan: { type: ["string", "null"], enum: ["free", "team", null] },
      owner: { anyOf: [{ allOf: [{ $ref: `${SCHEMAS}/Owner` }] }, { type: "null" }] },
    });
  });
});
