// The mock's lists of the styles read from a list's shape: items whose id is the position
// (item-cursor), and body cursors below the answer's top level or typed as numbers. Each list is
// detected by the generator from a small spec, served by the mock, and walked both by hand over
// HTTP and by the client's own page walker. test/scripts/mock/pages.test.ts holds the other styles.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { MOCK_PAGES, listPageMock } from "../../../scripts/lib/mock/pages.mjs";
import { PagePromise, type Pagination } from "../../../src/lists/pages.js";
import { operationMatcher } from "../../../src/core/path-template.js";
import { all } from "../../support/iterate.js";

const query = (name: string, schema: object = { type: "string" }) => ({ name, in: "query", schema });
const json = (schema: object, example: unknown) => ({
  description: "a page",
  content: { "application/json": { schema, example } },
});
const message = { type: "object", properties: { id: { type: "string" }, text: { type: "string" } } };
const messages = [
  { id: "msg_a1", text: "hi" },
  { id: "msg_b2", text: "there" },
];

const SPEC = {
  openapi: "3.1.0",
  info: { title: "t", version: "1.0.0" },
  paths: {
    "/channels/{id}/messages": {
      get: {
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          query("before"),
          query("after"),
          query("limit", { type: "integer", minimum: 1, maximum: 100 }),
        ],
        responses: { "200": json({ type: "array", items: message }, messages) },
      },
    },
    "/tickets": {
      get: {
        parameters: [query("since_ticket", { type: "integer" }), query("page_size", { type: "integer" })],
        responses: {
          "200": json({ type: "array", items: { type: "object", properties: { ticket_id: { type: "integer" } } } }, [
            { ticket_id: 40 },
            { ticket_id: 7 },
          ]),
        },
      },
    },
    "/events": {
      get: {
        parameters: [query("cursor")],
        responses: {
          "200": json(
            {
              type: "object",
              properties: {
                data: { type: "object", properties: { events: { type: "array", items: message } } },
                meta: { type: "object", properties: { cursor: { type: ["string", "null"] } } },
              },
            },
            { data: { events: messages }, meta: { cursor: "abc" } },
          ),
        },
      },
    },
    "/pools": {
      get: {
        parameters: [query("resume_token", { type: "integer" }), query("limit", { type: "integer" })],
        responses: {
          "200": json(
            {
              type: "object",
              properties: {
                result: { type: "array", items: message },
                _metadata: {
                  type: "object",
                  properties: {
                    next_params: { type: "object", properties: { resume_token: { type: ["string", "null"] } } },
                  },
                },
              },
            },
            { result: messages, _metadata: { next_params: { resume_token: "10" } } },
          ),
        },
      },
    },
    "/tasks": {
      get: {
        parameters: [query("from", { type: "integer" }), query("limit", { type: "integer" })],
        responses: {
          "200": json(
            {
              type: "object",
              properties: {
                results: { type: "array", items: message },
                next: { type: ["integer", "null"] },
              },
            },
            { results: messages, next: 2 },
          ),
        },
      },
    },
  },
};

let server: Server | undefined;
afterEach(
  () => new Promise<void>((done) => (server ? (server.closeAllConnections(), server.close(() => done())) : done())),
);

/** A loopback server answering every list of `spec` as the mock does, its 400 for a position it never gave. */
async function serve(spec: any): Promise<string> {
  const pages = listPageMock(spec);
  const routes = Object.entries<any>(spec.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
  );
  const find = operationMatcher(routes);
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const route = find(req.method ?? "GET", url.pathname)?.operation;
    const list = route && pages.list(route.method, route.path);
    if (!list) return void res.writeHead(404).end();
    const at = pages.position(list, url);
    if (at.error !== undefined) return void res.writeHead(400).end(JSON.stringify({ message: at.error }));
    const page = pages.answer(list, url, at, url.origin);
    res.writeHead(page.status, page.headers).end(page.body);
  });
  await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = async (url: string) => (await fetch(url)).json();

/** The client's page walker over the mock at `base + path`, as the generator paged the operation. */
function walker(base: string, path: string, style: Pagination, first?: Record<string, unknown>) {
  return new PagePromise(
    async (q) => {
      const url = new URL(`${base}${path}`);
      for (const [k, v] of Object.entries(q ?? {})) url.searchParams.set(k, String(v));
      const response = await fetch(url);
      return { data: await response.json(), headers: response.headers, status: response.status, url: url.href };
    },
    style,
    first,
    undefined,
  );
}

/** How the generator pages the operation: it must page it. */
function styleOf(method: string, path: string): Pagination {
  const page = readOperations(SPEC).operations.find((op: any) => op.method === method && op.path === path)?.page;
  if (!page) throw new Error(`${method} ${path} is no list`);
  return page;
}

