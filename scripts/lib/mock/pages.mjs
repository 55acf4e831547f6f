// The mock's lists: Prism keeps no state and answers every page with the spec's example headers, so
// a walk meets the same next position on its second page and stops with PaginationError. The mock
// proxy answers the pages itself, computed from the request's query alone (no state to keep or
// leak between clients), after Prism has checked the request: Prism's own answer goes out whenever
// it is not a success (a bad query or body, a missing token).
import { readOperations } from "../generate/read-operations.mjs";
import { resolve } from "../spec/refs.mjs";
import { propertySchemas } from "../spec/schema-properties.mjs";
import { keyword } from "../spec/guards.mjs";
import { byPage, OFFSETS, pageSize, pageToken, position } from "./page-position.mjs";
import { MOCK_PAGES, byNumber, distinct, fieldOf, idField, valueAt, virtualList, withField } from "./page-items.mjs";

/**
 * @typedef {import("../generate/read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {(schema: unknown, seed?: number) => unknown} Sample a value of a schema, `seed` telling values apart
 * @typedef {(schema: unknown, value: unknown) => unknown[]} Check the issues of an answer's value
 * @typedef {NonNullable<ReturnType<typeof listRoute>>} ListRoute a list the mock pages
 * @typedef {{ offset?: number, end?: number, error?: string }} Position a page asked, or why it is none
 */

export { MOCK_PAGES } from "./page-items.mjs";
export { pageToken } from "./page-position.mjs";

/** How many items a page of a list holds when the document gives no example items. */
export const SAMPLED_PAGE = 2;

/**
 * A list's items: the document's example items, where they can be told apart and pass the item
 * schema, else items sampled from the item schema (a seed each); the example answer and its items.
 * Undefined when there are none.
 * @param {OperationInfo} op
 * @param {NonNullable<OperationInfo["page"]>} page
 * @param {unknown} itemRef the item schema
 * @param {(key: string) => unknown} properties an item field's schema
 * @param {Sample} [sample]
 * @param {Check} [check]
 */
function routeItems(op, page, itemRef, properties, sample, check) {
  const valid = (/** @type {unknown[]} */ items) => !check || items.every((item) => check(itemRef, item).length === 0);
  let example = op.success.example;
  let examples = page.items === undefined ? example : valueAt(example, page.items);
  // the example items, where the example holds some
  const exampleItems = Array.isArray(examples) && examples.length > 0 ? examples : undefined;
  const given = exampleItems !== undefined;
  /** @type {{ list: unknown[], key: string | undefined } | undefined} */
  let built = exampleItems ? virtualList(exampleItems, page, properties) : undefined;
  if ((!built || !distinct(built.list) || !valid(built.list)) && sample && itemRef) {
    // no example items, or none whose copies can be told apart: items built from the item
    // schema, each with its own seed
    let size = exampleItems ? exampleItems.length : SAMPLED_PAGE;
    let list = Array.from({ length: size * MOCK_PAGES }, (_, i) => sample(itemRef, i + 1));
    let key = idField(list[0], page, properties).key;
    // samples the seeds could not tell apart (a union's branch, no free text to vary): one item a
    // page, its copies' ids made distinct as an example's are
    if (!distinct(list)) {
      const copies = virtualList(list.slice(0, 1), page, properties);
      if (distinct(copies.list) && valid(copies.list)) ({ list, key, size } = { ...copies, size: 1 });
    }
    if ((distinct(list) && valid(list)) || !built) {
      if (!given) example = page.items === undefined ? [] : sample(op.success.schema);
      examples = list.slice(0, size);
      built = { list, key };
    }
  }
  if (!built || !Array.isArray(examples) || !examples.length) return undefined;
  return { built, example, examples };
}

/**
 * A list operation the mock pages: the document's example items, else items built from the item
 * schema by `sample(schema, seed)` (a seed each, so that they differ).
 * @param {unknown} spec
 * @param {OperationInfo} op
 * @param {Sample} [sample]
 * @param {Check} [check] the issues of an answer's value
 */
