// Lists found by their shape (scripts/lib/generate/pagination-detect.mjs, list-shape.mjs,
// list-params.mjs): small operations whose field and parameter names are made up, so that only the
// structure can tell a list: the one array of items, and the answer field a parameter takes back.
// test/scripts/generate/shapes.test.ts holds the conventions the shared documents use.
import { describe, expect, it } from "vitest";
import { pagination } from "../../../scripts/lib/generate/pagination.mjs";

const str = { type: "string" };
const int = { type: "integer" };
const WIDGET = { type: "object", properties: { widget_id: str, label: str } };
const widgets = { type: "array", items: WIDGET };
const obj = (properties: Record<string, unknown>) => ({ type: "object", properties });
const param = (name: string, schema: object = str) => ({ name, in: "query", schema });

/** What pagination() decides for `GET /widgets` with these query parameters and answer. */
function decide(params: (string | { name: string; schema: object })[], schema: object, extra: object = {}) {
  const { doc = {}, headers = {}, op = {} } = extra as { doc?: object; headers?: object; op?: object };
  const queryParams = params.map((p) => (typeof p === "string" ? param(p) : { in: "query", ...p }));
  return pagination(doc, "GET /widgets", op, queryParams, { kind: "json", schema }, { headers });
}

describe("a body field a parameter takes back", () => {
  it("pairs a parameter with the field whose name holds its words and reads as next, whatever the items are called", () => {
    const answer = obj({ widgets, next_stride_marker: str });

    expect(decide(["stride_marker", "limit"], answer)).toEqual({
      page: { style: "cursor-body", param: "stride_marker", next: "next_stride_marker", items: "widgets" },
      note: "GET /widgets: pages by cursor-body: stride_marker <- next_stride_marker, items in widgets, detected",
    });
    // camel case, and a flag that reads as more beside it, a level down
    expect(
      decide(
        ["strideMarker"],
        obj({ widgets, paging: obj({ nextStrideMarker: str, moreWaiting: { type: "boolean" } }) }),
      ).page,
    ).toEqual({
      style: "cursor-body",
      param: "strideMarker",
      next: "paging.nextStrideMarker",
      hasMore: "paging.moreWaiting",
      items: "widgets",
    });
  });

  it("takes a parameter of no known role where next stands right before its words, and only there", () => {
    expect(decide(["wobble"], obj({ widgets, next_wobble: str })).page).toMatchObject({
      param: "wobble",
      next: "next_wobble",
    });
    // an echo of the request in the next query's copy is no position
    expect(decide(["wobble"], obj({ widgets, next_query: obj({ wobble: str }) })).page).toBeUndefined();
  });

  it("finds the position under a next object, and the items an object or two down", () => {
    const answer = obj({ result: obj({ gizmos: widgets }), pagination: obj({ next: obj({ resume_marker: str }) }) });

    expect(decide(["resume_marker", "per_chunk"], answer).page).toEqual({
      style: "cursor-body",
      param: "resume_marker",
      next: "pagination.next.resume_marker",
      items: "result.gizmos",
    });
  });

  it("reads a text field named as a handed-back parameter as its next position, but no number echo", () => {
    expect(decide(["bookmark_token"], obj({ sprockets: widgets, meta: obj({ bookmark_token: str }) })).page).toEqual({
      style: "cursor-body",
      param: "bookmark_token",
      next: "meta.bookmark_token",
      items: "sprockets",
    });
    // meta.offset and meta.skip say where this page started
    const echo = obj({ sprockets: widgets, meta: obj({ offset: int, skip: int }) });
    expect(decide([param("offset", int), param("skip", int)], echo).page).toBeUndefined();
  });

  it("gives a field that reads as next to the one position parameter that takes its type, as a number where it is one", () => {
    const answer = obj({ rows: widgets, next: { type: ["integer", "null"] } });
    const since = { name: "created_after", schema: { type: "string", format: "date-time" } };

    expect(decide([{ name: "resume_from", schema: int }, since, "label"], answer).page).toEqual({
      style: "cursor-body",
      param: "resume_from",
      next: "next",
      items: "rows",
      numberParams: ["resume_from"],
    });
    // of several that could take it, the one sharing a word with it
    const token = obj({ rows: widgets, meta: obj({ next_token: str }) });
    expect(decide(["since_row", "until_row", "paging_token", "max_rows"], token).page).toMatchObject({
      param: "paging_token",
      next: "meta.next_token",
    });
    // a number parameter takes text back only where its name says it is the one
    expect(decide([{ name: "resume_from", schema: int }], obj({ rows: widgets, next: str })).page).toBeUndefined();
    // two position parameters that could take it: which one is not for the shape to say
    expect(
      decide(
        [
          { name: "resume_from", schema: int },
          { name: "start_seq", schema: int },
        ],
        answer,
      ).page,
    ).toBeUndefined();
  });

  it("takes a plain text field back into a number parameter, and no text of a format", () => {
    const answer = (next: object) => obj({ widgets, paging: obj({ next_args: obj({ resume_token: next }) }) });
    const key = { name: "resume_token", schema: int };

    expect(decide([key], answer(str)).page).toEqual({
      style: "cursor-body",
      param: "resume_token",
      next: "paging.next_args.resume_token",
      items: "widgets",
      numberParams: ["resume_token"],
    });
    expect(decide([key], answer({ type: "string", format: "uuid" })).page).toBeUndefined();
  });

  it("walks backwards with the mirror parameter and the field it takes back", () => {
    const answer = obj({ widgets, cursors: obj({ after_mark: str, before_mark: str }) });

    expect(decide(["before_mark", "after_mark"], answer).page).toEqual({
      style: "cursor-body",
      param: "after_mark",
      next: "cursors.after_mark",
      items: "widgets",
      before: "before_mark",
      first: "cursors.before_mark",
    });
  });

  it("finds no list where the items are not one array, or the position is an address", () => {
    expect(decide(["stride_marker"], obj({ widgets, gadgets: widgets, next_stride_marker: str })).page).toBeUndefined();
    expect(
      decide(["stride_marker"], obj({ widgets, next_stride_marker: { type: "string", format: "uri" } })).page,
    ).toEqual({ style: "next-url", next: "next_stride_marker", items: "widgets" });
    expect(
      decide(["stride_marker"], obj({ widgets, next_stride_marker: str }), { op: { requestBody: {} } }).page,
    ).toEqual({ style: "cursor-body", param: "stride_marker", next: "next_stride_marker", items: "widgets" });
  });
});

