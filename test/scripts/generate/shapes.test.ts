// What the generator decides for lists (scripts/lib/generate/pagination.mjs) and multipart bodies
// (scripts/lib/generate/multipart.mjs), on small operations written as a spec would write them.
import { describe, expect, it } from "vitest";
import { formShape } from "../../../scripts/lib/generate/multipart.mjs";
import { pagination } from "../../../scripts/lib/generate/pagination.mjs";

const deref = (node: any) => node;
const q = (...names: string[]) => names.map((name) => ({ name }));
const json = (schema: any) => ({ kind: "json", schema });
const ITEM = { type: "object", properties: { id: { type: "string" } } };
const decide = (op: any, params: string[], schema: any, headers: Record<string, unknown> = {}) =>
  pagination(deref, "GET /things", op, q(...params), json(schema), { headers });

describe("pagination detection", () => {
  it("finds header offsets, header cursors, body cursors and Link headers", () => {
    const array = { type: "array", items: ITEM };
    expect(decide({}, ["limit", "offset"], array, { "X-Has-More": {}, "X-Next-Offset": {} }).page).toEqual({
      style: "offset-header",
      param: "offset",
      next: "X-Next-Offset",
      hasMore: "X-Has-More",
    });
    expect(decide({}, ["page_token"], array, { "X-Next-Page-Token": {} }).page).toEqual({
      style: "cursor-header",
      param: "page_token",
      next: "X-Next-Page-Token",
    });
    const cursorBody = {
      type: "object",
      properties: { data: array, has_more: { type: "boolean" }, next_cursor: { type: "string" } },
    };
    expect(decide({}, ["cursor"], cursorBody).page).toEqual({
      style: "cursor-body",
      param: "cursor",
      next: "next_cursor",
      hasMore: "has_more",
      items: "data",
    });
    const afterBody = { type: "object", properties: { items: array, has_more: { type: "boolean" } } };
    expect(decide({}, ["after"], afterBody).page).toEqual({
      style: "cursor-body",
      param: "after",
      lastItem: "id",
      hasMore: "has_more",
      items: "items",
    });
    expect(decide({}, [], array, { Link: {} }).page).toEqual({ style: "link" });
  });

  it("leaves a list with no page convention as one page, and says so", () => {
    const { page, note } = decide({}, ["limit"], { type: "array", items: ITEM });
    expect(page).toBeUndefined();
    expect(note).toBe(
      "GET /things: one page (answers an array; no x-pagination, no page headers or cursor parameter found)",
    );
    // has_more alone gives no position to continue from
    expect(
      decide({}, ["limit"], {
        type: "object",
        properties: { items: { type: "array" }, has_more: { type: "boolean" } },
      }),
    ).toEqual({ page: undefined, note: undefined });
  });

  it("takes x-pagination over detection, and refuses one it cannot follow", () => {
    const array = { type: "array", items: ITEM };
    expect(
      decide({ "x-pagination": { style: "cursor-header", param: "pos", next: "X-Pos" } }, ["pos"], array, {
        "X-Next-Offset": {},
      }),
    ).toEqual({
      page: { style: "cursor-header", param: "pos", next: "X-Pos" },
      note: "GET /things: pages by cursor-header: pos <- X-Pos, from x-pagination",
    });
    expect(
      decide({ "x-pagination": { style: "none" } }, ["offset"], array, { "X-Next-Offset": {} }).page,
    ).toBeUndefined();
    expect(() => decide({ "x-pagination": { style: "pages" } }, [], array)).toThrow(
      'GET /things: x-pagination style must be one of offset-header, cursor-header, cursor-body, link, next-url, page-number, item-cursor, none (got "pages")',
    );
    expect(() => decide({ "x-pagination": { style: "offset-header", next: "X-Next" } }, ["limit"], array)).toThrow(
      "GET /things: x-pagination param offset is not a query parameter of the operation",
    );
    expect(() =>
      decide({ "x-pagination": { style: "cursor-header", param: "p", next: "X", extra: 1 } }, ["p"], array),
    ).toThrow("has an unknown field extra");
  });
});

