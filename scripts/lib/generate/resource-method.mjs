// One method of generated/resources.ts as a declaration: its parameters, its options and what it
// resolves to, typed from the spec's types (a component's type by name, else the `paths` type at the
// operation), with the JSDoc it shares with its standalone function (method-doc.mjs).
import { exampleCall } from "./examples.mjs";
import { componentName, identifier, operationType } from "./identifiers.mjs";
import { docLines } from "./method-doc.mjs";
import { documented } from "./print.mjs";
import {
  indexed,
  intersection,
  keyword,
  method,
  objectType,
  property,
  stringType,
  typeRef,
  union,
} from "./print-types.mjs";
import { offeredMedia } from "./request-bodies.mjs";

/**
 * @typedef {import("./read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {import("typescript").TypeNode} TypeNode
 * @typedef {(schema: unknown, indexed: TypeNode) => TypeNode} TypeOf a schema's type: a component's by
 *   name, else `indexed`, its type in the spec's types at the operation
 */

/**
 * A schema's type: its component's exported type (`T.Name`) where it is one, else `indexed`.
 * @param {Map<string, string>} types each component schema's type name (identifiers.mjs typeNames)
 * @returns {TypeOf}
 */
export const typeOfSchema = (types) => (schema, indexed) => {
  const name = componentName(schema);
  const type = name ? types.get(name) : undefined;
  return type !== undefined ? typeRef(`T.${type}`) : indexed;
};

const nonNull = (/** @type {TypeNode} */ type) => typeRef("NonNullable", [type]);

/**
 * The declaration of an operation's method, with its JSDoc.
 * @param {string} key the method's name in its group
 * @param {OperationInfo} op
 * @param {TypeOf} typeOf
 * @param {Set<string>} optionHeaders the headers a client option sets, lower case: never required per call
 */
export function methodDeclaration(key, op, typeOf, optionHeaders) {
  const at = operationType(op);
  const taken = new Set();
  /** @type {{ name: string, type: TypeNode, optional?: boolean }[]} */
  const params = op.pathParams.map((p) => ({ name: identifier(p.name, taken), type: keyword("string") }));
  // OpenAPI 3.2's querystring is the whole query: the one parameter's own type
  const whole = op.queryParams.find((p) => p.querystring);
  const queryAt = indexed(at, "parameters", "query");
  const query = whole ? nonNull(indexed(nonNull(queryAt), whole.name)) : nonNull(queryAt);
  let base =
    op.success.kind === "stream"
      ? "StreamOptions"
      : op.success.kind === "sequence"
        ? "ItemStreamOptions"
        : "RequestOptions";
  /** @type {TypeNode[]} what the options add to their base */
  const adds = [];
  if (op.body) {
    // the union of what each media type takes, each once
    const content = indexed(nonNull(indexed(at, "requestBody")), "content");
    const type = union(offeredMedia(op.body).map((m) => bodyType(m, typeOf(m.schema, indexed(content, m.mediaType)))));
    params.push({ name: "body", type, ...(op.body.required ? {} : { optional: true }) });
    if (op.queryParams.length) {
      base = "RequestOptions";
      adds.push(objectType([property("query", query, { optional: true })]));
    }
    if (op.body.others) {
      const media = union(offeredMedia(op.body).map((m) => stringType(m.mediaType)));
      adds.push(objectType([property("contentType", media, { optional: true })]));
    }
  } else if (op.queryParams.length) {
    params.push({ name: "query", type: query, ...(op.queryParams.some((p) => p.required) ? {} : { optional: true }) });
  }
  let optional = true;
  if (op.headerParams.length) {
    const declared = nonNull(indexed(at, "parameters", "header"));
    const needed = op.headerParams.filter(
      (p) => p.required && p.name !== op.idempotencyKey && !optionHeaders.has(p.name.toLowerCase()),
    );
    const given = typeRef("GivenHeaders", [declared]);
    if (needed.length) optional = false;
    const headers = needed.length
      ? intersection([given, typeRef("NeededHeaders", [declared, union(needed.map((p) => stringType(p.name)))])])
      : given;
    adds.push(objectType([property("headers", headers, { optional })]));
  }
  const bases = base === "RequestOptions" && op.page ? ["RequestOptions", "PageOptions"] : [base];
  const parts = [...bases.map((name) => typeRef(name)), ...adds];
  params.push({
    name: "options",
    type: parts.length === 1 ? /** @type {TypeNode} */ (parts[0]) : intersection(parts),
    ...(optional ? { optional } : {}),
  });
  const answer = answerType(op, typeOf, at);
  const returns = op.page ? pageType(op.page, answer) : typeRef("Promise", [answer]);
  return documented(method(key, params, returns), docLines(op, exampleCall(op)));
}

