// The one reader of in-document `$ref`s (`#/components/schemas/Thing`: JSON pointers as RFC 6901
// writes them, `~0` and `~1`, percent-escapes as a URI fragment carries them, own keys only): strict
// where a defect must stop the step (`resolve`, `refTarget`), lenient where it is being named
// (`deref`, `pointerTarget`).
import { isRecord } from "./guards.mjs";

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
