// Prism's own view of a document: how large the document grows dereferenced (counted by hand on
// small documents, and by dereferencing outright), the components no path reaches left out, and a
// document that grows exponentially served by the mock within seconds, its answers still held to
// the full schemas.
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, describe, expect, it } from "vitest";
import { expansion } from "../../../scripts/lib/mock/expansion.mjs";
import { PRISM_BUDGET, prismRoutes, prismView as viewOf } from "../../../scripts/lib/mock/prism-view.mjs";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";

/** Prism's view, its document read as deep as the documents these tests build. */
const prismView = (
  doc: unknown,
  options?: { budget?: number },
): Omit<ReturnType<typeof viewOf>, "document"> & { document: any } => viewOf(doc, options);

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ description: "ok", content: { "application/json": { schema } } });

/**
 * The nodes of `doc` dereferenced outright, as Prism copies it: every `$ref` replaced by a copy of
 * what it names, one back to a node the copy is inside of kept as one node; every JSON value counts 1.
 */
function dereferencedSize(doc: any): number {
  const target = (pointer: string) =>
    pointer
      .slice(2)
      .split("/")
      .reduce((node, token) => node[token.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  const inside = new Set<unknown>();
  const size = (node: unknown): number => {
    if (typeof node !== "object" || node === null) return 1;
    const { $ref, ...rest } = node as Record<string, unknown>;
    let count = 0;
    if (typeof $ref === "string") {
      const named = target($ref);
      if (inside.has(named)) count = 1;
      else count = size(named);
      for (const value of Object.values(rest)) count += size(value);
      return count;
    }
    inside.add(node);
    count = 1;
    for (const value of Object.values(node)) count += size(value);
    inside.delete(node);
    return count;
  };
  return size(doc);
}

/**
 * `count` schemas, each an object with a `name` and the next one twice (`left`, `right`), the last
 * with a name alone, answered by GET /tree: 2^(count - 1) copies of the last one once dereferenced.
 */
function doubling(count: number) {
  const schemas: Record<string, object> = {};
  for (let i = 0; i < count; i++)
    schemas[`Level${i}`] = {
      type: "object",
      properties: {
        name: { type: "string" },
        ...(i < count - 1 ? { left: ref(`Level${i + 1}`), right: ref(`Level${i + 1}`) } : {}),
      },
    };
  return {
    openapi: "3.1.0",
    info: { title: "doubling", version: "1.0.0" },
    paths: { "/tree": { get: { responses: { "200": json(ref("Level0")) } } } },
    components: { schemas },
  };
}

describe("expansion", () => {
  it("counts every value once, and a $ref as what it names", () => {
    // the root, a as [1, 2] (3 nodes), b (3 nodes)
    expect(expansion({ a: { $ref: "#/b" }, b: [1, 2] }).total).toBe(7);
  });

  it("counts a schema shared along many routes once per route", () => {
    const doc = {
      x: { $ref: "#/d/A" },
      d: {
        A: { l: { $ref: "#/d/B" }, r: { $ref: "#/d/B" } },
        B: { l: { $ref: "#/d/C" }, r: { $ref: "#/d/C" } },
        C: { v: 1 },
      },
    };
    // C: 2 nodes; B: 1 + 2 × 2 = 5; A: 1 + 2 × 5 = 11; d: 1 + 11 + 5 + 2 = 19; the root: 1 + 11 + 19
    const { total, units } = expansion(doc);

    expect(total).toBe(31);
    expect(total).toBe(dereferencedSize(doc));
    // C is copied 4 times under x, 4 under d.A, 2 under d.B and once as d.C
    expect(units.get(doc.d.C)).toMatchObject({ size: 2, copies: 11, nodes: 22 });
    expect(units.get(doc.d.B)).toMatchObject({ size: 5, copies: 5 });
  });

  it("counts a cycle once wherever it is entered, a $ref back into it as 1", () => {
    const doc = { x: { $ref: "#/d/A" }, d: { A: { next: { $ref: "#/d/B" } }, B: { back: { $ref: "#/d/A" }, v: 1 } } };
    // from A: A { next: B { back: 1, v: 1 } } = 4 nodes; from B: B { back: A { next: 1 }, v: 1 } = 4
    // nodes; the root: 1 + x (4) + d (1 + 4 + 4)
    expect(expansion(doc).total).toBe(14);
    expect(dereferencedSize(doc)).toBe(14);
    // a schema naming itself: N { next: 1 } = 2 nodes; the root: 1 + d (1 + 2)
    expect(expansion({ d: { N: { next: { $ref: "#/d/N" } } } }).total).toBe(4);
  });

  it("counts the copies of a schema inside a cycle along every route", () => {
    const doc = {
      x: { $ref: "#/d/A" },
      d: { A: { l: { $ref: "#/d/B" }, r: { $ref: "#/d/B" } }, B: { back: { $ref: "#/d/A" } } },
    };
    // from A: A { l: B { back: 1 }, r: B { back: 1 } } = 5 nodes; from B: B { back: A { l: 1, r: 1 } }
    // = 4 nodes; the root: 1 + x (5) + d (1 + 5 + 4)
    const { total, units } = expansion(doc);

    expect(total).toBe(16);
    expect(dereferencedSize(doc)).toBe(16);
    // B twice in x's A, twice in d.A, each of 2 nodes, and d.B of 4; A as x, d.A and in d.B (3 nodes)
    expect(units.get(doc.d.B)).toMatchObject({ copies: 5, nodes: 12 });
    expect(units.get(doc.d.A)).toMatchObject({ copies: 3, nodes: 13 });
  });

  it("counts a schema reached along 2^n routes in time linear in the document", () => {
    const started = performance.now();
    const { total } = expansion(doubling(60));

    // 2^60 copies of the last level alone
    expect(total).toBeGreaterThan(2 ** 60);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(expansion(doubling(8)).total).toBe(dereferencedSize(doubling(8)));
  });
});

describe("prismView", () => {
  it("leaves out the components no path reaches, and changes nothing else", () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "reach", version: "1.0.0" },
      security: [{ key: [] }],
      paths: {
        "/pets": {
          get: { responses: { "200": json(ref("Pet")), default: { $ref: "#/components/responses/Failed" } } },
        },
      },
      components: {
        schemas: {
          Pet: { oneOf: [ref("Cat")], discriminator: { propertyName: "kind", mapping: { dog: "Dog" } } },
          Cat: { type: "object", properties: { kind: { const: "cat" } } },
          Dog: { type: "object", properties: { kind: { const: "dog" } } },
          Error: { type: "object", properties: { message: { type: "string" } } },
          Orphan: { type: "object", properties: { friend: ref("Lonely") } },
          Lonely: { type: "string" },
        },
        responses: { Failed: json(ref("Error")), Unused: json(ref("Orphan")) },
        securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } },
      },
    };
    const before = structuredClone(doc);

    const view = prismView(doc);

    expect(Object.keys(view.document.components.schemas)).toEqual(["Pet", "Cat", "Dog", "Error"]);
    expect(Object.keys(view.document.components.responses)).toEqual(["Failed"]);
    expect(view.document.components.securitySchemes).toEqual(doc.components.securitySchemes);
    expect(view.left.sort()).toEqual([
      "#/components/responses/Unused",
      "#/components/schemas/Lonely",
      "#/components/schemas/Orphan",
    ]);
    expect(view.loosened).toEqual([]);
    expect(view.document.paths).toEqual(doc.paths);
    expect(doc).toEqual(before);
  });

  it("folds each variant of a path (path#name) into the path's one item, which lets either's requests through", () => {
    const body = (schema: object, required = true) => ({ required, content: { "application/json": { schema } } });
    const sse = { description: "events", content: { "text/event-stream": { schema: { type: "string" } } } };
    const doc = {
      openapi: "3.1.0",
      info: { title: "variants", version: "1.0.0" },
      paths: {
        "/chats": {
          post: {
            parameters: [{ name: "mode", in: "query", required: true, schema: { type: "string" } }],
            requestBody: body(ref("Plain")),
            responses: { "200": json(ref("Chat")) },
          },
        },
        "/chats#stream": {
          post: {
            parameters: [{ name: "fields", in: "query", required: true, schema: { enum: ["a"] } }],
            requestBody: body(ref("Streamed")),
            responses: { "200": sse, "202": json(ref("Chat")) },
          },
        },
        "/only#variant": { get: { responses: { "200": json(ref("Chat")) } } },
      },
      components: { schemas: { Plain: { type: "object" }, Streamed: { type: "object" }, Chat: { type: "object" } } },
    };

    const { document } = prismView(doc);

    expect(Object.keys(document.paths)).toEqual(["/chats", "/only"]);
    expect(document.paths["/only"].get).toEqual({ ...doc.paths["/only#variant"].get, parameters: [] });
    const post = document.paths["/chats"].post;
    expect(post.requestBody).toEqual(body({ anyOf: [ref("Plain"), ref("Streamed")] }, true));
    // a parameter only one of them requires is optional to Prism
    expect(post.parameters).toEqual([
      { name: "mode", in: "query", required: false, schema: { type: "string" } },
      { name: "fields", in: "query", required: false, schema: { enum: ["a"] } },
    ]);
    expect(Object.keys(post.responses["200"].content)).toEqual(["application/json", "text/event-stream"]);
    expect(post.responses["202"]).toEqual(json(ref("Chat")));
    expect(doc.paths["/chats#stream"]).toBeDefined();
  });

  it("gives Prism each stand-in of the 3.1 view (QUERY, COPY) as the POST of a path of its own", () => {
    const ok = { responses: { "200": { description: "ok" } } };
    const id = { name: "id", in: "path", required: true, schema: { type: "string" } };
    const doc = {
      openapi: "3.1.1",
      info: { title: "Pets", version: "1" },
      paths: { "/pets/{id}": { parameters: [id], get: ok }, "/~notes": { get: ok } },
      components: {
        pathItems: {
          "QUERY /pets/{id}": { "x-stand-in-for": { method: "QUERY", path: "/pets/{id}" }, parameters: [id], post: ok },
          "COPY /pets/{id}": { "x-stand-in-for": { method: "COPY", path: "/pets/{id}" }, parameters: [id], post: ok },
        },
      },
    };

    const { document } = prismView(doc);

    // a path of the document starts with ~, so the stand-ins' start with two
    expect(prismRoutes(doc)).toEqual(
      new Map([
        ["QUERY /pets/{id}", "/~~QUERY"],
        ["COPY /pets/{id}", "/~~COPY"],
      ]),
    );
    expect(document.paths).toEqual({
      ...doc.paths,
      "/~~QUERY/pets/{id}": { parameters: [id], post: ok },
      "/~~COPY/pets/{id}": { parameters: [id], post: ok },
    });
    expect(document.components.pathItems).toEqual({});
  });

  it("gives Prism the schemas that expand the most as any value, until the view is within the budget", () => {
    const doc = doubling(20);
    const before = structuredClone(doc);

    const view = prismView(doc);

    // Level19 is 5 nodes ({ type, properties: { name: { type } } }), each level above 5 and two of
    // the next: Level0 alone is 5 × (2^20 - 1) dereferenced
    expect(5 * (2 ** 20 - 1)).toBeGreaterThan(PRISM_BUDGET);
    expect(view.loosened.length).toBeGreaterThan(0);
    for (const pointer of view.loosened)
      expect(view.document.components.schemas[pointer.split("/").pop()!]).toEqual({});
    // counted outright, not by the count the view was made with
    expect(dereferencedSize(view.document)).toBeLessThanOrEqual(PRISM_BUDGET);
    expect(view.document.components.schemas.Level0).toEqual(doc.components.schemas.Level0);
    expect(doc).toEqual(before);
  });
});

