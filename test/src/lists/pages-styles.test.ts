// Each pagination style a generated table may name, walked over a scripted fetcher: what each page
// asks for, where the walk stops, and the PaginationError of each way a next position can be wrong.
// test/src/lists/pages.test.ts walks the synthetic spec's lists (offsets in headers) through a generated client.
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { PagePromise, PaginationError, type PageFetcher, type Pagination } from "../../../src/lists/pages.js";
import { nextLink } from "../../../src/lists/next-address.js";
import { all, failure } from "../../support/iterate.js";

interface Answer {
  data?: unknown;
  headers?: Record<string, string>;
  /** The address the page was requested from; the Link style resolves against it. */
  url?: string;
}

const THINGS = "https://api.example.com/v1/things";

/** A fetcher that answers the n-th request with `answers[n]`, and records what each asked for. */
function script(...answers: Answer[]) {
  const asked: { query: Record<string, unknown> | undefined; trusted: boolean }[] = [];
  const fetch: PageFetcher = async (query, trusted) => {
    const answer = answers[asked.length];
    asked.push({ query, trusted });
    if (!answer) throw new Error(`request ${asked.length} was not scripted`);
    return {
      data: answer.data === undefined ? [] : answer.data,
      headers: new Headers(answer.headers),
      status: 200,
      url: answer.url ?? THINGS,
    };
  };
  return { fetch, asked };
}

/** The items a walk yields before it ends, and the error it ends with, if any. */
async function walk(list: AsyncIterable<unknown>): Promise<{ items: unknown[]; error: unknown }> {
  const items: unknown[] = [];
  const error = await failure(
    (async () => {
      for await (const item of list) items.push(item);
    })(),
  );
  return { items, error };
}

describe("offsets in headers", () => {
  const OFFSET: Pagination = { style: "offset-header", param: "offset", next: "X-Next-Offset", hasMore: "X-Has-More" };

  it("asks for each page at the offset the service gives, the rest of the query kept, and stops where it says no more", async () => {
    const { fetch, asked } = script(
      { data: [1, 2], headers: { "X-Has-More": "true", "X-Next-Offset": "12" } },
      { data: [3], headers: { "X-Has-More": "false", "X-Next-Offset": "13" } },
    );

    expect(await all(new PagePromise(fetch, OFFSET, { limit: 2 }, undefined))).toEqual([1, 2, 3]);
    expect(asked).toEqual([
      { query: { limit: 2 }, trusted: false },
      { query: { limit: 2, offset: 12 }, trusted: false },
    ]);
  });

  it("goes on while there is a next offset, where the list has no flag", async () => {
    const { fetch, asked } = script({ data: [1], headers: { "X-Next-Offset": "1" } }, { data: [2] });

    expect(await all(new PagePromise(fetch, { ...OFFSET, hasMore: undefined }, undefined, undefined))).toEqual([1, 2]);
    expect(asked).toHaveLength(2);
  });

  it.each([
    ["3x", 'Page 1 of the list: says more pages follow, but its X-Next-Offset is "3x", not an offset.'],
    ["x3", 'Page 1 of the list: says more pages follow, but its X-Next-Offset is "x3", not an offset.'],
    [
      "1234567890123456",
      'Page 1 of the list: says more pages follow, but its X-Next-Offset is "1234567890123456", not an offset.',
    ],
    [
      "z".repeat(50),
      `Page 1 of the list: says more pages follow, but its X-Next-Offset is "${"z".repeat(40)}", not an offset.`,
    ],
    [undefined, "Page 1 of the list: says more pages follow, but its X-Next-Offset is missing, not an offset."],
  ])("ends with PaginationError at a next offset of %s, after the first page's items", async (offset, message) => {
    const { fetch, asked } = script({
      data: [1],
      headers: { "X-Has-More": "true", ...(offset === undefined ? {} : { "X-Next-Offset": offset }) },
    });

    const { items, error } = await walk(new PagePromise(fetch, OFFSET, undefined, undefined));

    expect(items).toEqual([1]);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toBe(message);
    expect(asked).toHaveLength(1);
  });
});

