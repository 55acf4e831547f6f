import { ClientError, ValidationError } from "../core/errors.js";
import { checkOptions } from "../core/options.js";
import {
  field,
  hasNextPage,
  nextQuery,
  repeatedItems,
  type FetchedPage,
  type PageFetcher,
  type PageView,
  type Pagination,
  type Walk,
} from "./pagination.js";

export type { FetchedPage, PageFetcher, Pagination } from "./pagination.js";

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
export class PaginationError extends ClientError {
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

/**
 * One page of a list: its items, typed from the spec, its answer's headers and body, and the way
 * to the next page (src/lists/pagination.ts reads it by the list's style).
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
  readonly #view: PageView;
  constructor(walk: Walk, fetched: FetchedPage, query: Record<string, unknown> | undefined, number: number) {
    this.#walk = walk;
    this.body = fetched.data as Body;
    const items = walk.style.items === undefined ? fetched.data : field(fetched.data, walk.style.items);
    this.items = (Array.isArray(items) ? items : []) as Item[];
    if (number === 1) walk.pageSize = this.items.length;
    this.headers = fetched.headers;
    this.status = fetched.status;
    this.number = number;
    this.#view = { items: this.items, body: this.body, headers: this.headers, query, url: fetched.url };
  }

  /** Whether the service says another page follows. */
  hasNextPage(): boolean {
    return hasNextPage(this.#walk, this.#view);
  }

  /**
   * Fetches the page after this one, with the same query, options and retry policy. Rejects with
   * `PaginationError` when there is none, when the next position would repeat or skip pages, or
   * when the page that came holds items of this one again (item-cursor).
   */
  async nextPage(): Promise<Page<Item, Body>> {
    const fail = (reason: string) =>
      new PaginationError(`Page ${this.number} of the list: ${reason}.`, this.number, this.headers);
    if (!this.hasNextPage()) throw fail("there is no next page");
    const { query, trusted } = nextQuery(this.#walk, this.#view, fail);
    const next = new Page<Item, Body>(this.#walk, await this.#walk.fetch(query, trusted), query, this.number + 1);
    const repeated = repeatedItems(this.#walk, this.#view, next.#view);
    if (repeated) throw new PaginationError(`Page ${next.number} of the list: ${repeated}.`, next.number, next.headers);
    return next;
  }
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
    // a list with no position forwards (item-cursor with only `before`) is walked backwards
    const backward = style.param === undefined || (set(style.before) && !set(style.param));
    this.#walk = { fetch, style, seen: new Set(), backward };
    this.#query = query;
    try {
      this.#bounds = pageBounds(options);
    } catch (err) {
      // a rejection, as every other method's bad input is, and nothing is sent
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: the walk's first page is the rejection: no bound is read
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
  const issues = checkOptions(options ?? {}, ["maxPages", "maxItems"], "options.");
  if (issues.length) throw new ValidationError(issues);
  const { maxPages = DEFAULT_MAX_PAGES, maxItems = Infinity } = options ?? {};
  return { maxPages, maxItems, defaultPages: options?.maxPages === undefined };
}
