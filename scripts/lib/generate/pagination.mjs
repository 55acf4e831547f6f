// How a list operation's pages work: its `x-pagination` when the spec says, else what the shape of
// its query parameters and answer shows (pagination-detect.mjs: header cursors, body cursors, a
// Link header, a next page's address in the body, page numbers with a total, items whose id is the
// position). What it decides for each list is a line of `npm run generate`'s report.
import { deref } from "../spec/refs.mjs";
import { isRecord } from "../spec/guards.mjs";
import { fieldPaths, isNumber, isType, itemsPath } from "./list-shape.mjs";
import { bodyPosition, detect } from "./pagination-detect.mjs";

/** The styles `x-pagination.style` may name; `none` marks a list that is one page. */
export const STYLES = [
  "offset-header",
  "cursor-header",
  "cursor-body",
  "link",
  "next-url",
  "page-number",
  "item-cursor",
  "none",
];

/**
 * @typedef {object} Pagination one list operation's pages, as the table carries them
 * @property {"offset-header" | "cursor-header" | "cursor-body" | "link" | "next-url" | "page-number" | "item-cursor"} style
 * @property {string} [param] the query parameter the next page's position goes into (page-number: its number;
 *   item-cursor: the position forwards, `after`)
 * @property {string} [next] the header (header styles) or the dotted path of the body field (cursor-body)
 *   holding it; next-url: of the body field holding the next page's address
 * @property {string} [before] cursor-body, item-cursor: the query parameter of a walk backwards, when the call sets it
 * @property {string} [first] cursor-body backwards: the dotted path of the body field holding the position
 * @property {string} [firstItem] backwards without `first`: the first item's field that is the position
 * @property {string} [total] page-number: the dotted path of the body field counting the list's items
 * @property {string} [totalPages] page-number: the dotted path of the body field counting its pages
 * @property {string} [lastItem] cursor-body without `next`, item-cursor: the field of the page's last item that is the position
 * @property {string} [hasMore] the header or the dotted path of the body field that says whether another page follows
 * @property {string} [items] the dotted path of the body field holding the page's items (an object answer)
 * @property {string} [limit] item-cursor: the query parameter sizing a page; a page short of it is the last
 * @property {string[]} [numberParams] the position parameters typed as numbers (read from the document,
 *   never declared): a position the service gave goes into them as a number, into any other as text
 */
/** @typedef {{ name: string, schema?: unknown }} QueryParam a query parameter as the rules read it: its name and schema */
/** @typedef {{ requestBody?: unknown, "x-pagination"?: unknown }} ListOperation what the rules read of an operation object */

/**
 * The pagination of one operation, or undefined for one that is not a list of pages.
 * @param {object} doc the bundled document, whose `$ref`s the answer's follow
 * @param {string} where `GET /path`, for messages
 * @param {ListOperation} op the operation object
 * @param {QueryParam[]} queryParams its query parameters
 * @param {{ kind: string, schema: unknown }} success its success answer as operations.mjs reads it
 * @param {unknown} response the success response object, resolved
 * @returns {{ page: Pagination | undefined, note: string | undefined, unexpressed?: string }} `note` is the
 *   report line (lists only); `unexpressed` says why a list is one page all the same
 */
export function pagination(doc, where, op, queryParams, success, response) {
  const params = new Set(queryParams.map((p) => p.name));
  const declared = op["x-pagination"];
  if (declared !== undefined) {
    const page = withNumbers(doc, fromExtension(declared, where, params, success, doc), queryParams);
    return { page, note: `${where}: ${page ? describe(page) : "one page"}, from x-pagination` };
  }
  if (success.kind !== "json") return { page: undefined, note: undefined };
  const page = withNumbers(doc, detect(doc, op, queryParams, success, response), queryParams);
  if (page) return { page, note: `${where}: ${describe(page)}, detected` };
  const inBody = op.requestBody === undefined ? undefined : bodyPosition(doc, op, success);
  if (inBody)
    return {
      page: undefined,
      note: undefined,
      unexpressed: `${where}: the answer's ${inBody.field} goes back in the request body's ${inBody.param}; the list is one page (a page walker changes only the query)`,
    };
  if (isType(deref(doc, success.schema), "array"))
    return {
      page: undefined,
      note: `${where}: one page (answers an array; no x-pagination, no page headers or cursor parameter found)`,
    };
  return { page: undefined, note: undefined };
}

// the styles whose position is a value the service gave, sent back as it came
const GIVEN_POSITION = ["cursor-header", "cursor-body", "item-cursor"];

/**
 * The page with `numberParams`: its position parameters whose schema is a number.
 * @param {object} doc
 * @param {Pagination | undefined} page
 * @param {QueryParam[]} queryParams
 * @returns {Pagination | undefined}
 */
function withNumbers(doc, page, queryParams) {
  if (!page || !GIVEN_POSITION.includes(page.style)) return page;
  const schema = (/** @type {string} */ name) => deref(doc, queryParams.find((p) => p.name === name)?.schema);
  const numbers = [page.param, page.before].filter(
    /** @returns {name is string} */ (name) => name !== undefined && isNumber(schema(name)),
  );
  return numbers.length ? { ...page, numberParams: numbers } : page;
}

