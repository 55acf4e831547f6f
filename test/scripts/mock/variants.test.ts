// A document that writes variants of one path as path items of their own (`/v1/conversations#stream`,
// `/files/{file_id}#get_shared_link`, `/v1/events#follow`), as Speakeasy writes them, generated into a
// client: each variant is a method named from its fragment, sent to the path without it, and the mock
// (Prism behind the proxy) answers each request as the variant its body, query or Accept header says.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";
import { variantRouter } from "../../../scripts/lib/mock/variants.mjs";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";

const ENTRIES = ["redocly.yaml", "lint", "scripts", "src", "package.json", "tsconfig.json"];
const FIXTURE = fileURLToPath(new URL("../fixtures/path-variants", import.meta.url));

type Json = any;
let dir: string;
let report: string;
let createClient: (options: object) => Json;
let mock: Awaited<ReturnType<typeof mockServer>>;
let server: Server;
let base: string;
const received: { method: string; url: string; body: string }[] = [];

/** Every event of a stream method's answer. */
async function events(stream: Promise<AsyncIterable<Json>>): Promise<Json[]> {
  const out = [];
  for await (const event of await stream) out.push(event.data);
  return out;
}

describe("a path's variants (path#name)", () => {
  beforeAll(async () => {
    ({ dir } = copyRepo({ entries: ENTRIES, prefix: "path-variants-", document: FIXTURE }));
    report = execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: dir, encoding: "utf8", env: toolEnv() });
    ({ createClient } = await import(pathToFileURL(join(dir, "src/index.ts")).href));
    // a stand-in for the service that records what reaches it and answers as each path's plain item
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ method: req.method ?? "", url: req.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
        const json = (value: unknown) =>
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
        if (req.url?.startsWith("/files/"))
          return json({ id: "f_1", name: "a.txt", shared_link: { url: "https://x.example/s" } });
        if (String(req.headers.accept).includes("text/event-stream"))
          return res.writeHead(200, { "content-type": "text/event-stream" }).end('data: {"index":0,"text":"hi"}\n\n');
        return json(req.url === "/v1/events" ? { events: [] } : { id: "c_1", reply: "hi" });
      });
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    mock = await mockServer({ port: 0, say: () => {} });
    await mock.serve(readFileSync(join(dir, "generated/openapi.json"), "utf8"));
  }, 180_000);

  afterAll(async () => {
    server?.close();
    await mock?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("are methods named from their fragments, beside the plain path's", () => {
    const lines = report.split("\n");
    for (const line of [
      "generate: named POST /v1/conversations -> conversations.create (no x-client-method)",
      "generate: named POST /v1/conversations#stream -> conversations.stream (no x-client-method)",
      "generate: named GET /v1/events#follow -> events.follow (no x-client-method)",
      "generate: named GET /files/{file_id} -> files.retrieve (no x-client-method)",
      "generate: named GET /files/{file_id}#get_shared_link -> files.getSharedLink (no x-client-method)",
    ])
      expect(lines).toContain(line);
  });

  it("send their requests to the path without the fragment, the query kept", async () => {
    const urls: string[] = [];
    const fetch = (request: Request) => (urls.push(request.url), globalThis.fetch(request));
    const client = createClient({ apiKey: "k", baseUrl: base, maxRetries: 0, fetch });
    received.length = 0;

    await client.conversations.create({ message: "hi" });
    await events(client.conversations.stream({ message: "hi", stream: true }));
    await client.files.getSharedLink("f_1", { fields: "shared_link" });
    await events(client.events.follow());

    expect(received.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "POST /v1/conversations",
      "POST /v1/conversations",
      "GET /files/f_1?fields=shared_link",
      "GET /v1/events",
    ]);
    expect(JSON.parse(received[1]!.body)).toEqual({ message: "hi", stream: true });
    expect(urls.filter((url) => url.includes("#"))).toEqual([]);
  });

  it("are each answered by the mock as the variant the request is for, the rest as the plain path item", async () => {
    const client = createClient({ apiKey: "k", baseUrl: mock.url, maxRetries: 0, strictAnswers: true });

    const reply = await client.conversations.create({ message: "hi" });
    expect(Object.keys(reply).sort()).toEqual(["id", "reply"]);
    const chunks = await events(client.conversations.stream({ message: "hi", stream: true }));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(Object.keys(chunk).sort()).toEqual(["index", "text"]);
    const shared = await client.files.getSharedLink("f_1", { fields: "shared_link" });
    expect(typeof shared.shared_link.url).toBe("string");
    const file = await client.files.retrieve("f_1");
    expect(Object.keys(file)).toContain("name");
    expect((await events(client.events.follow())).length).toBeGreaterThan(0);
    expect(Array.isArray((await client.events.retrieve()).events)).toBe(true);
  });

  it("reach the mock as plain requests: the body, query or Accept header picks the variant", async () => {
    const send = (path: string, init: RequestInit = {}) =>
      fetch(`${mock.url}${path}`, {
        ...init,
        headers: { Authorization: "Bearer k", "Content-Type": "application/json", ...init.headers },
      });
    const type = (answer: Response) => answer.headers.get("content-type")?.split(";")[0];

    const stream = await send("/v1/conversations", {
      method: "POST",
      body: JSON.stringify({ message: "hi", stream: true }),
    });
    expect([stream.status, type(stream)]).toEqual([200, "text/event-stream"]);
    expect(await stream.text()).toMatch(/^data: \{"index":\d+,"text":/m);
    const plain = await send("/v1/conversations", { method: "POST", body: JSON.stringify({ message: "hi" }) });
    expect([plain.status, type(plain)]).toEqual([200, "application/json"]);
    expect(Object.keys(await plain.json()).sort()).toEqual(["id", "reply"]);

    const link = await send("/files/f_1?fields=shared_link");
    expect(Object.keys(await link.json())).toContain("shared_link");
    const file = await send("/files/f_1");
    expect(Object.keys(await file.json())).not.toContain("shared_link");

    const follow = await send("/v1/events", { headers: { Accept: "text/event-stream" } });
    expect(type(follow)).toBe("text/event-stream");
    await follow.text();
    const list = await send("/v1/events", { headers: { Accept: "application/json" } });
    expect(type(list)).toBe("application/json");
    expect(Object.keys(await list.json())).toEqual(["events"]);
  });
});

