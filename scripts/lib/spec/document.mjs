// Reading a bundled document, once for the whole pipeline: its operations, its in-document `$ref`s
// (`#/components/schemas/Thing`: JSON pointers as RFC 6901 writes them, `~0` and `~1`,
// percent-escapes as a URI fragment carries them, own keys only; strict where a defect must stop
// the step, lenient where it is being named), and the example a parameter, media type or schema gives.
import { HTTP_METHODS } from "../../../src/core/path-template.js";

/**
 * The top-level fields of a bundled document the emitters read directly, as lint has checked them;
 * every other node is reached through `$ref`s and read as `unknown`.
 * @typedef {object} DocumentHead
 * @property {{ title?: unknown, version?: unknown }} [info]
 * @property {{ schemas?: object }} [components]
 * @property {{ name: string, description?: string }[]} [tags]
 */

/** How many `$ref`s in a row are followed before a chain counts as a loop. */
export const MAX_HOPS = 32;

/** A `$ref` that cannot be followed: outside the document, no JSON pointer, naming nothing, or a loop. */
export class RefError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RefError";
  }
}

/**
 * Whether `v` is a plain JSON object (not null, not an array): a guard whose fields then read as
 * `unknown`, to be narrowed in turn (a value typed `any` stays `any`).
 * @template T
 * @param {T} v
 * @returns {v is T & Record<string, unknown>}
 */
export const isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A field of a node as the document writes it, unchecked: undefined where the node is no object
 * (a schema `true`, a `$ref` to nothing left undefined).
 * @param {unknown} node
 * @param {string} key
 * @returns {unknown}
 */
export const keyword = (node, key) => (isRecord(node) ? node[key] : undefined);

/**
 * A node's fields, none where it is no object: for a node read as `{}` where it is missing or
 * something else (a schema `true`), as `node ?? {}` reads it.
 * @param {unknown} node
 * @returns {Record<string, unknown>}
 */
export const fieldsOf = (node) => (isRecord(node) ? node : {});

/**
 * A node's items, none where it is no list: for a list read as `[]` where it is missing or
 * something else.
 * @param {unknown} node
 * @returns {unknown[]}
 */
export const itemsOf = (node) => (Array.isArray(node) ? node : []);

/**
 * `isRecord` for the code that still reads a node as `any` (generate/webhooks.mjs and
 * generate/schema-table.mjs): its fields read as `any`. Everything else narrows with `isRecord`.
 * @type {(v: unknown) => v is Record<string, any>}
 */
export const isObject = isRecord;

/**
 * One JSON pointer token, escaped as RFC 6901 says (`~` as `~0`, `/` as `~1`).
 * @param {string | number} token
 * @returns {string}
 */
export const escapeToken = (token) => String(token).replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The node one `$ref` names, and the decoded tokens of its pointer; throws `RefError` when there
 * is none.
 * @param {unknown} doc
 * @param {unknown} ref
 * @returns {{ target: unknown, tokens: string[] }}
 * @example
 * refTarget(spec, "#/components/schemas/a~1b").tokens; // ["components", "schemas", "a/b"]
 */