describe("cursors in headers", () => {
  const CURSOR: Pagination = { style: "cursor-header", param: "cursor", next: "X-Next-Cursor" };

  it("asks for each page with the cursor the service gives, whatever its text", async () => {
    // "undefined" is a cursor like any other
    const { fetch, asked } = script(
      { data: [1], headers: { "X-Next-Cursor": "undefined" } },
      { data: [2], headers: { "X-Next-Cursor": "c 2" } },
      { data: [3] },
    );

    expect(await all(new PagePromise(fetch, CURSOR, { limit: 1 }, undefined))).toEqual([1, 2, 3]);
    expect(asked).toEqual([
      { query: { limit: 1 }, trusted: false },
      { query: { limit: 1, cursor: "undefined" }, trusted: false },
      { query: { limit: 1, cursor: "c 2" }, trusted: false },
    ]);
  });

  it.each([
    [
      "an empty cursor",
      { "X-Next-Cursor": "" },
      'Page 1 of the list: its next position "" was already used; the walk stops rather than repeat pages.',
    ],
    [
      "the cursor it was asked with",
      { "X-Next-Cursor": "c-1" },
      'Page 1 of the list: its next position "c-1" was already used; the walk stops rather than repeat pages.',
    ],
    [
      "more pages and no cursor",
      { "X-Has-More": "true" },
      "Page 1 of the list: says more pages follow, but gives no next position (X-Next-Cursor).",
    ],
  ])("ends with PaginationError at %s", async (_, headers, message) => {
    const { fetch, asked } = script({ data: [1], headers });

    const { items, error } = await walk(
      new PagePromise(fetch, { ...CURSOR, hasMore: "X-Has-More" }, { cursor: "c-1" }, undefined),
    );

    expect(items).toEqual([1]);
    expect((error as Error).message).toBe(message);
    expect(asked).toHaveLength(1);
  });

  it("ends with PaginationError at a cursor given before in the walk, its text cut to 40 characters", async () => {
    const cursor = "c".repeat(50);
    const { fetch, asked } = script(
      { data: [1], headers: { "X-Next-Cursor": cursor } },
      { data: [2], headers: { "X-Next-Cursor": cursor } },
    );

    const { items, error } = await walk(new PagePromise(fetch, CURSOR, undefined, undefined));

    expect(items).toEqual([1, 2]);
    expect((error as Error).message).toBe(
      `Page 2 of the list: its next position "${"c".repeat(40)}" was already used; the walk stops rather than repeat pages.`,
    );
    expect(asked).toHaveLength(2);
  });
});