describe("what is no position", () => {
  it("takes no size or count under next, and no text field that only ends in a handed-back parameter's name", () => {
    const sized = obj({ widgets, pages: obj({ next: obj({ per_chunk: int, total_left: int }) }) });
    expect(decide([{ name: "page", schema: int }], sized).page).toBeUndefined();
    expect(decide(["token"], obj({ widgets, session_token: str })).page).toBeUndefined();
  });

  it("says a list whose position goes back in the request body is one page, and why", () => {
    const body = {
      requestBody: {
        content: { "application/json": { schema: obj({ query: str, stride_marker: str }) } },
      },
    };
    const answer = obj({ hits: widgets, next_stride_marker: str });

    expect(decide([], answer, { op: body })).toEqual({
      page: undefined,
      note: undefined,
      unexpressed:
        "GET /widgets: the answer's next_stride_marker goes back in the request body's stride_marker; the list is one page (a page walker changes only the query)",
    });
    // a query position is walked as ever, body or not
    expect(decide(["stride_marker"], answer, { op: body }).page).toMatchObject({ style: "cursor-body" });
  });
});

describe("other conventions read by their words", () => {
  it("reads a header cursor, a more flag, a next address and a page count by the words of their names", () => {
    const array = { type: "array", items: WIDGET };
    expect(
      decide(["stride_marker"], array, { headers: { "X-Next-Stride-Marker": {}, "X-More-Waiting": {} } }).page,
    ).toEqual({
      style: "cursor-header",
      param: "stride_marker",
      next: "X-Next-Stride-Marker",
      hasMore: "X-More-Waiting",
    });
    const flagged = obj({ gizmos: widgets, has_more_gizmos: { type: "boolean" }, next_stride_marker: str });
    expect(decide(["stride_marker"], flagged).page).toEqual({
      style: "cursor-body",
      param: "stride_marker",
      next: "next_stride_marker",
      hasMore: "has_more_gizmos",
      items: "gizmos",
    });
    const linked = obj({
      gizmos: widgets,
      paging: obj({ nextPageHref: { type: "string", example: "https://x.test/w?p=2" } }),
    });
    expect(decide([], linked).page).toEqual({ style: "next-url", next: "paging.nextPageHref", items: "gizmos" });
    const counted = obj({ gizmos: widgets, summary: obj({ pageTotal: int, TotalRecords: int }) });
    expect(decide([{ name: "PageNo", schema: int }], counted).page).toEqual({
      style: "page-number",
      param: "PageNo",
      totalPages: "summary.pageTotal",
      items: "gizmos",
    });
  });
});