describe("the mock of a document that grows exponentially dereferenced", { timeout: 90_000 }, () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("starts within seconds, says what it loosened, and holds Prism's answer to the full schema", async () => {
    const doc = doubling(20);
    const said: string[] = [];
    const mock = await mockServer({ port: 0, say: (line) => said.push(line) });
    close = mock.close;

    const started = performance.now();
    await mock.serve(JSON.stringify(doc));
    const seconds = (performance.now() - started) / 1000;
    const response = await fetch(`${mock.url}/tree`);
    const answer = await response.json();

    expect(said.join("\n")).toMatch(/mock serves the spec from Prism/);
    expect(seconds).toBeLessThan(20);
    const loosened = said.filter((line) => line.includes("any value to Prism"));
    expect(loosened).toHaveLength(1);
    expect(loosened[0]).toMatch(/Level\d+/);
    expect(loosened[0]).toMatch(/request checks.*looser.*full schemas/);
    // Prism makes the loosened level null, which the full schema refuses: the proxy's own answer goes out
    expect(said.join("\n")).toMatch(/GET \/tree: Prism's 200 answer breaks the document's schema/);
    expect(response.status).toBe(200);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(doc, "doc");
    const check = ajv.getSchema("doc#/components/schemas/Level0")!;
    expect(check(answer), JSON.stringify(check.errors?.slice(0, 3))).toBe(true);
  });
});