describe("cursors in the body", () => {
  const BODY: Pagination = {
    style: "cursor-body",
    param: "cursor",
    next: "next_cursor",
    hasMore: "has_more",
    items: "data",
  };
  const AFTER: Pagination = {
    style: "cursor-body",
    param: "starting_after",
    lastItem: "id",
    hasMore: "has_more",
    items: "data",
  };

  it("reads the items, the flag and the next cursor from the body, a number cursor sent as text", async () => {
    const { fetch, asked } = script(
      { data: { data: [1, 2], has_more: true, next_cursor: 7 } },
      { data: { data: [3], has_more: false, next_cursor: "8" } },
    );

    const first = await new PagePromise(fetch, BODY, undefined, undefined);
    const second = await first.nextPage();

    expect([first.items, first.body, first.hasNextPage()]).toEqual([
      [1, 2],
      { data: [1, 2], has_more: true, next_cursor: 7 },
      true,
    ]);
    expect([second.items, second.hasNextPage()]).toEqual([[3], false]);
    expect(asked).toEqual([
      { query: undefined, trusted: false },
      { query: { cursor: "7" }, trusted: false },
    ]);
  });

  it("takes a body of null as a last page without items", async () => {
    const { fetch } = script({ data: null });

    const page = await new PagePromise(fetch, BODY, undefined, undefined);

    expect([page.items, page.hasNextPage()]).toEqual([[], false]);
  });

  it("asks for the page after the last item's id where the list names no cursor field", async () => {
    const { fetch, asked } = script(
      { data: { data: [{ id: "a" }, { id: "b" }], has_more: true } },
      { data: { data: [{ id: "c" }], has_more: false } },
    );

    expect(await all(new PagePromise(fetch, AFTER, { limit: 2 }, undefined))).toEqual([
      { id: "a" },
      { id: "b" },
      { id: "c" },
    ]);
    expect(asked.map((a) => a.query)).toEqual([{ limit: 2 }, { limit: 2, starting_after: "b" }]);
  });

  it.each([
    [
      "no next cursor",
      BODY,
      { data: [1], has_more: true },
      "Page 1 of the list: says more pages follow, but gives no next position (next_cursor).",
    ],
    [
      "a last item without an id",
      AFTER,
      { data: [{}], has_more: true },
      "Page 1 of the list: says more pages follow, but gives no next position (the last item's id).",
    ],
    [
      "no items at all",
      AFTER,
      { data: [], has_more: true },
      "Page 1 of the list: says more pages follow, but gives no next position (the last item's id).",
    ],
  ])("ends with PaginationError where more pages are promised with %s", async (_, style, data, message) => {
    const { fetch, asked } = script({ data });

    const { error } = await walk(new PagePromise(fetch, style, undefined, undefined));

    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toBe(message);
    expect(asked).toHaveLength(1);
  });
});

describe("links to the next page", () => {
  const LINK: Pagination = { style: "link" };

  it.each([
    ['<https://api.example.com/v1/things?page=2>; rel="next"', "https://api.example.com/v1/things?page=2"],
    ["<?page=2>; rel=next", "?page=2"],
    ['</v1/things?page=1>; rel="prev", </v1/things?page=3>; rel="next"', "/v1/things?page=3"],
    ['</v1/things?page=3> ; title=three ; REL = "prev NEXT"', "/v1/things?page=3"],
    ["</v1/things?page=3>;rel=next", "/v1/things?page=3"],
    ['</v1/things?page=3>; rel="nextish"', undefined],
    ["</v1/things?page=3>; rel=prev", undefined],
    ["</v1/things?page=3>", undefined],
    ["", undefined],
    [null, undefined],
  ])("reads the next page of the Link %s as %s", (header, target) => {
    expect(nextLink(header)).toBe(target);
  });

  it("follows each link against the address of its page, the query as the link writes it, sent as the service wrote it", async () => {
    const { fetch, asked } = script(
      { data: [1], url: `${THINGS}?limit=1`, headers: { Link: "</v1/things?limit=1&page=2&tag=a&tag=b>; rel=next" } },
      {
        data: [2],
        url: `${THINGS}?limit=1&page=2&tag=a&tag=b`,
        headers: { Link: `<${THINGS}?page=3&limit=1&tag=a&tag=b>; rel=next` },
      },
      { data: [3], url: `${THINGS}?page=3&limit=1&tag=a&tag=b` },
    );

    expect(await all(new PagePromise(fetch, LINK, { limit: 1 }, undefined))).toEqual([1, 2, 3]);
    expect(asked).toEqual([
      { query: { limit: 1 }, trusted: false },
      { query: { limit: "1", page: "2", tag: ["a", "b"] }, trusted: true },
      { query: { page: "3", limit: "1", tag: ["a", "b"] }, trusted: true },
    ]);
  });

  it.each([
    [
      "another origin",
      "<https://elsewhere.example/v1/things?page=2>; rel=next",
      'Page 1 of the list: its Link rel="next" points to another address (https://elsewhere.example/v1/things); only the same operation is followed.',
    ],
    [
      "another path",
      "</v1/others?page=2>; rel=next",
      'Page 1 of the list: its Link rel="next" points to another address (https://api.example.com/v1/others); only the same operation is followed.',
    ],
    ["no address", "<http://[>; rel=next", 'Page 1 of the list: its Link rel="next" is not an address.'],
    [
      "the page itself",
      "<?page=1>; rel=next",
      'Page 1 of the list: its Link rel="next" was already followed; the walk stops rather than repeat pages.',
    ],
  ])("ends with PaginationError at a link to %s, and sends nothing there", async (_, link, message) => {
    const { fetch, asked } = script({ data: [1], url: `${THINGS}?page=1`, headers: { Link: link } });

    const { items, error } = await walk(new PagePromise(fetch, LINK, undefined, undefined));

    expect(items).toEqual([1]);
    expect((error as Error).message).toBe(message);
    expect(asked).toHaveLength(1);
  });

  it('follows a link whose query differs from one it followed only by an "&" or "=" inside a value', async () => {
    const { fetch, asked } = script(
      { data: [1], url: `${THINGS}?page=1`, headers: { Link: "<?a=1&b=2>; rel=next" } },
      { data: [2], url: `${THINGS}?a=1&b=2`, headers: { Link: "<?a=1%26b%3D2>; rel=next" } },
      { data: [3], url: `${THINGS}?a=1%26b%3D2` },
    );

    expect(await all(new PagePromise(fetch, LINK, undefined, undefined))).toEqual([1, 2, 3]);
    expect(asked.map((a) => a.query)).toEqual([undefined, { a: "1", b: "2" }, { a: "1&b=2" }]);
  });

  it("ends with PaginationError at a link it followed before, its query in another order", async () => {
    const { fetch, asked } = script(
      { data: [1], headers: { Link: "<?b=2&a=1>; rel=next" } },
      { data: [2], url: `${THINGS}?b=2&a=1`, headers: { Link: "<?a=1&b=2>; rel=next" } },
    );

    const { items, error } = await walk(new PagePromise(fetch, LINK, undefined, undefined));

    expect(items).toEqual([1, 2]);
    expect((error as Error).message).toBe(
      'Page 2 of the list: its Link rel="next" was already followed; the walk stops rather than repeat pages.',
    );
    expect(asked).toHaveLength(2);
  });
});