describe("the mock's lists read from their shape", () => {
  it("detects the message list as item-cursor and serves MOCK_PAGES distinct pages of it, then an empty one", async () => {
    const base = await serve(SPEC);
    const path = "/channels/7/messages";

    const first = await get(`${base}${path}`);
    const second = await get(`${base}${path}?after=${first.at(-1).id}`);
    const third = await get(`${base}${path}?after=${second.at(-1).id}`);
    const fourth = await get(`${base}${path}?after=${third.at(-1).id}`);

    expect(styleOf("GET", "/channels/{id}/messages")).toEqual({
      style: "item-cursor",
      param: "after",
      lastItem: "id",
      before: "before",
      firstItem: "id",
      limit: "limit",
    });
    expect(MOCK_PAGES).toBe(3);
    expect(first).toEqual(messages);
    expect([first, second, third].flat().map((m: any) => m.id)).toEqual([
      "msg_a1",
      "msg_b2",
      "msg_a2",
      "msg_b3",
      "msg_a3",
      "msg_b4",
    ]);
    expect(fourth).toEqual([]);
  });

  it("serves as many items as the limit asks, and the page before an id where the request asks with before", async () => {
    const base = await serve(SPEC);
    const path = "/channels/7/messages";

    const five = await get(`${base}${path}?limit=5`);
    const before = await get(`${base}${path}?before=msg_a3&limit=2`);

    expect(five.map((m: any) => m.id)).toEqual(["msg_a1", "msg_b2", "msg_a2", "msg_b3", "msg_a3"]);
    expect(before.map((m: any) => m.id)).toEqual(["msg_a2", "msg_b3"]);
  });

  it("is walked to its end by the client, forwards and backwards, every item once", async () => {
    const base = await serve(SPEC);
    const style = styleOf("GET", "/channels/{id}/messages");

    const forward = await all(walker(base, "/channels/7/messages", style, { limit: 2 }));
    const backward = await all(walker(base, "/channels/7/messages", style, { before: "msg_b4", limit: 2 }));

    expect(forward.map((m: any) => m.id)).toEqual(["msg_a1", "msg_b2", "msg_a2", "msg_b3", "msg_a3", "msg_b4"]);
    // each page in the list's order, the pages from the end to the start
    expect(backward.map((m: any) => m.id)).toEqual(["msg_b3", "msg_a3", "msg_b2", "msg_a2", "msg_a1"]);
  });

  it("serves whole-number ids in their order, walked by the client with the ids as numbers", async () => {
    const base = await serve(SPEC);
    const style = styleOf("GET", "/tickets");

    const ids = (await all(walker(base, "/tickets", style))).map((t: any) => t.ticket_id);

    expect(style).toMatchObject({ style: "item-cursor", param: "since_ticket", limit: "page_size" });
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(6);
  });

  it("serves a cursor below the top level and number positions, each walked by the client through MOCK_PAGES pages", async () => {
    const base = await serve(SPEC);
    const events = styleOf("GET", "/events");
    const tasks = styleOf("GET", "/tasks");

    const pages = async (path: string, style: Pagination) => {
      const out: unknown[][] = [];
      for await (const page of walker(base, path, style).pages()) out.push(page.items);
      return out;
    };
    const eventPages = await pages("/events", events);
    const taskPages = await pages("/tasks", tasks);
    // a key typed as text in the answer and as a number in the query: its digits, sent as a number
    const pools = styleOf("GET", "/pools");
    const poolPages = await pages("/pools", pools);
    const poolKeys = [await get(`${base}/pools`), await get(`${base}/pools?resume_token=2`)].map(
      (body) => body._metadata.next_params.resume_token,
    );
    const last = await get(
      `${base}/events?cursor=${encodeURIComponent(String((await get(`${base}/events`)).meta.cursor))}`,
    );

    expect(events).toEqual({ style: "cursor-body", param: "cursor", next: "meta.cursor", items: "data.events" });
    expect(tasks).toEqual({
      style: "cursor-body",
      param: "from",
      next: "next",
      items: "results",
      numberParams: ["from"],
    });
    expect(pools).toMatchObject({
      param: "resume_token",
      next: "_metadata.next_params.resume_token",
      numberParams: ["resume_token"],
    });
    expect(poolKeys).toEqual(["2", "4"]);
    for (const list of [eventPages, taskPages, poolPages]) {
      expect(list).toHaveLength(MOCK_PAGES);
      expect(new Set(list.flat().map((m: any) => m.id)).size).toBe(6);
    }
    expect(last.meta.cursor).toEqual(expect.any(String));
    expect((await get(`${base}/tasks?from=4`)).next).toBeNull();
    expect((await get(`${base}/tasks`)).next).toBe(2);
  });

  it.each([
    ["/channels/7/messages?after=msg_zz", 200],
    ["/tasks?from=x", 400],
    ["/tasks?from=99", 400],
  ])("answers %s as the mock reads positions (an id it never gave is the list's start)", async (target, status) => {
    const base = await serve(SPEC);

    expect((await fetch(`${base}${target}`)).status).toBe(status);
  });
});
