// Prunes a document's schemas into the entries of generated/validators.ts (schema-table.mjs): each
// keyword check() enforces kept, each it cannot listed, each component and each object met again
// while it is being pruned (a dereferenced cycle) an entry of its own, referred to by index.

import { ANNOTATIONS, DATA_KEYWORDS, dataKeyword, IN_PLACE } from "./schema-keywords.mjs";
import { discriminate } from "./schema-discriminator.mjs";
import { componentSchemas } from "./schema-names.mjs";
import { RefError, refTarget } from "../spec/refs.mjs";
import { isRecord } from "../spec/guards.mjs";

/**
 * @typedef {import("./schema-keywords.mjs").Entry} Entry
 * @typedef {import("./schema-keywords.mjs").OpenEntry} OpenEntry
 */
/** @typedef {{ where: string, keyword: string }} Unchecked a keyword left out of the data, and where */

/** @param {unknown} v */
const isEmpty = (v) => isRecord(v) && Object.keys(v).length === 0;

/** The entries pruned from one document so far, and what finds them again (schema-table.mjs's `Table` adds its face). */
export class Pruner {
  /** @type {(Entry | undefined)[]} the emitted schemas (a slot is empty until its schema is pruned) */
  schemas = [];
  /** @type {string[]} where each emitted schema comes from, for messages */
  wheres = [];
  /** @type {Set<number>} the entries that are inline roots (named by their content), by index */
  roots = new Set();
  /** @type {Unchecked[]} */
  unchecked = [];
  /** @type {Map<unknown, number>} schema object -> its index, for components and for objects met again while being pruned */
  ids = new Map();
  /** @type {Map<string, number>} emitted entries by their content, so that equal inline roots share one entry */
  inline = new Map();
  /** @type {Map<unknown, string>} component schema object -> its location; in a dereferenced document it stands for the component */
  named = new Map();
  /** @type {Map<unknown, { index?: number }>} objects being pruned right now (dereferenced cycles); a value gets an index once met again */
  active = new Map();

  /** @param {unknown} spec the bundled document, read as it may break the model */
  constructor(spec) {
    this.spec = spec;
    this.components = componentSchemas(spec);
    for (const [name, schema] of Object.entries(this.components))
      if (isRecord(schema)) this.named.set(schema, `components.schemas.${name}`);
  }

  /**
   * Notes a keyword left out of the data, and where.
   * @param {string} where
   * @param {string} keyword
   */
  skip = (where, keyword) => void this.unchecked.push({ where, keyword });

  /**
   * Resolves a `$ref` inside the document: its target and a readable location.
   * @param {unknown} ref
   * @param {string} where
   * @returns {[unknown, string]}
   */
  resolve = (ref, where) => {
    try {
      const { target, tokens } = refTarget(this.spec, ref);
      return [target, tokens.join(".")];
    } catch (err) {
      throw err instanceof RefError ? new Error(`${where}: ${err.message}`) : err;
    }
  };

  /**
   * The index of a schema reached by reference, emitting it the first time.
   * @param {unknown} schema
   * @param {string} where
   * @returns {number}
   */
  indexOf = (schema, where) => {
    let index = this.ids.get(schema);
    if (index === undefined) {
      index = this.reserve();
      this.wheres[index] = where;
      this.ids.set(schema, index);
      this.schemas[index] = this.prune(schema, where, true);
      // an inline root equal to it (a dereferenced document copies components) shares its entry
      const key = JSON.stringify(this.schemas[index]);
      if (!this.inline.has(key)) this.inline.set(key, index);
    }
    return index;
  };

  /** A slot in the table for an entry still being pruned, filled when it is done. */
  reserve() {
    return this.schemas.push(undefined) - 1;
  }

  /**
   * The entry at `index`; throws when its schema was never pruned (an `add` that threw left it).
   * @param {number} index
   * @returns {Entry}
   */
  entry(index) {
    const found = this.schemas[index];
    if (found === undefined) throw new Error(`schemaTable: ${this.wheres[index]} was never completed`);
    return found;
  }

  /**
   * Whether a property schema is marked `key` (readOnly, writeOnly), here or behind its `$ref`s.
   * @param {unknown} schema
   * @param {string} key
   * @returns {boolean}
   */
  marked(schema, key, seen = new Set()) {
    if (!isRecord(schema) || seen.has(schema)) return false;
    seen.add(schema);
    return (
      schema[key] === true ||
      (typeof schema.$ref === "string" && this.marked(this.resolve(schema.$ref, "")[0], key, seen))
    );
  }