describe("pagination detection: after and before, next addresses, page numbers", () => {
  const items = { type: "array", items: ITEM };
  const nullableUrl = { type: ["string", "null"] };
  const twilioMeta = {
    type: "object",
    properties: { page: { type: "integer" }, next_page_url: nullableUrl, previous_page_url: nullableUrl },
  };
  const twilioList = { type: "object", properties: { conversations: items, meta: twilioMeta } };
  // links.pages.next through allOf and anyOf, as a document split into shared parts writes it
  const doLinks = {
    type: "object",
    properties: {
      pages: {
        anyOf: [
          { allOf: [{ properties: { last: { type: "string" } } }, { properties: { next: { type: "string" } } }] },
          { allOf: [{ properties: { first: { type: "string" } } }, { properties: { prev: { type: "string" } } }] },
          {},
        ],
      },
    },
  };
  const doList = {
    allOf: [
      { type: "object", properties: { droplets: items } },
      { type: "object", properties: { links: doLinks } },
      { type: "object", properties: { meta: { type: "object", properties: { total: { type: "integer" } } } } },
    ],
  };

  it("walks before with the first item's id, or first_id, beside after", () => {
    const body = { type: "object", properties: { data: items, has_more: { type: "boolean" } } };
    expect(decide({}, ["limit", "after", "before"], body)).toEqual({
      page: {
        style: "cursor-body",
        param: "after",
        lastItem: "id",
        hasMore: "has_more",
        items: "data",
        before: "before",
        firstItem: "id",
      },
      note: "GET /things: pages by cursor-body: after <- last item's id while has_more is true; before <- first item's id backwards, items in data, detected",
    });
    const ids = {
      type: "object",
      properties: {
        data: items,
        has_more: { type: "boolean" },
        first_id: { type: "string" },
        last_id: { type: "string" },
      },
    };
    expect(decide({}, ["after", "before"], ids).page).toEqual({
      style: "cursor-body",
      param: "after",
      next: "last_id",
      hasMore: "has_more",
      items: "data",
      before: "before",
      first: "first_id",
    });
  });

  it("finds the next page's address in the body, at any depth, through allOf and anyOf", () => {
    expect(decide({}, ["PageSize", "Page", "PageToken"], twilioList)).toEqual({
      page: { style: "next-url", next: "meta.next_page_url", items: "conversations" },
      note: "GET /things: pages by next-url: the address in meta.next_page_url, items in conversations, detected",
    });
    // the address is taken over the total beside it
    expect(decide({}, ["per_page", "page"], doList).page).toEqual({
      style: "next-url",
      next: "links.pages.next",
      items: "droplets",
    });
    const camel = {
      type: "object",
      properties: { results: items, paging: { type: "object", properties: { nextPageUrl: { type: "string" } } } },
    };
    expect(decide({}, [], camel).page).toEqual({ style: "next-url", next: "paging.nextPageUrl", items: "results" });
  });

  it("takes a field named next for an address only where something says it is one", () => {
    const cursor = { type: "object", properties: { data: items, next: { type: "string" } } };
    expect(decide({}, ["next"], cursor).page).toBeUndefined();
    for (const hint of [
      { format: "uri" },
      { example: "https://api.example.com/things?page=2" },
      { description: "The URL of the next page." },
    ])
      expect(
        decide({}, [], { type: "object", properties: { data: items, next: { type: "string", ...hint } } }).page,
      ).toEqual({ style: "next-url", next: "next", items: "data" });
    // an address that is no string, or one deeper than three objects, is not read
    const numbered = { type: "object", properties: { data: items, next_page_url: { type: "integer" } } };
    expect(decide({}, [], numbered).page).toBeUndefined();
    const deep = {
      type: "object",
      properties: {
        data: items,
        a: { type: "object", properties: { b: { type: "object", properties: { c: twilioMeta } } } },
      },
    };
    expect(decide({}, [], deep).page).toBeUndefined();
  });

  it("pages by number with a page parameter and a total of items or of pages", () => {
    const total = {
      type: "object",
      properties: { things: items, meta: { type: "object", properties: { total: { type: "integer" } } } },
    };
    expect(decide({}, ["per_page", "page"], total)).toEqual({
      page: { style: "page-number", param: "page", total: "meta.total", items: "things" },
      note: "GET /things: pages by page-number: page + 1 until meta.total items, items in things, detected",
    });
    const pages = {
      type: "object",
      properties: { data: items, total_count: { type: "integer" }, total_pages: { type: "integer" } },
    };
    expect(decide({}, ["page"], pages).page).toEqual({
      style: "page-number",
      param: "page",
      totalPages: "total_pages",
      items: "data",
    });
    // no page parameter, or no count: one page
    expect(decide({}, ["per_page"], total).page).toBeUndefined();
    expect(decide({}, ["page"], { type: "object", properties: { data: items } }).page).toBeUndefined();
    expect(
      decide({}, ["page"], { type: "object", properties: { data: items, total: { type: "string" } } }).page,
    ).toBeUndefined();
  });

  it("detects neither on an operation that sends a body", () => {
    const { page } = pagination(deref, "POST /things", { requestBody: {} }, q("page"), json(twilioList), {
      headers: {},
    });
    expect(page).toBeUndefined();
  });

  it("takes the new styles from x-pagination, and refuses what they cannot follow", () => {
    expect(decide({ "x-pagination": { style: "next-url", next: "paging.next" } }, [], twilioList)).toEqual({
      page: { style: "next-url", next: "paging.next", items: "conversations" },
      note: "GET /things: pages by next-url: the address in paging.next, items in conversations, from x-pagination",
    });
    expect(
      decide({ "x-pagination": { style: "page-number", totalPages: "meta.pages" } }, ["page"], twilioList).page,
    ).toEqual({
      style: "page-number",
      param: "page",
      totalPages: "meta.pages",
      items: "conversations",
    });
    expect(() => decide({ "x-pagination": { style: "next-url" } }, [], twilioList)).toThrow(
      "GET /things: x-pagination next-url needs next",
    );
    expect(() => decide({ "x-pagination": { style: "page-number", total: "n" } }, ["p"], twilioList)).toThrow(
      "GET /things: x-pagination param page is not a query parameter of the operation",
    );
    expect(() => decide({ "x-pagination": { style: "page-number" } }, ["page"], twilioList)).toThrow(
      "GET /things: x-pagination page-number needs one of total or totalPages, the body field counting the items or the pages",
    );
    expect(() => decide({ "x-pagination": { style: "next-url", next: "n", total: "t" } }, [], twilioList)).toThrow(
      "GET /things: x-pagination total is for style page-number only",
    );
    expect(() =>
      decide(
        { "x-pagination": { style: "cursor-body", param: "after", lastItem: "id", before: "until", firstItem: "id" } },
        ["after"],
        twilioList,
      ),
    ).toThrow("GET /things: x-pagination before until is not a query parameter of the operation");
    expect(() =>
      decide(
        { "x-pagination": { style: "cursor-body", param: "after", lastItem: "id", before: "before" } },
        ["after", "before"],
        twilioList,
      ),
    ).toThrow("GET /things: x-pagination before needs first or firstItem, where the position backwards is");
  });
});

describe("multipart shapes", () => {
  const file = { type: "string", format: "binary" };
  it("names files, sends arrays of objects holding files as bracket names, other objects as JSON", () => {
    const schema = {
      type: "object",
      properties: {
        name: { type: "string" },
        archive: file,
        files: { type: "array", items: { type: "object", properties: { file, dest_path: { type: "string" } } } },
        meta: { type: "object", properties: { tag: { type: "string" } } },
        tags: { type: "array", items: { type: "string" } },
      },
    };
    expect(formShape(deref, "POST /up", schema, {}).shape).toEqual({
      files: ["archive", "files[][file]"],
      brackets: ["files"],
      json: ["meta"],
    });
  });

  it("follows the encoding: deepObject gives bracket names, even without a file", () => {
    const schema = {
      type: "object",
      properties: { meta: { type: "object", properties: { tag: { type: "string" } } } },
    };
    expect(formShape(deref, "POST /up", schema, { meta: { style: "deepObject" } }).shape).toEqual({
      files: [],
      brackets: ["meta"],
    });
  });
});
