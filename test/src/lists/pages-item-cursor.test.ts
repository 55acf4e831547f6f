// Lists whose position is an item's id (style item-cursor: `?after=<id>&limit=`, a bare array of
// items), and body cursors deeper than the answer's top level, walked over a scripted fetcher: what
// each page asks for, the short page that ends a walk, and the PaginationError of a walk that would
// repeat itself. test/src/lists/pages-styles.test.ts walks the other styles.
import { describe, expect, it } from "vitest";
import { PagePromise, PaginationError, type PageFetcher, type Pagination } from "../../../src/lists/pages.js";
import { all, failure } from "../../support/iterate.js";

/** A fetcher that answers the n-th request with `bodies[n]`, and records the query each asked with. */
function script(...bodies: unknown[]) {
  const asked: (Record<string, unknown> | undefined)[] = [];
  const fetch: PageFetcher = async (query) => {
    if (asked.length >= bodies.length) throw new Error(`request ${asked.length + 1} was not scripted`);
    const data = bodies[asked.length];
    asked.push(query);
    return { data, headers: new Headers(), status: 200, url: "https://api.example.com/v1/channels/7/messages" };
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

const msg = (id: string) => ({ id, text: `message ${id}` });
const ITEMS: Pagination = {
  style: "item-cursor",
  param: "after",
  lastItem: "id",
  before: "before",
  firstItem: "id",
  limit: "limit",
};

describe("an item's id as the position", () => {
  it("asks for the page after the last item's id while pages come back as full as the limit, and stops at a short one", async () => {
    const { fetch, asked } = script([msg("a1"), msg("b2")], [msg("c3"), msg("d4")], [msg("e5")]);

    const items = await all(new PagePromise(fetch, ITEMS, { limit: 2 }, undefined));

    expect(items).toEqual([msg("a1"), msg("b2"), msg("c3"), msg("d4"), msg("e5")]);
    expect(asked).toEqual([{ limit: 2 }, { limit: 2, after: "b2" }, { limit: 2, after: "d4" }]);
  });

  it("takes the first page's size for the limit where the call sets none, and stops at an empty page", async () => {
    const { fetch, asked } = script([msg("a1"), msg("b2")], [msg("c3"), msg("d4")], []);

    const items = await all(new PagePromise(fetch, ITEMS, undefined, undefined));

    expect(items.map((m: any) => m.id)).toEqual(["a1", "b2", "c3", "d4"]);
    expect(asked).toEqual([undefined, { after: "b2" }, { after: "d4" }]);
  });

  it("walks forwards where the list has no before, whatever else the call sets (a parameter named undefined too)", async () => {
    const forwardOnly: Pagination = { style: "item-cursor", param: "after", lastItem: "id", limit: "limit" };
    const { fetch, asked } = script([msg("a1"), msg("b2")], [msg("c3")]);

    const items = await all(new PagePromise(fetch, forwardOnly, { limit: 2, undefined: "x" }, undefined));

    expect(items).toEqual([msg("a1"), msg("b2"), msg("c3")]);
    expect(asked).toEqual([
      { limit: 2, undefined: "x" },
      { limit: 2, undefined: "x", after: "b2" },
    ]);
  });

  it("walks backwards from the first item's id where the call sets before, as a list with only before does", async () => {
    const both = script([msg("x8"), msg("y9")], [msg("v6"), msg("w7")], [msg("u5")]);
    const backOnly = script([msg("x8"), msg("y9")], [msg("u5")]);
    const onlyBefore: Pagination = { style: "item-cursor", before: "before", firstItem: "id", limit: "limit" };

    expect(await all(new PagePromise(both.fetch, ITEMS, { before: "z0", limit: 2 }, undefined))).toHaveLength(5);
    expect(await all(new PagePromise(backOnly.fetch, onlyBefore, { limit: 2 }, undefined))).toHaveLength(3);

    expect(both.asked).toEqual([
      { before: "z0", limit: 2 },
      { before: "x8", limit: 2 },
      { before: "v6", limit: 2 },
    ]);
    expect(backOnly.asked).toEqual([{ limit: 2 }, { limit: 2, before: "x8" }]);
  });

  it("takes the largest whole-number id forwards and the smallest backwards, whatever order the page holds them in", async () => {
    // a service that answers newest first: 300, 299 is the page, and after 300 comes 301
    const forward = script(
      [
        { id: 300, t: "c" },
        { id: 299, t: "b" },
      ],
      [{ id: 301, t: "d" }],
    );
    const backward = script(
      [
        { id: "1300", t: "c" },
        { id: "1299", t: "b" },
      ],
      [{ id: "1298", t: "a" }],
    );
    const numbered: Pagination = { ...ITEMS, numberParams: ["after"] };

    await all(new PagePromise(forward.fetch, numbered, { limit: 2 }, undefined));
    await all(new PagePromise(backward.fetch, ITEMS, { limit: 2, before: "1301" }, undefined));

    // a number parameter takes the id as a number, a text one as text
    expect(forward.asked).toEqual([{ limit: 2 }, { limit: 2, after: 300 }]);
    expect(backward.asked).toEqual([
      { limit: 2, before: "1301" },
      { limit: 2, before: "1299" },
    ]);
  });

  it("reads the items under the answer's field where the answer is an object", async () => {
    const { fetch, asked } = script({ data: [msg("a1"), msg("b2")] }, { data: [msg("c3")] });

    const items = await all(new PagePromise(fetch, { ...ITEMS, items: "data" }, { limit: 2 }, undefined));

    expect(items).toHaveLength(3);
    expect(asked[1]).toEqual({ limit: 2, after: "b2" });
  });

  it("ends with PaginationError, before yielding it, at a page that holds an item of the page before", async () => {
    // a service that reads after as "from": the last item comes again
    const { fetch, asked } = script([msg("a1"), msg("b2")], [msg("b2"), msg("c3")]);

    const { items, error } = await walk(new PagePromise(fetch, ITEMS, { limit: 2 }, undefined));

    expect(items).toEqual([msg("a1"), msg("b2")]);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).page).toBe(2);
    expect((error as Error).message).toBe(
      'Page 2 of the list: it holds the item "b2" of the page before; the walk stops rather than repeat items.',
    );
    expect(asked).toHaveLength(2);
  });

  it("ends with PaginationError at a position given before in the walk, asking nothing more", async () => {
    // pages 1 and 3 end with the same id: page 3 would lead back to page 2
    const { fetch, asked } = script([msg("a1"), msg("b2")], [msg("c3"), msg("d4")], [msg("e5"), msg("b2")]);

    const { items, error } = await walk(new PagePromise(fetch, ITEMS, { limit: 2 }, undefined));

    expect(items.map((m: any) => m.id)).toEqual(["a1", "b2", "c3", "d4", "e5", "b2"]);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toBe(
      'Page 3 of the list: its next position "b2" was already used; the walk stops rather than repeat pages.',
    );
    expect(asked).toHaveLength(3);
  });

  it("ends with PaginationError at a full page whose edge item has no id", async () => {
    const { fetch } = script([msg("a1"), { text: "no id" }]);

    const { error } = await walk(new PagePromise(fetch, ITEMS, { limit: 2 }, undefined));

    expect((error as Error).message).toBe(
      "Page 1 of the list: says more pages follow, but gives no next position (the last item's id).",
    );
  });
});

describe("a body cursor below the answer's top level", () => {
  it("reads the next position, the flag and the items at dotted paths, and sends a number position as a number where the parameter takes one", async () => {
    const style: Pagination = {
      style: "cursor-body",
      param: "from",
      next: "meta.paging.upcoming",
      hasMore: "meta.more",
      items: "result.rows",
      numberParams: ["from"],
    };
    const { fetch, asked } = script(
      { result: { rows: [1, 2] }, meta: { more: true, paging: { upcoming: 12 } } },
      { result: { rows: [3] }, meta: { more: false, paging: { upcoming: 13 } } },
    );

    expect(await all(new PagePromise(fetch, style, undefined, undefined))).toEqual([1, 2, 3]);
    expect(asked).toEqual([undefined, { from: 12 }]);
  });

  it("goes on while there is a next position, where the list has no flag", async () => {
    const style: Pagination = { style: "cursor-body", param: "cursor", next: "meta.cursor", items: "data" };
    const { fetch, asked } = script({ data: [1], meta: { cursor: "c2" } }, { data: [2], meta: { cursor: null } });

    expect(await all(new PagePromise(fetch, style, undefined, undefined))).toEqual([1, 2]);
    expect(asked).toEqual([undefined, { cursor: "c2" }]);
  });
});