export function refTarget(doc, ref) {
  if (typeof ref !== "string" || !ref.startsWith("#") || (ref !== "#" && !ref.startsWith("#/")))
    throw new RefError(`$ref ${JSON.stringify(ref)} does not point into this document`);
  /** @type {string[]} */
  let tokens;
  try {
    tokens =
      ref === "#"
        ? []
        : ref
            .slice(2)
            .split("/")
            .map((raw) => decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~"));
  } catch {
    throw new RefError(`$ref ${ref} is not a valid JSON pointer`);
  }
  let target = doc;
  for (const token of tokens) {
    if ((!isRecord(target) && !Array.isArray(target)) || !Object.hasOwn(target, token))
      throw new RefError(`$ref ${ref} points to nothing`);
    // an object or a list, whose own key `token` is: the test above
    target = /** @type {Record<string, unknown>} */ (target)[token];
  }
  return { target, tokens };
}

/**
 * The node an in-document `$ref` names, or undefined when it names none.
 * @param {unknown} doc
 * @param {string} ref
 * @returns {unknown}
 */
export function pointerTarget(doc, ref) {
  try {
    return refTarget(doc, ref).target;
  } catch (err) {
    if (err instanceof RefError) return undefined;
    throw err;
  }
}

/**
 * Follows `$ref`s from `node` to the first node that is not one; throws `RefError` at a `$ref`
 * that names nothing, points outside the document, or at a chain longer than `MAX_HOPS`.
 * @param {unknown} doc a bundled OpenAPI document
 * @param {unknown} node
 * @returns {unknown}
 * @example
 * resolve(spec, { $ref: "#/components/responses/NotFound" }).description; // "Not found"
 */
export function resolve(doc, node) {
  for (let hops = 0; isRecord(node) && typeof node.$ref === "string"; hops++) {
    if (hops >= MAX_HOPS)
      throw new RefError(`$ref ${node.$ref} is reached through more than ${MAX_HOPS} $refs in a row`);
    node = refTarget(doc, node.$ref).target;
  }
  return node;
}

/**
 * As `resolve`, but undefined where a `$ref` cannot be followed: for the steps that name defects.
 * @param {unknown} doc
 * @param {unknown} node
 * @returns {unknown}
 */
export function deref(doc, node) {
  try {
    return resolve(doc, node);
  } catch (err) {
    if (err instanceof RefError) return undefined;
    throw err;
  }
}

/**
 * The example of a parameter, media type or schema: `example`, else the first of `examples` (a
 * list, or a map of Example objects, `$ref`s followed).
 * @param {unknown} doc
 * @param {unknown} node
 * @returns {unknown}
 */
export function exampleOf(doc, node) {
  // a node that is no object (a schema `true`) has no example
  if (!isRecord(node)) return undefined;
  if (node.example !== undefined) return node.example;
  const examples = node.examples;
  if (Array.isArray(examples)) return examples[0];
  if (isRecord(examples)) return keyword(resolve(doc, Object.values(examples)[0]), "value");
  return undefined;
}

/**
 * The extension that marks a path item of `components.pathItems` as the 3.1 view's stand-in for one
 * operation of a method 3.1 has no field for (openapi31.mjs): `{ method, path }`, the operation its
 * `post`, the path item's parameters beside it.
 */
export const STAND_IN = "x-stand-in-for";

/**
 * The key of a stand-in in `components.pathItems`: `QUERY /pets/{id}`. No component name a document
 * may give (letters, digits, `.`, `-`, `_`) holds a space, so it takes none of the document's.
 * @param {string} method as sent
 * @param {string} path
 */
export const standInKey = (method, path) => `${method} ${path}`;

// an HTTP method is a token (RFC 9110 5.6.2); fetch refuses to send these (Fetch, "forbidden method")
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FORBIDDEN = new Set(["CONNECT", "TRACE", "TRACK"]);
const FIXED = new Set([...HTTP_METHODS, "query"]);

/**
 * An operation as the readers below find it: an object, its fields unchecked.
 * @typedef {Record<string, unknown>} OperationNode
 */

/**
 * One operation of a path item beyond 3.1's eight fields (`moreOperations`).
 * @typedef {{ method: string, key: string, op: OperationNode }} MoreOperation
 */

/**
 * One operation of a document (`operationsOf`): its path, its method, its path item (`$ref`
 * followed; for a stand-in, the stand-in) and the operation.
 * @typedef {{ path: string, method: string, item: Record<string, unknown>, op: OperationNode }} FoundOperation
 */

/**
 * The operations OpenAPI 3.2 gives a path item beyond 3.1's eight fields: its `query`, sent as
 * QUERY, and each of its `additionalOperations`, sent as its key in capitals (openapi-fetch's
 * `request()` writes every method so); with `key`, where it sits (`query`, `additionalOperations/COPY`).
 * An entry that cannot be sent as a method of its own is `refused`, with why: a key that is no
 * method, the method of one of the fixed fields (3.2 forbids it there), or one fetch refuses.
 * @param {unknown} item a path item, `$ref` followed
 * @returns {{ operations: MoreOperation[], refused: { method: string, key: string, why: string }[] }}
 * @example
 * moreOperations({ query: {}, additionalOperations: { COPY: {} } }).operations.map((o) => o.method); // ["QUERY", "COPY"]
 */
export function moreOperations(item) {
  /** @type {MoreOperation[]} */
  const operations = [];
  /** @type {{ method: string, key: string, why: string }[]} */
  const refused = [];
  const query = keyword(item, "query");
  if (isRecord(query)) operations.push({ method: "QUERY", key: "query", op: query });
  const additional = keyword(item, "additionalOperations");
  const more = isRecord(additional) ? additional : {};
  for (const [name, op] of Object.entries(more)) {
    if (!isRecord(op)) continue;
    const method = name.toUpperCase();
    const key = `additionalOperations/${escapeToken(name)}`;
    const why = !TOKEN.test(name)
      ? "no HTTP method (a method is a token: letters, digits and !#$%&'*+.^_`|~-)"
      : FIXED.has(name.toLowerCase())
        ? `the method of the path item's own ${name.toLowerCase()} field, which 3.2 forbids in additionalOperations`
        : FORBIDDEN.has(method)
          ? "a method fetch refuses to send"
          : undefined;
    if (why) refused.push({ method, key, why });
    else operations.push({ method, key, op });
  }
  return { operations, refused };
}

/**
 * Every operation of the document's `paths`, in document order, its path item's `$ref` followed:
 * each of 3.1's eight fields (`method` as the document names it, lowercase), then, of an OpenAPI 3.2
 * document, its `query` and `additionalOperations` (`moreOperations`: `method` as sent, in
 * capitals), or, of the 3.1 view of one, the stand-ins that hold them (`STAND_IN`: `item` the
 * stand-in, `op` its `post`).
 * @param {unknown} doc a bundled OpenAPI document
 * @returns {FoundOperation[]}
 * @example
 * operationsOf(spec).map(({ method, path }) => `${method} ${path}`); // ["get /org/limits", …, "QUERY /pets"]
 */
export function operationsOf(doc) {
  /** @type {Map<string, FoundOperation[]>} */
  const standIns = new Map();
  const pathItems = keyword(keyword(doc, "components"), "pathItems");
  for (const item of isRecord(pathItems) ? Object.values(pathItems) : []) {
    const of = keyword(item, STAND_IN);
    if (!isRecord(item) || !isRecord(of) || !isRecord(item.post)) continue;
    const { path, method } = of;
    if (typeof path !== "string" || typeof method !== "string") continue;
    standIns.set(path, [...(standIns.get(path) ?? []), { path, method, item, op: item.post }]);
  }
  const paths = keyword(doc, "paths");
  return Object.entries(isRecord(paths) ? paths : {}).flatMap(([path, raw]) => {
    const resolved = resolve(doc, raw);
    const item = isRecord(resolved) ? resolved : {};
    return [
      ...HTTP_METHODS.flatMap((method) => {
        const op = item[method];
        return isRecord(op) ? [{ path, method, item, op }] : [];
      }),
      ...moreOperations(item).operations.map(({ method, op }) => ({ path, method, item, op })),
      ...(standIns.get(path) ?? []),
    ];
  });
}

/**
 * The operation of `method` at `path` in a document or its 3.1 view: a path item's field, its
 * `query` (QUERY), one of its `additionalOperations`, or a stand-in's `post`; undefined where none is.
 * `any` still for generate/emit-resources.mjs, which reads its `tags` unchecked.
 * @param {unknown} doc
 * @param {string} method any case
 * @param {string} path a key of `paths`
 * @returns {any}
 */
export function operationAt(doc, method, path) {
  const upper = method.toUpperCase();
  const paths = keyword(doc, "paths");
  return operationsOf({ paths: { [path]: keyword(paths, path) }, components: keyword(doc, "components") }).find(
    (found) => found.path === path && found.method.toUpperCase() === upper,
  )?.op;
}

// the maps whose keys are names (a field may be called `example`), not keywords
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "schemas",
  "paths",
  "responses",
  "parameters",
  "headers",
  "content",
  "encoding",
  "links",
  "callbacks",
  "securitySchemes",
  "requestBodies",
  "pathItems",
  "webhooks",
  "mapping",
]);

