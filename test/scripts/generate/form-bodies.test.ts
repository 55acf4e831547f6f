// A document's form bodies, generated into a client: an application/x-www-form-urlencoded body
// typed from its schema, checked and sent as the form OpenAPI's defaults and its encoding say, and
// multipart uploads whose file fields are marked each way a document marks them. What was sent is
// read at a loopback server; a strict consumer compiles calls passing typed fields and Blobs.
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

const ENTRIES = ["redocly.yaml", "lint", "scripts", "src", "package.json", "tsconfig.json", "tsconfig.build.json"];

// a team's program: each body's fields as the document types them, each file a Blob
const CONSUMER = `import { createClient } from "./dist/src/index.js";
const client = createClient({ apiKey: "k" });
const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
const created = await client.conversations.create({
  FriendlyName: "Support",
  TimerMinutes: 5,
  Enabled: true,
  Filters: ["onMessageAdded", "onMessageRemoved"],
  Roles: ["agent", "guest"],
  Attributes: { color: "blue" },
});
const sid: string = created.sid;
await client.media.uploadPng({ image: png, caption: "logo" });
await client.media.uploadRaw({ blob: png, label: "raw" });
await client.media.uploadBinary({ data: png, checksum: "iVBORw==" });
// @ts-expect-error a boolean field takes a boolean, not its text
await client.conversations.create({ FriendlyName: "x", Enabled: "yes" });
// @ts-expect-error a base64 field is text, not a file
await client.media.uploadBinary({ data: png, checksum: png });
console.log(sid);
`;

let dir: string;
let report: string;
let server: Server;
let base: string;
const received: { url: string; type: string; body: string }[] = [];

beforeAll(async () => {
  ({ dir } = copyRepo({
    entries: ENTRIES,
    prefix: "form-bodies-",
    document: fileURLToPath(new URL("../fixtures/form-bodies", import.meta.url)),
  }));
  report = execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: dir, encoding: "utf8", env: toolEnv() });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        url: req.url ?? "",
        type: String(req.headers["content-type"] ?? ""),
        body: Buffer.concat(chunks).toString("latin1"),
      });
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: "CH1" }));
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function client() {
  const { createClient, ValidationError } = await import(join(dir, "src/index.ts"));
  return { client: createClient({ apiKey: "k", baseUrl: base, maxRetries: 0 }), ValidationError };
}

/** The parts of a multipart body: each part's headers and content, in order. */
function parts(received: { type: string; body: string }): { headers: string; content: string }[] {
  const boundary = /boundary=(.+)$/.exec(received.type)![1]!;
  return received.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [headers, content] = part.split("\r\n\r\n");
      return { headers: headers!.trim(), content: content!.replace(/\r\n$/, "") };
    });
}

