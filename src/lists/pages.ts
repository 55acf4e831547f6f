import { BrowserCloudError, ValidationError, type ValidationIssue } from "../core/errors.js";

/** How one list operation's pages work, as the generated table says (`x-pagination`, or detected). */
export interface Pagination {
  style: "offset-header" | "cursor-header" | "cursor-body" | "link" | "next-url" | "page-number";
  /** The query parameter the next page's position goes into (page-number: the page's number). */
  param?: string;
  /**
   * The header (header styles) or body field (cursor-body) that holds the next position; next-url:
   * the dotted path of the body field holding the next page's address (`meta.next_page_url`).
   */
  next?: string;
  /** cursor-body without `next`: the field of the page's last item that is the next position. */
  lastItem?: string;
  /** The header or body field that says whether another page follows. */
  hasMore?: string;
  /** The body field that holds the items, when the answer is an object. */
  items?: string;
  /** cursor-body: the query parameter of a walk backwards (`before`), taken when the call's query sets it. */
  before?: string;
  /** cursor-body walking backwards: the body field that holds the position (`first_id`). */
  first?: string;
  /** cursor-body walking backwards without `first`: the field of the page's first item that is the position. */
  firstItem?: string;
  /** page-number: the dotted path of the body field counting every item of the list (`meta.total`). */
  total?: string;
  /** page-number: the dotted path of the body field counting the list's pages. */
  totalPages?: string;
}

/** Bounds of a walk over a list, beside the per-call options. */
export interface PageOptions {
  /**
   * Pages fetched at most; the walk ends quietly there. Default: 10 000, past which the walk fails
   * with `PaginationError` rather than end short unnoticed (pass `Infinity` for no bound).
   */
  maxPages?: number;
  /** Items yielded at most; no page is fetched once they are reached. Default: no bound. */
  maxItems?: number;
}

/** Pages a walk fetches when the call sets no `maxPages`. */
export const DEFAULT_MAX_PAGES = 10_000;

/**
 * A list walk cannot go on safely: the service's next position does not move forward (a walk that
 * would repeat a page or loop), is missing or malformed, points to another address, or the walk
 * reached the default page bound. The pages before it reached the caller; `headers` are those of
 * the page whose position was wrong.
 */
export class PaginationError extends BrowserCloudError {
  override name = "PaginationError";
  /** The number of the page (1 for the first) whose next position is wrong. */
  readonly page: number;
  /** That page's answer headers. */
  readonly headers: Headers;
  constructor(message: string, page: number, headers: Headers) {
    // the pages before it were answered: whatever the list reads, the service has been asked
    super(message, { maybePerformed: true });
    this.page = page;
    this.headers = headers;
  }
}

/** One answer as the operation layer hands it over. */
export interface FetchedPage {
  data: unknown;
  headers: Headers;
  status: number;
  /** The address the page was requested from. */
  url: string;
}

/** Fetches a page with the call's query replaced; `trusted` sends it unchecked (a `Link` the service wrote). */
export type PageFetcher = (query: Record<string, unknown> | undefined, trusted: boolean) => Promise<FetchedPage>;

// what the pages of one walk share: the positions seen, so that a cycle is caught
interface Walk {
  fetch: PageFetcher;
  style: Pagination;
  seen: Set<string>;
  /** cursor-body: the call's query set `before` (and not `param`), so each page comes before the last. */
  backward: boolean;
  /** page-number: the first page's item count, the size of every full page. */
  pageSize?: number;
}

