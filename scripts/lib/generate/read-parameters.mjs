// An operation's parameters, for read-operations.mjs: the path item's and the operation's merged
// (`$ref`s followed, the operation's own winning), the path parameters in the template's order,
// and each as the generator reads it (its name, whether it is required, its schema and example).
import { templateParams } from "../../../src/core/path-template.js";
import { resolve } from "../spec/refs.mjs";
import { exampleOf } from "../spec/examples.mjs";
import { isRecord } from "../spec/guards.mjs";
import { QUERYSTRING } from "../spec/openapi31-paths.mjs";

/**
 * @typedef {object} DeclaredParameter a parameter object as the document declares it, `$ref`
 *   followed: its `name` and `in` checked present, the rest unchecked
 * @property {string} name
 * @property {string} in
 * @property {unknown} [required]
 * @property {unknown} [schema]
 * @property {unknown} [description]
 * @property {unknown} [content]
 * @property {unknown} [style]
 * @property {unknown} [explode]
 * @property {unknown} [x-querystring] OpenAPI 3.2's `querystring`, marked by the 3.1 view (QUERYSTRING)
 *
 * @typedef {object} Parameter
 * @property {string} name
 * @property {boolean} required
 * @property {unknown} schema
 * @property {unknown} example
 * @property {string | undefined} description
 * @property {string} [querystring] where it stands for OpenAPI 3.2's `querystring` (the whole query
 *   string, its schema's object): the media type that writes it, and then it is the operation's only query parameter
 */

/**
 * Whether a node is a parameter object: a truthy `name` and `in`, each text.
 * @param {unknown} p
 * @returns {p is DeclaredParameter}
 */
const isParameter = (p) => isRecord(p) && !!p.name && !!p.in && typeof p.name === "string" && typeof p.in === "string";

/**
 * Path-level parameters, overridden by operation-level ones of the same name and place.
 * @param {object} spec
 * @param {unknown} pathLevel the path item's `parameters`
 * @param {unknown} opLevel the operation's
 * @returns {DeclaredParameter[]}
 */
export function mergeParameters(spec, pathLevel = [], opLevel = []) {
  /** @type {Map<string, DeclaredParameter>} */
  const byKey = new Map();
  for (const raw of [...listOf(pathLevel), ...listOf(opLevel)]) {
    /** @type {unknown} */
    const p = resolve(spec, raw);
    if (isParameter(p)) byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

/**
 * The items of a list, and of a non-list what spreading it gives (nothing, for a value lint refuses).
 * @param {unknown} value
 * @returns {unknown[]}
 */
const listOf = (value) => (Array.isArray(value) ? value : []);

/**
 * The path parameters in the order the template names them.
 * @param {string} path
 * @param {DeclaredParameter[]} declared
 * @param {string} where
 * @param {string[]} unsupported
 * @returns {DeclaredParameter[]}
 */
export function pathOrder(path, declared, where, unsupported) {
  const names = templateParams(path);
  return names.map((name) => {
    const p = declared.find((d) => d.name === name);
    if (!p) unsupported.push(`${where}: path parameter {${name}} is not declared; it is taken as a string`);
    return p ?? { name, in: "path", required: true, schema: { type: "string" } };
  });
}

/**
 * A parameter as the generator reads it.
 * @param {object} spec
 * @param {DeclaredParameter} p
 * @returns {Parameter}
 */
export function parameter(spec, p) {
  const querystring = p[QUERYSTRING];
  return {
    name: p.name,
    required: p.required === true,
    schema: p.schema ?? {},
    example: exampleOf(spec, p) ?? exampleOf(spec, p.schema),
    // a description that is no text (which lint refuses) is left out
    description: typeof p.description === "string" ? p.description : undefined,
    // the 3.1 view marks it with its media type (openapi31.mjs)
    ...(querystring ? { querystring: /** @type {string} */ (querystring) } : {}),
  };
}

/**
 * Whether the header parameter `p` is the one the operation's scheme puts the key in: the client fills it.
 * @param {import("./security.mjs").AuthScheme} auth
 * @param {{ name: string }} p
 */
export const carriesKey = (auth, p) => auth?.kind === "header" && auth.name.toLowerCase() === p.name.toLowerCase();
