// Prism's reading of a request's parameters, given the document as OpenAPI reads it: what the view
// of the document Prism is given (prism-view.mjs) changes in the parameters for Prism to let
// through exactly the requests OpenAPI allows.
import { deref } from "../spec/refs.mjs";
import { describedProperties } from "../spec/schema-properties.mjs";
import { operationsOf } from "../spec/document.mjs";
import { fieldsOf, isRecord, keyword } from "../spec/guards.mjs";
import { QUERYSTRING } from "../spec/openapi31-paths.mjs";

// header parameters OpenAPI says to ignore (the client writes them itself), which Prism requires
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);
const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * The parameters of `doc` as Prism must be given them to read a request as OpenAPI does: without
 * the `Accept`, `Content-Type` and `Authorization` header parameters, which OpenAPI says to
 * ignore and Prism requires; and a query parameter of objects written `style: form, explode:
 * true` (its fields as parameters of their own, OpenAPI's default) naming every field its schema
 * and its branches describe, since Prism gathers only the fields `properties` names (an object
 * of `oneOf` branches reached Prism empty); and, where it is optional, taking {} too, which is
 * how Prism reads it absent. OpenAPI 3.2's `querystring` (the 3.1 view's query parameter marked
 * `QUERYSTRING`) of a form is such an exploded object, which Prism checks; of any other media type (JSON
 * text as the whole query) it is left out, unchecked: returned, one line each.
 * @param {unknown} doc changed in place
 * @returns {string[]} the querystrings left out: `GET /user: querystring json (application/json)`
 */
export function asPrismReadsParameters(doc) {
  const ignored = (/** @type {unknown} */ p) => {
    const param = fieldsOf(deref(doc, p));
    return param.in === "header" && IGNORED_HEADERS.has(String(param.name).toLowerCase());
  };
  /** @type {string[]} */
  const unread = [];
  // OpenAPI 3.2's querystring of a media type other than a form, which Prism would read as parameters it is not
  const whole = (/** @type {unknown} */ p, /** @type {string} */ where) => {
    const param = deref(doc, p);
    const media = keyword(param, QUERYSTRING);
    if (typeof media !== "string" || FORM.test(media)) return false;
    unread.push(`${where}: querystring ${keyword(param, "name")} (${media})`);
    return true;
  };
  const items = new Map(
    operationsOf(doc).flatMap(({ path, method, item, op }) => [
      [item, path],
      [op, `${method.toUpperCase()} ${path}`],
    ]),
  );
  const read = new Set();
  for (const [node, where] of items) {
    const parameters = node.parameters;
    if (!Array.isArray(parameters)) continue;
    const kept = parameters.filter((/** @type {unknown} */ p) => !ignored(p) && !whole(p, where));
    node.parameters = kept;
    for (const p of kept) {
      const param = deref(doc, p);
      // what is no object is no parameter, nor one of the query
      if (!isRecord(param)) continue;
      const exploded = (param.style ?? "form") === "form" && param.explode !== false;
      // a component parameter many operations share is read once
      if (param.in !== "query" || !exploded || !param.schema || read.has(param)) continue;
      read.add(param);
      const fields = describedProperties(doc, param.schema).map(([name]) => name);
      const schema = deref(doc, param.schema);
      const own = keyword(schema, "properties") ?? {};
      const types = [keyword(schema, "type") ?? []].flat();
      // a declared type says what it is (`properties` beside `type: string` describe nothing)
      if (types.length ? !types.includes("object") : !fields.length) continue;
      // Prism reads an absent object parameter as {}: an optional one takes {} as absent
      if (param.required && fields.every((name) => Object.hasOwn(own, name))) continue;
      param.schema = {
        type: "object",
        properties: Object.fromEntries(fields.map((n) => [n, {}])),
        ...(param.required ? { allOf: [param.schema] } : { anyOf: [param.schema, { maxProperties: 0 }] }),
      };
    }
  }
  return [...new Set(unread)];
}
