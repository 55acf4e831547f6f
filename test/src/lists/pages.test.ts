// List methods against a scripted loopback server, through a client generated from the synthetic
// spec (the real service's header-paginated lists): every page once and in order, never past a
// cursor that does not move, within maxPages/maxItems, each page under the call's signal, timeout
// and retry policy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faultServer, hang, reply, type SeenRequest, type Step } from "../../support/fault-server.js";
import { syntheticProject, type SyntheticProject } from "../../support/synthetic-client.js";

let project: SyntheticProject;
let lib: any;
// one item of each list as the spec's own example writes it; the tests vary only its id
let browser: Record<string, unknown>;
let invocation: Record<string, unknown>;

beforeAll(async () => {
  project = await syntheticProject();
  lib = await project.load();
  const example = (path: string) =>
    project.spec.paths[path].get.responses["200"].content["application/json"].example[0];
  browser = example("/browsers");
  invocation = example("/invocations");
}, 120_000);
afterAll(() => project?.remove());

const query = (req: SeenRequest) => Object.fromEntries(new URL(req.url, "http://x").searchParams);
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `brs_${from + i}`);

/** Serves `total` browsers `size` at a time, by offset, as the real service's headers say. */
const offsetPages =
  (total: number, size: number): Step =>
  (res, req) => {
    const offset = Number(query(req).offset ?? 0);
    const items = ids(Math.min(size, total - offset), offset).map((session_id) => ({ ...browser, session_id }));
    const more = offset + items.length < total;
    reply(200, items, {
      "X-Has-More": String(more),
      ...(more ? { "X-Next-Offset": String(offset + items.length) } : {}),
    })(res, req, 0);
  };

const client = (url: string, options: Record<string, unknown> = {}) =>
  lib.createClient({ apiKey: "sk-test-4f9a7c1e", baseUrl: url, ...options });

