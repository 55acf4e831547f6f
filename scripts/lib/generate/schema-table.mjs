// Turns the spec's schemas into the data src/checks/check.ts `check()` walks: generated/validators.ts.
// One job: schemas in, checks data out. Each component reached through a `$ref` is emitted once, as
// one exported constant that others refer to by name through a function (`$ref: () => Pet`), so
// recursive schemas work, the data grows linearly with the spec, and a bundler keeps only the
// constants the operations a program calls reach.

import { ANNOTATIONS, DATA_KEYWORDS, dataKeyword, IN_PLACE } from "./schema-keywords.mjs";
import { liveEntry } from "./schema-entry.mjs";
import { discriminate } from "./schema-discriminator.mjs";
import { breakLoops } from "./schema-loops.mjs";
import { componentSchemas, constantsSource, nameAll } from "./schema-names.mjs";
import { isObject, isRecord, RefError, refTarget } from "../spec/document.mjs";

/**
 * @typedef {import("./schema-keywords.mjs").Entry} Entry
 * @typedef {import("./schema-keywords.mjs").OpenEntry} OpenEntry
 */
/** @typedef {{ where: string, keyword: string }} Unchecked a keyword left out of the data, and where */
/**
 * What `schemaTable` returns.
 * @typedef {object} SchemaTable
 * @property {(schema: unknown, where: string) => number} add
 * @property {(index: number) => string} name
 * @property {() => Entry[]} entries
 * @property {(index: number) => unknown} schema
 * @property {(header: string) => string} source
 * @property {Unchecked[]} unchecked
 */

/** @param {unknown} v */
const isEmpty = (v) => isObject(v) && Object.keys(/** @type {object} */ (v)).length === 0;

/**
 * Collects schemas of a bundled OpenAPI 3.1 document into one table for `check()`.
 *
 * `spec` may keep its `$ref`s (`#/components/...` JSON pointers, `~0`/`~1` and percent escapes
 * decoded) or be dereferenced, with the same object standing for a component wherever it is used
 * (cycles included). `add(schema, where)` registers one root schema, inline or a `$ref`, and returns
 * its index in the emitted array; a component is emitted once and registering it again gives the
 * same index. Only what is reached is emitted. A keyword `check()` cannot enforce (or an invalid
 * `pattern`, or a schema that reaches itself without descending into the value) is left out of the
 * data and listed in `unchecked`; a `$ref` to nothing throws, naming where it is.
 *
 * `name(index)` is the constant an entry is exported as, once every schema is added: a component
 * its type's name (types.ts, `Error` as `ErrorBody`), an inline schema `Inline_` and a hash of its
 * content, so that adding an operation adds its own constants and renames none. `entries()` are
 * the emitted schemas with `$ref`s and mappings as indexes; `schema(index)` is one of them as
 * generated/validators.ts holds it (its references functions), for the scripts that run `check()`
 * on a document's schemas without writing the file (scripts/lib/spec/checker.mjs), given `checks`.
 *
 * @param {unknown} spec the bundled document, read as it may break the model
 * @param {{ checks?: import("./schema-entry.mjs").CheckModules }} [options] `checks`: the modules src/checks/formats.ts and
 *   src/checks/keywords.ts, whose checks `schema(index)` puts where a schema names them, as
 *   generated/validators.ts imports them
 * @returns {SchemaTable}
 * @example
 * const table = schemaTable(spec);
 * const click = table.add({ $ref: "#/components/schemas/ClickMouseRequest" }, "components.schemas.ClickMouseRequest");
 * table.name(click); // "ClickMouseRequest"
 * writeFileSync("generated/validators.ts", table.source(HEADER));
 */
