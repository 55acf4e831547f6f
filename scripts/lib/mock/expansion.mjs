// How large a document grows when Prism dereferences it. Prism replaces every `$ref` by what it
// names and then copies the document as a tree (`@stoplight/json-schema-ref-parser` `dereference`,
// `@stoplight/json` `decycle`, a `$ref` back to a node it is inside of kept as a `$ref`): a schema
// reached along many routes is copied once per route, and its start costs about the same time per
// node copied (see PRISM_BUDGET in prism-view.mjs). This counts those nodes without making them.
import { pointerTarget } from "../spec/refs.mjs";
import { isRecord } from "../spec/guards.mjs";

/**
 * @typedef {object} Unit a node a `$ref` names, or the document itself
 * @property {string} pointer the first `$ref` that names it ("#" for the document)
 * @property {number} own the nodes of its body, the units it names left out
 * @property {Map<Unit, number>} refs the units its body names, and how many times
 * @property {Unit[]} cycle the units it reaches that reach it back (itself included)
 * @property {number} size the nodes of one copy of it, dereferenced
 * @property {number} copies how many copies of its body the dereferenced document holds
 * @property {number} nodes how many nodes those copies count together (a copy inside its own
 *   cycle holds less of the cycle than one reached from outside)
 * @property {number} entries how many of its copies are reached from outside its cycle
 * @property {{ order: Unit[], next: Map<Unit, [Unit, number][]>, sizes: Map<Unit, number> }} [inside]
 *   its cycle as copied from it: the members in the order their counts were finished, the copies
 *   each holds, and each one's size there
 */

/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown> | unknown[]}
 */
const isNode = (v) => isRecord(v) || Array.isArray(v);

/** The `$ref` a node holds, if it is an object holding one. */
const refOf = (/** @type {Record<string, unknown> | unknown[]} */ node) =>
  !Array.isArray(node) && typeof node.$ref === "string" ? node.$ref : undefined;

/**
 * The size of `doc` dereferenced as Prism dereferences it: every JSON value counts 1 (an object or
 * array plus its members, a string, a number), a `$ref` counts as what it names (plus its sibling
 * keys), a `$ref` back to a schema it is inside of (a cycle) counts 1. Each schema is counted once
 * per cycle it enters (once in an acyclic document) and its count reused: memoised, so the count
 * costs the document's size, not the expansion's. `units` holds every node a `$ref` names: the
 * size of one copy of it, how many copies of it the expansion holds and how many nodes they count.
 * @param {object} doc a bundled document, `$ref`s kept
 * @returns {{ total: number, units: Map<object, Unit> }}
 * @example
 * expansion({ a: { $ref: "#/b" }, b: [1, 2] }).total; // 7: the root, a as [1, 2] (3), b (3)
 */
export function expansion(doc) {
  const targetOf = pointerReader(doc);
  const units = namedUnits(doc, targetOf);
  // namedUnits holds the document itself
  const top = /** @type {Unit} */ (units.get(doc));
  for (const [node, one] of units) one.own = bodySize(node, one, { units, targetOf }, true);
  const cycles = cyclesOf([...units.values()]);
  sizeCycles(cycles);
  countCopies(cycles, top);
  for (const one of units.values()) delete one.inside;
  return { total: top.size, units };
}

/** A unit of `pointer`, nothing counted yet. */
const unit = (/** @type {string} */ pointer) =>
  /** @type {Unit} */ ({ pointer, own: 0, refs: new Map(), cycle: [], size: 0, copies: 0, nodes: 0, entries: 0 });

/**
 * What a `$ref` of `doc` names, each pointer read once: a document names the same schema from many places.
 * @param {unknown} doc
 * @returns {(ref: string) => unknown}
 */
function pointerReader(doc) {
  /** @type {Map<string, unknown>} */
  const read = new Map();
  return (ref) => {
    if (!read.has(ref)) read.set(ref, pointerTarget(doc, ref));
    return read.get(ref);
  };
}

/**
 * Every node a `$ref` of `doc` names, as a unit, and the document itself.
 * @param {object} doc
 * @param {(ref: string) => unknown} targetOf
 * @returns {Map<object, Unit>}
 */
function namedUnits(doc, targetOf) {
  /** @type {Map<object, Unit>} */
  const units = new Map();
  const seen = new Set();
  const collect = (/** @type {unknown} */ node) => {
    if (!isNode(node) || seen.has(node)) return;
    seen.add(node);
    const ref = refOf(node);
    if (ref !== undefined) {
      const target = targetOf(ref);
      if (isNode(target) && !units.has(target)) units.set(target, unit(ref));
    }
    for (const child of Object.values(node)) collect(child);
  };
  collect(doc);
  if (!units.has(doc)) units.set(doc, unit("#"));
  return units;
}

/**
 * A unit's body, once: its own nodes, returned, and the units it names (a named node inside it
 * included) counted into `of.refs`.
 * @param {unknown} node
 * @param {Unit} of
 * @param {{ units: Map<object, Unit>, targetOf: (ref: string) => unknown }} graph
 * @param {boolean} [start] the unit's own node, not a named node inside it
 * @returns {number}
 */
