// How a list operation's pages work: its `x-pagination` when the spec says, else the common
// conventions its query parameters and answer show (header cursors, body cursors, a Link header).
// What it decides for each list is a line of `npm run generate`'s report.

/** The styles `x-pagination.style` may name; `none` marks a list that is one page. */
export const STYLES = ["offset-header", "cursor-header", "cursor-body", "link", "none"];

// the names the conventions use, most common first
const HAS_MORE_HEADERS = ["x-has-more"];
const NEXT_OFFSET_HEADERS = ["x-next-offset"];
const NEXT_CURSOR_HEADERS = ["x-next-page-token", "x-next-cursor"];
const CURSOR_PARAMS = ["page_token", "cursor", "next_cursor", "after", "starting_after"];
const ITEMS_FIELDS = ["data", "items", "results"];

/**
 * @typedef {object} Pagination one list operation's pages, as the table carries them
 * @property {"offset-header" | "cursor-header" | "cursor-body" | "link"} style
 * @property {string} [param] the query parameter the next page's position goes into
 * @property {string} [next] the header (header styles) or body field (cursor-body) holding it
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
  else if (itemsField && cursorParam && deref(schema.properties?.has_more)?.type === "boolean") {
    const props = schema.properties ?? {};
    const item = deref(deref(props[itemsField])?.items) ?? {};
    if (props.next_cursor)
      page = { style: "cursor-body", param: cursorParam, next: "next_cursor", hasMore: "has_more", items: itemsField };
    else if (/after$/.test(cursorParam) && item.properties?.id)
      page = { style: "cursor-body", param: cursorParam, lastItem: "id", hasMore: "has_more", items: itemsField };
  } else if (headers.has("link") && (isArray || itemsField))
    page = { style: "link", ...(itemsField ? { items: itemsField } : {}) };

  if (page) return { page, note: `${where}: ${describe(page)}, detected` };
  if (isArray)
    return {
      page: undefined,
      note: `${where}: one page (answers an array; no x-pagination, no page headers or cursor parameter found)`,
    };
  return { page: undefined, note: undefined };
}

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
  for (const key of Object.keys(declared))
    if (!["style", "param", "next", "lastItem", "hasMore", "items"].includes(key)) fail(`has an unknown field ${key}`);
  for (const key of ["param", "next", "lastItem", "hasMore", "items"])
    if (declared[key] !== undefined && (typeof declared[key] !== "string" || !declared[key]))
      fail(`${key} must be a non-empty string`);
  const page = { ...declared };
  if (style === "offset-header") page.param ??= "offset";
  if (style !== "link") {
    if (!page.param) fail(`${style} needs param, the query parameter the position goes into`);
    if (!params.has(page.param)) fail(`param ${page.param} is not a query parameter of the operation`);
    if (!page.next && !(style === "cursor-body" && page.lastItem))
      fail(`${style} needs next${style === "cursor-body" ? " or lastItem" : ""}`);
  }
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
  const arrays = Object.entries(schema.properties ?? {})
    .filter(([, s]) => deref(s)?.type === "array")
    .map(([name]) => name);
  return ITEMS_FIELDS.find((name) => arrays.includes(name)) ?? (arrays.length === 1 ? arrays[0] : undefined);
}

/** The report's words for a pagination. */
export function describe(page) {
  const where = page.items ? `, items in ${page.items}` : "";
  const more = page.hasMore ? ` while ${page.hasMore} is true` : "";
  if (page.style === "link") return `pages by Link rel="next"${where}`;
  return `pages by ${page.style}: ${page.param} <- ${page.next ?? `last item's ${page.lastItem}`}${more}${where}`;
}
