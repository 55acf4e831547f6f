// The stateful mock (`npm run mock -- --stateful`): create, read, update, list, delete, read → 404
// through the real client against the mock, on three collections of the synthetic spec and on the
// project's own document; the store's bound; and what it infers from a document's shape.
import { readFileSync } from "node:fs";
import { Agent, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentMock } from "../../../scripts/lib/mock/dispatch.mjs";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";
import { STATE_LIMITS, statefulMock } from "../../../scripts/lib/mock/state.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";
import { fixtureProject } from "../../support/fixture-spec.js";
import { syntheticProject, type SyntheticProject } from "../../support/synthetic-client.js";

type Mock = Awaited<ReturnType<typeof mockServer>>;
const TOKEN = "stateful-token";
// the document's NotFound answer (openapi/components/responses/NotFound.yaml)
const NOT_FOUND = { status: 404, code: "not_found" };

/** What a call that should fail rejected with: its class, status and code. */
async function failure(call: Promise<unknown>) {
  const err: any = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { name: err?.name, status: err?.status, code: err?.code };
}

/** Every item a list yields, walked to its end; a list of one page is its answer. */
async function walk(list: any) {
  if (!(Symbol.asyncIterator in list)) return await list;
  const items = [];
  for await (const item of list) items.push(item);
  return items;
}

/**
 * The store of `spec` behind the document's mock (dispatch.mjs) with Prism stood in for by a server
 * that lets every request through (200, no body): no Prism to start, no port to race for. What
 * the store leaves is answered 299 "stateless".
 */
async function storeBehindStandIn(spec: any, limits?: { items: number; bytes: number }) {
  const state = statefulMock(spec, limits);
  const agent = new Agent({ keepAlive: true });
  const prism = createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end()));
  await new Promise<void>((done) => prism.listen(0, "127.0.0.1", done));
  const address = { host: "127.0.0.1", port: (prism.address() as AddressInfo).port };
  const handle = documentMock(spec, await createSampler(spec), {
    address,
    agent,
    say: () => {},
    handlers: (doc, tools) => [...state.handlers(doc, tools), ({ send }) => (send(299, {}, "stateless"), true)],
  });
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await new Promise<void>((done) => prism.close(() => done()));
    },
  };
}

// with its examples, the 404 is the document's own (code not_found); without them, a sample of its Error
describe.each([
  { examples: true, notFound: { name: "NotFoundError", ...NOT_FOUND } },
  { examples: false, notFound: expect.objectContaining({ name: "NotFoundError", status: 404 }) },
])("the stateful mock on the synthetic spec (examples: $examples)", { timeout: 120_000 }, ({ examples, notFound }) => {
  let project: SyntheticProject;
  let mock: Mock;
  let client: any;
  const lines: string[] = [];

  beforeAll(async () => {
    project = await syntheticProject({ examples });
    mock = await mockServer({ port: 0, stateful: true, say: (line) => lines.push(line) });
    await mock.serve(readFileSync(join(project.dir, "generated/openapi.json"), "utf8"));
    const { createClient } = await project.load();
    client = createClient({ apiKey: TOKEN, baseUrl: mock.url, maxRetries: 0 });
  }, 240_000);
  afterAll(async () => {
    await mock?.close();
    project?.remove();
  });

  // three collections, each with a body the create operation requires and fields its answer repeats
  const COLLECTIONS = [
    {
      name: "projects",
      create: { name: "stateful-alpha", description: "Kept by the stateful mock" },
      update: { name: "stateful-renamed" },
    },
    {
      name: "proxies",
      create: { type: "datacenter", name: "stateful-proxy" },
      update: { name: "stateful-proxy-2" },
    },
    {
      name: "credentials",
      create: { name: "stateful-login", domain: "shop.example.com", values: { email: "a@example.com" } },
      update: { totp_secret: "JBSWY3DPEHPK3PXP" },
    },
  ];

  it.each(COLLECTIONS)(
    "$name: create, read, update, list, delete, then read and delete answer 404",
    async ({ name, create, update }) => {
      const api = client[name];
      const made = await api.create(create);
      const shown = { ...create } as Record<string, unknown>;
      delete shown.values; // write-only: never in an answer
      expect(made).toMatchObject(shown);
      expect(typeof made.id).toBe("string");

      expect(await api.retrieve(made.id)).toMatchObject({ ...shown, id: made.id });
      const updated = await api.update(made.id, update);
      const after = { ...shown, ...(name === "credentials" ? {} : update), id: made.id };
      expect(updated).toMatchObject(after);
      expect(await api.retrieve(made.id)).toMatchObject(after);
      const listed = await walk(api.list());
      expect(listed.filter((item: any) => item.id === made.id)).toEqual([expect.objectContaining(after)]);

      expect(await api.delete(made.id)).toBeUndefined();
      expect(await failure(api.retrieve(made.id))).toEqual(notFound);
      expect(await failure(api.delete(made.id))).toEqual(notFound);
      expect((await walk(api.list())).some((item: any) => item.id === made.id)).toBe(false);
    },
  );

  it("answers 404 for an id it never stored, and keeps the rest of the spec stateless", async () => {
    expect(await failure(client.projects.retrieve("proj_never"))).toEqual(notFound);
    // an operation it cannot map keeps Prism's answer: the org limits' example
    expect(await client.organization.limits.retrieve()).toHaveProperty("max_concurrent_sessions");
    expect(
      lines.some((line) => /stateful: \d+ operations keep their stateless answers: .*GET \/org\/limits/.test(line)),
    ).toBe(true);
  });

  it("pages a list over the stored items in the list's own convention", async () => {
    const names = ["paged-1", "paged-2", "paged-3"];
    const ids = [];
    for (const name of names) ids.push((await client.apiKeys.create({ name, scope: "organization" })).id);
    const first = await client.apiKeys.list({ limit: 2 });
    expect(first.items.map((item: any) => item.name)).toEqual(["paged-1", "paged-2"]);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.nextPage();
    expect(second.items.map((item: any) => item.name)).toEqual(["paged-3"]);
    expect(second.hasNextPage()).toBe(false);
    expect(new Set(ids).size).toBe(3);
  });
});