describe("the mock reads parameters as OpenAPI writes them", { timeout: 90_000 }, () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("takes an object query parameter's fields as parameters of their own, an optional one absent, and no Accept parameter", async () => {
    const byField = (field: string) => ({
      type: "object",
      required: [field],
      properties: { [field]: { type: "string" } },
      additionalProperties: false,
    });
    const doc = {
      openapi: "3.1.0",
      info: { title: "parameters", version: "1.0.0" },
      paths: {
        "/events": {
          get: {
            parameters: [
              // OpenAPI's default style for a query: form, exploded
              {
                name: "filter",
                in: "query",
                required: true,
                schema: { oneOf: [byField("user_id"), byField("email")] },
              },
              { name: "type", in: "query", required: true, schema: { type: "string" } },
              // optional, and no value of it is empty (lob's before/after): Prism reads it absent as {}
              {
                name: "range",
                in: "query",
                schema: { allOf: [{ properties: { before: { type: "string" } } }], minProperties: 1 },
              },
              // a string whatever fields it names beside its type (intercom's external_id)
              { name: "ref", in: "query", schema: { type: "string", properties: { ref: { type: "string" } } } },
            ],
            responses: { "200": json({ type: "object", properties: { ok: { type: "boolean" } } }) },
          },
        },
        "/export": {
          get: {
            parameters: [{ name: "Accept", in: "header", required: true, schema: { enum: ["text/csv"] } }],
            responses: { "200": { description: "the file", content: { "text/csv": { schema: { type: "string" } } } } },
          },
        },
      },
    };
    const mock = await mockServer({ port: 0, say: () => {} });
    close = mock.close;
    await mock.serve(JSON.stringify(doc));

    const spread = await fetch(`${mock.url}/events?user_id=7&type=user`);
    const neither = await fetch(`${mock.url}/events?type=user`);
    const ranged = await fetch(`${mock.url}/events?email=a@example.com&type=user&before=b1&ref=r1`);
    const exported = await fetch(`${mock.url}/export`);

    expect(spread.status).toBe(200);
    expect(neither.status).toBe(422);
    expect(ranged.status).toBe(200);
    expect(exported.status).toBe(200);
    await Promise.all([spread, neither, ranged, exported].map((r) => r.arrayBuffer()));
  });
});

describe("the mock of an operation that declares no success answer", { timeout: 90_000 }, () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("answers 200 with no body, as the client reads it, not the first error the operation declares", async () => {
    const failed = { description: "bad", content: { "application/json": { example: { error: "bad" } } } };
    const doc = {
      openapi: "3.1.0",
      info: { title: "errors only", version: "1.0.0" },
      paths: { "/certificates/{id}": { patch: { responses: { "400": failed, "401": failed } } } },
    };
    const mock = await mockServer({ port: 0, say: () => {} });
    close = mock.close;
    await mock.serve(JSON.stringify(doc));

    const response = await fetch(`${mock.url}/certificates/c1`, { method: "PATCH" });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});