/**
 * What an operation's method resolves to (a list's pages aside).
 * @param {OperationInfo} op
 * @param {TypeOf} typeOf
 * @param {TypeNode} at the operation's type
 */
function answerType(op, typeOf, at) {
  const { kind, status, mediaType, schema } = op.success;
  const content = indexed(at, "responses", String(status), "content", String(mediaType));
  if (kind === "json") return typeOf(schema, content);
  if (kind === "empty") return keyword("void");
  if (kind === "stream") return streamType(op, typeOf, content);
  if (kind === "sequence") return typeRef("ItemStream", [itemType(op, typeOf, content)]);
  return typeRef("Response");
}

/**
 * The type of an event stream: its events' data typed by the schema of one event's data (a component's
 * type, or the media type's in the spec's types); where an OpenAPI 3.2 `itemSchema` describes each whole
 * event, each kind's name and data typed together (`NamedEvent`) from the media type's type, which the
 * 3.1 view makes that of one event (spec/event-items.mjs).
 * @param {OperationInfo} op
 * @param {TypeOf} typeOf
 * @param {TypeNode} content the media type's type
 */
function streamType(op, typeOf, content) {
  const { schema, eventFromMedia, eventItem } = op.success;
  if (eventItem) {
    const named = typeRef("NamedEvent", [content]);
    return typeRef("EventStream", [indexed(named, "data"), named]);
  }
  const unknown = keyword("unknown");
  return typeRef("EventStream", [schema ? typeOf(schema, eventFromMedia ? content : unknown) : unknown]);
}

/**
 * The type of one item of a sequence: its schema's type where that is a component, else read from
 * the media type's type in the spec's types: an array's items, or, where the document gave one
 * item's schema as the media type's, that type itself; `unknown` where the spec says nothing.
 * @param {OperationInfo} op
 * @param {TypeOf} typeOf
 * @param {TypeNode} content the media type's type
 */
function itemType(op, typeOf, content) {
  const { schema, itemFrom } = op.success;
  if (!schema) return keyword("unknown");
  return typeOf(
    schema,
    itemFrom === "items" ? indexed(content, Number) : itemFrom === "schema" ? content : keyword("unknown"),
  );
}

/**
 * The type a body of one media type takes: JSON's or a form's typed fields, bytes, or anything fetch
 * sends; JSON values one after another (`lines`) their array, or an async iterable of its items.
 * @param {import("./request-bodies.mjs").BodyMedia} media
 * @param {TypeNode} typed its type in the spec's types
 */
function bodyType(media, typed) {
  if (media.kind === "lines") return union([typed, typeRef("AsyncIterable", [typeRef("ItemOf", [typed])])]);
  if (media.kind !== "raw" || media.form) return typed;
  if (/^application\/octet-stream$/i.test(media.mediaType)) {
    const bytes = typeRef("ReadableStream", [typeRef("Uint8Array")]);
    return union([typeRef("Blob"), typeRef("ArrayBuffer"), typeRef("ArrayBufferView"), bytes]);
  }
  return typeRef("BodyInit");
}

/**
 * A list method's answer: the items typed from the answer's array (at the dotted path `items`).
 * @param {import("./pagination.mjs").Pagination} page
 * @param {TypeNode} answer the answer's type
 */
function pageType(page, answer) {
  const items = (page.items?.split(".") ?? []).reduce(
    (/** @type {TypeNode} */ at, key, i) => indexed(i ? nonNull(at) : at, key),
    answer,
  );
  return typeRef("PagePromise", [indexed(nonNull(items), Number), answer]);
}