describe("the stateful mock's bound", { timeout: 120_000 }, () => {
  let project: SyntheticProject;
  beforeAll(async () => {
    project = await syntheticProject();
  }, 240_000);
  afterAll(() => project?.remove());

  const spec = () => readFileSync(join(project.dir, "generated/openapi.json"), "utf8");
  /** A create of each name on the mock at `url`, then what reading each answers. */
  async function createThenRead(url: string, names: string[]) {
    const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };
    const made = [];
    for (const name of names) {
      const answer = await fetch(`${url}/projects`, { method: "POST", headers, body: JSON.stringify({ name }) });
      expect(answer.status).toBe(201);
      const text = await answer.text();
      made.push({ id: JSON.parse(text).id, bytes: Buffer.byteLength(text) });
    }
    const read = [];
    for (const { id } of made)
      read.push((await fetch(`${url}/projects/${encodeURIComponent(id)}`, { headers })).status);
    return { made, read };
  }
  /** The mock (Prism behind the proxy) with the store's bounds `limits`, a create of each name, then what reading each answers. */
  async function throughPrism(limits: { items: number; bytes: number }, names: string[]) {
    const mock = await mockServer({ port: 0, stateful: limits, say: () => {} });
    try {
      await mock.serve(spec());
      return await createThenRead(mock.url, names);
    } finally {
      await mock.close();
    }
  }

  it("keeps at most `items` items, dropping the oldest", async () => {
    const { read } = await throughPrism({ items: 2, bytes: 1 << 20 }, ["one", "two", "three"]);
    expect(read).toEqual([404, 200, 200]);
  });

  it("keeps at most `bytes` bytes of items, dropping the oldest", async () => {
    // a cap of the first two items' bytes, as a store of the same document makes them: the third
    // pushes the first out. They are sized behind a stand-in of Prism, so that the test starts
    // one Prism, not two: the items do not depend on Prism's answer, as the sizes' equality says
    const stand = await storeBehindStandIn(JSON.parse(spec()), { items: 10, bytes: 1 << 20 });
    const sizing = await createThenRead(stand.url, ["one", "two", "six"]).finally(() => stand.close());
    expect(sizing.read).toEqual([200, 200, 200]);
    const cap = sizing.made[0]!.bytes + sizing.made[1]!.bytes;
    const { made, read } = await throughPrism({ items: 10, bytes: cap }, ["one", "two", "six"]);
    expect(made.map((m) => m.bytes)).toEqual(sizing.made.map((m) => m.bytes));
    expect(read).toEqual([404, 200, 200]);
  });

  it("documents its default bound", () => {
    expect(STATE_LIMITS).toEqual({ items: 1000, bytes: 8 * 1024 * 1024 });
    expect(readFileSync(join(root, "README.md"), "utf8")).toMatch(/at most 1000 items\s+and 8 MiB/);
  });
});

