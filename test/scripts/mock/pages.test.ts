// The mock's lists, one per paging style: walked to their end from the query alone, bounded
// against positions the mock never gave, and left to Prism for whatever else.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MOCK_PAGES, SAMPLED_PAGE, listPageMock, pageToken } from "../../../scripts/lib/mock/pages.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";
import { operationMatcher } from "../../../src/core/path-template.js";

const json = (schema: object, example: unknown, headers: Record<string, object> = {}) => ({
  description: "a page",
  headers,
  content: { "application/json": { schema, example } },
});
const header = (type: string) => ({ schema: { type } });
const query = (name: string, schema: object = { type: "string" }) => ({ name, in: "query", schema });
const limit = query("limit", { type: "integer", minimum: 1 });
const item = { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } };
const items = [
  { id: "itm_1a", name: "one" },
  { id: "itm_2b", name: "two" },
];

const SPEC = {
  openapi: "3.1.0",
  info: { title: "t", version: "1.0.0" },
  paths: {
    "/items": {
      get: {
        parameters: [query("offset", { type: "integer", minimum: 0 }), limit, query("bad")],
        responses: {
          "200": json({ type: "array", items: item }, items, {
            "X-Has-More": header("boolean"),
            "X-Next-Offset": header("integer"),
          }),
        },
      },
    },
    "/items/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": json(item, items[0]) },
      },
    },
    "/logs": {
      get: {
        parameters: [query("page_token"), limit],
        responses: {
          "200": json({ type: "array", items: item }, items, {
            "X-Has-More": header("boolean"),
            "X-Next-Page-Token": header("string"),
          }),
        },
      },
    },
    "/things": {
      get: {
        parameters: [query("cursor")],
        responses: {
          "200": json(
            {
              type: "object",
              properties: {
                data: { type: "array", items: item },
                has_more: { type: "boolean" },
                next_cursor: { type: ["string", "null"] },
              },
            },
            { data: items, has_more: true, next_cursor: "abc" },
          ),
        },
      },
    },
    "/after": {
      get: {
        parameters: [query("after")],
        responses: {
          "200": json(
            { type: "object", properties: { data: { type: "array", items: item }, has_more: { type: "boolean" } } },
            { data: items, has_more: true },
          ),
        },
      },
    },
    "/linked": {
      get: {
        parameters: [query("offset", { type: "integer" })],
        responses: { "200": json({ type: "array", items: item }, items, { Link: header("string") }) },
      },
    },
    "/both": {
      get: {
        parameters: [query("after"), query("before"), limit],
        responses: {
          "200": json(
            { type: "object", properties: { data: { type: "array", items: item }, has_more: { type: "boolean" } } },
            { data: items, has_more: true },
          ),
        },
      },
    },
    "/conversations": {
      get: {
        parameters: [query("PageSize", { type: "integer" }), query("Page", { type: "integer" })],
        responses: {
          "200": json(
            {
              type: "object",
              properties: {
                data: { type: "array", items: item },
                meta: {
                  type: "object",
                  properties: { key: { type: "string" }, next_page_url: { type: ["string", "null"] } },
                },
              },
            },
            { data: items, meta: { key: "data", next_page_url: "https://api.example.com/conversations?Page=1" } },
          ),
        },
      },
    },
    "/numbered": {
      get: {
        parameters: [query("page", { type: "integer", minimum: 1 }), limit],
        responses: {
          "200": json(
            {
              type: "object",
              properties: {
                data: { type: "array", items: item },
                meta: { type: "object", properties: { total: { type: "integer" } } },
              },
            },
            { data: items, meta: { total: 2 } },
          ),
        },
      },
    },
    "/empty": {
      get: {
        parameters: [query("offset", { type: "integer" })],
        responses: { "200": json({ type: "array", items: item }, [], { "X-Next-Offset": header("integer") }) },
      },
    },
  },
};

let server: Server | undefined;
afterEach(
  () => new Promise<void>((done) => (server ? (server.closeAllConnections(), server.close(() => done())) : done())),
);

/**
 * A loopback server that serves a list's page where the list mock has one, its 400 for a position
 * it never gave, and marks anything else `x-from: prism` (the proxy leaves those to Prism).
 */