describe("cursors in the body, walked backwards", () => {
  const BOTH: Pagination = {
    style: "cursor-body",
    param: "after",
    lastItem: "id",
    hasMore: "has_more",
    items: "data",
    before: "before",
    firstItem: "id",
  };
  const IDS: Pagination = {
    style: "cursor-body",
    param: "after",
    next: "last_id",
    hasMore: "has_more",
    items: "data",
    before: "before",
    first: "first_id",
  };

  it("asks for each page before the first item's id where the call sets before", async () => {
    const { fetch, asked } = script(
      { data: { data: [{ id: "e" }, { id: "f" }], has_more: true } },
      { data: { data: [{ id: "c" }, { id: "d" }], has_more: true } },
      { data: { data: [{ id: "b" }], has_more: false } },
    );

    const items = await all(new PagePromise(fetch, BOTH, { before: "g", limit: 2 }, undefined));

    expect(items).toEqual([{ id: "e" }, { id: "f" }, { id: "c" }, { id: "d" }, { id: "b" }]);
    expect(asked.map((a) => a.query)).toEqual([
      { before: "g", limit: 2 },
      { before: "e", limit: 2 },
      { before: "c", limit: 2 },
    ]);
  });

  it("walks forward after the last item's id where the call sets neither", async () => {
    const { fetch, asked } = script(
      { data: { data: [{ id: "a" }, { id: "b" }], has_more: true } },
      { data: { data: [{ id: "c" }], has_more: false } },
    );

    expect(await all(new PagePromise(fetch, BOTH, { before: "" }, undefined))).toHaveLength(3);
    expect(asked.map((a) => a.query)).toEqual([{ before: "" }, { before: "", after: "b" }]);
  });

  it("reads first_id backwards and last_id forwards from the body", async () => {
    const back = script(
      { data: { data: [{ id: "x" }], first_id: "f1", last_id: "l1", has_more: true } },
      { data: { data: [{ id: "y" }], first_id: "f2", last_id: "l2", has_more: false } },
    );
    const forth = script(
      { data: { data: [{ id: "x" }], first_id: "f1", last_id: "l1", has_more: true } },
      { data: { data: [{ id: "y" }], first_id: "f2", last_id: "l2", has_more: false } },
    );

    await all(new PagePromise(back.fetch, IDS, { before: "f0" }, undefined));
    await all(new PagePromise(forth.fetch, IDS, undefined, undefined));

    expect(back.asked.map((a) => a.query)).toEqual([{ before: "f0" }, { before: "f1" }]);
    expect(forth.asked.map((a) => a.query)).toEqual([undefined, { after: "l1" }]);
  });

  it.each([
    [
      "a first item without an id",
      BOTH,
      { data: [{}], has_more: true },
      "Page 1 of the list: says more pages follow, but gives no next position (the first item's id).",
    ],
    [
      "no first_id",
      IDS,
      { data: [{ id: "x" }], has_more: true },
      "Page 1 of the list: says more pages follow, but gives no next position (first_id).",
    ],
    [
      "the position it was asked with",
      IDS,
      { data: [{ id: "x" }], first_id: "f0", has_more: true },
      'Page 1 of the list: its next position "f0" was already used; the walk stops rather than repeat pages.',
    ],
  ])("ends with PaginationError where more pages are promised with %s", async (_, style, data, message) => {
    const { fetch, asked } = script({ data });

    const { error } = await walk(new PagePromise(fetch, style, { before: "f0" }, undefined));

    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toBe(message);
    expect(asked).toHaveLength(1);
  });
});

