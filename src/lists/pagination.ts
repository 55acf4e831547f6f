// Where the next page of a list is, by the style of its pagination: whether another page follows,
// and the query that asks for it, from a page's items, body, headers and address. Every rule that
// reads a position refuses one that would repeat, skip or leave the operation (src/lists/pages.ts
// walks the pages and turns a refusal into a PaginationError).

import { nextLink, sameOperationQuery } from "./next-address.js";

/** How one list operation's pages work, as the generated table says (`x-pagination`, or detected). */
export interface Pagination {
  style: "offset-header" | "cursor-header" | "cursor-body" | "link" | "next-url" | "page-number" | "item-cursor";
  /**
   * The query parameter the next page's position goes into (page-number: the page's number;
   * item-cursor: the position forwards, `after`).
   */
  param?: string;
  /**
   * The header (header styles) or the dotted path of the body field (cursor-body) that holds the next
   * position (`meta.cursor`); next-url: of the body field holding the next page's address (`meta.next_page_url`).
   */
  next?: string;
  /** cursor-body without `next`, item-cursor: the field of the page's last item that is the next position. */
  lastItem?: string;
  /** The header, or the dotted path of the body field, that says whether another page follows. */
  hasMore?: string;
  /** The dotted path of the body field that holds the items, when the answer is an object. */
  items?: string;
  /** cursor-body, item-cursor: the query parameter of a walk backwards (`before`), taken when the call's query sets it. */
  before?: string;
  /** cursor-body walking backwards: the dotted path of the body field that holds the position (`first_id`). */
  first?: string;
  /** Walking backwards without `first`: the field of the page's first item that is the position. */
  firstItem?: string;
  /**
   * item-cursor: the query parameter sizing a page (`limit`); a page holding fewer items than it asks
   * (than the first page, where the call does not set it) is the last.
   */
  limit?: string;
  /** The position parameters that take a number: a position goes into them as one, into any other as text. */
  numberParams?: string[];
  /** page-number: the dotted path of the body field counting every item of the list (`meta.total`). */
  total?: string;
  /** page-number: the dotted path of the body field counting the list's pages. */
  totalPages?: string;
}

/** Fetches a page with the call's query replaced; `trusted` sends it unchecked (a `Link` the service wrote). */
export type PageFetcher = (query: Record<string, unknown> | undefined, trusted: boolean) => Promise<FetchedPage>;

/** One answer as the operation layer hands it over. */
export interface FetchedPage {
  data: unknown;
  headers: Headers;
  status: number;
  /** The address the page was requested from. */
  url: string;
}

// what the pages of one walk share: the positions seen, so that a cycle is caught
export interface Walk {
  fetch: PageFetcher;
  style: Pagination;
  seen: Set<string>;
  /**
   * cursor-body, item-cursor: the call's query set `before` (and not `param`), or the list has no
   * `param`, so each page comes before the last.
   */
  backward: boolean;
  /** page-number, item-cursor: the first page's item count, the size of every full page. */
  pageSize?: number;
}