function bodySize(node, of, graph, start = false) {
  if (!isNode(node)) return 1;
  const named = start ? undefined : graph.units.get(node);
  const ref = refOf(node);
  const target = named ? node : ref !== undefined ? graph.targetOf(ref) : undefined;
  if (target === undefined) {
    let size = 1;
    for (const value of Object.values(node)) size += bodySize(value, of, graph);
    return size;
  }
  const to = isNode(target) ? graph.units.get(target) : undefined;
  if (to) of.refs.set(to, (of.refs.get(to) ?? 0) + 1);
  if (named) return 0;
  let size = to ? 0 : 1;
  for (const [key, value] of Object.entries(node)) if (key !== "$ref") size += bodySize(value, of, graph);
  return size;
}

/**
 * Each unit's size, a cycle after every cycle it reaches: a copy of a member holds the members it
 * reaches inside the cycle, each counted once and reused, a `$ref` back to one it is inside of as
 * 1; each member's `inside` kept for countCopies.
 * @param {Unit[][]} cycles
 */
function sizeCycles(cycles) {
  for (const cycle of cycles)
    for (const entry of cycle) {
      /** @type {Map<Unit, number>} */
      const sizes = new Map();
      const open = new Set();
      /** @type {Unit[]} */
      const order = [];
      /** @type {Map<Unit, [Unit, number][]>} */
      const next = new Map();
      const count = (/** @type {Unit} */ one) => {
        open.add(one);
        let size = one.own;
        /** @type {[Unit, number][]} */
        const holds = [];
        for (const [to, times] of one.refs) {
          if (to.cycle !== cycle) size += times * to.size;
          else if (open.has(to)) size += times;
          else {
            let known = sizes.get(to);
            if (known === undefined) sizes.set(to, (known = count(to)));
            size += times * known;
            holds.push([to, times]);
          }
        }
        open.delete(one);
        next.set(one, holds);
        order.push(one);
        return size;
      };
      entry.size = count(entry);
      sizes.set(entry, entry.size);
      entry.inside = { order, next, sizes };
    }
}

/**
 * Each unit's copies and the nodes they count, from the document down, a cycle once every cycle
 * reaching it is done.
 * @param {Unit[][]} cycles as cyclesOf finds them
 * @param {Unit} top the document's unit
 */
function countCopies(cycles, top) {
  top.entries = 1;
  for (let i = cycles.length - 1; i >= 0; i--) {
    const cycle = /** @type {Unit[]} */ (cycles[i]);
    for (const entry of cycle) {
      if (!entry.entries || !entry.inside) continue;
      /** @type {Map<Unit, number>} */
      const paths = new Map([[entry, 1]]);
      const { order, next, sizes } = entry.inside;
      for (let j = order.length - 1; j >= 0; j--) {
        const one = /** @type {Unit} */ (order[j]);
        const times = paths.get(one) ?? 0;
        one.copies += entry.entries * times;
        one.nodes += entry.entries * times * /** @type {number} */ (sizes.get(one));
        for (const [to, n] of next.get(one) ?? []) paths.set(to, (paths.get(to) ?? 0) + times * n);
      }
    }
    for (const one of cycle)
      for (const [to, times] of one.refs) if (to.cycle !== cycle) to.entries += one.copies * times;
  }
}

/**
 * The strongly connected components of the units' `$ref` graph (Tarjan's, without recursion), each
 * set as its members' `cycle`, in the order they are found: a component after every one it reaches.
 * @param {Unit[]} all
 * @returns {Unit[][]}
 */
function cyclesOf(all) {
  /** @type {Unit[][]} */
  const found = [];
  /** @type {Map<Unit, number>} */
  const index = new Map();
  /** @type {Map<Unit, number>} */
  const low = new Map();
  /** @type {Unit[]} */
  const stack = [];
  const stacked = new Set();
  const visit = (/** @type {Unit} */ one) => {
    index.set(one, index.size);
    low.set(one, /** @type {number} */ (index.get(one)));
    stack.push(one);
    stacked.add(one);
  };
  for (const first of all) {
    if (index.has(first)) continue;
    visit(first);
    /** @type {[Unit, Iterator<Unit>][]} */
    const work = [[first, first.refs.keys()]];
    while (work.length) {
      const [one, next] = /** @type {[Unit, Iterator<Unit>]} */ (work.at(-1));
      const step = next.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) {
          visit(to);
          work.push([to, to.refs.keys()]);
        } else if (stacked.has(to))
          low.set(one, Math.min(/** @type {number} */ (low.get(one)), /** @type {number} */ (index.get(to))));
        continue;
      }
      work.pop();
      const parent = work.at(-1)?.[0];
      if (parent)
        low.set(parent, Math.min(/** @type {number} */ (low.get(parent)), /** @type {number} */ (low.get(one))));
      if (low.get(one) !== index.get(one)) continue;
      /** @type {Unit[]} */
      const cycle = [];
      let member;
      do {
        member = /** @type {Unit} */ (stack.pop());
        stacked.delete(member);
        member.cycle = cycle;
        cycle.push(member);
      } while (member !== one);
      found.push(cycle);
    }
  }
  return found;
}