async function serve(spec: any, sample?: (schema: any, seed?: number) => any): Promise<string> {
  const pages = listPageMock(spec, sample ? { sample } : {});
  const routes = Object.entries<any>(spec.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
  );
  const find = operationMatcher(routes);
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const route = find(req.method ?? "GET", url.pathname)?.operation;
    const list = route && pages.list(route.method, route.path);
    if (!list) return void res.writeHead(200, { "x-from": "prism" }).end();
    const at = pages.position(list, url);
    if (at.error !== undefined)
      return void res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ code: "bad_request", message: at.error }));
    const page = pages.answer(list, url, at, url.origin);
    res.writeHead(page.status, page.headers).end(page.body);
  });
  await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const bearer = { Authorization: "Bearer any" };

/** Every page from `path`, following the next position as `next` reads it from an answer; at most 20. */
async function walk(url: string, path: string, next: (response: Response, body: any) => string | undefined) {
  const pages: { sent: string; items: any[]; headers: Headers; body: any }[] = [];
  for (let target: string | undefined = path; target !== undefined && pages.length < 20; ) {
    const response = await fetch(`${url}${target}`, { headers: bearer });
    expect(response.status, target).toBe(200);
    const body = await response.json();
    pages.push({
      sent: target,
      items: Array.isArray(body) ? body : (body.data ?? body.regions),
      headers: response.headers,
      body,
    });
    target = next(response, body);
  }
  return pages;
}
const ids = (pages: { items: any[] }[]) => pages.flatMap((p) => p.items.map((i) => i.id));

