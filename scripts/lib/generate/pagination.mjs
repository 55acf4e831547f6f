// How a list operation's pages work: its `x-pagination` when the spec says, else the common
// conventions its query parameters and answer show (header cursors, body cursors, a Link header, a
// next page's address in the body, page numbers with a total).
// What it decides for each list is a line of `npm run generate`'s report.

/** The styles `x-pagination.style` may name; `none` marks a list that is one page. */
export const STYLES = ["offset-header", "cursor-header", "cursor-body", "link", "next-url", "page-number", "none"];

// the names the conventions use, most common first
const HAS_MORE_HEADERS = ["x-has-more"];
const NEXT_OFFSET_HEADERS = ["x-next-offset"];
const NEXT_CURSOR_HEADERS = ["x-next-page-token", "x-next-cursor"];
const CURSOR_PARAMS = ["page_token", "cursor", "next_cursor", "after", "starting_after"];
const BEFORE_PARAMS = ["before", "ending_before"];
const ITEMS_FIELDS = ["data", "items", "results"];
// a body field holding the next page's address, at any depth of the answer
const NEXT_URL_FIELDS = ["next", "next_page", "next_page_url", "nextPageUrl", "next_url", "nextUrl", "nextPage"];
// the fields an address sits under, where its own name does not say it is one
const LINK_OBJECTS = ["links", "_links", "pages", "paging"];
const PAGE_PARAMS = ["page", "page_number", "pageNumber"];
// a body field counting the list's items, or its pages
const TOTAL_FIELDS = ["total", "total_count", "totalCount", "total_results", "total_items", "totalItems"];
const TOTAL_PAGES_FIELDS = ["total_pages", "totalPages", "page_count", "pageCount"];
// how deep an answer is searched for those fields (meta.total, links.pages.next)
const FIELD_DEPTH = 3;

/**
 * @typedef {object} Pagination one list operation's pages, as the table carries them
 * @property {"offset-header" | "cursor-header" | "cursor-body" | "link" | "next-url" | "page-number"} style
 * @property {string} [param] the query parameter the next page's position goes into (page-number: its number)
 * @property {string} [next] the header (header styles) or body field (cursor-body) holding it; next-url:
 *   the dotted path of the body field holding the next page's address
 * @property {string} [before] cursor-body: the query parameter of a walk backwards, when the call sets it
 * @property {string} [first] cursor-body backwards: the body field holding the position
 * @property {string} [firstItem] cursor-body backwards without `first`: the first item's field that is the position
 * @property {string} [total] page-number: the dotted path of the body field counting the list's items
 * @property {string} [totalPages] page-number: the dotted path of the body field counting its pages
 * @property {string} [lastItem] cursor-body without `next`: the field of the page's last item that is the position
 * @property {string} [hasMore] the header or body field that says whether another page follows
 * @property {string} [items] cursor-body: the body field holding the page's items
 */

/**
 * The pagination of one operation, or undefined for one that is not a list of pages.
 * @param {(node: any) => any} deref follows a `$ref` within the document
 * @param {string} where `GET /path`, for messages
 * @param {any} op the operation object
 * @param {{ name: string }[]} queryParams its query parameters
 * @param {{ kind: string, schema: any }} success its success answer as operations.mjs reads it
 * @param {any} response the success response object, resolved
 * @returns {{ page: Pagination | undefined, note: string | undefined }} `note` is the report line (lists only)
 */