describe("which variant a request is for", () => {
  const spec = { components: { schemas: { On: { const: true } } } };
  const route = (path: string, more: object = {}) => ({ path, where: `POST ${path}`, ...more });
  const object = (properties: object) => ({ schema: { type: "object", properties } });
  const sent = (fields: unknown, query = "", headers: Record<string, string> = {}) => ({
    fields,
    query: new URLSearchParams(query),
    headers,
  });
  const choose = variantRouter(spec);

  it("is the one whose pinned body fields, query and headers the request all carries, the most of them first", () => {
    const plain = route("/chats", { body: object({ stream: { enum: [false] } }) });
    const stream = route("/chats#stream", { body: object({ stream: { $ref: "#/components/schemas/On" } }) });
    const both = route("/chats#both", {
      body: object({ stream: { const: true } }),
      queryParams: [{ name: "fields", required: true, schema: { type: "string" } }],
    });
    const all = [plain, stream, both];

    expect(choose(all, sent({ stream: true }))).toBe(stream);
    expect(choose(all, sent({ stream: true }, "fields=x"))).toBe(both);
    expect(choose(all, sent({ stream: false }, "fields=x"))).toBe(plain);
    expect(choose(all, sent(undefined))).toBe(plain);
  });

  it("never tells one apart by a value the plain one pins alike, nor by an Accept where it pins something else", () => {
    const kind = { kind: { const: "chat" } };
    const plain = route("/a", { body: object(kind), success: { mediaType: "application/json" } });
    const alike = route("/a#alike", { body: object(kind), success: { mediaType: "application/json" } });
    const events = route("/a#events", { success: { mediaType: "text/event-stream" } });
    const pinned = route("/a#pinned", {
      headerParams: [{ name: "X-Mode", required: true, schema: { enum: ["raw"] } }],
      success: { mediaType: "text/event-stream" },
    });

    expect(choose([plain, alike], sent({ kind: "chat" }))).toBe(plain);
    expect(choose([plain, events], sent(undefined, "", { accept: "text/event-stream, application/json;q=0.9" }))).toBe(
      events,
    );
    expect(choose([plain, events], sent(undefined, "", { accept: "application/json" }))).toBe(plain);
    expect(choose([plain, pinned], sent(undefined, "", { accept: "text/event-stream" }))).toBe(plain);
    expect(choose([plain, pinned], sent(undefined, "", { "x-mode": "raw" }))).toBe(pinned);
    // without a plain path item, a request that matches no variant goes to the first
    expect(choose([events, pinned], sent(undefined))).toBe(events);
  });
});
