// The mock's lists: Prism keeps no state and answers every page with the spec's example headers, so
// a walk meets the same next position on its second page and stops with PaginationError. The mock
// proxy answers the pages itself, computed from the request's query alone (no state to keep or
// leak between clients), after Prism has checked the request: Prism's own answer goes out whenever
// it is not a success (a bad query or body, a missing token).
import { apiError, refuse } from "../shared/http-guard.mjs";
import { operationMatcher } from "../../../src/core/path-template.js";
import { readOperations } from "../generate/read-operations.mjs";
import { resolve } from "../spec/document.mjs";

/** How many pages of the spec's example items the mock serves for every list. */
export const MOCK_PAGES = 3;
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

/** The position a token stands for, or undefined for one the mock never wrote. */
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
 * The field that tells an item from its copies: the cursor field, else `id`, else the first `*_id`
 * or `*Id`; for items with none, the first free-text field (a string the schema leaves unformatted).
 */
function idField(item, page, properties) {
  if (!item || typeof item !== "object" || Array.isArray(item)) return {};
  const keys = Object.keys(item).filter((key) => typeof item[key] === "string" || Number.isSafeInteger(item[key]));
  const id =
    [page.lastItem, "id"].find((key) => key && keys.includes(key)) ?? keys.find((key) => /(_id|Id)$/.test(key));
  if (id) return { key: id };
  const free = (s) =>
    s?.type === "string" && !s.format && !s.pattern && !s.enum && s.const === undefined && s.maxLength === undefined;
  return { key: keys.find((key) => typeof item[key] === "string" && free(properties(key))), text: true };
}

/**
 * The id of copy `copy` of an example item: its last character moved along its own class (digit,
 * lower, upper: from char code 48, 97, 65), so that an id keeps its length and pattern; a number moved past every example's.
 */
function shifted(value, copy, span) {
  if (typeof value === "number") return value + copy * span;
  const last = value.at(-1) ?? "";
  for (const [from, size] of /** @type {const} */ ([
    [48, 10],
    [97, 26],
    [65, 26],
  ])) {
    const at = last.charCodeAt(0) - from;
    if (at >= 0 && at < size) return value.slice(0, -1) + String.fromCharCode(from + ((at + copy) % size));
  }
  return `${value}${copy + 1}`;
}

/** MOCK_PAGES copies of the example items, each copy's ids made distinct where the items have one. */
function virtualList(examples, page, properties) {
  const { key, text } = idField(examples[0], page, properties);
  const numbers = examples.map((item) => item?.[key]).filter((v) => typeof v === "number");
  const span = Math.max(0, ...numbers) + 1;
  const copies = (mark) =>
    Array.from({ length: MOCK_PAGES }, (_, copy) =>
      examples.map((item) =>
        copy && key && item?.[key] !== undefined ? { ...item, [key]: mark(item[key], copy) } : item,
      ),
    ).flat();
  // an id keeps its pattern; a text only needs to read as another
  let list = copies((value, copy) => (text ? `${value} #${copy + 1}` : shifted(value, copy, span)));
  const ids = list.map((item) => item?.[key]);
  // examples whose ids differ only in their last character could meet: a suffix never does
  if (key && new Set(ids).size !== ids.length)
    list = copies((value, copy) => (typeof value === "number" ? value + copy * span : `${value}_${copy + 1}`));
  return { list, key };
}

/** A list operation the mock pages, or undefined for one it leaves to Prism. */
function listRoute(spec, op) {
  const example = op.success.example;
  const examples = op.page.items === undefined ? example : example?.[op.page.items];
  if (!Array.isArray(examples) || !examples.length) return undefined;
  const limit = op.queryParams.some((p) => p.name === "limit");
  const schema = resolve(spec, op.success.schema) ?? {};
  const itemSchema = resolve(
    spec,
    op.page.items === undefined ? schema.items : resolve(spec, schema.properties?.[op.page.items])?.items,
  );
  const properties = (key) => resolve(spec, itemSchema?.properties?.[key]);
  const nextSchema = op.page.next ? resolve(spec, schema.properties?.[op.page.next]) : undefined;
  const nullable = nextSchema?.nullable === true || [nextSchema?.type].flat().includes("null");
  // next-url: the query parameter the addresses it writes carry the offset in (a declared page or
  // offset parameter, so that Prism takes them)
  const param =
    op.page.style === "next-url"
      ? (op.queryParams.find((p) => /^(page|offset)$/i.test(p.name))?.name ?? "offset")
      : op.page.param;
  return {
    ...virtualList(examples, op.page, properties),
    example,
    size: examples.length,
    limit,
    nullable,
    page: { ...op.page, param },
    status: op.success.status,
    type: op.success.mediaType ?? "application/json",
  };
}