  /**
   * A list of subschemas, or undefined (and noted) when the value is not a list.
   * @param {unknown} value
   * @param {string} where
   * @param {string} key
   * @returns {Entry[] | undefined}
   */
  list(value, where, key) {
    if (Array.isArray(value) && value.length) return value.map((sub, i) => this.prune(sub, `${where}.${key}[${i}]`));
    this.skip(where, key);
  }

  /**
   * An entry for a schema met before: the `$ref` to its index, when it is a known one, a
   * component, or one being pruned right now (which then gets an index); undefined otherwise.
   * @param {object} schema
   * @param {string} where
   * @returns {Entry | undefined}
   */
  metBefore(schema, where) {
    const known = this.ids.get(schema);
    if (known !== undefined) return { $ref: known };
    const component = this.named.get(schema);
    if (component !== undefined) return { $ref: this.indexOf(schema, component) };
    const seen = this.active.get(schema);
    if (!seen) return undefined;
    if (seen.index === undefined) {
      seen.index = this.reserve();
      this.wheres[seen.index] = where;
    }
    return { $ref: seen.index };
  }

  /**
   * The schema pruned to what `check()` enforces. `own`: it is the entry of its own index.
   * @param {unknown} schema
   * @param {string} where
   * @returns {Entry}
   */
  prune(schema, where, own = false) {
    if (schema === true) return {};
    if (schema === false) return { not: {} };
    // anything else is no schema at all: it checks nothing, and the report says so
    if (!isRecord(schema)) return (this.skip(where, "schema"), {});
    const before = own ? undefined : this.metBefore(schema, where);
    if (before) return before;
    /** @type {{ index?: number }} */
    const self = {};
    this.active.set(schema, self);
    /** @type {OpenEntry} */
    const out = {};
    for (const [key, value] of Object.entries(schema)) this.keyword(key, value, where, out);
    this.markSides(schema, out);
    // check() follows a $ref without a stack frame, so the ref's siblings go under allOf
    if (out.$ref !== undefined && Object.keys(out).length > 1)
      (out.allOf ??= []).push({ $ref: out.$ref }), delete out.$ref;
    // check() takes one of anyOf/oneOf per schema, so a second one goes under allOf
    if (out.anyOf && out.oneOf) (out.allOf ??= []).push({ anyOf: out.anyOf }), delete out.anyOf;
    if (schema.discriminator !== undefined && (out.oneOf || out.anyOf)) discriminate(schema, out, where, this);
    this.active.delete(schema);
    if (self.index === undefined) return out;
    this.schemas[self.index] = out;
    this.ids.set(schema, self.index);
    return { $ref: self.index };
  }

  /**
   * One keyword of a schema into `out`, pruned, or noted as left out.
   * @param {string} key
   * @param {unknown} value
   * @param {string} where
   * @param {OpenEntry} out
   */
  keyword(key, value, where, out) {
    const at = `${where}.${key}`;
    if (key === "$ref") {
      out.$ref = this.indexOf(...this.resolve(value, where));
    } else if (key === "prefixItems" || IN_PLACE.includes(key)) {
      const subs = this.list(value, where, key);
      if (subs) out[key] = subs;
    } else if (DATA_KEYWORDS.has(key)) {
      if (!dataKeyword(key, value, out)) this.skip(where, key);
    } else if (key === "items" || key === "not" || key === "propertyNames") {
      const sub = this.prune(value, at);
      if (key === "not" || !isEmpty(sub)) out[key] = sub;
    } else if (key === "additionalProperties") {
      if (value === false) out.additionalProperties = false;
      else {
        const sub = this.prune(value, at);
        if (!isEmpty(sub)) out.additionalProperties = sub;
      }
    } else if (key === "properties") {
      if (!isRecord(value)) this.skip(where, key);
      else
        out.properties = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, this.prune(sub, `${at}.${name}`)]),
        );
    } else if (!ANNOTATIONS.has(key) && !key.startsWith("x-")) {
      this.skip(where, key);
    }
  }

  /**
   * Marks each required property `readOnly` or `writeOnly` when its schema is, here or behind its
   * `$ref`s: a required field the other side never sends is not required of it.
   * @param {Record<string, unknown>} schema
   * @param {OpenEntry} out
   */
  markSides(schema, out) {
    const written = isRecord(schema.properties) ? schema.properties : {};
    for (const name of out.properties && out.required ? out.required : []) {
      const property = out.properties?.[name];
      if (!property || !Object.hasOwn(out.properties ?? {}, name)) continue;
      for (const key of ["readOnly", "writeOnly"])
        if (this.marked(written[name], key)) /** @type {OpenEntry} */ (property)[key] = true;
    }
  }
}
