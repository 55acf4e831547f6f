// Which variant of a path a request is for. Some generators (Speakeasy) write variants of one path
// as path items of their own, `/v1/conversations#stream` beside `/v1/conversations`
// (src/core/path-template.js pathVariant); a request goes to the path without the `#`, so the mock
// tells them apart by what the request carries, as the service does.
import { pathVariant } from "../../../src/core/path-template.js";
import { resolve } from "../spec/refs.mjs";
import { isRecord } from "../spec/guards.mjs";

/**
 * @typedef {object} Sent what a request carries that tells variants apart
 * @property {unknown} fields its JSON body, parsed (undefined for none)
 * @property {URLSearchParams} query
 * @property {Record<string, string | string[] | undefined>} headers by name in lower case, as Node reads them
 *
 * @typedef {(sent: Sent) => boolean} Signal one thing a variant's requests carry
 *
 * @typedef {{ name: string, required?: boolean, schema?: unknown }} Param a parameter as readOperations reads it
 * @typedef {object} Variant an operation a request path and method reach, as readOperations reads it
 * @property {string} path its path template, `#name` and all
 * @property {string} where `METHOD /path`
 * @property {{ schema?: unknown }} [body]
 * @property {Param[]} [queryParams]
 * @property {Param[]} [headerParams]
 * @property {{ mediaType?: string }} [success]
 */

/**
 * The one value a schema allows, `$ref`s followed: its `const`, or an `enum` of one; else undefined.
 * @param {unknown} spec a bundled document, `$ref`s kept
 * @param {unknown} schema
 * @returns {{ value: unknown } | undefined}
 */
function pinned(spec, schema) {
  const s = resolve(spec, schema);
  if (!isRecord(s)) return undefined;
  if ("const" in s) return { value: s.const };
  if (Array.isArray(s.enum) && s.enum.length === 1) return { value: s.enum[0] };
  return undefined;
}

/**
 * The properties of an object schema, its `allOf` branches' included, `$ref`s followed.
 * @param {unknown} spec a bundled document, `$ref`s kept
 * @param {unknown} schema
 * @returns {Record<string, unknown>}
 */
function propertiesOf(spec, schema, seen = new Set()) {
  const s = resolve(spec, schema);
  if (!isRecord(s) || seen.has(s)) return {};
  seen.add(s);
  const own = s.properties && typeof s.properties === "object" ? s.properties : {};
  return Object.assign(
    {},
    ...(Array.isArray(s.allOf) ? s.allOf.map((/** @type {unknown} */ b) => propertiesOf(spec, b, seen)) : []),
    own,
  );
}

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
const text = (/** @type {unknown} */ value) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * What a variant's requests carry that its plain path item's need not: each body field its schema pins
 * to one value (`stream: true`), each query or header parameter it pins (`fields=shared_link`) or
 * requires where the plain one does not; where it has none of these, an `Accept` naming the type it
 * answers that the plain one does not (`text/event-stream`).
 * @param {unknown} spec a bundled document, `$ref`s kept
 * @param {Variant} route the variant
 * @param {Variant | undefined} plain the plain path item's operation of the same method, if there is one
 * @returns {Signal[]}
 */
function signalsOf(spec, route, plain) {
  /** @type {Signal[]} */
  const signals = [];
  // a value the plain one pins alike tells nothing apart
  const theirs = plain?.body?.schema !== undefined ? propertiesOf(spec, plain.body.schema) : {};
  const alike = (/** @type {{ value: unknown }} */ one, /** @type {unknown} */ schema) =>
    schema !== undefined && same(pinned(spec, schema), one);
  if (route.body?.schema !== undefined)
    for (const [name, schema] of Object.entries(propertiesOf(spec, route.body.schema))) {
      const one = pinned(spec, schema);
      if (one && !alike(one, theirs[name]))
        signals.push(
          ({ fields }) =>
            typeof fields === "object" &&
            fields !== null &&
            // an object or an array, read as `fields[name]` reads it
            same(/** @type {Record<string, unknown>} */ (fields)[name], one.value),
        );
    }
  const declared = (/** @type {Param[] | undefined} */ list, /** @type {string} */ name) =>
    list?.find((p) => p.name.toLowerCase() === name.toLowerCase());
  for (const p of route.queryParams ?? []) {
    const one = pinned(spec, p.schema);
    if (one && alike(one, declared(plain?.queryParams, p.name)?.schema)) continue;
    if (one) signals.push(({ query }) => query.getAll(p.name).includes(text(one.value)));
    else if (p.required && !declared(plain?.queryParams, p.name)?.required)
      signals.push(({ query }) => query.has(p.name));
  }
  for (const p of route.headerParams ?? []) {
    const one = pinned(spec, p.schema);
    const lower = p.name.toLowerCase();
    if (one && alike(one, declared(plain?.headerParams, p.name)?.schema)) continue;
    if (one) signals.push(({ headers }) => String(headers[lower] ?? "") === text(one.value));
    else if (p.required && !declared(plain?.headerParams, p.name)?.required)
      signals.push(({ headers }) => headers[lower] !== undefined);
  }
  const type = route.success?.mediaType;
  if (!signals.length && type && type !== plain?.success?.mediaType)
    signals.push(({ headers }) =>
      String(headers.accept ?? "")
        .toLowerCase()
        .split(",")
        .some((part) => part.split(";")[0]?.trim() === type.toLowerCase()),
    );
  return signals;
}

/**
 * Chooses among the operations one request path and method reach: the variant all of whose signals
 * (`signalsOf`) the request carries, the one with the most where several do, else the plain path
 * item's operation (or, with none, the first of them).
 * @param {unknown} spec the bundled document, `$ref`s kept
 * @returns {<R extends Variant>(candidates: R[], sent: Sent) => R}
 * @example
 * const choose = variantRouter(spec);
 * choose([plain, stream], { fields: { stream: true }, query, headers }); // stream
 */
export function variantRouter(spec) {
  /** @type {Map<string, Signal[]>} */
  const known = new Map();
  return (candidates, sent) => {
    const plain = candidates.find((c) => pathVariant(c.path).variant === undefined);
    if (candidates.length < 2) return candidates[0];
    /** @type {(typeof candidates)[number] | undefined} */
    let best;
    let most = 0;
    for (const route of candidates) {
      if (route === plain) continue;
      let signals = known.get(route.where);
      if (!signals) known.set(route.where, (signals = signalsOf(spec, route, plain)));
      if (signals.length > most && signals.every((signal) => signal(sent))) {
        best = route;
        most = signals.length;
      }
    }
    return best ?? plain ?? candidates[0];
  };
}