/** The items on a page of `route` asked with `query`: the example's count, or a smaller `limit`. */
function pageSize(route, query) {
  const limit = Number(query.get("limit"));
  return route.limit && Number.isSafeInteger(limit) && limit >= 1 ? Math.min(limit, route.size) : route.size;
}

// the styles whose position the mock writes as an offset
const OFFSETS = ["offset-header", "link", "next-url"];

/** The position of a request, or a message saying why it is no position the mock gave. */
function position(route, query) {
  const { style, param = "offset", lastItem } = route.page;
  const total = route.list.length;
  const given = query.get(param);
  const { before, first, firstItem } = route.page;
  const back = before ? query.get(before) : null;
  if (given === null && back !== null) {
    // backwards: the page of items before the position
    const at = first ? tokenOffset(back) : route.list.findIndex((item) => String(item?.[firstItem]) === back);
    if (at === undefined || at < 0 || at > total)
      return { error: `${before} must be a position this list gave (got ${JSON.stringify(back.slice(0, 40))})` };
    return { offset: Math.max(0, at - pageSize(route, query)), end: at };
  }
  if (given === null) return { offset: 0 };
  let offset;
  if (OFFSETS.includes(style)) offset = /^\d{1,9}$/.test(given) ? Number(given) : undefined;
  else if (style === "page-number")
    offset = /^[1-9]\d{0,8}$/.test(given) ? (Number(given) - 1) * pageSize(route, query) : undefined;
  else if (lastItem && !route.page.next) {
    const at = route.list.findIndex((item) => String(item?.[lastItem]) === given);
    offset = at < 0 ? undefined : at + 1;
  } else offset = tokenOffset(given);
  if (offset === undefined || offset < 0 || offset > total) {
    const what = OFFSETS.includes(style)
      ? `a whole number from 0 to ${total}`
      : style === "page-number"
        ? "a page number from 1"
        : "a position this list gave";
    return { error: `${param} must be ${what} (got ${JSON.stringify(given.slice(0, 40))})` };
  }
  return { offset };
}

/**
 * Headers and body of the page at `offset` of `route` (up to `end` for a page asked backwards), its
 * next position from the same query.
 */
function pageAnswer(route, url, offset, end) {
  const { style, param = "offset", next, hasMore, items, first } = route.page;
  const size = pageSize(route, url.searchParams);
  const slice = route.list.slice(offset, end ?? offset + size);
  const after = offset + slice.length;
  const more = after < route.list.length;
  const nextValue = OFFSETS.includes(style) ? String(after) : route.page.next ? pageToken(after) : undefined;
  /** @type {Record<string, string>} */
  const headers = { "Content-Type": route.type };
  let body = items === undefined ? slice : { ...route.example, [items]: slice };
  if (style === "cursor-body") {
    body = { ...body, ...(hasMore ? { [hasMore]: end === undefined ? more : offset > 0 } : {}) };
    if (next && (more || route.nullable)) body[next] = more ? nextValue : null;
    else if (next) delete body[next];
    if (first) body[first] = pageToken(offset);
  } else if (style === "link" || style === "next-url") {
    const target = new URLSearchParams(url.searchParams);
    target.set(param, String(after));
    const address = `${url.pathname}?${target}`;
    if (style === "link" && more) headers.Link = `<${address}>; rel="next"`;
    if (style === "next-url") body = withField(body, next, more ? address : null);
  } else if (style === "page-number") {
    const total = route.list.length;
    const { total: count, totalPages } = route.page;
    body = totalPages ? withField(body, totalPages, Math.ceil(total / size)) : withField(body, count, total);
  } else {
    if (hasMore) headers[hasMore] = String(more);
    if (more && next) headers[next] = String(nextValue);
  }
  return { headers, body: JSON.stringify(body) };
}