// the fields x-pagination may hold, and the styles those of some styles only are for
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
  "limit",
];
/** @type {Record<string, string[]>} */
const STYLE_FIELDS = {
  before: ["cursor-body", "item-cursor"],
  first: ["cursor-body"],
  firstItem: ["cursor-body", "item-cursor"],
  total: ["page-number"],
  totalPages: ["page-number"],
  limit: ["item-cursor"],
};
// item-cursor reads its position from the items: a field naming it elsewhere is a mistake
const NOT_ITEM_CURSOR = ["next", "hasMore"];

/**
 * `x-pagination` checked and filled in; throws on one the client cannot follow.
 * @param {unknown} declared
 * @param {string} where
 * @param {Set<string>} params the operation's query parameters' names
 * @param {{ kind: string, schema: unknown }} success
 * @param {object} doc
 * @returns {Pagination | undefined}
 */
function fromExtension(declared, where, params, success, doc) {
  /** @type {(message: string) => never} */
  const fail = (message) => {
    throw new Error(`${where}: x-pagination ${message}`);
  };
  if (!isRecord(declared)) return fail("must be an object");
  const { style } = declared;
  if (typeof style !== "string" || !STYLES.includes(style))
    fail(`style must be one of ${STYLES.join(", ")} (got ${JSON.stringify(style)})`);
  if (style === "none") return undefined;
  if (success.kind !== "json") fail("is on an operation whose answer is not JSON");
  for (const key of Object.keys(declared)) if (!FIELDS.includes(key)) fail(`has an unknown field ${key}`);
  for (const key of FIELDS.slice(1))
    if (declared[key] !== undefined && (typeof declared[key] !== "string" || !declared[key]))
      fail(`${key} must be a non-empty string`);
  for (const [key, only] of Object.entries(STYLE_FIELDS))
    if (declared[key] !== undefined && !only.includes(style)) fail(`${key} is for style ${only.join(" or ")} only`);
  /** @type {Record<string, unknown>} */
  const page = { ...declared };
  if (style === "offset-header") page.param ??= "offset";
  if (style === "page-number") page.param ??= "page";
  const isParam = (/** @type {string} */ key) => {
    const name = page[key];
    // every field but style is a non-empty string: checked above
    if (name !== undefined && !params.has(/** @type {string} */ (name)))
      fail(`${key} ${name} is not a query parameter of the operation`);
  };
  if (style === "item-cursor") itemCursor(page, fail);
  else if (style !== "link" && style !== "next-url" && !page.param)
    fail(`${style} needs param, the query parameter the position goes into`);
  isParam("param");
  isParam("limit");
  if (style === "page-number" && !page.total === !page.totalPages)
    fail("page-number needs one of total or totalPages, the body field counting the items or the pages");
  else if (
    !["link", "page-number", "item-cursor"].includes(style) &&
    !page.next &&
    !(style === "cursor-body" && page.lastItem)
  )
    fail(`${style} needs next${style === "cursor-body" ? " or lastItem" : ""}`);
  if (page.before !== undefined) {
    isParam("before");
    if (!page.first && !page.firstItem) fail("before needs first or firstItem, where the position backwards is");
  } else if (page.first || page.firstItem) fail("first and firstItem need before, the query parameter they go into");
  const schema = deref(doc, success.schema) ?? {};
  if (!isType(schema, "array")) {
    page.items ??= itemsPath(fieldPaths(doc, schema));
    if (!page.items)
      fail("is on an answer that is neither an array nor an object with one array field; name it with items");
  }
  // a Pagination by the checks above: its style one of STYLES but none, each other field one of
  // FIELDS and a non-empty string
  return /** @type {Pagination} */ (page);
}

/**
 * item-cursor's own rules: a direction, each with the item field its position is read from.
 * @param {Record<string, unknown>} page
 * @param {(message: string) => never} fail
 */
function itemCursor(page, fail) {
  for (const key of NOT_ITEM_CURSOR)
    if (page[key] !== undefined) fail(`${key} is not for item-cursor, whose position is an item's field`);
  if (!page.param && !page.before)
    fail("item-cursor needs param or before, the query parameter the position goes into");
  if (page.param && !page.lastItem) fail("item-cursor needs lastItem with param, the item field that is the position");
  if (!page.param && page.lastItem) fail("lastItem needs param, the query parameter it goes into");
}

/**
 * The report's words for a pagination.
 * @param {Pagination} page
 */
export function describe(page) {
  const where = page.items ? `, items in ${page.items}` : "";
  const more = page.hasMore ? ` while ${page.hasMore} is true` : "";
  if (page.style === "link") return `pages by Link rel="next"${where}`;
  if (page.style === "next-url") return `pages by next-url: the address in ${page.next}${more}${where}`;
  if (page.style === "page-number")
    return `pages by page-number: ${page.param} + 1 until ${page.totalPages ? `${page.totalPages} pages` : `${page.total} items`}${where}`;
  const back = page.before ? `; ${page.before} <- ${page.first ?? `first item's ${page.firstItem}`} backwards` : "";
  if (page.style === "item-cursor") {
    const forward = page.param ? `${page.param} <- last item's ${page.lastItem}` : "";
    const until = page.limit
      ? `a page holds fewer items than ${page.limit}`
      : "a page holds fewer items than the first";
    return `pages by item-cursor: ${forward}${forward ? back : back.slice(2)} until ${until}${where}`;
  }
  return `pages by ${page.style}: ${page.param} <- ${page.next ?? `last item's ${page.lastItem}`}${more}${back}${where}`;
}
