// A path's variants (`/things#stream`) folded into its one path item, for Prism's view
// (prism-view.mjs): Prism routes by the path alone.
import { HTTP_METHODS, pathVariant } from "../../../src/core/path-template.js";
import { deref } from "../spec/refs.mjs";
import { fieldsOf, isRecord, itemsOf, keyword } from "../spec/guards.mjs";

/**
 * Folds each variant of a path (`/things#stream`, `/files/{id}#get_shared_link`: pathVariant) into
 * the path's own item, which Prism routes every request of the path to: an operation the plain item
 * lacks is moved there; one it has takes the variant's too, so that Prism lets the requests of
 * either through (the body either one's, `anyOf`; a parameter required only where both require
 * it, its schema either one's; each answer's media types both give). The proxy then routes the
 * request to the variant it is for (variants.mjs) and answers it as that one says. Changes `doc`.
 * @param {unknown} doc a bundled document, `$ref`s kept
 */
export function foldVariants(doc) {
  const paths = keyword(doc, "paths");
  if (!isRecord(paths)) return;
  for (const key of Object.keys(paths)) {
    const { path, variant } = pathVariant(key);
    if (variant === undefined) continue;
    const item = deref(doc, paths[key]);
    delete paths[key];
    if (!isRecord(item)) continue;
    /** @type {Record<string, unknown>} */
    const into = { ...fieldsOf(deref(doc, paths[path])) };
    paths[path] = into;
    for (const method of HTTP_METHODS) {
      const own = item[method];
      if (!isRecord(own)) continue;
      // the variant's path-level parameters go with its operation
      const op = { ...own, parameters: [...itemsOf(item.parameters), ...itemsOf(own.parameters)] };
      const held = into[method];
      into[method] = isRecord(held) ? either(doc, held, op) : op;
    }
  }
}

/**
 * One operation that lets the requests of `a` and of `b` through, and answers as either does.
 * @param {unknown} doc a bundled document, `$ref`s kept, changed in place
 * @param {Record<string, unknown>} a an operation
 * @param {Record<string, unknown>} b an operation
 * @returns {Record<string, unknown>}
 */
function either(doc, a, b) {
  const out = { ...a };
  const bodyA = deref(doc, a.requestBody);
  const bodyB = deref(doc, b.requestBody);
  if (isRecord(bodyA) || isRecord(bodyB)) {
    /** @type {Record<string, unknown>} */
    const content = { ...fieldsOf(keyword(bodyA, "content")) };
    for (const [type, media] of Object.entries(fieldsOf(keyword(bodyB, "content"))))
      content[type] = content[type]
        ? { schema: { anyOf: [keyword(content[type], "schema") ?? {}, keyword(media, "schema") ?? {}] } }
        : media;
    out.requestBody = { content, required: keyword(bodyA, "required") === true && keyword(bodyB, "required") === true };
  }
  /** @type {Map<string, Record<string, unknown>>} */
  const params = new Map();
  const keyOf = (/** @type {{ in?: unknown, name?: unknown }} */ p) => `${p.in} ${String(p.name).toLowerCase()}`;
  for (const p of itemsOf(a.parameters)
    .map((param) => deref(doc, param))
    .filter(isRecord))
    params.set(keyOf(p), { ...p });
  const inB = new Set();
  for (const p of itemsOf(b.parameters)
    .map((param) => deref(doc, param))
    .filter(isRecord)) {
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
  /** @type {Record<string, unknown>} */
  const responses = { ...fieldsOf(a.responses) };
  for (const [status, answer] of Object.entries(fieldsOf(b.responses))) {
    const mine = deref(doc, responses[status]);
    const theirs = deref(doc, answer);
    responses[status] = isRecord(mine)
      ? {
          ...mine,
          content: Object.assign({}, mine.content ?? {}, withoutKeys(keyword(theirs, "content"), mine.content)),
        }
      : answer;
  }
  out.responses = responses;
  return out;
}

/** The entries of `map` whose keys `other` has not. */
const withoutKeys = (/** @type {unknown} */ map, /** @type {unknown} */ other) =>
  Object.fromEntries(Object.entries(fieldsOf(map)).filter(([key]) => !Object.hasOwn(fieldsOf(other), key)));