function listRoute(spec, op, sample, check) {
  const page = op.page;
  if (!page) return undefined;
  // through allOf/oneOf/anyOf: a list's answer is often its items beside a shared envelope
  const field = (/** @type {unknown} */ of, /** @type {string} */ path) =>
    path
      .split(".")
      .reduce(
        (/** @type {unknown} */ at, key) => (at === undefined ? undefined : propertySchemas(spec, at, key)[0]),
        of,
      );
  /** @type {unknown} */
  const itemRef =
    page.items === undefined
      ? keyword(resolve(spec, op.success.schema), "items")
      : keyword(resolve(spec, field(op.success.schema, page.items)), "items");
  const items = routeItems(op, page, itemRef, (key) => resolve(spec, field(itemRef, key)), sample, check);
  if (!items) return undefined;
  let { built } = items;
  const { example, examples } = items;
  // the parameter sizing a page: item-cursor's own, else a `limit`
  const limit = page.limit ?? op.queryParams.find((p) => p.name === "limit")?.name;
  const nextSchema = page.next ? resolve(spec, field(op.success.schema, page.next)) : undefined;
  const nullable = keyword(nextSchema, "nullable") === true || [keyword(nextSchema, "type")].flat().includes("null");
  // a body position the document types as a number (`next: 40`), or one going back into a number
  // parameter, is written as the offset itself: as a number where the field is one, else its digits
  const nextNumber = ["integer", "number"].some((t) => [keyword(nextSchema, "type")].flat().includes(t));
  const numeric =
    page.style === "cursor-body" && (nextNumber || (page.numberParams ?? []).includes(page.param ?? ""))
      ? { text: !nextNumber }
      : undefined;
  // next-url: the query parameter the addresses it writes carry the offset in (a declared page or
  // offset parameter, so that Prism takes them)
  const param =
    page.style === "next-url"
      ? (op.queryParams.find((p) => /^(page|offset)$/i.test(p.name))?.name ?? "offset")
      : page.param;
  // a body cursor named for an id (`last_id`, `first_id`) is the item's own id, not a token
  const ids =
    page.style === "cursor-body" &&
    built.key !== undefined &&
    [page.next, page.first].some((name) => /(^|_)id$/i.test(name ?? ""));
  if (page.style === "item-cursor") built = { ...built, list: byNumber(built.list, built.key) };
  return {
    ...built,
    ids,
    numeric,
    example,
    size: examples.length,
    limit,
    nullable,
    page: { ...page, param },
    status: op.success.status,
    type: op.success.mediaType ?? "application/json",
  };
}

/**
 * Headers and body of the page at `offset` of `route` (up to `end` for a page asked backwards), its
 * next position from the same query.
 * @param {ListRoute} route
 * @param {URL} url
 * @param {number} offset
 * @param {number | undefined} end
 * @param {string} origin
 */
function pageAnswer(route, url, offset, end, origin) {
  const { style, param = "offset", next, hasMore, items, first } = route.page;
  const size = pageSize(route, url.searchParams);
  const slice = route.list.slice(offset, end ?? offset + size);
  const after = offset + slice.length;
  const more = after < route.list.length;
  const nextValue = OFFSETS.includes(style)
    ? String(after)
    : route.numeric
      ? route.numeric.text
        ? String(after)
        : after
      : route.ids
        ? String(fieldOf(slice.at(-1), route.key))
        : route.page.next
          ? pageToken(after)
          : undefined;
  /** @type {Record<string, string>} */
  const headers = { "Content-Type": route.type };
  /** @type {unknown} */
  let body = items === undefined ? slice : withField(route.example, items, slice);
  if (style === "cursor-body") {
    if (hasMore) body = withField(body, hasMore, end === undefined ? more : offset > 0);
    // an id cursor names the page's last item on every page; a token only where one follows
    if (next && route.ids && slice.length) body = withField(body, next, nextValue);
    else if (next) body = withField(body, next, more ? nextValue : route.nullable ? null : undefined);
    if (first) body = withField(body, first, route.ids ? fieldOf(slice[0], route.key) : pageToken(offset));
  } else if (style === "link" || style === "next-url") {
    const target = new URLSearchParams(url.searchParams);
    target.set(param, String(byPage(route) ? Math.floor(after / size) + 1 : after));
    // the mock's own address: the client follows a next page only within the origin it was given
    const address = `${origin}${url.pathname}?${target}`;
    if (style === "link" && more) headers.Link = `<${address}>; rel="next"`;
    // the last page: null where the field may be, else no field
    if (style === "next-url" && next) body = withField(body, next, more ? address : route.nullable ? null : undefined);
  } else if (style === "page-number") {
    const total = route.list.length;
    const { total: count, totalPages } = route.page;
    if (totalPages) body = withField(body, totalPages, Math.ceil(total / size));
    else if (count) body = withField(body, count, total);
  } else {
    if (hasMore) headers[hasMore] = String(more);
    if (more && next) headers[next] = String(nextValue);
  }
  return { headers, body: JSON.stringify(body) };
}