// this project's first document (a fixture, whatever openapi/ holds) and a client generated from it
describe("the stateful mock on the project's own first document", { timeout: 60_000 }, () => {
  let mock: Mock;
  let client: any;
  let project: ReturnType<typeof fixtureProject> | undefined;
  const lines: string[] = [];
  beforeAll(async () => {
    mock = await mockServer({ port: 0, stateful: true, say: (line) => lines.push(line) });
    project = fixtureProject();
    await mock.serve(readFileSync(join(project.dir, "generated/openapi.json"), "utf8"));
    const { createClient } = await project.load();
    client = createClient({ apiKey: TOKEN, baseUrl: mock.url, maxRetries: 0 });
  }, 120_000);
  afterAll(async () => {
    await mock?.close();
    project?.remove();
  });

  it("has no collection (no create, no read of an item) and says which operations stay stateless", () => {
    expect(lines).toContain("dev: stateful: 0 collections: none");
    expect(lines).toContain(
      "dev: stateful: 2 item paths that only delete, where a deleted id answers 404 afterwards: /auth/connections/{id}, /deployments/{id}",
    );
    expect(lines).toContain(
      "dev: stateful: 2 operations keep their stateless answers: GET /org/limits, POST /browsers/{id}/computer/click_mouse",
    );
  });

  it.each([
    ["deployments", "dep_stateful1"],
    ["auth.connections", "conn_stateful1"],
  ])("%s: a deleted id answers 404 to a second delete, another id is still deleted", async (path, id) => {
    const api = path.split(".").reduce((at: any, key) => at[key], client);
    expect(await api.delete(id)).toBeUndefined();
    expect(await failure(api.delete(id))).toEqual({ name: "NotFoundError", ...NOT_FOUND });
    expect(await api.delete(`${id}x`)).toBeUndefined();
  });
});