describe("a document's form bodies, generated into a client", () => {
  it("reads the urlencoded body as a checked form and each marking of a file as a file", () => {
    const lines = report.split("\n");
    expect(lines).toContain(
      "generate: form body POST /Conversations: application/x-www-form-urlencoded, checked; arrays as repeated keys, objects as bracket names; Roles comma-joined",
    );
    expect(lines).toContain("generate: upload POST /Media/Png: multipart form, file field image; other fields as text");
    expect(lines).toContain("generate: upload POST /Media/Raw: multipart form, file field blob; other fields as text");
    expect(lines).toContain(
      "generate: upload POST /Media/Binary: multipart form, file field data; other fields as text",
    );
    expect(report).not.toMatch(/not expressed yet: POST \/Conversations/);
    // the rows as Biome lays them out, read without their layout (spaces, line breaks, trailing commas)
    const text = readFileSync(join(dir, "generated/operations.ts"), "utf8");
    const table = text.replace(/\s+/g, "").replace(/,([\]}])/g, "$1");
    expect(table).toMatch(
      /body:"urlencoded",bodySchema:S\.\w+,bodyType:"application\/x-www-form-urlencoded",bodyRequired:true,encoding:\{Roles:\{explode:false\}\}/,
    );
    // the row brings the encoder it needs, and the table imports it for that row alone
    expect(table).toMatch(/readers:\{urlEncodedBody:urlEncodedBody\}/);
    expect(text).toContain('import { urlEncodedBody } from "../src/uploads/url-encoded.js";');
  });

  it("sends the urlencoded fields as the form: text, numbers, true, repeated keys, a comma-joined field, bracket names", async () => {
    const { client: c } = await client();
    received.length = 0;

    await expect(
      c.conversations.create({
        FriendlyName: "Support & Sales",
        TimerMinutes: 5,
        Enabled: true,
        Filters: ["onMessageAdded", "onMessageRemoved"],
        Roles: ["agent", "guest"],
        Attributes: { color: "blue" },
      }),
    ).resolves.toEqual({ sid: "CH1" });

    expect(received).toEqual([
      {
        url: "/Conversations",
        type: "application/x-www-form-urlencoded",
        body: "FriendlyName=Support+%26+Sales&TimerMinutes=5&Enabled=true&Filters=onMessageAdded&Filters=onMessageRemoved&Roles=agent%2Cguest&Attributes%5Bcolor%5D=blue",
      },
    ]);
  });

  it("sends false as false and leaves out a field not given", async () => {
    const { client: c } = await client();
    received.length = 0;

    await c.conversations.create({ FriendlyName: "Quiet", Enabled: false });

    expect(received.map((r) => r.body)).toEqual(["FriendlyName=Quiet&Enabled=false"]);
  });

  it("refuses a wrong field with ValidationError and sends nothing", async () => {
    const { client: c, ValidationError } = await client();
    received.length = 0;

    const err = await c.conversations
      .create({ FriendlyName: "x", Enabled: "yes", TimerMinutes: 0 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as { issues: unknown }).issues).toEqual([
      { path: "body.Enabled", message: "must be boolean" },
      { path: "body.TimerMinutes", message: "must be >= 1" },
    ]);
    const noName = await c.conversations.create({ Enabled: true }).catch((e: unknown) => e);
    expect((noName as { issues: unknown }).issues).toEqual([{ path: "body.FriendlyName", message: "is required" }]);
    expect(received).toEqual([]);
  });

  it("sends a Blob as a file part for contentMediaType, contentEncoding: binary and format: binary", async () => {
    const { client: c } = await client();
    received.length = 0;
    const bytes = (text: string) => new Blob([text], { type: "application/octet-stream" });

    await c.media.uploadPng({ caption: "logo", image: new Blob(["PNGDATA"], { type: "image/png" }) });
    await c.media.uploadRaw({ blob: bytes("RAWDATA"), label: "raw" });
    await c.media.uploadBinary({ data: bytes("BINDATA"), checksum: "iVBORw==" });

    expect(received.map((r) => r.url)).toEqual(["/Media/Png", "/Media/Raw", "/Media/Binary"]);
    expect(parts(received[0]!)).toEqual([
      { headers: 'Content-Disposition: form-data; name="caption"', content: "logo" },
      {
        headers: 'Content-Disposition: form-data; name="image"; filename="image"\r\nContent-Type: image/png',
        content: "PNGDATA",
      },
    ]);
    expect(parts(received[1]!)).toEqual([
      {
        headers:
          'Content-Disposition: form-data; name="blob"; filename="blob"\r\nContent-Type: application/octet-stream',
        content: "RAWDATA",
      },
      { headers: 'Content-Disposition: form-data; name="label"', content: "raw" },
    ]);
    expect(parts(received[2]!)).toEqual([
      {
        headers:
          'Content-Disposition: form-data; name="data"; filename="data"\r\nContent-Type: application/octet-stream',
        content: "BINDATA",
      },
      { headers: 'Content-Disposition: form-data; name="checksum"', content: "iVBORw==" },
    ]);
  });

  it("refuses text where a contentMediaType file goes, and a Blob where base64 text goes, sending nothing", async () => {
    const { client: c, ValidationError } = await client();
    received.length = 0;

    const text = await c.media.uploadPng({ image: "not a file" }).catch((e: unknown) => e);
    expect(text).toBeInstanceOf(ValidationError);
    expect((text as { issues: unknown }).issues).toEqual([
      { path: "body.image", message: "must be a Blob or File (fs.openAsBlob(path) for a file on disk)" },
    ]);
    const blob = await c.media
      .uploadBinary({ data: new Blob(["x"]), checksum: new Blob(["y"]) })
      .catch((e: unknown) => e);
    expect((blob as { issues: unknown }).issues).toEqual([
      { path: "body.checksum", message: "is a file where the spec has no file: pass the value itself" },
    ]);
    expect(received).toEqual([]);
  });

  it("types the fields for a strict consumer: typed form fields and a Blob for each file marking compile", () => {
    const tsc = strictConsumerErrors(dir, CONSUMER);
    expect(tsc).toBe("");
  }, 120_000);
});
