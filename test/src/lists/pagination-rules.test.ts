// The rules that read where a list's next page is, called on one page at a time: whether another
// page follows, the query that asks for it, an item's id, a repeated item, a Link header's next.
// Each expected value is written out here; the walks over several pages are in pages-*.test.ts.
import { describe, expect, it } from "vitest";
import {
  hasNextPage,
  itemId,
  nextQuery,
  type PageView,
  type Pagination,
  repeatedItems,
  type Walk,
} from "../../../src/lists/pagination.js";
import { nextLink } from "../../../src/lists/next-address.js";

const URL_ = "https://api.example.com/v1/messages";
const walkOf = (style: Pagination, more: Partial<Walk> = {}): Walk => ({
  fetch: async () => {
    throw new Error("no page is fetched here");
  },
  style,
  seen: new Set(),
  backward: false,
  ...more,
});
const pageOf = (items: unknown[], query?: Record<string, unknown>, more: Partial<PageView> = {}): PageView => ({
  items,
  body: items,
  headers: new Headers(),
  query,
  url: URL_,
  ...more,
});
const fail = (reason: string) => new Error(reason);
const ITEMS: Pagination = { style: "item-cursor", param: "after", lastItem: "id", limit: "limit" };
const ids = (...list: (string | number)[]) => list.map((id) => ({ id }));

describe("an item-cursor page is full, so another may follow", () => {
  it.each<[string, Pagination, Partial<Walk>, unknown[], Record<string, unknown> | undefined, boolean]>([
    ["as many items as the call's limit asks", ITEMS, {}, ids(1, 2), { limit: "2" }, true],
    ["fewer items than the call's limit asks", ITEMS, { pageSize: 1 }, ids(1), { limit: "2" }, false],
    ["one item where the limit asks one", ITEMS, { pageSize: 5 }, ids(1), { limit: 1 }, true],
    ["a limit of 0, which sizes nothing: the first page's size", ITEMS, { pageSize: 2 }, ids(1), { limit: 0 }, false],
    ["a limit that is no number: the first page's size", ITEMS, { pageSize: 2 }, ids(1, 2), { limit: "ten" }, true],
    ["a fractional limit: the first page's size", ITEMS, { pageSize: 3 }, ids(1, 2), { limit: 2.5 }, false],
    ["a fractional limit a page fills: the first page's size", ITEMS, { pageSize: 2 }, ids(1, 2), { limit: 2.5 }, true],
    [
      "no limit parameter: the first page's size",
      { ...ITEMS, limit: undefined },
      { pageSize: 2 },
      ids(1),
      { limit: 1 },
      false,
    ],
    [
      "no limit parameter, whatever parameter the query holds",
      { ...ITEMS, limit: undefined },
      { pageSize: 2 },
      ids(1),
      { undefined: 1 },
      false,
    ],
    ["no limit and no first page's size: any items", { ...ITEMS, limit: undefined }, {}, ids(1), undefined, true],
    ["an empty page, whatever the size", { ...ITEMS, limit: undefined }, {}, [], undefined, false],
  ])("%s", (_, style, walk, items, query, full) => {
    expect(hasNextPage(walkOf(style, walk), pageOf(items, query))).toBe(full);
  });
});

describe("an item's id", () => {
  it.each<[unknown, string | undefined]>([
    [{ id: "msg_1" }, "msg_1"],
    [{ id: 42 }, "42"],
    [{ id: 0 }, "0"],
    [{ id: Number.NaN }, undefined],
    [{ id: Number.POSITIVE_INFINITY }, undefined],
    [{ id: true }, undefined],
    [{ id: { nested: 1 } }, undefined],
    [{}, undefined],
    [null, undefined],
    ["msg_1", undefined],
  ])("of %j is %j", (item, id) => {
    expect(itemId(item, "id")).toBe(id);
  });

  it("is none for an item that is no object, even where the key names a property of its value", () => {
    // a string has a length, and an array an index: neither is an item's field
    expect(itemId("msg_1", "length")).toBeUndefined();
    expect(itemId(["msg_1"], "0")).toBe("msg_1");
  });
});

