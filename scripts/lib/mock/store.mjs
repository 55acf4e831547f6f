// The stateful mock's store (state.mjs): items by key, bounded in count and bytes, the oldest
// dropped first; and the new ids it draws for a collection's items.
import { resolve } from "../spec/refs.mjs";
import { keyword } from "../spec/guards.mjs";
import { propertiesOf } from "./collections.mjs";

/**
 * @typedef {import("./collections.mjs").Collection} Collection
 * @typedef {import("./dispatch.mjs").Sampler} Sampler
 * @typedef {{ collection: Collection | undefined, record: Record<string, unknown>, bytes: number, seed: number }} Stored
 *   `collection` undefined: an id deleted on a Deletion's path
 */

/** An item's key: its collection's item path, the parent path's parameters, its id. */
export const keyOf = (/** @type {{ itemPath: string }} */ c, /** @type {string} */ scope, /** @type {string} */ id) =>
  `${c.itemPath}\n${scope}\n${id}`;

/** The parent path's parameters of a request: the part of a key that keeps nested collections apart. */
export const scopeOf = (/** @type {Record<string, string>} */ params, /** @type {string} */ param) =>
  JSON.stringify(Object.entries(params).filter(([name]) => name !== param));

/**
 * Items by key, in the order stored (the first is the oldest), at most `maxItems` of them and
 * `maxBytes` bytes together: `keep` drops the oldest others to make room.
 * @param {number} maxItems
 * @param {number} maxBytes
 */
export function itemStore(maxItems, maxBytes) {
  /** @type {Map<string, Stored>} */
  const store = new Map();
  let bytes = 0;
  return {
    get: (/** @type {string} */ key) => store.get(key),
    has: (/** @type {string} */ key) => store.has(key),
    values: () => store.values(),
    size: () => ({ items: store.size, bytes }),
    /** @param {string} key @param {Stored} item */
    keep(key, item) {
      const old = store.get(key);
      if (old) bytes -= old.bytes;
      store.set(key, item);
      bytes += item.bytes;
      for (const [oldest, stored] of store) {
        if (store.size <= maxItems && bytes <= maxBytes) break;
        if (oldest === key) continue;
        store.delete(oldest);
        bytes -= stored.bytes;
      }
    },
    /** @param {string} key */
    forget(key) {
      const stored = store.get(key);
      if (stored && store.delete(key)) bytes -= stored.bytes;
    },
  };
}

/**
 * New ids for the collections' items, each drawn with a seed of its own (`seed()`: the last one).
 * @param {unknown} spec
 * @param {Collection[]} collections
 * @param {{ sampler: () => Sampler, taken: (key: string) => boolean, draws: number }} options
 */
export function idDrawer(spec, collections, { sampler, taken, draws }) {
  let seeds = 0;
  const itemSchema = (/** @type {Collection} */ c) =>
    propertiesOf(spec, c.wrapper ? propertiesOf(spec, c.read.success.schema)[c.wrapper] : c.read.success.schema)[
      c.idField
    ];
  // the item path's parameter as each operation on the item declares it: a new id must fit them all
  // (read once: the checks keep a row per schema object they meet)
  const declared = new Map(
    collections.map((c) => [
      c,
      [c.read, ...c.updates, ...(c.remove ? [c.remove] : [])].flatMap(
        (op) => op.pathParams.find((p) => p.name === c.param)?.schema ?? [],
      ),
    ]),
  );
  const integer = (/** @type {Collection} */ c) =>
    [keyword(resolve(spec, itemSchema(c)), "type")].flat().includes("integer");
  const numeric = (/** @type {unknown} */ param) =>
    [keyword(resolve(spec, param), "type")].flat().some((t) => t === "integer" || t === "number");
  /**
   * A new id for `c` under `scope`: the one the request gave (`given`) where it fits, else one
   * drawn from the id field's schema; either accepted by the path parameter, and not stored.
   * @param {Collection} c
   * @param {string} scope
   * @param {unknown} given
   */
  const newId = (c, scope, given) => {
    const schema = itemSchema(c);
    const params = declared.get(c) ?? [];
    const drawer = sampler();
    for (let draw = -1; draw < draws; draw++) {
      const seed = ++seeds;
      // from the field's schema, else from the parameter's where it says more (a uuid the field leaves a string)
      const drawn =
        draw < 0
          ? [given]
          : integer(c)
            ? [Math.max(Number(keyword(resolve(spec, schema), "minimum") ?? 1), 1) + seed]
            : [
                drawer.sample(schema, { seed }).value,
                ...params.map((param) => drawer.sample(param, { direction: "request", seed }).value),
              ];
      for (const value of drawn) {
        if (typeof value !== "string" && !Number.isSafeInteger(value)) continue;
        if (drawer.check(schema, value, "response").length) continue;
        const fits = (/** @type {unknown} */ param) =>
          !drawer.check(param, numeric(param) ? Number(value) : String(value), "request").length;
        if (!params.every(fits)) continue;
        if (!taken(keyOf(c, scope, String(value)))) return value;
      }
    }
    return undefined;
  };
  return { newId, integer, seed: () => seeds };
}
