// A path's variants (`/things#stream`) folded into its one path item, for Prism's view
// (prism-view.mjs): Prism routes by the path alone.
import { HTTP_METHODS, pathVariant } from "../../../src/core/path-template.js";
import { deref, isObject } from "../spec/document.mjs";

/** @typedef {import("openapi-typescript").OperationObject} OperationObject */

/**
 * Folds each variant of a path (`/things#stream`, `/files/{id}#get_shared_link`: pathVariant) into
 * the path's own item, which Prism routes every request of the path to: an operation the plain item
 * lacks is moved there; one it has takes the variant's too, so that Prism lets the requests of
 * either through (the body either one's, `anyOf`; a parameter required only where both require
 * it, its schema either one's; each answer's media types both give). The proxy then routes the
 * request to the variant it is for (variants.mjs) and answers it as that one says. Changes `doc`.
 * @param {any} doc a bundled document, `$ref`s kept
 */
export function foldVariants(doc) {
  if (!isObject(doc.paths)) return;
  for (const key of Object.keys(doc.paths)) {
    const { path, variant } = pathVariant(key);
    if (variant === undefined) continue;
    const item = deref(doc, doc.paths[key]);
    delete doc.paths[key];
    if (!isObject(item)) continue;
    const into = { ...(deref(doc, doc.paths[path]) ?? {}) };
    doc.paths[path] = into;
    for (const method of HTTP_METHODS) {
      if (!isObject(item[method])) continue;
      // the variant's path-level parameters go with its operation
      const op = { ...item[method], parameters: [...(item.parameters ?? []), ...(item[method].parameters ?? [])] };
      into[method] = isObject(into[method]) ? either(doc, into[method], op) : op;
    }
  }
}

/**
 * One operation that lets the requests of `a` and of `b` through, and answers as either does.
 * @param {any} doc a bundled document, `$ref`s kept, changed in place
 * @param {OperationObject} a
 * @param {OperationObject} b
 * @returns {OperationObject}
 */
function either(doc, a, b) {
  const out = { ...a };
  const bodyA = deref(doc, a.requestBody);
  const bodyB = deref(doc, b.requestBody);
  if (isObject(bodyA) || isObject(bodyB)) {
    const content = { ...(bodyA?.content ?? {}) };
    for (const [type, media] of Object.entries(bodyB?.content ?? {}))
      content[type] = content[type] ? { schema: { anyOf: [content[type].schema ?? {}, media.schema ?? {}] } } : media;
    out.requestBody = { content, required: bodyA?.required === true && bodyB?.required === true };
  }
  const params = new Map();
  const keyOf = (/** @type {{ in?: unknown, name?: unknown }} */ p) => `${p.in} ${String(p.name).toLowerCase()}`;
  for (const p of (a.parameters ?? []).map((param) => deref(doc, param)).filter(isObject))
    params.set(keyOf(p), { ...p });
  const inB = new Set();
  for (const p of (b.parameters ?? []).map((param) => deref(doc, param)).filter(isObject)) {
    const key = keyOf(p);
    inB.add(key);
    const held = params.get(key);
    if (!held) params.set(key, { ...p, required: p.in === "path" });
    else {
      held.required = held.required === true && p.required === true;
      if (JSON.stringify(held.schema) !== JSON.stringify(p.schema))
        held.schema = { anyOf: [held.schema ?? {}, p.schema ?? {}] };
    }
  }
  for (const [key, p] of params) if (!inB.has(key) && p.in !== "path") p.required = false;
  out.parameters = [...params.values()];
  const responses = { ...(a.responses ?? {}) };
  for (const [status, answer] of Object.entries(b.responses ?? {})) {
    const mine = deref(doc, responses[status]);
    const theirs = deref(doc, answer);
    responses[status] = isObject(mine)
      ? { ...mine, content: Object.assign({}, mine.content ?? {}, withoutKeys(theirs?.content, mine.content)) }
      : answer;
  }
  out.responses = responses;
  return out;
}

/** The entries of `map` whose keys `other` has not. */
const withoutKeys = (
  /** @type {Record<string, unknown> | undefined} */ map,
  /** @type {Record<string, unknown> | undefined} */ other,
) => Object.fromEntries(Object.entries(map ?? {}).filter(([key]) => !Object.hasOwn(other ?? {}, key)));