/**
 * The pages of a bundled spec's lists (every operation pagination.mjs pages: by offset or token
 * header, body cursor, Link, a next page's address in the body, or page numbers with a total):
 * `MOCK_PAGES` pages of the spec's example items, ids made distinct per page, or, where it gives
 * none, of items built from the item schema by `sample`; the next position (`X-Next-Offset`, a
 * token, a body cursor, a Link, an address at the mock's own origin) computed from the request's
 * own query, the last page saying no more follow. `limit`, when the list has one, shrinks a page.
 * `list(method, template)` is the list of an operation, undefined for one that is none;
 * `position(list, url)` the page a request asks, or `{ error }` for a position the mock never gave
 * (a negative or huge offset, a garbage token), which the proxy refuses with a 400 before asking
 * Prism; `answer(list, url, at, origin)` the page's status, headers and body.
 * @param {unknown} spec the bundled spec, its `$ref`s kept
 * @param {{ operations?: OperationInfo[], sample?: Sample, check?: Check }} [options]
 *   `operations`: readOperations(spec)'s, when the caller has them; `check`: the issues of an
 *   answer's value (example items that break their schema give way to sampled ones)
 * @example
 * const pages = listPageMock(spec, { sample: answers.sample });
 * const list = pages.list("GET", "/browsers");
 * const at = pages.position(list, url); // { offset: 0 }
 * pages.answer(list, url, at, "http://127.0.0.1:4010"); // { status: 200, headers, body }
 */
export function listPageMock(spec, { operations, sample, check } = {}) {
  if (!operations)
    try {
      ({ operations } = readOperations(spec));
    } catch {
      // a malformed x-pagination fails the generator with its reason; the mock leaves lists to Prism
      operations = [];
    }
  /** @type {Map<string, ListRoute>} */
  const lists = new Map();
  for (const op of operations ?? []) {
    const list = op.page ? listRoute(spec, op, sample, check) : undefined;
    if (list) lists.set(`${op.method} ${op.path}`, list);
  }
  return {
    operations: lists.size,
    /** @param {string} method @param {string} template */
    list: (method, template) => lists.get(`${method.toUpperCase()} ${template}`),
    /** @param {ListRoute} list @param {URL} url */
    position: (list, url) => position(list, url.searchParams),
    /**
     * @param {ListRoute} list @param {URL} url @param {Position} at @param {string} origin
     * @returns {{ status: number, headers: Record<string, string>, body: string }}
     */
    answer(list, url, at, origin) {
      const { headers, body } = pageAnswer(list, url, at.offset ?? 0, at.end, origin);
      return { status: list.status, headers, body };
    },
  };
}

/** How many stored items a page of the stateful mock holds when the request sets no smaller `limit`. */
export const STORED_PAGE = 10;

/**
 * A page of `items`, the stateful mock's stored items (state.mjs), for a request of the list
 * operation `op`, in the list's own convention as this module pages the example items: `envelope`
 * is the answer the items go in (its other fields kept). Gives `{ status, headers, body }`, or
 * `{ error }` for a position the list never gave.
 * @param {unknown} spec the bundled spec
 * @param {OperationInfo} op a list operation (`op.page` set)
 * @param {unknown} envelope
 * @param {unknown[]} items
 * @param {URL} url the request's address
 * @returns {{ status: number, headers: Record<string, string>, body: string } | { error: string }}
 */
export function pageOfItems(spec, op, envelope, items, url) {
  // the route is read as for example items, then walks the stored ones
  const example = op.page?.items === undefined ? [{}] : withField(envelope, op.page.items, [{}]);
  const route = listRoute(spec, { ...op, success: { ...op.success, example } });
  if (!route) return { error: "this list has no page convention the mock writes" };
  const stored = { ...route, list: items, size: STORED_PAGE };
  const at = position(stored, url.searchParams);
  if (at.error !== undefined) return { error: at.error };
  return { status: route.status, ...pageAnswer(stored, url, at.offset ?? 0, at.end, url.origin) };
}