describe("the next page's address in the body", () => {
  const NEXT: Pagination = { style: "next-url", next: "meta.next_page_url", items: "things" };
  const body = (things: unknown[], next: unknown) => ({ things, meta: { next_page_url: next } });

  it("follows each address within the operation, its query as the service wrote it, until the address is null", async () => {
    const { fetch, asked } = script(
      { data: body([1], `${THINGS}?PageSize=1&Page=1&PageToken=PT1`), url: `${THINGS}?PageSize=1` },
      {
        data: body([2], "/v1/things?PageSize=1&Page=2&PageToken=PT2"),
        url: `${THINGS}?PageSize=1&Page=1&PageToken=PT1`,
      },
      { data: body([3], null), url: `${THINGS}?PageSize=1&Page=2&PageToken=PT2` },
    );

    expect(await all(new PagePromise(fetch, NEXT, { PageSize: 1 }, undefined))).toEqual([1, 2, 3]);
    expect(asked).toEqual([
      { query: { PageSize: 1 }, trusted: false },
      { query: { PageSize: "1", Page: "1", PageToken: "PT1" }, trusted: true },
      { query: { PageSize: "1", Page: "2", PageToken: "PT2" }, trusted: true },
    ]);
  });

  it("stops at an empty or missing address, and reads a path of any depth", async () => {
    const deep: Pagination = { style: "next-url", next: "links.pages.next", items: "things" };
    const { fetch, asked } = script(
      { data: { things: [1], links: { pages: { next: `${THINGS}?page=2` } } } },
      { data: { things: [2], links: {} }, url: `${THINGS}?page=2` },
    );
    const empty = script({ data: body([1], "") });

    expect(await all(new PagePromise(fetch, deep, undefined, undefined))).toEqual([1, 2]);
    expect(asked.map((a) => a.query)).toEqual([undefined, { page: "2" }]);
    expect(await all(new PagePromise(empty.fetch, NEXT, undefined, undefined))).toEqual([1]);
    expect(empty.asked).toHaveLength(1);
  });

  it.each([
    [
      "another origin",
      "https://elsewhere.example/v1/things?Page=2",
      "Page 1 of the list: its meta.next_page_url points to another address (https://elsewhere.example/v1/things); only the same operation is followed.",
    ],
    [
      "another scheme",
      "http://api.example.com/v1/things?Page=2",
      "Page 1 of the list: its meta.next_page_url points to another address (http://api.example.com/v1/things); only the same operation is followed.",
    ],
    [
      "another path",
      "/v1/others?Page=2",
      "Page 1 of the list: its meta.next_page_url points to another address (https://api.example.com/v1/others); only the same operation is followed.",
    ],
    ["no address", "http://[", "Page 1 of the list: its meta.next_page_url is not an address."],
    [
      "the page itself",
      `${THINGS}?Page=1`,
      "Page 1 of the list: its meta.next_page_url was already followed; the walk stops rather than repeat pages.",
    ],
    ["a number", 2, "Page 1 of the list: says more pages follow, but its meta.next_page_url is no address."],
  ])("ends with PaginationError at an address of %s, and sends nothing there", async (_, next, message) => {
    const { fetch, asked } = script({ data: body([1], next), url: `${THINGS}?Page=1` });

    const { items, error } = await walk(new PagePromise(fetch, NEXT, undefined, undefined));

    expect(items).toEqual([1]);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toBe(message);
    expect(asked).toHaveLength(1);
  });

  it("ends with PaginationError at an address it followed before, its query in another order", async () => {
    const { fetch, asked } = script(
      { data: body([1], "?b=2&a=1") },
      { data: body([2], "?a=1&b=2"), url: `${THINGS}?b=2&a=1` },
    );

    const { items, error } = await walk(new PagePromise(fetch, NEXT, undefined, undefined));

    expect(items).toEqual([1, 2]);
    expect((error as Error).message).toBe(
      "Page 2 of the list: its meta.next_page_url was already followed; the walk stops rather than repeat pages.",
    );
    expect(asked).toHaveLength(2);
  });
});

