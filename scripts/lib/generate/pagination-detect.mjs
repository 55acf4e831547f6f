// How a list's pages work, read from the shape of an operation without `x-pagination`: its query
// parameters, its answer's headers, and its answer's fields (list-shape.mjs reads their roles). The
// styles are tried in order; the first that fits decides.
import { deref } from "../spec/refs.mjs";
import { isRecord, keyword } from "../spec/guards.mjs";
import { BACKWARD, FORWARD, mirrorOf, paramRoles, sizeParam, takenBack, takes } from "./list-params.mjs";
import {
  countOf,
  edgeField,
  fieldPaths,
  fields,
  holds,
  idField,
  isAddress,
  isType,
  itemsPath,
  reads,
  readsMore,
  words,
} from "./list-shape.mjs";

// the words of a field that names the next page and nothing else
const ADDRESS_WORDS = ["next", "page", "link", "href", "url", "uri"];

/**
 * @typedef {import("./pagination.mjs").Pagination} Pagination
 * @typedef {import("./list-shape.mjs").Field} Field
 * @typedef {import("./list-params.mjs").Param} Param
 */

/**
 * The pagination of an operation read from its shape, or undefined where none fits.
 * @param {object} doc the bundled document
 * @param {import("./pagination.mjs").ListOperation} op the operation object
 * @param {{ name: string, schema?: unknown }[]} queryParams
 * @param {{ schema: unknown }} success its JSON success answer
 * @param {unknown} response the success response object, resolved
 * @returns {Pagination | undefined}
 */
export function detect(doc, op, queryParams, success, response) {
  /** @type {unknown} */
  const schema = deref(doc, success.schema) ?? {};
  const params = paramRoles(doc, queryParams);
  const isArray = isType(schema, "array");
  const found = isArray ? [] : fieldPaths(doc, schema);
  const items = isArray ? undefined : itemsPath(found);
  const inItems = items === undefined ? {} : { items };
  const headers = keyword(response, "headers");
  // items under a field of no name (`""`) end the search at the headers: its answer's pages are not read
  if (items === "") return fromHeaders(doc, headers, params);
  return (
    fromHeaders(doc, headers, params) ??
    (items ? fromFlag(doc, found, items, params) : undefined) ??
    (isRecord(headers) && Object.keys(headers).some((h) => h.toLowerCase() === "link") && (isArray || items)
      ? { style: /** @type {const} */ ("link"), ...inItems }
      : undefined) ??
    // an address or a page number is the whole request: never for one that sends a body
    (items && op.requestBody === undefined ? fromAddressOrNumber(found, items, params) : undefined) ??
    (items ? fromTakenBack(found, items, params) : undefined) ??
    fromItems(doc, schema, isArray, items, params)
  );
}

/**
 * An offset or a cursor in a header that reads as next, and the parameter it goes back into.
 * @param {object} doc
 * @param {unknown} declared the success response's `headers`
 * @param {Param[]} params
 * @returns {Pagination | undefined}
 */
function fromHeaders(doc, declared, params) {
  /** @type {Field[]} */
  const headers = Object.entries(isRecord(declared) ? declared : {}).map(([name, h]) => {
    const s = deref(doc, keyword(deref(doc, h), "schema")) ?? {};
    return { name, path: [name], words: words(name), schema: s };
  });
  const more = headers.find((h) => readsMore(h.name, undefined));
  const hasMore = more ? { hasMore: more.name } : {};
  const next = headers.filter((h) => reads(h.words, ["next"]) && !reads(h.words, ["link", "url"]));
  const offsets = next.filter((h) => h.words.includes("offset"));
  for (const header of offsets) {
    const param = params.find((p) => p.words.includes("offset") && holds(header.words, p.words));
    if (param) return { style: "offset-header", param: param.name, next: header.name, ...hasMore };
  }
  // a cursor header: its words hold the parameter's (X-Next-Page-Token, page_token), else it is the
  // only position parameter; typed as text, whatever the header's schema says
  const cursors = next.filter((h) => !h.words.includes("offset")).map((h) => ({ ...h, schema: { type: "string" } }));
  const pair = takenBack(cursors, params);
  if (pair) return { style: "cursor-header", param: pair.param.name, next: pair.field.name, ...hasMore };
  return undefined;
}