export function pagination(deref, where, op, queryParams, success, response) {
  const params = new Set(queryParams.map((p) => p.name));
  const declared = op["x-pagination"];
  if (declared !== undefined) {
    const page = fromExtension(declared, where, params, success, deref);
    return { page, note: `${where}: ${page ? describe(page) : "one page"}, from x-pagination` };
  }
  if (success.kind !== "json") return { page: undefined, note: undefined };
  const schema = deref(success.schema) ?? {};
  const headers = new Map(Object.keys(response?.headers ?? {}).map((name) => [name.toLowerCase(), name]));
  const header = (names) => names.map((n) => headers.get(n)).find(Boolean);
  const isArray = schema.type === "array";
  const hasMoreHeader = header(HAS_MORE_HEADERS);

  /** @type {any} */
  let page;
  const nextOffset = header(NEXT_OFFSET_HEADERS);
  const nextCursor = header(NEXT_CURSOR_HEADERS);
  const cursorParam = CURSOR_PARAMS.find((p) => params.has(p));
  const itemsField = isArray ? undefined : arrayField(schema, deref);
  if (nextOffset && params.has("offset"))
    page = {
      style: "offset-header",
      param: "offset",
      next: nextOffset,
      ...(hasMoreHeader ? { hasMore: hasMoreHeader } : {}),
    };
  else if (nextCursor && cursorParam)
    page = {
      style: "cursor-header",
      param: cursorParam,
      next: nextCursor,
      ...(hasMoreHeader ? { hasMore: hasMoreHeader } : {}),
    };
  else if (itemsField && cursorParam && isType(deref(fields(schema, deref).has_more), "boolean")) {
    const props = fields(schema, deref);
    const item = fields(deref(props[itemsField])?.items, deref);
    const beforeParam = BEFORE_PARAMS.find((p) => params.has(p));
    // a walk backwards: the body's first_id, else the first item's id
    const back = !beforeParam
      ? {}
      : props.first_id
        ? { before: beforeParam, first: "first_id" }
        : item.id
          ? { before: beforeParam, firstItem: "id" }
          : {};
    // the position a next page starts from, between the parameter and the has_more flag
    const cursorBody = (position, backwards = back) => ({
      style: "cursor-body",
      param: cursorParam,
      ...position,
      hasMore: "has_more",
      items: itemsField,
      ...backwards,
    });
    if (props.next_cursor) page = cursorBody({ next: "next_cursor" }, {});
    else if (/after$/.test(cursorParam) && props.last_id) page = cursorBody({ next: "last_id" });
    else if (/after$/.test(cursorParam) && item.id) page = cursorBody({ lastItem: "id" });
  } else if (headers.has("link") && (isArray || itemsField))
    page = { style: "link", ...(itemsField ? { items: itemsField } : {}) };
  // an address or a page number is the whole request: never for one that sends a body
  else if (itemsField && op.requestBody === undefined) {
    const paths = fieldPaths(schema, deref);
    const nextUrl = paths.find(
      ({ name, path, schema: s }) => NEXT_URL_FIELDS.includes(name) && isAddress(name, path, s),
    );
    const pageParam = PAGE_PARAMS.find((p) => params.has(p));
    const counted = (names) => paths.find(({ name, schema: s }) => names.includes(name) && isNumber(s));
    const total = counted(TOTAL_FIELDS);
    const totalPages = counted(TOTAL_PAGES_FIELDS);
    if (nextUrl) page = { style: "next-url", next: nextUrl.path.join("."), items: itemsField };
    else if (pageParam && (totalPages || total))
      page = {
        style: "page-number",
        param: pageParam,
        ...(totalPages ? { totalPages: totalPages.path.join(".") } : { total: total.path.join(".") }),
        items: itemsField,
      };
  }

  if (page) return { page, note: `${where}: ${describe(page)}, detected` };
  if (isArray)
    return {
      page: undefined,
      note: `${where}: one page (answers an array; no x-pagination, no page headers or cursor parameter found)`,
    };
  return { page: undefined, note: undefined };
}

// the fields x-pagination may hold, and those of one style only
const FIELDS = [
  "style",
  "param",
  "next",
  "lastItem",
  "hasMore",
  "items",
  "before",
  "first",
  "firstItem",
  "total",
  "totalPages",
];
const STYLE_FIELDS = {
  before: "cursor-body",
  first: "cursor-body",
  firstItem: "cursor-body",
  total: "page-number",
  totalPages: "page-number",
};

/** `x-pagination` checked and filled in; throws on one the client cannot follow. */
function fromExtension(declared, where, params, success, deref) {
  const fail = (message) => {
    throw new Error(`${where}: x-pagination ${message}`);
  };
  if (!declared || typeof declared !== "object" || Array.isArray(declared)) fail("must be an object");
  const { style } = declared;
  if (!STYLES.includes(style)) fail(`style must be one of ${STYLES.join(", ")} (got ${JSON.stringify(style)})`);
  if (style === "none") return undefined;
  if (success.kind !== "json") fail("is on an operation whose answer is not JSON");
  for (const key of Object.keys(declared)) if (!FIELDS.includes(key)) fail(`has an unknown field ${key}`);
  for (const key of FIELDS.slice(1))
    if (declared[key] !== undefined && (typeof declared[key] !== "string" || !declared[key]))
      fail(`${key} must be a non-empty string`);
  for (const [key, only] of Object.entries(STYLE_FIELDS))
    if (declared[key] !== undefined && style !== only) fail(`${key} is for style ${only} only`);
  const page = { ...declared };
  if (style === "offset-header") page.param ??= "offset";
  if (style === "page-number") page.param ??= "page";
  if (style !== "link" && style !== "next-url") {
    if (!page.param) fail(`${style} needs param, the query parameter the position goes into`);
    if (!params.has(page.param)) fail(`param ${page.param} is not a query parameter of the operation`);
  }
  if (style === "page-number" && !page.total === !page.totalPages)
    fail("page-number needs one of total or totalPages, the body field counting the items or the pages");
  else if (style !== "link" && style !== "page-number" && !page.next && !(style === "cursor-body" && page.lastItem))
    fail(`${style} needs next${style === "cursor-body" ? " or lastItem" : ""}`);
  if (page.before !== undefined) {
    if (!params.has(page.before)) fail(`before ${page.before} is not a query parameter of the operation`);
    if (!page.first && !page.firstItem) fail("before needs first or firstItem, where the position backwards is");
  } else if (page.first || page.firstItem) fail("first and firstItem need before, the query parameter they go into");
  const schema = deref(success.schema) ?? {};
  if (schema.type !== "array") {
    page.items ??= arrayField(schema, deref);
    if (!page.items)
      fail("is on an answer that is neither an array nor an object with an array field; name it with items");
  }
  return page;
}