describe("what the stateful mock infers", () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const body = (schema: object) => ({ content: { "application/json": { schema } } });
  const form = {
    content: {
      "application/x-www-form-urlencoded": {
        schema: {
          type: "object",
          properties: { UniqueName: { type: "string" }, MaxParticipants: { type: "integer", minimum: 1 } },
        },
      },
    },
  };
  const SPEC = {
    openapi: "3.1.0",
    info: { title: "t", version: "1.0.0" },
    paths: {
      // a wrapped item, its id named after the path's parameter's last word
      "/v2/zones": {
        post: {
          requestBody: body(ref("Zone")),
          responses: { "201": body({ type: "object", properties: { zone: ref("Zone") } }) },
        },
        get: {
          responses: { "200": body({ type: "object", properties: { zones: { type: "array", items: ref("Zone") } } }) },
        },
      },
      "/v2/zones/{zone_name}": {
        parameters: [{ name: "zone_name", in: "path", required: true, schema: { type: "string" } }],
        get: {
          responses: {
            "200": body({ type: "object", properties: { zone: ref("Zone") } }),
            "404": body({ type: "object", required: ["error"], properties: { error: { const: "zone_missing" } } }),
          },
        },
        delete: { responses: { "204": { description: "gone" } } },
      },
      // twilio's shape: {Sid} for a `sid` field, updated by POST on the item
      // a nested collection: each zone's records apart
      "/v2/zones/{zone_name}/records": {
        parameters: [{ name: "zone_name", in: "path", required: true, schema: { type: "string" } }],
        post: { requestBody: body(ref("Record")), responses: { "201": body(ref("Record")) } },
        get: { responses: { "200": body({ type: "array", items: ref("Record") }) } },
      },
      "/v2/zones/{zone_name}/records/{record_id}": {
        parameters: [
          { name: "zone_name", in: "path", required: true, schema: { type: "string" } },
          { name: "record_id", in: "path", required: true, schema: { type: "integer" } },
        ],
        get: { responses: { "200": body(ref("Record")) } },
      },
      // an answer no value fits (a field whose bounds exclude each other): the item is kept all the same
      "/jobs": { post: { requestBody: body(ref("Job")), responses: { "202": body(ref("Job")) } } },
      "/jobs/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        get: { responses: { "200": body(ref("Job")) } },
      },
      "/v1/Rooms": { post: { requestBody: form, responses: { "201": body(ref("Room")) } } },
      "/v1/Rooms/{Sid}": {
        parameters: [
          { name: "Sid", in: "path", required: true, schema: { type: "string", pattern: "^RM[0-9a-f]{8}$" } },
        ],
        get: { responses: { "200": body(ref("Room")) } },
        post: { requestBody: form, responses: { "200": body(ref("Room")) } },
      },
      // no field to tell an item by
      "/notes": { post: { responses: { "201": body({ type: "object", properties: { text: { type: "string" } } }) } } },
      "/notes/{key}": {
        parameters: [{ name: "key", in: "path", required: true, schema: { type: "string" } }],
        get: { responses: { "200": body({ type: "object", properties: { text: { type: "string" } } }) } },
      },
    },
    components: {
      schemas: {
        Zone: { type: "object", properties: { name: { type: "string" }, ttl: { type: "integer" } } },
        Record: { type: "object", properties: { id: { type: "integer", minimum: 1 }, data: { type: "string" } } },
        Job: {
          type: "object",
          required: ["id", "stuck"],
          properties: {
            id: { type: "string" },
            name: { type: "string" },
            stuck: { type: "integer", minimum: 2, maximum: 1 },
          },
        },
        Room: {
          type: "object",
          properties: {
            sid: { type: "string", pattern: "^RM[0-9a-f]{8}$" },
            unique_name: { type: "string" },
            max_participants: { type: "integer" },
          },
        },
      },
    },
  };

  it("finds the id field, the wrapper, the list's array and the updates, and says where it stops", async () => {
    const state = await statefulMock(SPEC);
    expect(
      state.collections.map((c: any) => [
        c.path,
        c.idField,
        c.wrapper,
        c.listField,
        c.updates.map((u: any) => u.method),
      ]),
    ).toEqual([
      ["/v2/zones", "name", "zone", "zones", []],
      ["/v2/zones/{zone_name}/records", "id", undefined, undefined, []],
      ["/jobs", "id", undefined, undefined, []],
      ["/v1/Rooms", "sid", undefined, undefined, ["POST"]],
    ]);
    expect(state.lines).toContain(
      "stateful: not a collection: POST /notes: no id field found in both the create's and the read's answer (tried {key}, id, note_id, …)",
    );
    expect(state.lines).toContain("stateful: 2 operations keep their stateless answers: POST /notes, GET /notes/{key}");
  });

  describe("its answers behind the document's mock, Prism's check stood in for by a success", () => {
    let stand: Awaited<ReturnType<typeof storeBehindStandIn>>;
    beforeAll(async () => {
      stand = await storeBehindStandIn(SPEC);
    });
    afterAll(() => stand?.close());

    const send = async (method: string, path: string, sent?: Record<string, unknown>, type = "application/json") => {
      const answer = await fetch(`${stand.url}${path}`, {
        method,
        headers: sent ? { "Content-Type": type } : {},
        body:
          sent === undefined
            ? undefined
            : type === "application/json"
              ? JSON.stringify(sent)
              : new URLSearchParams(sent as Record<string, string>).toString(),
      });
      const text = await answer.text();
      return { status: answer.status, body: text && text !== "stateless" ? JSON.parse(text) : text };
    };

    it("keeps a wrapped item under the id the request gave, lists it, and answers 404 in each operation's error shape once deleted", async () => {
      expect(await send("POST", "/v2/zones", { name: "example.com", ttl: 300 })).toEqual({
        status: 201,
        body: { zone: { name: "example.com", ttl: 300 } },
      });
      expect(await send("GET", "/v2/zones/example.com")).toEqual({
        status: 200,
        body: { zone: { name: "example.com", ttl: 300 } },
      });
      // an item of another collection, and records of two zones: each list holds its own alone
      expect(
        (await send("POST", "/v1/Rooms", { UniqueName: "elsewhere" }, "application/x-www-form-urlencoded")).status,
      ).toBe(201);
      const a = await send("POST", "/v2/zones/example.com/records", { data: "a" });
      const b = await send("POST", "/v2/zones/example.org/records", { data: "b" });
      expect([a.status, a.body.data, b.status, b.body.data]).toEqual([201, "a", 201, "b"]);
      expect(await send("GET", "/v2/zones/example.com/records")).toEqual({ status: 200, body: [a.body] });
      expect(await send("GET", `/v2/zones/example.org/records/${a.body.id}`)).toMatchObject({ status: 404 });
      expect(await send("GET", "/v2/zones")).toEqual({
        status: 200,
        body: { zones: [{ name: "example.com", ttl: 300 }] },
      });
      expect(await send("DELETE", "/v2/zones/example.com")).toEqual({ status: 204, body: "" });
      // the read declares its 404; the delete declares none, so it gets { code, message }
      expect(await send("GET", "/v2/zones/example.com")).toEqual({ status: 404, body: { error: "zone_missing" } });
      expect(await send("DELETE", "/v2/zones/example.com")).toEqual({
        status: 404,
        body: { code: "not_found", message: 'no item "example.com" (the stateful mock stores none by that id)' },
      });
      expect(await send("GET", "/v2/zones")).toEqual({ status: 200, body: { zones: [] } });
    });

    it("draws an id in the field's pattern, takes a form's fields by their plain names and the document's types, and updates by POST on the item", async () => {
      const form = "application/x-www-form-urlencoded";
      const made = await send("POST", "/v1/Rooms", { UniqueName: "lobby", MaxParticipants: "7" }, form);
      // the form's integer is stored as one, as the mock's form reading (uploads.mjs) decodes it
      expect(made).toEqual({
        status: 201,
        body: { sid: expect.stringMatching(/^RM[0-9a-f]{8}$/), unique_name: "lobby", max_participants: 7 },
      });
      const path = `/v1/Rooms/${made.body.sid}`;
      const room = { sid: made.body.sid, unique_name: "hall", max_participants: 7 };
      expect(await send("POST", path, { UniqueName: "hall" }, form)).toEqual({ status: 200, body: room });
      expect(await send("GET", path)).toEqual({ status: 200, body: room });
      expect(await send("GET", "/v1/Rooms/RM00000000")).toEqual({
        status: 404,
        body: { code: "not_found", message: 'no item "RM00000000" (the stateful mock stores none by that id)' },
      });
    });

    it("refuses a form the document's schema refuses, and stores nothing of it", async () => {
      const form = "application/x-www-form-urlencoded";
      const before = stand.state.size();
      const refused = await send("POST", "/v1/Rooms", { UniqueName: "bad", MaxParticipants: "0" }, form);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/MaxParticipants/);
      expect(stand.state.size()).toEqual(before);
      expect((await send("POST", "/v1/Rooms", { UniqueName: "next" }, form)).status).toBe(201);
      expect(stand.state.size().items).toBe(before.items + 1);
    });

    it("keeps an item whose answer no sample fits, with the request's fields", async () => {
      const made = await send("POST", "/jobs", { name: "nightly" });
      expect(made).toMatchObject({ status: 202, body: { name: "nightly" } });
      expect(await send("GET", `/jobs/${encodeURIComponent(made.body.id)}`)).toMatchObject({
        status: 200,
        body: { id: made.body.id, name: "nightly" },
      });
    });

    it("leaves what it cannot map to the stateless mock", async () => {
      expect(await send("GET", "/notes/abc")).toEqual({ status: 299, body: "stateless" });
      expect(await send("POST", "/notes", { text: "hi" })).toEqual({ status: 299, body: "stateless" });
    });
  });
});

