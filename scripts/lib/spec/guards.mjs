// The guards a node of a document is read through (CONTRIBUTING.md, "The pipeline's types"): a node
// is `unknown`, and what is read of it is narrowed here, never trusted to the OpenAPI model.

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