describe("page numbers with totals", () => {
  const TOTAL: Pagination = { style: "page-number", param: "page", total: "meta.total", items: "things" };
  const PAGES: Pagination = { style: "page-number", param: "page", totalPages: "total_pages", items: "things" };

  it("asks for the next page number while the pages so far hold fewer items than the total", async () => {
    const { fetch, asked } = script(
      { data: { things: [1, 2], meta: { total: 5 } } },
      { data: { things: [3, 4], meta: { total: 5 } } },
      { data: { things: [5], meta: { total: 5 } } },
    );

    expect(await all(new PagePromise(fetch, TOTAL, { per_page: 2 }, undefined))).toEqual([1, 2, 3, 4, 5]);
    expect(asked.map((a) => a.query)).toEqual([{ per_page: 2 }, { per_page: 2, page: 2 }, { per_page: 2, page: 3 }]);
  });

  it("starts from the page the call asks for, and stops where the total is reached exactly", async () => {
    const { fetch, asked } = script(
      { data: { things: [5, 6], meta: { total: 8 } } },
      { data: { things: [7, 8], meta: { total: 8 } } },
    );

    expect(await all(new PagePromise(fetch, TOTAL, { page: 3 }, undefined))).toEqual([5, 6, 7, 8]);
    expect(asked.map((a) => a.query)).toEqual([{ page: 3 }, { page: 4 }]);
  });

  it("counts pages where the list gives a page total", async () => {
    const { fetch, asked } = script(
      { data: { things: [1], total_pages: 2 } },
      { data: { things: [2], total_pages: 2 } },
    );

    expect(await all(new PagePromise(fetch, PAGES, undefined, undefined))).toEqual([1, 2]);
    expect(asked.map((a) => a.query)).toEqual([undefined, { page: 2 }]);
  });

  it.each([
    ["an empty page", { things: [], meta: { total: 9 } }],
    ["no total", { things: [1] }],
    ["a total that is no number", { things: [1], meta: { total: "many" } }],
  ])("stops after %s, asking for nothing more", async (_, data) => {
    const { fetch, asked } = script({ data });

    await all(new PagePromise(fetch, TOTAL, undefined, undefined));

    expect(asked).toHaveLength(1);
  });

  it("ends with PaginationError at a page number that is not a number", async () => {
    const { fetch, asked } = script({ data: { things: [1], meta: { total: 9 } } });

    const { items, error } = await walk(new PagePromise(fetch, TOTAL, { page: "two" }, undefined));

    expect(items).toEqual([1]);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toBe('Page 1 of the list: its page "two" is not a page number.');
    expect(asked).toHaveLength(1);
  });
});