describe("items whose id is the position", () => {
  const chirp = { type: "object", properties: { chirp_id: str, body: str } };
  const chirps = { type: "array", items: chirp };
  const size = { name: "batch_size", schema: { type: "integer", maximum: 100 } };

  it("pages a bare array by its items' id with a position parameter and a size parameter", () => {
    expect(decide(["posted_before", "posted_after", size], chirps)).toEqual({
      page: {
        style: "item-cursor",
        param: "posted_after",
        lastItem: "chirp_id",
        before: "posted_before",
        firstItem: "chirp_id",
        limit: "batch_size",
      },
      note: "GET /widgets: pages by item-cursor: posted_after <- last item's chirp_id; posted_before <- first item's chirp_id backwards until a page holds fewer items than batch_size, detected",
    });
  });

  it("walks backwards alone where only a before-like parameter is there, and reads an object's one array", () => {
    expect(decide(["until_chirp", size], chirps).page).toEqual({
      style: "item-cursor",
      before: "until_chirp",
      firstItem: "chirp_id",
      limit: "batch_size",
    });
    expect(decide(["since_chirp", size], obj({ chirps, served_by: str })).page).toEqual({
      style: "item-cursor",
      param: "since_chirp",
      lastItem: "chirp_id",
      limit: "batch_size",
      items: "chirps",
    });
  });

  it("finds none without a size parameter, with a time for the position, or with an id the parameter cannot take", () => {
    expect(decide(["posted_after"], chirps).page).toBeUndefined();
    expect(
      decide([{ name: "posted_after", schema: { type: "string", format: "date-time" } }, size], chirps).page,
    ).toBeUndefined();
    expect(decide([{ name: "updated_since", schema: str }, size], chirps).page).toBeUndefined();
    expect(decide([{ name: "posted_after", schema: int }, size], chirps).page).toBeUndefined();
    expect(
      decide(["posted_after", size], { type: "array", items: { type: "object", properties: { body: str } } }).page,
    ).toBeUndefined();
  });
});

describe("x-pagination item-cursor", () => {
  const chirps = { type: "array", items: { type: "object", properties: { chirp_id: str } } };
  const declare = (page: object, params = ["after", "before", "limit"]) =>
    decide(params, chirps, { op: { "x-pagination": { style: "item-cursor", ...page } } });

  it("takes a direction with the item field its position is, and a limit among the query parameters", () => {
    expect(declare({ param: "after", lastItem: "chirp_id", limit: "limit" })).toEqual({
      page: { style: "item-cursor", param: "after", lastItem: "chirp_id", limit: "limit" },
      note: "GET /widgets: pages by item-cursor: after <- last item's chirp_id until a page holds fewer items than limit, from x-pagination",
    });
    expect(declare({ before: "before", firstItem: "chirp_id" }).note).toBe(
      "GET /widgets: pages by item-cursor: before <- first item's chirp_id backwards until a page holds fewer items than the first, from x-pagination",
    );
  });

  it.each([
    [{ lastItem: "chirp_id" }, "item-cursor needs param or before, the query parameter the position goes into"],
    [{ param: "after" }, "item-cursor needs lastItem with param, the item field that is the position"],
    [
      { param: "after", lastItem: "chirp_id", next: "n" },
      "next is not for item-cursor, whose position is an item's field",
    ],
    [{ param: "after", lastItem: "chirp_id", limit: "size" }, "limit size is not a query parameter of the operation"],
    [{ before: "before" }, "before needs first or firstItem, where the position backwards is"],
    [{ before: "before", first: "f" }, "first is for style cursor-body only"],
  ])("refuses %j", (page, message) => {
    expect(() => declare(page)).toThrow(`GET /widgets: x-pagination ${message}`);
  });

  it("refuses limit on another style", () => {
    expect(() =>
      decide(["cursor", "limit"], chirps, {
        op: { "x-pagination": { style: "cursor-header", param: "cursor", next: "X-Next", limit: "limit" } },
      }),
    ).toThrow("GET /widgets: x-pagination limit is for style item-cursor only");
  });
});

describe("a hostile answer", () => {
  it("reads an answer whose references lead nowhere or around in a circle, and finds no list in it", () => {
    const doc = {
      components: {
        schemas: {
          Loop: {
            type: "object",
            properties: { self: { $ref: "#/components/schemas/Loop" }, items: { $ref: "#/nowhere" } },
          },
        },
      },
    };
    const answer = { $ref: "#/components/schemas/Loop" };

    expect(decide(["cursor"], answer, { doc })).toEqual({ page: undefined, note: undefined });
    expect(decide(["cursor"], { $ref: "#/nowhere" }, { doc })).toEqual({ page: undefined, note: undefined });
  });
});