/** A copy of `body` with the field at a dotted path (`meta.next_page_url`) set, its objects copied or made. */
function withField(body, path, value) {
  const [key, ...rest] = path.split(".");
  const own = body && typeof body === "object" && !Array.isArray(body) ? body : {};
  return { ...own, [key]: rest.length ? withField(own[key], rest.join("."), value) : value };
}

/**
 * The handler of a bundled spec's paged lists (every operation pagination.mjs pages: by offset or
 * token header, body cursor, Link, a next page's address in the body or page numbers with a total): it takes a request for one of them (matched by method and
 * path, a literal segment before a parameter) and answers `MOCK_PAGES` pages of the spec's example
 * items, ids made distinct per page, the next position (`X-Next-Offset`, a token, a body cursor,
 * a Link) computed from the request's own query, the last page saying no more follow. `limit`,
 * when the list has one, shrinks a page below the example's length. The request still goes to
 * Prism first (`forward`): any answer of Prism that is not a success (a bad query or body) is sent
 * as Prism gave it. A position the mock never gave (a negative or huge offset, a garbage token)
 * gets a 400 `{ code, message }` without asking Prism. It leaves to Prism (returns false): every
 * other operation, a request without a bearer token, one with `Prefer:`, a list without example items.
 * @param {any} spec the bundled spec, its `$ref`s kept
 * @returns {{ operations: number, answer(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, forward: (take: (answer: import("node:http").IncomingMessage) => boolean) => void): boolean }}
 *   `forward(take)` sends the request to Prism and hands its answer to `take`, which returns true when it answered `res` itself
 * @example
 * const pages = listPageMock(JSON.parse(readFileSync("generated/openapi.json", "utf8")));
 * createServer((req, res) => pages.answer(req, res, (take) => toPrism(req, res, take)) || toPrism(req, res));
 */
export function listPageMock(spec) {
  let operations = [];
  try {
    ({ operations } = readOperations(spec));
  } catch {
    // a malformed x-pagination fails the generator with its reason; the mock leaves lists to Prism
  }
  const routes = operations.map((op) => ({
    method: op.method,
    path: op.path,
    list: op.page ? listRoute(spec, op) : undefined,
  }));
  const find = operationMatcher(routes);
  const lists = routes.filter((r) => r.list).length;
  return {
    operations: lists,
    answer(req, res, forward) {
      if (!lists) return false;
      const url = new URL(req.url ?? "/", "http://mock");
      const route = find(req.method ?? "", url.pathname)?.operation.list;
      if (!route || req.headers.prefer || !/^Bearer \S/i.test(req.headers.authorization ?? "")) return false;
      const at = position(route, url.searchParams);
      if (at.error !== undefined) {
        refuse(res, 400, at.error, apiError);
        return true;
      }
      forward((answer) => {
        if (!answer.statusCode || answer.statusCode < 200 || answer.statusCode > 299) return false;
        answer.resume();
        const { headers, body } = pageAnswer(route, url, at.offset ?? 0, at.end);
        res.writeHead(route.status, { ...headers, "Content-Length": Buffer.byteLength(body) }).end(body);
        return true;
      });
      return true;
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
 * @param {any} spec the bundled spec
 * @param {import("../generate/read-operations.mjs").OperationInfo} op a list operation (`op.page` set)
 * @param {unknown} envelope
 * @param {unknown[]} items
 * @param {URL} url the request's address
 * @returns {{ status: number, headers: Record<string, string>, body: string } | { error: string }}
 */
export function pageOfItems(spec, op, envelope, items, url) {
  // the route is read as for example items, then walks the stored ones
  const example = op.page?.items === undefined ? [{}] : { ...Object(envelope), [op.page.items]: [{}] };
  const route = listRoute(spec, { ...op, success: { ...op.success, example } });
  if (!route) return { error: "this list has no page convention the mock writes" };
  const stored = { ...route, list: items, size: STORED_PAGE };
  const at = position(stored, url.searchParams);
  if (at.error !== undefined) return { error: at.error };
  return { status: route.status, ...pageAnswer(stored, url, at.offset ?? 0, at.end) };
}