describe("a walk's bounds", () => {
  const CURSOR: Pagination = { style: "cursor-header", param: "cursor", next: "X-Next-Cursor" };
  /** An endless list: page n holds item n and a cursor to page n + 1. */
  const endless = () => {
    let n = 0;
    const fetch: PageFetcher = async () => {
      n++;
      return { data: [n], headers: new Headers({ "X-Next-Cursor": `c${n}` }), status: 200, url: THINGS };
    };
    return { fetch, count: () => n };
  };

  it("fails past the default 10 000 pages, saying how to walk further, after yielding them", async () => {
    const list = endless();

    const { items, error } = await walk(new PagePromise(list.fetch, CURSOR, undefined, undefined));

    expect(items).toHaveLength(10_000);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toBe("The list has more than 10000 pages; pass maxPages to walk further.");
    expect(list.count()).toBe(10_000);
  });

  it("ends quietly at a maxPages the caller gives, and walks on with Infinity", async () => {
    const bounded = endless();
    const unbounded = endless();

    expect(await all(new PagePromise(bounded.fetch, CURSOR, undefined, { maxPages: 3 }))).toEqual([1, 2, 3]);
    let seen = 0;
    for await (const _ of new PagePromise(unbounded.fetch, CURSOR, undefined, { maxPages: Infinity }))
      if (++seen === 10_050) break;
    expect([bounded.count(), unbounded.count()]).toEqual([3, 10_050]);
  });

  it("asks for no page past the one that reaches maxItems", async () => {
    const list = endless();

    expect(await all(new PagePromise(list.fetch, CURSOR, undefined, { maxItems: 2 }))).toEqual([1, 2]);
    expect(list.count()).toBe(2);
  });

  it.each([
    [{ maxPages: 0 }, [{ path: "options.maxPages", message: "must be a whole number >= 1, or Infinity (got 0)" }]],
    [
      { maxPages: 1, maxItems: 1.5 },
      [{ path: "options.maxItems", message: "must be a whole number >= 1, or Infinity (got 1.5)" }],
    ],
    [
      { maxPages: -Infinity, maxItems: Number.NaN },
      [
        { path: "options.maxPages", message: "must be a whole number >= 1, or Infinity (got -Infinity)" },
        { path: "options.maxItems", message: "must be a whole number >= 1, or Infinity (got NaN)" },
      ],
    ],
  ])("refuses %o with ValidationError, and asks for nothing", async (options, issues) => {
    const list = endless();

    const error = await failure(new PagePromise(list.fetch, CURSOR, undefined, options).then((page) => page));

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual(issues);
    expect(list.count()).toBe(0);
  });

  it("refuses nextPage() on the last page, asking for nothing", async () => {
    const { fetch, asked } = script({ data: [1] });

    const last = await new PagePromise(fetch, CURSOR, undefined, undefined);

    expect(((await failure(last.nextPage())) as Error).message).toBe("Page 1 of the list: there is no next page.");
    expect(asked).toHaveLength(1);
  });

  it("is a promise of the first page to any code that asks: its tag, catch and finally", async () => {
    const { fetch, asked } = script({ data: [1] });
    const list = new PagePromise(fetch, CURSOR, undefined, undefined);
    let settled = false;

    const page = await list.finally(() => (settled = true));

    expect(Object.prototype.toString.call(list)).toBe("[object PagePromise]");
    expect([page.items, settled]).toEqual([[1], true]);
    expect(await list.catch(() => "never")).toBe(page);
    expect(asked).toHaveLength(1);
  });
});
