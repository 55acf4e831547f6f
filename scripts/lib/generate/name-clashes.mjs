// A whole document's client names: each operation's `x-client-method`, else the name derived from
// its path (client-methods.mjs deriveName), and where two derived names clash, the name the rule
// table of openapi/paths/README.md gives the later one by what tells the two apart: never an HTTP
// method put before it, never a path parameter's name pasted in.
import { pathVariant } from "../../../src/core/path-template.js";
import {
  COLLECTION,
  ITEM,
  RESERVED_TOP,
  camel,
  deriveName,
  isParam,
  malformed,
  pascal,
  versionOf,
} from "./client-methods.mjs";

/**
 * @typedef {object} NamedOperation what naming reads of an operation (read-operations.mjs gives all of it)
 * @property {string} method HTTP method, any case
 * @property {string} path the key of its path item (a variant's `#name` included)
 * @property {unknown} [given] its `x-client-method`
 * @property {string} [operationId]
 * @property {{ status: number, kind: string, schema?: unknown }} [success] its success answer
 * @property {string} [bodySentBy] for a GET or HEAD whose body fetch cannot send, the method of the
 *   same path that takes that body (repair-paths.mjs `BODY_SENT_BY`)
 * @property {unknown} [tags] its `tags`: the first that groups (`tagGroups`) names its groups
 */

/** The path a request goes to (a variant's `#name` left out), as its segments. */
const segmentsOf = (/** @type {string} */ key) => pathVariant(key).path.split("/").filter(Boolean);
/** How many of a path's segments hold a parameter. */
const paramCount = (/** @type {string} */ key) => segmentsOf(key).filter((s) => s.includes("{")).length;
/** A path's static segments, in order, as one text: what its groups are made of. */
const statics = (/** @type {string} */ key) =>
  segmentsOf(key)
    .filter((s) => !isParam(s))
    .join("/");
/** Whether `key`'s last segment is a path parameter: the path names one item. */
const namesItem = (/** @type {string} */ key) => isParam(segmentsOf(key).at(-1) ?? "");
/** The path without its last segment. */
const parentOf = (/** @type {string} */ key) => segmentsOf(key).slice(0, -1).join("/");
/** What an operation answers, to compare two: its kind and schema (a 201 and a 200 may answer the same thing). */
const answerOf = (/** @type {NamedOperation} */ op) =>
  op.success && JSON.stringify([op.success.kind, op.success.schema]);

/**
 * Other names for `name`, derived for `op` and taken by `holder` (an operation, or undefined when a
 * group of other methods is in the way), best first:
 * - the POST on an item below the collection whose POST holds `create`: `createFrom` where it answers
 *   what the item's GET answers (a new item made from this one: a copy), else `createAt` (the item
 *   written at its own address);
 * - the same path with more parameters (`/{index}/_search` beside `/_search`, `/scripts/{id}/{context}`
 *   beside `/scripts/{id}`): the method `In` the scope those parameters name, `search.listIn`;
 * - an item whose method its collection's action leaf holds (`DELETE /documents/{id}` beside `POST
 *   /documents/delete`): the method on `One`, `documents.deleteOne`;
 * - an action leaf taken as a thing: POST makes one, the rest act on it as on an item (`a.b` ->
 *   `a.b.create`, else `a.createB`);
 * - a resource's method joined to its leaf (`invocations.browsers.list` -> `invocations.listBrowsers`).
 * A method named as its HTTP method (`delete`, `head`) is never joined to a word the path says, which
 * would read as that method put before it.
 * @param {NamedOperation} op
 * @param {string} name
 * @param {NamedOperation | undefined} holder
 * @param {(path: string) => NamedOperation | undefined} getOf the GET of a path
 * @returns {string[]}
 */
function alternatives(op, name, holder, getOf) {
  const segments = name.split(".");
  const verb = /** @type {string} */ (segments.pop());
  const leaf = segments.at(-1);
  const method = op.method.toLowerCase();
  const out = [];
  if (holder) {
    const mine = pathVariant(op.path).path;
    const theirs = pathVariant(holder.path).path;
    const below = namesItem(mine) && !namesItem(theirs) && parentOf(mine) === segmentsOf(theirs).join("/");
    if (below && method === "post" && holder.method.toLowerCase() === "post") {
      const get = getOf(op.path);
      out.push([...segments, `${verb}${get && answerOf(get) === answerOf(op) ? "From" : "At"}`]);
    } else if (!below && statics(mine) === statics(theirs) && paramCount(mine) > paramCount(theirs))
      out.push([...segments, `${verb}In`]);
    else if (namesItem(mine) && !namesItem(theirs) && parentOf(mine) === parentOf(theirs))
      out.push([...segments, `${verb}One`]);
  }
  const last = segmentsOf(op.path).at(-1);
  if (last !== undefined && !isParam(last) && !pathVariant(op.path).variant && camel(last) === verb) {
    // an action leaf taken as a thing: POST makes one, the rest act on it as on an item
    const rest = method === "post" ? "create" : (ITEM[method] ?? method);
    out.push([...segments, verb, rest]);
    if (rest !== method) out.push([...segments, `${rest}${pascal(verb)}`]);
  }
  if (leaf !== undefined && segments.length > 1 && !RESERVED_TOP.has(leaf) && verb !== method)
    out.push([...segments.slice(0, -1), `${verb}${pascal(leaf)}`]);
  return out.map((parts) => parts.join("."));
}

/**
 * The operations that send the body of the GET (or HEAD) beside them, which fetch cannot send with
 * it: the method the GET's `bodySentBy` names, on its path (repair-paths.mjs `BODY_SENT_BY`). Maps
 * each one's index to its GET's.
 * @param {NamedOperation[]} ops
 * @returns {Map<number, number>}
 */