describe("the stateful mock behind Prism's check", { timeout: 60_000 }, () => {
  // Prism's own answer breaks the pattern (it writes "string" for `sid`), so Prism answers 500
  const SPEC = {
    openapi: "3.1.0",
    info: { title: "t", version: "1.0.0" },
    paths: {
      "/rooms": {
        post: {
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } },
          },
          responses: {
            "201": {
              description: "made",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Room" } } },
            },
          },
        },
      },
      "/rooms/{sid}": {
        parameters: [{ name: "sid", in: "path", required: true, schema: { type: "string" } }],
        get: {
          responses: {
            "200": {
              description: "one",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Room" } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Room: {
          type: "object",
          required: ["sid", "name"],
          properties: { sid: { type: "string", pattern: "^RM[0-9a-f]{8}$" }, name: { type: "string" } },
        },
      },
    },
  };
  let mock: Mock;
  beforeAll(async () => {
    mock = await mockServer({ port: 0, stateful: true, say: () => {} });
    await mock.serve(JSON.stringify(SPEC));
  }, 60_000);
  afterAll(() => mock?.close());

  const post = (sent: unknown) =>
    fetch(`${mock.url}/rooms`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(sent),
    });

  it("answers a request Prism accepted though Prism's own answer broke the document", async () => {
    const made = await post({ name: "lobby" });
    expect(made.status).toBe(201);
    const body = await made.json();
    expect(body).toEqual({ sid: expect.stringMatching(/^RM[0-9a-f]{8}$/), name: "lobby" });
    const read = await fetch(`${mock.url}/rooms/${body.sid}`);
    expect([read.status, await read.json()]).toEqual([200, body]);
  });

  it("leaves a request Prism refuses to Prism's answer", async () => {
    const refused = await post({ name: 5 });
    expect(refused.status).toBe(422);
    expect((await refused.json()).type).toBe("https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY");
  });
});
