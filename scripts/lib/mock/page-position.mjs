// Where a list's page starts: the position a request's query asks, as the mock wrote it (an offset,
// a page number, an item's id, a token of its own) or why it is no position the mock gave.
import { fieldOf } from "./page-items.mjs";

/**
 * @typedef {import("./pages.mjs").ListRoute} ListRoute
 * @typedef {import("./pages.mjs").Position} Position
 */

// a token longer than any the mock writes is garbage, whatever it decodes to
const MAX_TOKEN = 64;

/**
 * The token of a position: base64url JSON, as the spec's own example token is.
 * @param {number} offset
 * @example
 * pageToken(20); // "eyJvIjoyMH0"
 */
export function pageToken(offset) {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}

/**
 * The position a token stands for, or undefined for one the mock never wrote.
 * @param {string} token
 * @returns {number | undefined}
 */
function tokenOffset(token) {
  if (token.length > MAX_TOKEN || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  try {
    const { o } = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    return Number.isSafeInteger(o) ? o : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The items on a page of `route` asked with `query`: the example's count, or a smaller limit;
 * item-cursor: the limit asked, whatever it is, since a shorter page would end the walk.
 * @param {ListRoute} route
 * @param {URLSearchParams} query
 */
export function pageSize(route, query) {
  const limit = route.limit === undefined ? NaN : Number(query.get(route.limit));
  if (!Number.isSafeInteger(limit) || limit < 1) return route.size;
  return route.page.style === "item-cursor" ? limit : Math.min(limit, route.size);
}

// the styles whose position the mock writes as an offset
export const OFFSETS = ["offset-header", "link", "next-url"];

/** Whether the list's position parameter counts pages (page-number, or a next page's address by `page`). */
export const byPage = (/** @type {ListRoute} */ route) =>
  route.page.style === "page-number" || (route.page.style === "next-url" && /page/i.test(route.page.param ?? ""));

/**
 * The position of a request, or a message saying why it is no position the mock gave.
 * @param {ListRoute} route
 * @param {URLSearchParams} query
 * @returns {Position}
 */
export function position(route, query) {
  const { style, param = "offset", lastItem } = route.page;
  const total = route.list.length;
  const given = query.get(param);
  const { before, first, firstItem } = route.page;
  const back = before ? query.get(before) : null;
  if (given === null && back !== null) {
    // backwards: the page of items before the position
    const by = first && !route.ids ? undefined : (firstItem ?? route.key);
    // an id the list never held (the document's example id, as the docs' calls send it) stands
    // for a position past its end: the walk backwards starts from the last page
    const found =
      by === undefined ? tokenOffset(back) : route.list.findIndex((item) => String(fieldOf(item, by)) === back);
    const at = by !== undefined && found === -1 ? total : found;
    if (at === undefined || at < 0 || at > total)
      return { error: `${before} must be a position this list gave (got ${JSON.stringify(back.slice(0, 40))})` };
    return { offset: Math.max(0, at - pageSize(route, query)), end: at };
  }
  if (given === null) return { offset: 0 };
  let offset;
  if (byPage(route)) offset = /^[1-9]\d{0,8}$/.test(given) ? (Number(given) - 1) * pageSize(route, query) : undefined;
  else if (OFFSETS.includes(style) || route.numeric) offset = /^\d{1,9}$/.test(given) ? Number(given) : undefined;
  else if ((lastItem && !route.page.next) || route.ids) {
    const by = lastItem ?? route.key;
    // an id the list never held (the document's example id) stands for a position before its
    // start: the walk starts from the first page
    const at = route.list.findIndex((item) => String(fieldOf(item, by)) === given);
    offset = at + 1;
  } else offset = tokenOffset(given);
  if (offset === undefined || offset < 0 || offset > total) {
    const what = byPage(route)
      ? "a page number from 1"
      : OFFSETS.includes(style) || route.numeric
        ? `a whole number from 0 to ${total}`
        : "a position this list gave";
    return { error: `${param} must be ${what} (got ${JSON.stringify(given.slice(0, 40))})` };
  }
  return { offset };
}
