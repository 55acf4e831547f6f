// One document's mock, request by request, in front of a stand-in for Prism whose answers each test
// sets: what Prism refuses or was asked for goes out as it is; what breaks the document, Prism's own
// 500 and its silence are answered from the schema; form bodies are checked by the mock.
import { createServer, Agent, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentMock } from "../../../scripts/lib/mock/dispatch.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";
import { FILES_UPLOAD, fixtureDocument } from "../../support/schema-fixtures.js";

const ID = "^(0|[1-9][0-9]*)$";
const json = (schema: object) => ({ description: "ok", content: { "application/json": { schema } } });
const spec = fixtureDocument(
  {
    "/things/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": json({ $ref: "#/components/schemas/Thing" }), "500": json({ type: "object" }) },
      },
    },
    "/uploads": {
      post: {
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": { schema: FILES_UPLOAD },
          },
        },
        responses: { "201": json({ type: "object", required: ["count"], properties: { count: { type: "integer" } } }) },
      },
    },
  },
  {
    Thing: {
      type: "object",
      required: ["id", "name"],
      properties: { id: { type: "string", pattern: ID }, name: { type: "string" } },
    },
  },
);

/** What the stand-in for Prism does with the next requests: answer, or never answer. */
let prismDoes: (req: IncomingMessage) => { status: number; body: string } | "hang" = () => ({ status: 200, body: "" });
const seen: string[] = [];
const said: string[] = [];
let prism: Server;
let mock: Server;
let url: string;
const agent = new Agent({ keepAlive: true });

beforeAll(async () => {
  prism = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    const does = prismDoes(req);
    if (does === "hang") return;
    res.writeHead(does.status, { "content-type": "application/json" }).end(does.body);
  });
  await new Promise<void>((done) => prism.listen(0, "127.0.0.1", done));
  const address = { host: "127.0.0.1", port: (prism.address() as AddressInfo).port };
  const handle = documentMock(spec, await createSampler(spec), {
    address,
    agent,
    say: (line: string) => said.push(line),
    // long enough for the stand-in Prism to answer on a loaded machine; its silence costs the wait
    prismMs: 2_000,
  });
  mock = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => mock.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;
});
afterAll(async () => {
  agent.destroy();
  for (const server of [mock, prism]) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}${path}`, { headers });
  return { status: response.status, text: await response.text() };
};

describe("the mock's answers", () => {
  it("passes on Prism's answer when it fits the document, byte for byte", async () => {
    const body = '{"id":"42","name":"kept"}';
    prismDoes = () => ({ status: 200, body });

    expect(await get("/things/42")).toEqual({ status: 200, text: body });
  });

  it("serves an answer built from the schema where Prism's breaks it, and says so once for the operation", async () => {
    prismDoes = () => ({ status: 200, body: '{"id":"string","name":"n"}' });
    said.length = 0;

    const first = await get("/things/1");
    const second = await get("/things/2");

    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      const thing = JSON.parse(answer.text);
      expect(thing.id).toMatch(new RegExp(ID));
      expect(typeof thing.name).toBe("string");
    }
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("GET /things/{id}: Prism's 200 answer breaks the document's schema (value.id must match");
  });

  it("answers Prism's own 500 and Prism's silence with the success built from the schema; a 500 only when asked", async () => {
    prismDoes = () => ({ status: 500, body: '{"type":"prism","title":"its own"}' });
    const own = await get("/things/3");
    prismDoes = () => "hang";
    const silent = await get("/things/4");
    prismDoes = () => ({ status: 500, body: '{"asked":true}' });
    const asked = await get("/things/5", { Prefer: "code=500" });

    expect(own.status).toBe(200);
    expect(JSON.parse(own.text).id).toMatch(new RegExp(ID));
    expect(silent.status).toBe(200);
    expect(JSON.parse(silent.text).id).toMatch(new RegExp(ID));
    expect(asked).toEqual({ status: 500, text: '{"asked":true}' });
  });

  it("passes on Prism's refusals and what is no operation of the document", async () => {
    prismDoes = () => ({ status: 401, body: '{"refused":true}' });
    const refused = await get("/things/6");
    prismDoes = () => ({ status: 404, body: '{"nowhere":true}' });
    const nowhere = await get("/nowhere");

    expect(refused).toEqual({ status: 401, text: '{"refused":true}' });
    expect(nowhere).toEqual({ status: 404, text: '{"nowhere":true}' });
  });
});

describe("the mock's form bodies", () => {
  const upload = (files: { dest_path?: string }[]) => {
    const form = new FormData();
    files.forEach((file, i) => {
      form.append(`files[${i}][file]`, new Blob(["bytes"]), "a.txt");
      if (file.dest_path !== undefined) form.append(`files[${i}][dest_path]`, file.dest_path);
    });
    return fetch(`${url}/uploads`, { method: "POST", body: form });
  };

  it("takes bracket names Prism reads literally: Prism's 422 on the body alone gives way to the success", async () => {
    prismDoes = () => ({
      status: 422,
      body: JSON.stringify({ validation: [{ location: ["body"], message: "must have required property 'files'" }] }),
    });

    const answer = await upload([{ dest_path: "/tmp/a.txt" }, { dest_path: "/tmp/b.txt" }]);

    expect(answer.status).toBe(201);
    expect(Number.isInteger((await answer.json()).count)).toBe(true);
  });

  it("refuses a form that breaks the document itself, without asking Prism; Prism's 422 on more than the body stands", async () => {
    seen.length = 0;
    const broken = await upload([{ dest_path: "relative/path" }]);
    const missing = await upload([{}]);
    prismDoes = () => ({
      status: 422,
      body: JSON.stringify({ validation: [{ location: ["query", "x"], message: "bad query" }] }),
    });
    const query = await upload([{ dest_path: "/tmp/a.txt" }]);

    expect(broken.status).toBe(422);
    expect((await broken.json()).message).toContain("body.files[0].dest_path must match");
    expect(missing.status).toBe(422);
    expect((await missing.json()).message).toContain("body.files[0].dest_path is required");
    expect(seen).toEqual(["POST /uploads"]);
    expect(query.status).toBe(422);
    expect(await query.json()).toEqual({ validation: [{ location: ["query", "x"], message: "bad query" }] });
  });
});