function bodyForms(ops) {
  const at = new Map(ops.map((op, i) => [`${op.method.toUpperCase()} ${op.path}`, i]));
  const out = new Map();
  ops.forEach((op, i) => {
    const by = typeof op.bodySentBy === "string" ? at.get(`${op.bodySentBy.toUpperCase()} ${op.path}`) : undefined;
    if (by !== undefined && by !== i) out.set(by, i);
  });
  return out;
}

/**
 * Gives every operation a distinct, well-formed name: its `x-client-method` when it has one, else
 * `deriveName()`'s, except that the operation sending the body of the GET beside it, which fetch
 * cannot send with a GET (`bodyForms`), is that GET's name `WithBody` (`search.list`,
 * `search.listWithBody`). A derived name that clashes with an earlier one takes the first free of
 * its alternatives (see `alternatives`), then a number. Reports every derived name and every clash
 * it resolved; given names that clash are left for the caller (and the lint rule) to refuse.
 * Where the document's tags nest (`tagGroups`), an operation of a tag that groups lives in its tag's
 * groups, the method the one its path gives (`client.browsers.filesystem.readFile`); where that name is
 * taken, first in its tag's groups and then the groups of its path that they do not name.
 * @param {NamedOperation[]} ops
 * @param {{ readsOne?: Set<string>, readsMany?: Set<string>, tagGroups?: Map<string, string[]> }} [answers] the paths whose GET answers
 *   one thing (an object with no list in it), and those whose GET answers a list (see deriveName);
 *   each tag's groups (`tagGroups`), where the document's tags nest
 * @returns {{ names: string[], derived: string[], resolved: string[] }}
 * @example
 * assignNames([{ method: "GET", path: "/widgets" }]).names; // ["widgets.list"]
 */
export function assignNames(ops, { readsOne = new Set(), readsMany = new Set(), tagGroups } = {}) {
  const paths = new Map();
  for (const op of ops) {
    const { path, variant } = pathVariant(op.path);
    const methods = paths.get(path) ?? [];
    paths.set(path, variant === undefined ? [...methods, op.method.toLowerCase()] : methods);
  }
  const version = versionOf(paths.keys());
  const byPath = ops.map((op) => {
    if (typeof op.given === "string") return op.given;
    const { path } = pathVariant(op.path);
    return deriveName(op.method, op.path, paths, {
      version: version(path),
      readsOne: readsOne.has(path),
      readsMany: readsMany.has(path),
    });
  });
  // the groups of an operation's first tag that groups, where the tags nest; the client's own names kept clear
  const chains = ops.map((op) => {
    const tags = typeof op.given === "string" || !tagGroups ? [] : [op.tags ?? []].flat();
    const tag = tags.find((t) => typeof t === "string" && tagGroups?.has(t));
    const chain = typeof tag === "string" ? tagGroups?.get(tag) : undefined;
    return chain && RESERVED_TOP.has(chain[0] ?? "") ? ["api", ...chain] : chain;
  });
  // in its tag's groups, the method its path gives; an action its tag's group names (`/shelters/{id}/adoptions`
  // in `adoptions`) reads that group's items, as a collection's method does
  const verbs = byPath.map((name, i) => {
    const verb = String(name.split(".").at(-1));
    const method = ops[i]?.method.toLowerCase() ?? "";
    return verb === chains[i]?.at(-1) ? (COLLECTION[/** @type {keyof typeof COLLECTION} */ (method)] ?? verb) : verb;
  });
  const names = byPath.map((name, i) => {
    const chain = chains[i];
    return chain ? [...chain, verbs[i]].join(".") : name;
  });
  // the groups every first name implies; a new name may not be one of them, nor a method under
  // a name that is a method itself
  const groups = new Set();
  for (const name of names) {
    const s = name.split(".");
    for (let i = 1; i < s.length; i++) groups.add(s.slice(0, i).join("."));
  }
  /** @type {Map<string, number>} each name taken, by the operation that holds it */
  const holders = new Map();
  ops.forEach((op, i) => {
    if (typeof op.given === "string") holders.set(/** @type {string} */ (names[i]), i);
  });
  const free = (/** @type {string} */ name) => {
    const s = name.split(".");
    const under = s.some((_, i) => i > 0 && holders.has(s.slice(0, i).join(".")));
    return !holders.has(name) && !groups.has(name) && !under && !malformed(name);
  };
  const getOf = (/** @type {string} */ path) => ops.find((op) => op.path === path && op.method.toUpperCase() === "GET");
  const twins = bodyForms(ops);
  const derived = [];
  const resolved = [];
  for (const [i, op] of ops.entries()) {
    if (typeof op.given === "string") continue;
    const twin = twins.get(i);
    const first =
      twin !== undefined && holders.get(String(names[twin])) === twin ? `${names[twin]}WithBody` : String(names[i]);
    const holder = ops[holders.get(first) ?? -1];
    // in its tag's groups, a name taken gives way to one with its path's groups too
    const chain = chains[i];
    const path = String(byPath[i]).split(".").slice(0, -1);
    const withPath = chain ? [[...chain, ...path.filter((group) => !chain.includes(group)), verbs[i]].join(".")] : [];
    let name = [first, ...withPath, ...alternatives(op, first, holder, getOf)].find(free);
    for (let n = 2; !name; n++) name = [`${first}${n}`].find(free);
    names[i] = name;
    holders.set(name, i);
    const s = name.split(".");
    for (let k = 1; k < s.length; k++) groups.add(s.slice(0, k).join("."));
    derived.push(`${op.method.toUpperCase()} ${op.path} -> ${name}`);
    if (name !== first) resolved.push(`${op.method.toUpperCase()} ${op.path}: ${first} was taken; named ${name}`);
  }
  return { names, derived, resolved };
}