/** The value at a dotted path of a body (`meta.next_page_url`), or undefined. */
export function field(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** What the rules read of one page: its items and answer, the query it was asked with and its address. */
export interface PageView {
  readonly items: unknown[];
  readonly body: unknown;
  readonly headers: Headers;
  readonly query: Record<string, unknown> | undefined;
  readonly url: string;
}

/** The next page's query, and whether it is the service's own (sent unchecked). */
export type NextQuery = { query: Record<string, unknown>; trusted: boolean };

/** Whether the service says another page follows `page`. */
export function hasNextPage(walk: Walk, page: PageView): boolean {
  const { style } = walk;
  if (style.style === "link") return nextLink(page.headers.get("link")) !== undefined;
  if (style.style === "item-cursor") return fullPage(walk, page);
  const flag =
    style.hasMore === undefined
      ? undefined
      : style.style === "offset-header" || style.style === "cursor-header"
        ? page.headers.get(style.hasMore)
        : field(page.body, style.hasMore);
  if (flag === true || flag === "true") return true;
  if (flag === false || flag === "false") return false;
  if (style.style === "page-number") return morePages(walk, page);
  // no flag: a next position says there is more (an empty address says there is none)
  const position = nextPosition(walk, page);
  return style.style === "next-url" ? position != null && position !== "" : position != null;
}

// page-number: a page with items, before the last page the totals give; a total it cannot read
// says nothing more follows
function morePages(walk: Walk, page: PageView): boolean {
  const { style, pageSize = 0 } = walk;
  if (page.items.length === 0) return false;
  const current = Number(pageParam(walk, page));
  // a page number that is none: the next page's query says so
  if (!Number.isSafeInteger(current)) return true;
  if (style.totalPages !== undefined) {
    const pages = Number(field(page.body, style.totalPages));
    return Number.isFinite(pages) && current < pages;
  }
  const total = Number(field(page.body, style.total!));
  // every page before the last is as full as the first: never a page skipped, at worst one empty page asked
  return Number.isFinite(total) && current * pageSize < total;
}

// item-cursor: a page as full as the call asked (as the first page, where it does not say) is not the last
function fullPage(walk: Walk, page: PageView): boolean {
  const { limit } = walk.style;
  const asked = limit === undefined ? Number.NaN : Number(page.query?.[limit]);
  const size = Number.isSafeInteger(asked) && asked >= 1 ? asked : (walk.pageSize ?? 0);
  return page.items.length > 0 && page.items.length >= size;
}

/** The page number the page was asked with, as the query holds it (1 where it holds none). */
function pageParam(walk: Walk, page: PageView): unknown {
  return page.query?.[walk.style.param!] ?? 1;
}

// the query parameter, body field or item field of the walk's direction: backwards only for
// cursor-body and item-cursor
function cursor({ style, backward }: Walk): {
  param: string;
  next: string | undefined;
  item: string | undefined;
  at: number;
} {
  return backward && (style.style === "cursor-body" || style.style === "item-cursor")
    ? { param: style.before!, next: style.first, item: style.firstItem, at: 0 }
    : { param: style.param!, next: style.next, item: style.lastItem, at: -1 };
}

function nextPosition(walk: Walk, page: PageView): unknown {
  const { style } = walk;
  if (style.style === "item-cursor") return edgeId(walk, page);
  if (style.style === "cursor-body") {
    const { next, item, at } = cursor(walk);
    if (next !== undefined) return field(page.body, next);
    const edge = page.items.at(at) as Record<string, unknown> | undefined;
    return edge?.[item!];
  }
  if (style.style === "next-url") return field(page.body, style.next!);
  return page.headers.get(style.next!);
}

/** The id of an item, as text; undefined for one that has none. */
export function itemId(item: unknown, key: string): string | undefined {
  const id = item !== null && typeof item === "object" ? (item as Record<string, unknown>)[key] : undefined;
  return typeof id === "string" || Number.isFinite(id) ? String(id) : undefined;
}

// item-cursor: the position past the page, its last item's id (walking backwards, its first's); where
// every id on the page is a whole number, the largest (backwards, the smallest), so that a service
// that orders by id newest first is walked as one that orders oldest first
function edgeId(walk: Walk, page: PageView): unknown {
  const { item, at } = cursor(walk);
  const ids = page.items.map((one) => itemId(one, item!));
  // Stryker disable next-line ConditionalExpression: RegExp's test reads undefined as the text "undefined", no whole number
  if (ids.length && ids.every((id) => id !== undefined && /^\d{1,40}$/.test(id))) {
    const numbers = ids.map((id) => BigInt(id!));
    // Stryker disable next-line EqualityOperator: of two equal ids either is the edge, and indexOf finds the first
    const edge = numbers.reduce((a, b) => ((walk.backward ? b < a : b > a) ? b : a));
    // every item here has an id, so it is an object
    return (page.items[numbers.indexOf(edge)] as Record<string, unknown>)[item!];
  }
  return (page.items.at(at) as Record<string, unknown> | undefined)?.[item!];
}

/**
 * The query of the page after `page`. Throws what `fail` makes of the reason when the service's
 * position is missing, malformed, does not move forward, was used before, or points elsewhere.
 */
export function nextQuery(walk: Walk, page: PageView, fail: (reason: string) => Error): NextQuery {
  const { style, seen } = walk;
  if (style.style === "link") {
    const target = nextLink(page.headers.get("link"));
    if (target === undefined) throw fail('says more pages follow, but its Link header has no rel="next"');
    return { query: sameOperationQuery(walk.seen, page.url, target, 'Link rel="next"', fail), trusted: true };
  }
  if (style.style === "next-url") {
    const target = nextPosition(walk, page);
    if (typeof target !== "string") throw fail(`says more pages follow, but its ${style.next} is no address`);
    return { query: sameOperationQuery(walk.seen, page.url, target, style.next!, fail), trusted: true };
  }
  if (style.style === "page-number") {
    const asked = pageParam(walk, page);
    const current = Number(asked);
    if (!Number.isSafeInteger(current))
      throw fail(`its ${style.param} ${JSON.stringify(String(asked))} is not a page number`);
    return { query: { ...page.query, [style.param!]: current + 1 }, trusted: false };
  }
  const { param, next, item, at } = cursor(walk);
  const position = nextPosition(walk, page);
  if (style.style === "offset-header") {
    // a header's value, without the spaces around it (Headers drops them), or null
    const offset = /^\d{1,15}$/.test(String(position)) ? Number(position) : Number.NaN;
    if (Number.isNaN(offset))
      throw fail(
        `says more pages follow, but its ${style.next} is ${position == null ? "missing" : JSON.stringify(String(position).slice(0, 40))}, not an offset`,
      );
    const current = Number(page.query?.[param] ?? 0);
    if (!(offset > current))
      throw fail(
        `its ${style.next} ${offset} does not move past the current offset ${current}; the walk stops rather than repeat pages`,
      );
    return { query: { ...page.query, [param]: offset }, trusted: false };
  }
  if (typeof position !== "string" && typeof position !== "number")
    throw fail(
      `says more pages follow, but gives no next position (${next ?? `the ${at === 0 ? "first" : "last"} item's ${item}`})`,
    );
  const token = String(position);
  // Stryker disable next-line StringLiteral: an absent position compares as "", which token === "" refuses first
  if (token === "" || seen.has(token) || token === String(page.query?.[param] ?? ""))
    throw fail(
      `its next position ${JSON.stringify(token.slice(0, 40))} was already used; the walk stops rather than repeat pages`,
    );
  seen.add(token);
  const value = style.numberParams?.includes(param) && /^-?\d{1,15}$/.test(token) ? Number(token) : token;
  return { query: { ...page.query, [param]: value }, trusted: false };
}

/**
 * item-cursor: why `page` cannot follow `previous` (it holds an item of it again: the service reads
 * the position another way than the walk), or undefined.
 */
export function repeatedItems(walk: Walk, previous: PageView, page: PageView): string | undefined {
  const { style } = walk;
  if (style.style !== "item-cursor") return undefined;
  const key = (walk.backward ? style.firstItem : style.lastItem)!;
  const before = new Set(previous.items.map((item) => itemId(item, key)));
  const again = page.items.map((item) => itemId(item, key)).find((id) => id !== undefined && before.has(id));
  return again === undefined
    ? undefined
    : `it holds the item ${JSON.stringify(again.slice(0, 40))} of the page before; the walk stops rather than repeat items`;
}