describe("the next query of an item-cursor list", () => {
  it("is after the largest whole-number id forwards, and before the smallest backwards, whatever their order", () => {
    const page = pageOf(ids("20", "3", "100"), { limit: 3 });

    expect(nextQuery(walkOf(ITEMS), page, fail).query).toEqual({ limit: 3, after: "100" });
    expect(
      nextQuery(walkOf({ ...ITEMS, before: "before", firstItem: "id" }, { backward: true }), page, fail).query,
    ).toEqual({ limit: 3, before: "3" });
  });

  it("is after the last item where some id is no whole number, or longer than 40 digits", () => {
    expect(nextQuery(walkOf(ITEMS), pageOf(ids("20", "b", "3")), fail).query).toEqual({ after: "3" });
    expect(nextQuery(walkOf(ITEMS), pageOf(ids("20", "3x")), fail).query).toEqual({ after: "3x" });
    expect(nextQuery(walkOf(ITEMS), pageOf(ids("9".repeat(41), "1")), fail).query).toEqual({ after: "1" });
  });

  it("takes the id of the largest as it is given, a number staying a number where the parameter takes one", () => {
    const numbers = { ...ITEMS, numberParams: ["after"] };

    expect(nextQuery(walkOf(numbers), pageOf(ids(7, 12, 9)), fail).query).toEqual({ after: 12 });
    expect(nextQuery(walkOf(ITEMS), pageOf(ids(7, 12, 9)), fail).query).toEqual({ after: "12" });
  });

  it("fails where the page holds no item to go on from", () => {
    expect(() => nextQuery(walkOf(ITEMS), pageOf([]), fail)).toThrow(
      "says more pages follow, but gives no next position (the last item's id)",
    );
  });

  it("fails where the edge item has no id", () => {
    expect(() => nextQuery(walkOf(ITEMS), pageOf([{ id: "1" }, { text: "no id" }]), fail)).toThrow(
      "says more pages follow, but gives no next position (the last item's id)",
    );
  });
});

describe("the next query of other styles", () => {
  it("is after the last item's field, where a body cursor list names no cursor field", () => {
    const walk = walkOf({ style: "cursor-body", param: "after", lastItem: "id" });

    expect(nextQuery(walk, pageOf(ids("a", "b", "c")), fail)).toEqual({ query: { after: "c" }, trusted: false });
  });

  it("is the next page number, checked before it is sent", () => {
    const walk = walkOf({ style: "page-number", param: "page", total: "total" });

    expect(nextQuery(walk, pageOf(ids(1), { page: "2" }), fail)).toEqual({ query: { page: 3 }, trusted: false });
  });

  it("walks a header cursor forwards, whatever the call's before says", () => {
    const walk = walkOf(
      { style: "cursor-header", param: "cursor", next: "X-Next", before: "before" },
      { backward: true },
    );
    const page = pageOf([], { before: "b1" }, { headers: new Headers({ "X-Next": "c2" }) });

    expect(nextQuery(walk, page, fail).query).toEqual({ before: "b1", cursor: "c2" });
  });

  it("fails where a Link header has no next page's address", () => {
    const walk = walkOf({ style: "link" });
    const page = pageOf([], undefined, { headers: new Headers({ link: '<https://a.test/?page=1>; rel="prev"' }) });

    expect(() => nextQuery(walk, page, fail)).toThrow('says more pages follow, but its Link header has no rel="next"');
  });

  it("fails where the page number is none, naming it as the query holds it", () => {
    const walk = walkOf({ style: "page-number", param: "page", total: "total" });

    expect(() => nextQuery(walk, pageOf([], { page: "2b" }), fail)).toThrow('its page "2b" is not a page number');
  });

  it("fails where the address of the next page is no address", () => {
    const walk = walkOf({ style: "next-url", next: "next" });

    expect(() => nextQuery(walk, pageOf([], undefined, { body: { next: "http://[::1" } }), fail)).toThrow(
      "its next is not an address",
    );
  });
});