/** The value at a dotted path of a body (`meta.next_page_url`), or undefined. */
function field(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * One page of a list: its items, typed from the spec, its answer's headers and body, and the way
 * to the next page.
 *
 * @example
 * const page = await client.browsers.list({ limit: 50 });
 * console.log(page.items.length, page.headers.get("x-has-more"));
 * if (page.hasNextPage()) {
 *   const next = await page.nextPage();
 * }
 */
export class Page<Item, Body = Item[]> {
  /** The items of this page. */
  readonly items: Item[];
  /** The answer as the spec types it (for an array answer, the same as `items`). */
  readonly body: Body;
  /** The answer's headers (`X-Has-More`, `X-Next-Offset`, `Link`, ...). */
  readonly headers: Headers;
  /** The answer's status. */
  readonly status: number;
  /** This page's number: 1 for the first. */
  readonly number: number;
  readonly #walk: Walk;
  readonly #query: Record<string, unknown> | undefined;
  readonly #url: string;
  constructor(walk: Walk, fetched: FetchedPage, query: Record<string, unknown> | undefined, number: number) {
    this.#walk = walk;
    this.#query = query;
    this.#url = fetched.url;
    this.body = fetched.data as Body;
    const items =
      walk.style.items === undefined
        ? fetched.data
        : (fetched.data as Record<string, unknown> | null)?.[walk.style.items];
    this.items = (Array.isArray(items) ? items : []) as Item[];
    if (number === 1) walk.pageSize = this.items.length;
    this.headers = fetched.headers;
    this.status = fetched.status;
    this.number = number;
  }

  /** Whether the service says another page follows. */
  hasNextPage(): boolean {
    const { style } = this.#walk;
    if (style.style === "link") return nextLink(this.headers.get("link")) !== undefined;
    const flag =
      style.hasMore === undefined
        ? undefined
        : style.style === "offset-header" || style.style === "cursor-header"
          ? this.headers.get(style.hasMore)
          : style.style === "cursor-body"
            ? (this.body as Record<string, unknown> | null)?.[style.hasMore]
            : field(this.body, style.hasMore);
    if (flag === true || flag === "true") return true;
    if (flag === false || flag === "false") return false;
    if (style.style === "page-number") return this.#morePages();
    // no flag: a next position says there is more (an empty address says there is none)
    const position = this.#nextPosition();
    return style.style === "next-url" ? position != null && position !== "" : position != null;
  }

  // page-number: a page with items, before the last page the totals give; a total it cannot read
  // says nothing more follows
  #morePages(): boolean {
    const { style, pageSize = 0 } = this.#walk;
    if (this.items.length === 0) return false;
    const current = this.#pageNumber();
    // a page number that is none: the next page's query says so
    if (!Number.isSafeInteger(current)) return true;
    if (style.totalPages !== undefined) {
      const pages = Number(field(this.body, style.totalPages));
      return Number.isFinite(pages) && current < pages;
    }
    const total = Number(field(this.body, style.total!));
    // every page before the last is as full as the first: never a page skipped, at worst one empty page asked
    return Number.isFinite(total) && current * pageSize < total;
  }

  #pageNumber(): number {
    return Number(this.#query?.[this.#walk.style.param!] ?? 1);
  }

  /**
   * Fetches the page after this one, with the same query, options and retry policy. Rejects with
   * `PaginationError` when there is none, or when the next position would repeat or skip pages.
   */
  async nextPage(): Promise<Page<Item, Body>> {
    if (!this.hasNextPage()) throw this.#error("there is no next page");
    const { query, trusted } = this.#nextQuery();
    return new Page<Item, Body>(this.#walk, await this.#walk.fetch(query, trusted), query, this.number + 1);
  }

  #error(message: string): PaginationError {
    return new PaginationError(`Page ${this.number} of the list: ${message}.`, this.number, this.headers);
  }

  // cursor-body: the query parameter, body field or item field of the walk's direction
  #cursor(): { param: string; next: string | undefined; item: string | undefined; at: number } {
    const { style, backward } = this.#walk;
    return backward
      ? { param: style.before!, next: style.first, item: style.firstItem, at: 0 }
      : { param: style.param!, next: style.next, item: style.lastItem, at: -1 };
  }

  #nextPosition(): unknown {
    const { style } = this.#walk;
    if (style.style === "cursor-body") {
      const { next, item, at } = this.#cursor();
      if (next !== undefined) return (this.body as Record<string, unknown> | null)?.[next];
      const edge = this.items.at(at) as Record<string, unknown> | undefined;
      return edge?.[item!];
    }
    if (style.style === "next-url") return field(this.body, style.next!);
    return this.headers.get(style.next!);
  }

  #nextQuery(): { query: Record<string, unknown>; trusted: boolean } {
    const { style, seen } = this.#walk;
    if (style.style === "link") return this.#followQuery(nextLink(this.headers.get("link")), 'Link rel="next"');
    if (style.style === "next-url") {
      const target = this.#nextPosition();
      if (typeof target !== "string") throw this.#error(`says more pages follow, but its ${style.next} is no address`);
      return this.#followQuery(target, style.next!);
    }
    if (style.style === "page-number") {
      const current = this.#pageNumber();
      if (!Number.isSafeInteger(current))
        throw this.#error(
          `its ${style.param} ${JSON.stringify(String(this.#query?.[style.param!]))} is not a page number`,
        );
      return { query: { ...this.#query, [style.param!]: current + 1 }, trusted: false };
    }
    const { param, next, item, at } =
      style.style === "cursor-body"
        ? this.#cursor()
        : { param: style.param!, next: style.next, item: undefined, at: -1 };
    const position = this.#nextPosition();
    if (style.style === "offset-header") {
      const text = typeof position === "string" ? position.trim() : "";
      const offset = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
      if (Number.isNaN(offset))
        throw this.#error(
          `says more pages follow, but its ${style.next} is ${position == null ? "missing" : JSON.stringify(String(position).slice(0, 40))}, not an offset`,
        );
      const current = Number(this.#query?.[param] ?? 0);
      if (!(offset > current))
        throw this.#error(
          `its ${style.next} ${offset} does not move past the current offset ${current}; the walk stops rather than repeat pages`,
        );
      return { query: { ...this.#query, [param]: offset }, trusted: false };
    }
    if (typeof position !== "string" && typeof position !== "number")
      throw this.#error(
        `says more pages follow, but gives no next position (${next ?? `the ${at === 0 ? "first" : "last"} item's ${item}`})`,
      );
    const token = String(position);
    if (token === "" || seen.has(token) || token === String(this.#query?.[param] ?? ""))
      throw this.#error(
        `its next position ${JSON.stringify(token.slice(0, 40))} was already used; the walk stops rather than repeat pages`,
      );
    seen.add(token);
    return { query: { ...this.#query, [param]: token }, trusted: false };
  }

  // the query of the next page's address the service wrote (`what` names where it wrote it)
  #followQuery(target: string | undefined, what: string): { query: Record<string, unknown>; trusted: boolean } {
    let next: URL;
    try {
      next = new URL(target ?? "", this.#url);
    } catch {
      throw this.#error(`its ${what} is not an address`);
    }
    const here = new URL(this.#url);
    // the key goes with every page: never to another origin or operation
    if (next.origin !== here.origin || next.pathname !== here.pathname)
      throw this.#error(
        `its ${what} points to another address (${next.origin}${next.pathname}); only the same operation is followed`,
      );
    const query: Record<string, unknown> = {};
    next.searchParams.forEach((v, k) => {
      query[k] = k in query ? ([] as unknown[]).concat(query[k], v) : v;
    });
    // the query in one spelling, its names in order and its values encoded: a value that holds "&"
    // or "=" is no other query
    const sorted = new URLSearchParams(next.searchParams);
    sorted.sort();
    const key = sorted.toString();
    if (this.#walk.seen.has(key) || next.search === here.search)
      throw this.#error(`its ${what} was already followed; the walk stops rather than repeat pages`);
    this.#walk.seen.add(key);
    return { query, trusted: true };
  }
}

/** The target of `rel="next"` in a Link header (RFC 8288), or undefined. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const [, target, params] of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params ?? "");
    if ((rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/).includes("next")) return target;
  }
  return undefined;
}

/**
 * What a list method returns: `await` it for the first page, `for await` over it for every item
 * across pages, or walk `.pages()`. Each page is one request through the client's transport, with
 * the call's options (signal, timeout, retries) applied to it; only one page is held at a time.
 *
 * @example
 * for await (const browser of client.browsers.list({ limit: 100 }, { maxItems: 500 })) {
 *   console.log(browser.session_id);
 * }
 * for await (const page of client.browsers.list().pages()) console.log(page.items.length);
 */
export class PagePromise<Item, Body = Item[]> implements Promise<Page<Item, Body>>, AsyncIterable<Item> {
  /** A promise of the first page: where a `Promise<Page>` is expected, a list call fits. */
  readonly [Symbol.toStringTag] = "PagePromise";
  readonly #walk: Walk;
  readonly #query: Record<string, unknown> | undefined;
  readonly #bounds: { maxPages: number; maxItems: number; defaultPages: boolean };
  #first: Promise<Page<Item, Body>> | undefined;
  constructor(
    fetch: PageFetcher,
    style: Pagination,
    query: Record<string, unknown> | undefined,
    options: PageOptions | undefined,
  ) {
    const set = (name: string | undefined) => name !== undefined && query?.[name] != null && query[name] !== "";
    this.#walk = { fetch, style, seen: new Set(), backward: set(style.before) && !set(style.param) };
    this.#query = query;
    try {
      this.#bounds = pageBounds(options);
    } catch (err) {
      // a rejection, as every other method's bad input is, and nothing is sent
      this.#bounds = { maxPages: 0, maxItems: 0, defaultPages: false };
      this.#first = Promise.reject(err);
      this.#first.catch(() => {});
    }
  }

  #firstPage(): Promise<Page<Item, Body>> {
    return (this.#first ??= this.#walk
      .fetch(this.#query, false)
      .then((fetched) => new Page<Item, Body>(this.#walk, fetched, this.#query, 1)));
  }

  // a PromiseLike: `await list(...)` gives the first page
  // biome-ignore lint/suspicious/noThenProperty: a list is a promise of its first page by design
  then<A = Page<Item, Body>, B = never>(
    onFulfilled?: ((page: Page<Item, Body>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onFulfilled, onRejected);
  }

  /** As a promise's `catch`: the first page, or what `onRejected` makes of its failure. */
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<Item, Body> | B> {
    return this.#firstPage().catch(onRejected);
  }

  /** As a promise's `finally`, on the first page. */
  finally(onFinally?: (() => void) | null): Promise<Page<Item, Body>> {
    return this.#firstPage().finally(onFinally);
  }

  /** Every page in turn, from the first, within `maxPages` and `maxItems`. */
  async *pages(): AsyncGenerator<Page<Item, Body>, void, undefined> {
    const { maxPages, maxItems, defaultPages } = this.#bounds;
    let page = await this.#firstPage();
    for (let items = page.items.length; ; items += page.items.length) {
      yield page;
      if (items >= maxItems || !page.hasNextPage()) return;
      if (page.number >= maxPages) {
        if (defaultPages)
          throw new PaginationError(
            `The list has more than ${maxPages} pages; pass maxPages to walk further.`,
            page.number,
            page.headers,
          );
        return;
      }
      page = await page.nextPage();
    }
  }

  /** Every item in turn, across pages, at most `maxItems`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    let left = this.#bounds.maxItems;
    for await (const page of this.pages()) {
      for (const item of page.items) {
        if (left-- <= 0) return;
        yield item;
      }
    }
  }
}

/** `maxPages` and `maxItems` checked; a bad one is a `ValidationError` before anything is sent. */
export function pageBounds(options: PageOptions | undefined): {
  maxPages: number;
  maxItems: number;
  defaultPages: boolean;
} {
  const issues: ValidationIssue[] = [];
  const bound = (name: "maxPages" | "maxItems", fallback: number) => {
    const value = options?.[name];
    if (value === undefined) return fallback;
    if (!(value === Infinity || (Number.isSafeInteger(value) && value >= 1)))
      issues.push({
        path: `options.${name}`,
        message: `must be a whole number >= 1, or Infinity (got ${String(value)})`,
      });
    return value;
  };
  const maxPages = bound("maxPages", DEFAULT_MAX_PAGES);
  const maxItems = bound("maxItems", Infinity);
  if (issues.length) throw new ValidationError(issues);
  return { maxPages, maxItems, defaultPages: options?.maxPages === undefined };
}
