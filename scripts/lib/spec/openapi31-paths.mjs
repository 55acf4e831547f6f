// The 3.1 view's changes to paths and parameters (openapi31.mjs): a path's `query` and
// `additionalOperations` operations moved to stand-ins, and a `querystring` parameter read as the query
// parameter of its content's schema, marked.
import { deref, escapeToken, resolve } from "./refs.mjs";
import { moreOperations, STAND_IN, standInKey } from "./document.mjs";
import { fieldsOf, isRecord, keyword } from "./guards.mjs";

/** The mark of a query parameter that stands for an OpenAPI 3.2 `querystring` one: its media type. */
export const QUERYSTRING = "x-querystring";

/**
 * A path item the view's walk met (openapi31.mjs), with its JSON pointer.
 * @typedef {{ at: string, item: Record<string, unknown> }} MetPathItem
 */

/**
 * Each `query` and `additionalOperations` operation of a path, moved to its stand-in (see `openapi31`),
 * a line each; those of any other path item (a webhook's, a callback's, a component no path
 * references) and those that are no method fetch sends dropped, named in `unsupported`.
 * @param {Record<string, unknown>} view changed in place
 * @param {MetPathItem[]} pathItems every path item the walk met, with its pointer
 * @param {(where: string, text: string) => void} say
 * @param {string[]} unsupported
 */
export function standIns(view, pathItems, say, unsupported) {
  const covered = new Set();
  /** @type {Record<string, unknown>} */
  const made = {};
  const taken = fieldsOf(keyword(view.components, "pathItems"));
  for (const [path, raw] of Object.entries(fieldsOf(view.paths))) {
    const item = deref(view, raw);
    if (!isRecord(item)) continue;
    covered.add(item);
    const { operations, refused } = moreOperations(item);
    const at = (/** @type {string} */ key) => `#/paths/${escapeToken(path)}/${key}`;
    for (const { method, key, why } of refused)
      unsupported.push(`${method} ${path} (${at(key)}): ${why}; left out of the client, its types and the mock`);
    for (const { method, key, op } of operations) {
      const name = standInKey(method, path);
      if (Object.hasOwn(taken, name)) {
        unsupported.push(
          `${method} ${path}: #/components/pathItems/${escapeToken(name)}, its stand-in, is the document's own; left out`,
        );
        continue;
      }
      made[name] = {
        [STAND_IN]: { method, path },
        ...(item.parameters ? { parameters: structuredClone(item.parameters) } : {}),
        ...(item.servers ? { servers: structuredClone(item.servers) } : {}),
        post: structuredClone(op),
      };
      say(
        at(key),
        `${method} (3.2) has no field in 3.1: a method of the client, sent as ${method}${method === key.split("/").at(-1) || key === "query" ? "" : " (methods are sent in capitals)"}; its types are read from a stand-in path item, #/components/pathItems/${escapeToken(name)}, whose post it is`,
      );
    }
  }
  for (const { at, item } of pathItems) {
    if (!covered.has(item)) {
      const { operations, refused } = moreOperations(item);
      for (const { method, key } of [...operations, ...refused])
        unsupported.push(
          `${at}/${key}: ${method} of a path item outside paths (a webhook, a callback, or one no path references) is no method of the client; left out`,
        );
    }
    delete item.query;
    delete item.additionalOperations;
  }
  // components that are no object (lint names them) give way to ones that hold the stand-ins
  if (Object.keys(made).length) view.components = { ...fieldsOf(view.components), pathItems: { ...taken, ...made } };
}

/**
 * A parameter as 3.1 has it. A `querystring` one (or a reference to one), which 3.1 has not, becomes the
 * query parameter of its content's schema, `in: query`, marked `QUERYSTRING` with its media type:
 * openapi-typescript types it, the generator reads it back as the whole query string, and Prism reads a
 * form's (`application/x-www-form-urlencoded`) as the exploded object it is on the wire (prism-view.mjs
 * drops any other's).
 * @param {unknown} spec the document as written
 * @param {Record<string, unknown>} node a parameter or a reference to one
 * @param {string} at
 * @param {(where: string, text: string) => void} say
 * @param {string[]} unsupported
 * @returns {unknown} what stands in its place, undefined to drop it
 */
export function parameter(spec, node, at, say, unsupported) {
  const p = "$ref" in node ? resolve(spec, node) : node;
  if (isRecord(p) && p.in === "querystring") {
    const [media, content] = isRecord(p.content) ? (Object.entries(p.content)[0] ?? []) : [];
    if (!media) {
      unsupported.push(`${at}: querystring parameter ${p.name} names no media type; left out`);
      return undefined;
    }
    const { in: _in, content: _content, ...rest } = structuredClone(p);
    say(
      at,
      `querystring parameter ${p.name} (3.2: the whole query string, ${media}) read as a query parameter of its schema, marked ${QUERYSTRING}: the method's query argument, checked, sent as ${media} writes it`,
    );
    const { schema = {}, example, examples } = fieldsOf(resolve(spec, content));
    const shown = rest.example !== undefined || rest.examples !== undefined ? {} : { example, examples };
    return { ...rest, ...structuredClone(shown), in: "query", schema: structuredClone(schema), [QUERYSTRING]: media };
  }
  if (node.in === "cookie" && node.style === "cookie") {
    delete node.style;
    say(at, "style cookie (3.2) dropped; read as form, 3.1's one style of a cookie");
  }
  return node;
}