describe("a list method", () => {
  it("walks every item across pages with for await, each page requested once, in order, with the offset the service gave", async () => {
    const server = await faultServer(offsetPages(10, 3));
    const seen: string[] = [];

    for await (const item of client(server.url).browsers.list({ status: "running", limit: 3 }))
      seen.push(item.session_id);

    expect(seen).toEqual(["brs_0", "brs_1", "brs_2", "brs_3", "brs_4", "brs_5", "brs_6", "brs_7", "brs_8", "brs_9"]);
    expect(server.requests.map(query)).toEqual([
      { status: "running", limit: "3" },
      { status: "running", limit: "3", offset: "3" },
      { status: "running", limit: "3", offset: "6" },
      { status: "running", limit: "3", offset: "9" },
    ]);
    expect(
      server.requests.every((r) => r.method === "GET" && new URL(r.url, "http://x").pathname === "/browsers"),
    ).toBe(true);
  });

  it("awaits to the first page: its items, headers, hasNextPage and nextPage", async () => {
    const server = await faultServer(offsetPages(5, 3));

    const first = await client(server.url).browsers.list({ limit: 3 });
    const second = await first.nextPage();

    expect(first.items.map((b: any) => b.session_id)).toEqual(["brs_0", "brs_1", "brs_2"]);
    expect([
      first.headers.get("x-has-more"),
      first.headers.get("x-next-offset"),
      first.hasNextPage(),
      first.number,
    ]).toEqual(["true", "3", true, 1]);
    expect(second.items.map((b: any) => b.session_id)).toEqual(["brs_3", "brs_4"]);
    expect([second.hasNextPage(), second.number]).toEqual([false, 2]);
    await expect(second.nextPage()).rejects.toBeInstanceOf(lib.PaginationError);
    expect(server.requests).toHaveLength(2);
  });

  it("walks pages with .pages(), one at a time", async () => {
    const server = await faultServer(offsetPages(7, 3));
    const sizes: number[] = [];

    for await (const page of client(server.url).browsers.list({ limit: 3 }).pages()) sizes.push(page.items.length);

    expect(sizes).toEqual([3, 3, 1]);
    expect(server.requests).toHaveLength(3);
  });

  it("follows the service's next offset even where it is not offset + page size, and never asks for a page twice", async () => {
    // a service that skips deleted rows: its offsets, not the client's arithmetic, say where a page starts
    const offsets: Record<string, [string[], string | undefined]> = {
      "0": [["brs_0", "brs_1"], "5"],
      "5": [["brs_5"], "9"],
      "9": [["brs_9"], undefined],
    };
    const server = await faultServer((res, req) => {
      const [page, next] = offsets[query(req).offset ?? "0"]!;
      reply(
        200,
        page.map((session_id) => ({ ...browser, session_id })),
        next ? { "X-Has-More": "true", "X-Next-Offset": next } : { "X-Has-More": "false" },
      )(res, req, 0);
    });
    const seen: string[] = [];

    for await (const item of client(server.url).browsers.list()) seen.push(item.session_id);

    expect(seen).toEqual(["brs_0", "brs_1", "brs_5", "brs_9"]);
    expect(server.requests.map((r) => query(r).offset)).toEqual([undefined, "5", "9"]);
  });

  it("ends with PaginationError when the next offset does not move forward, after yielding the page that arrived", async () => {
    const server = await faultServer(
      reply(200, [{ ...browser, session_id: "brs_0" }], { "X-Has-More": "true", "X-Next-Offset": "0" }),
    );
    const seen: string[] = [];

    const walk = (async () => {
      for await (const item of client(server.url).browsers.list()) seen.push(item.session_id);
    })();

    const err = await walk.catch((e: any) => e);
    expect(err).toBeInstanceOf(lib.PaginationError);
    // the root error, under the fixture's name (FIXTURE_PACKAGE's displayName and Error)
    expect(err).toBeInstanceOf(lib.FixtureError);
    expect(err.page).toBe(1);
    expect(err.message).toContain("does not move past the current offset 0");
    expect(seen).toEqual(["brs_0"]);
    expect(server.requests).toHaveLength(1);
  });

  it("ends with PaginationError when a page token comes back, instead of cycling", async () => {
    // A -> B -> A: each token new to the page before it, but the walk has been there
    const tokens: Record<string, string> = { "": "tok_A", tok_A: "tok_B", tok_B: "tok_A" };
    const server = await faultServer((res, req) => {
      const at = query(req).page_token ?? "";
      reply(200, [{ ...invocation, id: `inv_${at || "first"}` }], {
        "X-Has-More": "true",
        "X-Next-Page-Token": tokens[at]!,
      })(res, req, 0);
    });
    const seen: string[] = [];

    const err = await (async () => {
      for await (const item of client(server.url).invocations.list()) seen.push(item.id);
    })().catch((e: any) => e);

    expect(err).toBeInstanceOf(lib.PaginationError);
    expect(err.page).toBe(3);
    expect(seen).toEqual(["inv_first", "inv_tok_A", "inv_tok_B"]);
    expect(server.requests.map((r) => query(r).page_token)).toEqual([undefined, "tok_A", "tok_B"]);
  });

  it("ends with PaginationError when more pages are promised but no next offset is given", async () => {
    const server = await faultServer(reply(200, [{ ...browser, session_id: "brs_0" }], { "X-Has-More": "true" }));

    const err = await client(server.url)
      .browsers.list()
      .then((page: any) => page.nextPage())
      .catch((e: any) => e);

    expect(err).toBeInstanceOf(lib.PaginationError);
    expect(err.message).toContain("X-Next-Offset is missing");
    expect(server.requests).toHaveLength(1);
  });

  it("stops at maxPages and at maxItems without asking for more", async () => {
    const byPages = await faultServer(offsetPages(100, 3));
    const byItems = await faultServer(offsetPages(100, 3));
    const pagesByItems = await faultServer(offsetPages(100, 3));
    const pages: number[] = [];
    const items: string[] = [];
    const pagesWithin: number[] = [];

    for await (const page of client(byPages.url).browsers.list({ limit: 3 }, { maxPages: 2 }).pages())
      pages.push(page.number);
    for await (const item of client(byItems.url).browsers.list({ limit: 3 }, { maxItems: 4 }))
      items.push(item.session_id);
    for await (const page of client(pagesByItems.url).browsers.list({ limit: 3 }, { maxItems: 4 }).pages())
      pagesWithin.push(page.number);

    expect(pages).toEqual([1, 2]);
    expect(byPages.requests).toHaveLength(2);
    expect(items).toEqual(["brs_0", "brs_1", "brs_2", "brs_3"]);
    expect(byItems.requests).toHaveLength(2);
    // whole pages, up to the one that holds the maxItems-th item
    expect(pagesWithin).toEqual([1, 2]);
    expect(pagesByItems.requests).toHaveLength(2);
  });

  it("refuses a maxPages that is not a whole number >= 1 before sending anything", async () => {
    const server = await faultServer(offsetPages(10, 3));

    await expect(client(server.url).browsers.list({}, { maxPages: 0 })).rejects.toBeInstanceOf(lib.ValidationError);
    await expect(client(server.url).browsers.list({ limit: 0 })).rejects.toBeInstanceOf(lib.ValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it("applies the call's signal to a later page", async () => {
    const server = await faultServer(offsetPages(10, 3), hang);
    const controller = new AbortController();
    const seen: string[] = [];

    const err = await (async () => {
      for await (const item of client(server.url).browsers.list({ limit: 3 }, { signal: controller.signal })) {
        seen.push(item.session_id);
        if (seen.length === 3) setTimeout(() => controller.abort(), 50);
      }
    })().catch((e: any) => e);

    expect(err).toBeInstanceOf(lib.UserAbortError);
    expect(seen).toEqual(["brs_0", "brs_1", "brs_2"]);
    expect(server.requests).toHaveLength(2);
  });

  it("applies the call's timeout to each page, and its retry policy: a GET page is retried after a timeout and a 503", async () => {
    const timedOut = await faultServer(offsetPages(10, 3), hang);
    const retried = await faultServer(
      offsetPages(6, 3),
      reply(503, undefined, { "Retry-After": "0" }),
      hang,
      offsetPages(6, 3),
    );

    const err = await (async () => {
      for await (const _ of client(timedOut.url, { timeoutMs: 300, maxRetries: 0 }).browsers.list({ limit: 3 }));
    })().catch((e: any) => e);
    const items: string[] = [];
    for await (const item of client(retried.url, { timeoutMs: 300 }).browsers.list({ limit: 3 }))
      items.push(item.session_id);

    expect(err).toBeInstanceOf(lib.ConnectionTimeoutError);
    expect(timedOut.requests).toHaveLength(2);
    expect(items).toEqual(ids(6));
    expect(retried.requests.map((r) => query(r).offset)).toEqual([undefined, "3", "3", "3"]);
  });

  it("checks each page against the spec: a drifted page is returned and reported, or thrown with its answer when strict", async () => {
    const drifted = [{ session_id: 7 }];
    const reported: any[] = [];
    const lenient = await faultServer(reply(200, drifted, { "X-Has-More": "false" }));
    const strict = await faultServer(reply(200, drifted, { "X-Has-More": "false" }));

    const page = await client(lenient.url, { onAnswerMismatch: (m: unknown) => reported.push(m) }).browsers.list();
    const err = await client(strict.url, { strictAnswers: true })
      .browsers.list()
      .catch((e: any) => e);

    expect(page.items).toEqual(drifted);
    expect(reported).toHaveLength(1);
    expect(reported[0].issues.map((i: { path: string; message: string }) => `${i.path} ${i.message}`)).toContain(
      "response[0].session_id must be string",
    );
    expect(err).toBeInstanceOf(lib.AnswerMismatchError);
    expect(err.data).toEqual(drifted);
    expect(err.message).toContain("response[0].session_id must be string");
  });
});