/**
 * A body cursor beside a flag saying more pages follow, at the answer's top level: a field read
 * back by a parameter (`cursor` <- `next_cursor`), or, for a parameter that reads as after, the
 * body's last id or the last item's id; with a mirror parameter (`before`), the walk backwards.
 * @param {object} doc
 * @param {Field[]} found
 * @param {string} items
 * @param {Param[]} params
 * @returns {Pagination | undefined}
 */
function fromFlag(doc, found, items, params) {
  const top = found.filter((f) => f.path.length === 1);
  const flag = top.find((f) => readsMore(f.name, f.schema));
  if (!flag || items.includes(".")) return undefined;
  /** @type {(param: string, position: { next: string } | { lastItem: string }) => Pagination} */
  const base = (param, position) => ({ style: "cursor-body", param, ...position, hasMore: flag.name, items });
  const pair = takenBack(top, params);
  if (pair) return base(pair.param.name, { next: pair.field.name });
  const holder = top.find((f) => f.name === items);
  const item = fields(doc, deref(doc, holder && keyword(holder.schema, "items")));
  const itemId = idField(item);
  const after = afterParam(params, itemId ? item[itemId] : undefined);
  if (!after) return undefined;
  const last = edgeField(top, "last");
  const position = last ? { next: last.name } : itemId ? { lastItem: itemId } : undefined;
  if (!position) return undefined;
  return { ...base(after.name, position), ...backwards(found, params, after, itemId) };
}

/**
 * The one parameter reading as after (or since) that takes an item's id back, `after` before `since`.
 * @param {Param[]} params
 * @param {unknown} id the item's id field's schema; undefined takes any
 */
function afterParam(params, id) {
  const forward = params.filter((p) => p.position && reads(p.words, FORWARD) && (!id || takes(p, id)));
  return forward.find((p) => p.words.includes("after")) ?? (forward.length === 1 ? forward[0] : undefined);
}

/**
 * The walk backwards beside `after`: its mirror parameter, the body's first id, else the first item's id.
 * @param {Field[]} found
 * @param {Param[]} params
 * @param {Param} after
 * @param {string | undefined} itemId
 */
function backwards(found, params, after, itemId) {
  const before = mirrorOf(after, params);
  if (!before) return {};
  const first = edgeField(found, "first");
  if (first) return { before: before.name, first: first.name };
  return itemId ? { before: before.name, firstItem: itemId } : {};
}

/**
 * The next page's address in the body (next-url), else a page number with a count (page-number).
 * @param {Field[]} found
 * @param {string} items
 * @param {Param[]} params
 * @returns {Pagination | undefined}
 */
function fromAddressOrNumber(found, items, params) {
  // a field named only as the next page (`next`, `next_page`) is its address by the loose hints too
  // (under `links`, a description saying URL); one named for more (`next_cursor`) only by its own
  const nextUrl = found.find((f) => {
    const list = words(f.name);
    return (
      list.includes("next") &&
      isAddress(
        f,
        list.every((w) => ADDRESS_WORDS.includes(w)),
      )
    );
  });
  if (nextUrl) return { style: "next-url", next: nextUrl.path.join("."), items };
  const page = params.find(
    (p) =>
      p.position &&
      p.words.includes("page") &&
      p.words.every((w) => ["page", "number", "num", "no", "index"].includes(w)),
  );
  const pages = found.find((f) => countOf(f) === "pages");
  const total = found.find((f) => countOf(f) === "items");
  if (page && (pages || total))
    return {
      style: "page-number",
      param: page.name,
      // one of the two is found: the condition above
      ...(pages ? { totalPages: pages.path.join(".") } : { total: total?.path.join(".") }),
      items,
    };
  return undefined;
}