export function schemaTable(spec, { checks } = {}) {
  /** @type {(Entry | undefined)[]} the emitted schemas (a slot is empty until its schema is pruned) */
  const schemas = [];
  /** @type {string[]} where each emitted schema comes from, for messages */
  const wheres = [];
  /** @type {Set<number>} the entries that are inline roots (named by their content), by index */
  const roots = new Set();
  /** @type {string[] | undefined} each entry's constant, fixed once the first is asked for */
  let names;
  /** @type {unknown[]} each entry as check() reads it, made when first asked for */
  const live = [];
  /** @type {Unchecked[]} */
  const unchecked = [];
  /** @type {Map<unknown, number>} schema object -> its index, for components and for objects met again while being pruned */
  const ids = new Map();
  /** @type {Map<string, number>} emitted entries by their content, so that equal inline roots share one entry */
  const inline = new Map();
  /** @type {Map<unknown, string>} component schema object -> its location; in a dereferenced document it stands for the component */
  const named = new Map();
  const components = componentSchemas(spec);
  for (const [name, schema] of Object.entries(components))
    if (isObject(schema)) named.set(schema, `components.schemas.${name}`);
  /** @type {Map<unknown, { index?: number }>} objects being pruned right now (dereferenced cycles); a value gets an index once met again */
  const active = new Map();

  const skip = (/** @type {string} */ where, /** @type {string} */ keyword) => unchecked.push({ where, keyword });

  /**
   * Resolves a `$ref` inside the document: its target and a readable location.
   * @param {unknown} ref
   * @param {string} where
   * @returns {[unknown, string]}
   */
  function resolve(ref, where) {
    try {
      const { target, tokens } = refTarget(spec, ref);
      return [target, tokens.join(".")];
    } catch (err) {
      throw err instanceof RefError ? new Error(`${where}: ${err.message}`) : err;
    }
  }

  /**
   * The index of a schema reached by reference, emitting it the first time.
   * @param {unknown} schema
   * @param {string} where
   * @returns {number}
   */
  function indexOf(schema, where) {
    let index = ids.get(schema);
    if (index === undefined) {
      index = reserve();
      wheres[index] = where;
      ids.set(schema, index);
      schemas[index] = prune(schema, where, true);
      // an inline root equal to it (a dereferenced document copies components) shares its entry
      const key = JSON.stringify(schemas[index]);
      if (!inline.has(key)) inline.set(key, index);
    }
    return index;
  }

  /** A slot in the table for an entry still being pruned, filled when it is done. */
  const reserve = () => schemas.push(undefined) - 1;

  /**
   * The entry at `index`; throws when its schema was never pruned (an `add` that threw left it).
   * @param {number} index
   * @returns {Entry}
   */
  function entry(index) {
    const found = schemas[index];
    if (found === undefined) throw new Error(`schemaTable: ${wheres[index]} was never completed`);
    return found;
  }

  /**
   * Whether a property schema is marked `key` (readOnly, writeOnly), here or behind its `$ref`s.
   * @param {unknown} schema
   * @param {string} key
   * @returns {boolean}
   */
  function marked(schema, key, seen = new Set()) {
    if (!isRecord(schema) || seen.has(schema)) return false;
    seen.add(schema);
    return schema[key] === true || (typeof schema.$ref === "string" && marked(resolve(schema.$ref, "")[0], key, seen));
  }

  /**
   * A list of subschemas, or undefined (and noted) when the value is not a list.
   * @param {unknown} value
   * @param {string} where
   * @param {string} key
   * @returns {Entry[] | undefined}
   */
  function list(value, where, key) {
    if (Array.isArray(value) && value.length) return value.map((sub, i) => prune(sub, `${where}.${key}[${i}]`));
    skip(where, key);
  }

  /**
   * The schema pruned to what `check()` enforces. `own`: it is the entry of its own index.
   * @param {unknown} schema
   * @param {string} where
   * @returns {Entry}
   */
  function prune(schema, where, own = false) {
    if (schema === true) return {};
    if (schema === false) return { not: {} };
    // anything else is no schema at all: it checks nothing, and the report says so
    if (!isRecord(schema)) return (skip(where, "schema"), {});
    if (!own) {
      const known = ids.get(schema);
      if (known !== undefined) return { $ref: known };
      const component = named.get(schema);
      if (component !== undefined) return { $ref: indexOf(schema, component) };
      const seen = active.get(schema);
      if (seen) {
        if (seen.index === undefined) {
          seen.index = reserve();
          wheres[seen.index] = where;
        }
        return { $ref: seen.index };
      }
    }
    /** @type {{ index?: number }} */
    const self = {};
    active.set(schema, self);
    /** @type {OpenEntry} */
    const out = {};
    for (const [key, value] of Object.entries(schema)) {
      const at = `${where}.${key}`;
      if (key === "$ref") {
        out.$ref = indexOf(...resolve(value, where));
      } else if (key === "prefixItems" || IN_PLACE.includes(key)) {
        const subs = list(value, where, key);
        if (subs) out[key] = subs;
      } else if (DATA_KEYWORDS.has(key)) {
        if (!dataKeyword(key, value, out)) skip(where, key);
      } else if (key === "items" || key === "not" || key === "propertyNames") {
        const sub = prune(value, at);
        if (key === "not" || !isEmpty(sub)) out[key] = sub;
      } else if (key === "additionalProperties") {
        if (value === false) out.additionalProperties = false;
        else {
          const sub = prune(value, at);
          if (!isEmpty(sub)) out.additionalProperties = sub;
        }
      } else if (key === "properties") {
        if (!isRecord(value)) skip(where, key);
        else
          out.properties = Object.fromEntries(
            Object.entries(value).map(([name, sub]) => [name, prune(sub, `${at}.${name}`)]),
          );
      } else if (!ANNOTATIONS.has(key) && !key.startsWith("x-")) {
        skip(where, key);
      }
    }
    // a required field the other side never sends is not required of it
    const written = isRecord(schema.properties) ? schema.properties : {};
    for (const name of out.properties && out.required ? out.required : []) {
      const property = out.properties?.[name];
      if (!property || !Object.hasOwn(out.properties ?? {}, name)) continue;
      for (const key of ["readOnly", "writeOnly"])
        if (marked(written[name], key)) /** @type {OpenEntry} */ (property)[key] = true;
    }
    // check() follows a $ref without a stack frame, so the ref's siblings go under allOf
    if (out.$ref !== undefined && Object.keys(out).length > 1)
      (out.allOf ??= []).push({ $ref: out.$ref }), delete out.$ref;
    // check() takes one of anyOf/oneOf per schema, so a second one goes under allOf
    if (out.anyOf && out.oneOf) (out.allOf ??= []).push({ anyOf: out.anyOf }), delete out.anyOf;
    if (schema.discriminator !== undefined && (out.oneOf || out.anyOf))
      discriminate(schema, out, where, { resolve, indexOf, named, skip });
    active.delete(schema);
    if (self.index === undefined) return out;
    schemas[self.index] = out;
    ids.set(schema, self.index);
    return { $ref: self.index };
  }

  /** Each entry's constant, named the first time one is asked for. */
  function named$() {
    names ??= nameAll(
      schemas.map((_, i) => entry(i)),
      wheres,
      roots,
      Object.keys(components),
    );
    return names;
  }

  return {
    unchecked,
    add(schema, where) {
      let index;
      const component = named.get(schema);
      if (
        isRecord(schema) &&
        typeof schema.$ref === "string" &&
        Object.keys(schema).every((key) => key === "$ref" || ANNOTATIONS.has(key))
      ) {
        index = indexOf(...resolve(schema.$ref, where));
      } else if (component !== undefined || ids.has(schema)) {
        // `ids` holds the schema, or `named` does
        index = ids.get(schema) ?? indexOf(schema, /** @type {string} */ (component));
      } else {
        const out = prune(schema, where);
        const key = JSON.stringify(out);
        index = inline.get(key);
        if (index === undefined) {
          index = schemas.push(out) - 1;
          wheres[index] = where;
          inline.set(key, index);
          roots.add(index);
        }
      }
      if (names) throw new Error(`schemaTable: ${where} added after the constants were named`);
      breakLoops(schemas, wheres, skip);
      return index;
    },
    name(index) {
      return named$()[index];
    },
    entries: () => schemas.map((_, i) => entry(i)),
    schema(index) {
      live[index] ??= liveEntry(entry(index), (n) => this.schema(n), checks);
      return live[index];
    },
    source(header) {
      return constantsSource(
        header,
        schemas.map((_, i) => entry(i)),
        wheres,
        roots,
        named$(),
      );
    },
  };
}