/**
 * A copy of a bundled document with every example taken out: `example` and `examples` of its
 * schemas, parameters, headers and media types, and `components.examples`. What a document that
 * gives no example looks like, for the tests of what is built from schemas alone.
 * @param {unknown} spec
 * @returns {unknown}
 * @example
 * withoutExamples({ components: { schemas: { A: { type: "string", example: "a" } } } });
 * // { components: { schemas: { A: { type: "string" } } } }
 */
export function withoutExamples(spec) {
  /** @type {(node: unknown, names: boolean) => unknown} */
  const strip = (node, names) => {
    if (Array.isArray(node)) return node.map((item) => strip(item, false));
    if (!isRecord(node)) return node;
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [key, child] of Object.entries(node))
      if (names || (key !== "example" && key !== "examples" && key !== "x-example" && key !== "x-examples"))
        out[key] = strip(child, !names && NAME_MAPS.has(key) && isRecord(child));
    return out;
  };
  const out = strip(spec, false);
  if (isRecord(out) && isRecord(out.components)) delete out.components.examples;
  return out;
}

/**
 * Every property a value of `schema` may have, as `[name, schema]` pairs: the properties of the
 * schema, then of its `allOf` parts and its `oneOf`/`anyOf` branches, `$ref`s followed, to a
 * bounded depth (a recursive schema ends there); a name may come more than once.
 * @param {unknown} doc
 * @param {unknown} schema
 * @returns {[string, unknown][]}
 */
export function describedProperties(doc, schema, depth = 0) {
  const s = deref(doc, schema);
  if (!isRecord(s) || depth > 16) return [];
  const own = isRecord(s.properties) ? Object.entries(s.properties) : [];
  return [...own, ...partsOf(s).flatMap((part) => describedProperties(doc, part, depth + 1))];
}

/**
 * A schema's `allOf` parts, then its `oneOf` and `anyOf` branches (each where it is a list).
 * @param {Record<string, unknown>} schema
 * @returns {unknown[]}
 */
export const partsOf = (schema) =>
  [schema.allOf, schema.oneOf, schema.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));

/**
 * The schemas that may describe `value[key]` of a value of `schema`, in `describedProperties`' order.
 * @param {unknown} doc
 * @param {unknown} schema
 * @param {string} key
 * @returns {unknown[]}
 */
export const propertySchemas = (doc, schema, key) =>
  describedProperties(doc, schema).flatMap(([name, property]) => (name === key ? [property] : []));