/**
 * A body cursor anywhere in the answer that a parameter takes back, with or without a flag: the
 * walk goes on while the flag says so, else while there is a next position.
 * @param {Field[]} found
 * @param {string} items
 * @param {Param[]} params
 * @returns {Pagination | undefined}
 */
function fromTakenBack(found, items, params) {
  const outside = found.filter((f) => !f.path.join(".").startsWith(`${items}.`));
  const pair = takenBack(outside, params);
  // a walk that starts backwards where the list also goes forwards: the forward position is what
  // the answer does not give back (a document whose field and parameter disagree in type)
  if (!pair || (reads(pair.param.words, BACKWARD) && params.some((p) => p.position && reads(p.words, FORWARD))))
    return undefined;
  const flag = outside.find((f) => readsMore(f.name, f.schema));
  /** @type {Pagination} */
  const page = {
    style: "cursor-body",
    param: pair.param.name,
    next: pair.field.path.join("."),
    ...(flag ? { hasMore: flag.path.join(".") } : {}),
    items,
  };
  // the walk backwards: the mirror parameter and the field it takes back
  const before = mirrorOf(pair.param, params);
  const first = before && takenBack(outside, [before]);
  return first && first.param === before ? { ...page, before: before.name, first: first.field.path.join(".") } : page;
}

/**
 * Items whose id is the position: an array (or an object's one array) of items with an id, a
 * parameter reading as after or since and/or one reading as before or until that takes the id, and
 * a parameter sizing the page. The walk ends at a page short of the size asked.
 * @param {object} doc
 * @param {unknown} schema
 * @param {boolean} isArray
 * @param {string | undefined} items
 * @param {Param[]} params
 * @returns {Pagination | undefined}
 */
function fromItems(doc, schema, isArray, items, params) {
  if (!isArray && items === undefined) return undefined;
  const array =
    isArray || items === undefined
      ? schema
      : items.split(".").reduce((/** @type {unknown} */ at, key) => fields(doc, at)[key], schema);
  const item = fields(doc, deref(doc, keyword(array, "items")));
  const id = idField(item);
  const limit = sizeParam(params);
  if (!id || !limit) return undefined;
  const after = afterParam(params, item[id]);
  const back = params.filter((p) => p.position && reads(p.words, BACKWARD) && takes(p, item[id]));
  const before = (after && mirrorOf(after, params)) ?? (back.length === 1 ? back[0] : undefined);
  if (!after && !before) return undefined;
  return {
    style: "item-cursor",
    ...(after ? { param: after.name, lastItem: id } : {}),
    ...(before && before !== after ? { before: before.name, firstItem: id } : {}),
    limit: limit.name,
    ...(items === undefined ? {} : { items }),
  };
}

/**
 * A list whose next position goes back in the request body, which a page walker does not change:
 * the answer's field and the body's, for the report; undefined for any other operation.
 * @param {object} doc
 * @param {import("./pagination.mjs").ListOperation} op the operation object
 * @param {{ schema: unknown }} success its JSON success answer
 * @returns {{ field: string, param: string } | undefined}
 */
export function bodyPosition(doc, op, success) {
  const declared = keyword(deref(doc, op.requestBody), "content");
  const content = isRecord(declared) ? declared : {};
  const media = Object.keys(content).find((m) => /[/+]json$/i.test(m.split(";")[0].trim()));
  /** @type {unknown} */
  const schema = deref(doc, success.schema) ?? {};
  if (media === undefined || isType(schema, "array")) return undefined;
  const found = fieldPaths(doc, schema);
  if (!itemsPath(found)) return undefined;
  const body = Object.entries(fields(doc, keyword(content[media], "schema"))).map(([name, s]) => ({ name, schema: s }));
  const pair = takenBack(found, paramRoles(doc, body));
  return pair && { field: pair.field.path.join("."), param: pair.param.name };
}