describe("a position sent as a number", () => {
  const CURSOR: Pagination = { style: "cursor-body", param: "cursor", next: "next", numberParams: ["cursor"] };
  const next = (position: unknown) =>
    nextQuery(walkOf(CURSOR), pageOf([], undefined, { body: { next: position } }), fail).query;

  it("goes as a number only when it is whole digits, at most 15 of them", () => {
    expect(next("-15")).toEqual({ cursor: -15 });
    expect(next("123456789012345")).toEqual({ cursor: 123456789012345 });
    expect(next("1234567890123456")).toEqual({ cursor: "1234567890123456" });
    expect(next("12a")).toEqual({ cursor: "12a" });
    expect(next("a12")).toEqual({ cursor: "a12" });
  });
});

describe("an offset header", () => {
  const OFFSET: Pagination = { style: "offset-header", param: "offset", next: "X-Next-Offset" };
  const next = (offset: string, query?: Record<string, unknown>) =>
    nextQuery(walkOf(OFFSET), pageOf([], query, { headers: new Headers({ "X-Next-Offset": offset }) }), fail).query;

  it("moves to the offset the service gives, trimmed", () => {
    expect(next(" 50 ", { offset: "25" })).toEqual({ offset: 50 });
  });

  it("fails where the header is missing", () => {
    const walk = walkOf(OFFSET);

    expect(() => nextQuery(walk, pageOf([]), fail)).toThrow(
      "says more pages follow, but its X-Next-Offset is missing, not an offset",
    );
  });

  it("fails at an offset that is no whole number of at most 15 digits", () => {
    expect(() => next("5x")).toThrow(/says more pages follow, but its X-Next-Offset is "5x", not an offset/);
    expect(() => next("x5")).toThrow(/not an offset/);
    expect(() => next("1234567890123456")).toThrow(/not an offset/);
  });
});

describe("an item repeated from the page before", () => {
  it("is named, the walk stopping rather than repeat it; ids that are none are no repeat", () => {
    const walk = walkOf(ITEMS);

    expect(repeatedItems(walk, pageOf([{ id: "a" }, {}]), pageOf([{}, { id: "b" }, { id: "a" }]))).toBe(
      'it holds the item "a" of the page before; the walk stops rather than repeat items',
    );
    expect(repeatedItems(walk, pageOf([{ id: "a" }, {}]), pageOf([{}, { id: "b" }]))).toBeUndefined();
  });

  it("is named by its first 40 characters", () => {
    const id = `${"x".repeat(40)}TAIL`;

    expect(repeatedItems(walkOf(ITEMS), pageOf(ids(id)), pageOf(ids(id)))).toBe(
      `it holds the item "${"x".repeat(40)}" of the page before; the walk stops rather than repeat items`,
    );
  });

  it("is read by the first item's field walking backwards", () => {
    const walk = walkOf({ ...ITEMS, firstItem: "ref" }, { backward: true });

    expect(repeatedItems(walk, pageOf([{ id: "1", ref: "r" }]), pageOf([{ id: "2", ref: "r" }]))).toBe(
      'it holds the item "r" of the page before; the walk stops rather than repeat items',
    );
  });

  it("is never looked for in a list of another style", () => {
    const walk = walkOf({ style: "cursor-body", param: "cursor", lastItem: "id" });

    expect(repeatedItems(walk, pageOf(ids("a")), pageOf(ids("a")))).toBeUndefined();
  });
});

describe("a Link header's next", () => {
  it.each<[string | null, string | undefined]>([
    ['<https://a.test/?page=2>; rel="next"', "https://a.test/?page=2"],
    ['<https://a.test/?page=1>; rel="prev", <https://a.test/?page=3>; rel="next"', "https://a.test/?page=3"],
    ["<https://a.test/?page=4>; rel=next", "https://a.test/?page=4"],
    ['<https://a.test/?page=5>; title="x"; rel="last next"', "https://a.test/?page=5"],
    ['<https://a.test/?page=6>;rel="NEXT"', "https://a.test/?page=6"],
    ['<https://a.test/?page=7>; rel="nextpage"', undefined],
    ['<https://a.test/?page=8>; rel="prev"', undefined],
    ['<https://a.test/?page=9>; title="next"', undefined],
    ["<https://a.test/?page=10>", undefined],
    ["", undefined],
    [null, undefined],
  ])("of %j is %j", (header, target) => {
    expect(nextLink(header)).toBe(target);
  });
});