describe("the mock's lists", () => {
  it("serves an offset list as MOCK_PAGES pages of the example items, ids distinct, the next offset from the request's own", async () => {
    const url = await serve(SPEC);

    const pages = await walk(url, "/items", (r) =>
      r.headers.get("x-has-more") === "true" ? `/items?offset=${r.headers.get("x-next-offset")}` : undefined,
    );

    expect(MOCK_PAGES).toBe(3);
    expect(pages.map((p) => p.sent)).toEqual(["/items", "/items?offset=2", "/items?offset=4"]);
    expect(pages[0]!.items).toEqual(items);
    expect(ids(pages)).toEqual(["itm_1a", "itm_2b", "itm_1b", "itm_2c", "itm_1c", "itm_2d"]);
    expect(pages.map((p) => p.items.map((i) => i.name))).toEqual([
      ["one", "two"],
      ["one", "two"],
      ["one", "two"],
    ]);
    expect(pages.map((p) => [p.headers.get("x-has-more"), p.headers.get("x-next-offset")])).toEqual([
      ["true", "2"],
      ["true", "4"],
      ["false", null],
    ]);
  });

  it("shrinks a page to the request's limit, and serves an offset between pages from there", async () => {
    const url = await serve(SPEC);

    const pages = await walk(url, "/items?limit=1", (r) =>
      r.headers.get("x-has-more") === "true" ? `/items?limit=1&offset=${r.headers.get("x-next-offset")}` : undefined,
    );
    const between = await (await fetch(`${url}/items?offset=5`, { headers: bearer })).json();
    const end = await fetch(`${url}/items?offset=6`, { headers: bearer });

    expect(pages).toHaveLength(6);
    expect(new Set(ids(pages)).size).toBe(6);
    expect(between.map((i: any) => i.id)).toEqual(["itm_2d"]);
    expect(await end.json()).toEqual([]);
    expect(end.headers.get("x-has-more")).toBe("false");
  });

  it("serves a token list with tokens of its own, the last page without one", async () => {
    const url = await serve(SPEC);

    const pages = await walk(url, "/logs", (r) =>
      r.headers.get("x-has-more") === "true" ? `/logs?page_token=${r.headers.get("x-next-page-token")}` : undefined,
    );

    expect(pages.map((p) => p.sent)).toEqual([
      "/logs",
      `/logs?page_token=${pageToken(2)}`,
      `/logs?page_token=${pageToken(4)}`,
    ]);
    expect(pages.at(-1)!.headers.get("x-next-page-token")).toBeNull();
    expect(new Set(ids(pages)).size).toBe(6);
  });

  it("serves a body cursor, by next field and by the last item's id, and a Link list", async () => {
    const url = await serve(SPEC);

    const cursor = await walk(url, "/things", (_, body) =>
      body.has_more ? `/things?cursor=${body.next_cursor}` : undefined,
    );
    const after = await walk(url, "/after", (_, body) =>
      body.has_more ? `/after?after=${body.data.at(-1).id}` : undefined,
    );
    const linked = await walk(url, "/linked?offset=0", (r) =>
      /<([^>]*)>; rel="next"/.exec(r.headers.get("link") ?? "")?.[1]?.slice(url.length),
    );

    for (const pages of [cursor, after, linked]) {
      expect(pages).toHaveLength(MOCK_PAGES);
      expect(new Set(ids(pages)).size).toBe(6);
    }
    expect(cursor.map((p) => p.body.next_cursor)).toEqual([pageToken(2), pageToken(4), null]);
    expect(after.map((p) => p.sent)).toEqual(["/after", "/after?after=itm_2b", "/after?after=itm_2c"]);
    expect(after.at(-1)!.body.has_more).toBe(false);
    expect(linked.map((p) => p.sent)).toEqual(["/linked?offset=0", "/linked?offset=2", "/linked?offset=4"]);
  });

  it("serves a next page's address in the body, at the mock's own origin, by page number, null on the last page", async () => {
    const url = await serve(SPEC);

    const pages = await walk(url, "/conversations?PageSize=2", (_, body) =>
      body.meta.next_page_url ? body.meta.next_page_url.slice(url.length) : undefined,
    );

    expect(pages.map((p) => p.sent)).toEqual([
      "/conversations?PageSize=2",
      "/conversations?PageSize=2&Page=2",
      "/conversations?PageSize=2&Page=3",
    ]);
    expect(pages.map((p) => p.body.meta)).toEqual([
      { key: "data", next_page_url: `${url}/conversations?PageSize=2&Page=2` },
      { key: "data", next_page_url: `${url}/conversations?PageSize=2&Page=3` },
      { key: "data", next_page_url: null },
    ]);
    expect(new Set(ids(pages)).size).toBe(6);
  });

  it("serves page numbers with the list's total, shrunk to the limit", async () => {
    const url = await serve(SPEC);

    let page = 1;
    const pages = await walk(url, "/numbered?limit=1", (_, body) =>
      body.data.length ? `/numbered?limit=1&page=${++page}` : undefined,
    );

    expect(pages.map((p) => p.sent)).toEqual([
      "/numbered?limit=1",
      "/numbered?limit=1&page=2",
      "/numbered?limit=1&page=3",
      "/numbered?limit=1&page=4",
      "/numbered?limit=1&page=5",
      "/numbered?limit=1&page=6",
      "/numbered?limit=1&page=7",
    ]);
    expect(pages.map((p) => p.body.meta.total)).toEqual([6, 6, 6, 6, 6, 6, 6]);
    expect(new Set(ids(pages)).size).toBe(6);
    expect(pages.at(-1)!.items).toEqual([]);
  });

  it("serves the page before an item's id where the request asks with before", async () => {
    const url = await serve(SPEC);

    const pages = await walk(url, "/both?before=itm_2d", (_, body) =>
      body.has_more ? `/both?before=${body.data[0].id}` : undefined,
    );

    // the whole list is itm_1a, itm_2b, itm_1b, itm_2c, itm_1c, itm_2d, two a page
    expect(pages.map((p) => p.sent)).toEqual(["/both?before=itm_2d", "/both?before=itm_2c", "/both?before=itm_2b"]);
    expect(pages.map((p) => ids([p]))).toEqual([["itm_2c", "itm_1c"], ["itm_2b", "itm_1b"], ["itm_1a"]]);
    expect(pages.map((p) => p.body.has_more)).toEqual([true, true, false]);
  });

  it("makes ids distinct with a suffix where moving their last character would meet another", async () => {
    const close = [{ id: "a1" }, { id: "a2" }];
    const spec = structuredClone(SPEC) as any;
    spec.paths["/items"].get.responses["200"].content["application/json"].example = close;
    const url = await serve(spec);

    const pages = await walk(url, "/items", (r) =>
      r.headers.get("x-has-more") === "true" ? `/items?offset=${r.headers.get("x-next-offset")}` : undefined,
    );

    expect(ids(pages)).toEqual(["a1", "a2", "a1_2", "a2_2", "a1_3", "a2_3"]);
  });

  it("serves a list whose example items give their id field values of other types, each copy's id read as its text", async () => {
    const mixed = [{ id: "a1" }, { id: true }, { id: { n: 1 } }];
    const spec = structuredClone(SPEC) as any;
    spec.paths["/items"].get.responses["200"].content["application/json"].example = mixed;
    const url = await serve(spec);

    const pages = await walk(url, "/items", (r) =>
      r.headers.get("x-has-more") === "true" ? `/items?offset=${r.headers.get("x-next-offset")}` : undefined,
    );

    expect(ids(pages)).toEqual([
      "a1",
      true,
      { n: 1 },
      "a2",
      "truf",
      "[object Object]2",
      "a3",
      "trug",
      "[object Object]3",
    ]);
  });

  it("tells apart items without an id by their first free-text field, leaving formatted ones as they are", async () => {
    const line = { at: "2026-11-22T10:15:00Z", message: "Navigated" };
    const spec = structuredClone(SPEC) as any;
    const media = spec.paths["/items"].get.responses["200"].content["application/json"];
    media.example = [line];
    media.schema = {
      type: "array",
      items: {
        type: "object",
        properties: { at: { type: "string", format: "date-time" }, message: { type: "string" } },
      },
    };
    const url = await serve(spec);

    const pages = await walk(url, "/items", (r) =>
      r.headers.get("x-has-more") === "true" ? `/items?offset=${r.headers.get("x-next-offset")}` : undefined,
    );

    expect(pages.flatMap((p) => p.items)).toEqual([
      line,
      { ...line, message: "Navigated #2" },
      { ...line, message: "Navigated #3" },
    ]);
  });

  it.each([
    ["/items?offset=-1", "offset must be a whole number from 0 to 6"],
    ["/items?offset=7", "offset must be a whole number from 0 to 6"],
    [`/items?offset=${"9".repeat(400)}`, "offset must be a whole number from 0 to 6"],
    ["/items?offset=1e3", "offset must be a whole number from 0 to 6"],
    ["/logs?page_token=garbage", "page_token must be a position this list gave"],
    [`/logs?page_token=${pageToken(99)}`, "page_token must be a position this list gave"],
    [`/logs?page_token=${"x".repeat(5000)}`, "page_token must be a position this list gave"],
    ["/logs?page_token=bm90IGpzb24", "page_token must be a position this list gave"],
    ["/numbered?page=0", "page must be a page number from 1"],
    ["/numbered?page=5", "page must be a page number from 1"],
    ["/conversations?Page=0", "Page must be a page number from 1"],
    ["/conversations?Page=5", "Page must be a page number from 1"],
  ])("answers %s, a position it never gave, with a 400 in the Error shape", async (target, message) => {
    const url = await serve(SPEC);

    const response = await fetch(`${url}${target}`, { headers: bearer });
    const body = await response.json();

    expect(response.status).toBe(400);
    expect(body.code).toBe("bad_request");
    expect(body.message.startsWith(message)).toBe(true);
    expect(body.message.length).toBeLessThan(120);
  });

  it("leaves every other operation, and a list without example items when it has no sampler", async () => {
    const url = await serve(SPEC);
    const from = async (target: string) => {
      const response = await fetch(`${url}${target}`, { headers: bearer });
      await response.arrayBuffer();
      return [response.status, response.headers.get("x-from")];
    };

    expect(await from("/items/itm_1a")).toEqual([200, "prism"]);
    expect(await from("/empty")).toEqual([200, "prism"]);
    expect(await from("/nowhere")).toEqual([200, "prism"]);
    expect(listPageMock(SPEC).operations).toBe(8);
  });

  it("serves items built from the item schema where the document gives none: SAMPLED_PAGE a page, all distinct, each passing the schema", async () => {
    const spec = structuredClone(SPEC) as any;
    const pattern = "^itm_[a-z0-9]{6}$";
    spec.paths["/empty"].get.responses["200"].content["application/json"].schema = {
      type: "array",
      items: {
        type: "object",
        required: ["id", "size"],
        properties: { id: { type: "string", pattern }, size: { type: "integer", minimum: 1 } },
      },
    };
    const sampler = await createSampler(spec);
    const url = await serve(spec, (schema, seed) => sampler.sample(schema, { seed }).value);

    const pages = await walk(url, "/empty", (r) =>
      r.headers.get("x-has-more") === null && r.headers.get("x-next-offset")
        ? `/empty?offset=${r.headers.get("x-next-offset")}`
        : undefined,
    );

    expect(SAMPLED_PAGE).toBe(2);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2]);
    const all = pages.flatMap((p) => p.items);
    expect(new Set(all.map((i) => i.id)).size).toBe(6);
    for (const one of all) {
      expect(one.id).toMatch(new RegExp(pattern));
      expect(Number.isInteger(one.size) && one.size >= 1).toBe(true);
    }
    expect(pages.at(-1)!.headers.get("x-next-offset")).toBeNull();
  });

  it("serves ids as the cursor where the body names one (last_id) and items through an allOf envelope, with a next address left out on the last page where it may not be null", async () => {
    const uuidItem = {
      type: "object",
      required: ["id"],
      properties: { id: { type: "string", format: "uuid" }, name: { type: "string" } },
    };
    const spec: any = {
      openapi: "3.1.0",
      info: { title: "t", version: "1.0.0" },
      paths: {
        "/batches": {
          get: {
            parameters: [query("after"), limit],
            responses: {
              "200": json(
                {
                  type: "object",
                  required: ["data", "has_more"],
                  properties: {
                    data: { type: "array", items: uuidItem },
                    has_more: { type: "boolean" },
                    last_id: { type: "string", format: "uuid" },
                  },
                },
                undefined,
              ),
            },
          },
        },
        "/regions": {
          get: {
            parameters: [query("page", { type: "integer", minimum: 1 })],
            responses: {
              "200": json(
                {
                  allOf: [
                    { type: "object", properties: { regions: { type: "array", items: uuidItem } } },
                    {
                      type: "object",
                      properties: {
                        links: {
                          type: "object",
                          properties: {
                            pages: { type: "object", properties: { next: { type: "string", format: "uri" } } },
                          },
                        },
                      },
                    },
                  ],
                },
                undefined,
              ),
            },
          },
        },
      },
    };
    const sampler = await createSampler(spec);
    const url = await serve(spec, (schema, seed) => sampler.sample(schema, { seed }).value);

    const batches = await walk(url, "/batches", (_, body) =>
      body.has_more ? `/batches?after=${body.last_id}` : undefined,
    );
    const regions = await walk(url, "/regions", (_, body) => body.links?.pages?.next?.slice(url.length));

    expect(batches.map((p) => p.body.last_id)).toEqual(batches.map((p) => p.items.at(-1).id));
    expect(batches.map((p) => p.body.has_more)).toEqual([true, true, false]);
    expect(new Set(ids(batches)).size).toBe(6);
    for (const id of ids(batches)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(regions.map((p) => p.sent)).toEqual(["/regions", "/regions?page=2", "/regions?page=3"]);
    expect(regions.map((p) => p.body.regions.length)).toEqual([2, 2, 2]);
    expect(new Set(regions.flatMap((p) => p.body.regions.map((r: any) => r.id))).size).toBe(6);
    expect(regions.at(-1)!.body.links?.pages ?? {}).not.toHaveProperty("next");
  });

  it("serves one item a page, ids moved apart, where every seed samples the same item (a union's branch, langfuse's evaluators)", async () => {
    const kind = (name: string) => ({
      type: "object",
      required: ["type", "id"],
      properties: { type: { type: "string", enum: [name] }, id: { type: "string" } },
    });
    const spec: any = {
      openapi: "3.1.0",
      info: { title: "t", version: "1.0.0" },
      paths: {
        "/judges": {
          get: {
            parameters: [query("page", { type: "integer", minimum: 1 })],
            responses: {
              "200": json(
                {
                  type: "object",
                  properties: {
                    data: {
                      type: "array",
                      items: {
                        oneOf: [{ $ref: "#/components/schemas/Judge" }, { $ref: "#/components/schemas/Human" }],
                        discriminator: { propertyName: "type" },
                      },
                    },
                    meta: { type: "object", properties: { totalPages: { type: "integer" } } },
                  },
                },
                undefined,
              ),
            },
          },
        },
      },
      components: { schemas: { Judge: kind("judge"), Human: kind("human") } },
    };
    const sampler = await createSampler(spec);
    const url = await serve(spec, (schema, seed) => sampler.sample(schema, { seed }).value);

    let asked = 1;
    const pages = await walk(url, "/judges", (_, body) =>
      body.meta.totalPages > asked ? `/judges?page=${++asked}` : undefined,
    );

    expect(pages.map((p) => p.items.length)).toEqual([1, 1, 1]);
    expect(new Set(ids(pages)).size).toBe(3);
    for (const one of pages.flatMap((p) => p.items)) expect(one.type).toBe("judge");
  });

  it("reads an id it never gave as the list's start (after) or end (before): the document's example id, as the docs' calls send it", async () => {
    const url = await serve(SPEC);

    const after = await walk(url, "/after?after=itm_9z", (_, body) =>
      body.has_more ? `/after?after=${body.data.at(-1).id}` : undefined,
    );
    const before = await (await fetch(`${url}/both?before=itm_9z&limit=2`, { headers: bearer })).json();

    expect(after.map((p) => ids([p]))).toEqual([
      ["itm_1a", "itm_2b"],
      ["itm_1b", "itm_2c"],
      ["itm_1c", "itm_2d"],
    ]);
    expect(before.data.map((i: any) => i.id)).toEqual(["itm_1c", "itm_2d"]);
  });
});