/** The field of an object schema holding the items: a conventional name, else its only array. */
function arrayField(schema, deref) {
  const arrays = Object.entries(fields(schema, deref))
    .filter(([, s]) => isType(deref(s), "array"))
    .map(([name]) => name);
  return ITEMS_FIELDS.find((name) => arrays.includes(name)) ?? (arrays.length === 1 ? arrays[0] : undefined);
}

/** Whether a schema's `type` is or holds `type` (`["string", "null"]` is a string). */
function isType(schema, type) {
  return [schema?.type].flat().includes(type);
}

const isNumber = (schema) => isType(schema, "integer") || isType(schema, "number");

/**
 * The fields of an object schema by name, its `allOf`, `anyOf` and `oneOf` branches' merged in (a
 * field any branch can hold is a field of the answer).
 */
function fields(schema, deref, seen = new Set()) {
  const s = deref(schema);
  if (!s || typeof s !== "object" || seen.has(s)) return {};
  seen.add(s);
  /** @type {Record<string, any>} */
  const out = {};
  for (const branch of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])])
    Object.assign(out, fields(branch, deref, seen));
  Object.assign(out, s.properties ?? {});
  return out;
}

/**
 * Every field of an answer down to FIELD_DEPTH objects deep, each with its path of names
 * (`["meta", "next_page_url"]`), its own name and its schema, resolved; shallower fields first.
 */
function fieldPaths(schema, deref) {
  const found = [];
  let level = [{ path: [], schema }];
  for (let depth = 0; depth < FIELD_DEPTH && level.length; depth++) {
    const next = [];
    for (const parent of level)
      for (const [name, raw] of Object.entries(fields(parent.schema, deref))) {
        const s = deref(raw) ?? {};
        const entry = { path: [...parent.path, name], name, schema: s };
        found.push(entry);
        if (Object.keys(fields(s, deref)).length) next.push(entry);
      }
    level = next;
  }
  return found;
}

/**
 * Whether a string field reads as an address: its name says url, its format is a URI, its example is
 * an http(s) URL or a path, its description calls it a URL or URI, or it sits under `links`
 * (`links.pages.next`). A field `next` of none of these is taken for a cursor, not an address.
 */
function isAddress(name, path, schema) {
  if (!isType(schema, "string")) return false;
  const example = schema.example ?? schema.examples?.[0];
  return (
    /ur[li]/i.test(name) ||
    /^(uri|url|iri|uri-reference|iri-reference)$/.test(schema.format ?? "") ||
    (typeof example === "string" && /^(https?:\/\/|\/)/i.test(example)) ||
    /\b(url|uri)\b/i.test(schema.description ?? "") ||
    path.slice(0, -1).some((p) => LINK_OBJECTS.includes(p))
  );
}

/** The report's words for a pagination. */
export function describe(page) {
  const where = page.items ? `, items in ${page.items}` : "";
  const more = page.hasMore ? ` while ${page.hasMore} is true` : "";
  if (page.style === "link") return `pages by Link rel="next"${where}`;
  if (page.style === "next-url") return `pages by next-url: the address in ${page.next}${more}${where}`;
  if (page.style === "page-number")
    return `pages by page-number: ${page.param} + 1 until ${page.totalPages ? `${page.totalPages} pages` : `${page.total} items`}${where}`;
  const back = page.before ? `; ${page.before} <- ${page.first ?? `first item's ${page.firstItem}`} backwards` : "";
  return `pages by ${page.style}: ${page.param} <- ${page.next ?? `last item's ${page.lastItem}`}${more}${back}${where}`;
}
