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
      'GET /things: x-pagination style must be one of offset-header, cursor-header, cursor-body, link, none (got "pages")',
    );
    expect(() => decide({ "x-pagination": { style: "offset-header", next: "X-Next" } }, ["limit"], array)).toThrow(
      "GET /things: x-pagination param offset is not a query parameter of the operation",
    );
    expect(() =>
      decide({ "x-pagination": { style: "cursor-header", param: "p", next: "X", extra: 1 } }, ["p"], array),
    ).toThrow("has an unknown field extra");
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
