// Turns the spec's schemas into the data src/checks/check.ts `check()` walks: generated/validators.ts.
// One job: schemas in, checks data out. Each component reached through a `$ref` is emitted once, as
// one exported constant that others refer to by name through a function (`$ref: () => Pet`), so
// recursive schemas work, the data grows linearly with the spec, and a bundler keeps only the
// constants the operations a program calls reach.

import { ANNOTATIONS } from "./schema-keywords.mjs";
import { liveEntry } from "./schema-entry.mjs";
import { breakLoops } from "./schema-loops.mjs";
import { constantsSource, nameAll } from "./schema-names.mjs";
import { Pruner } from "./schema-prune.mjs";
import { isRecord } from "../spec/guards.mjs";

/**
 * @typedef {import("./schema-keywords.mjs").Entry} Entry
 */
/** @typedef {import("./schema-prune.mjs").Unchecked} Unchecked */
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
  return new Table(spec, checks);
}

/** The state of one `schemaTable`: the entries emitted so far, and what finds them again. */
/** The table `schemaTable` returns: the pruned entries, registered, named and written out. */
class Table extends Pruner {
  /** @type {string[] | undefined} each entry's constant, fixed once the first is asked for */
  names;
  /** @type {unknown[]} each entry as check() reads it, made when first asked for */
  live = [];

  /**
   * @param {unknown} spec
   * @param {import("./schema-entry.mjs").CheckModules | undefined} checks
   */
  constructor(spec, checks) {
    super(spec);
    this.checks = checks;
  }

  /** Each entry's constant, named the first time one is asked for. */
  constants() {
    this.names ??= nameAll(this.entries(), this.wheres, this.roots, Object.keys(this.components));
    return this.names;
  }

  /**
   * Registers one root schema, inline or a `$ref`, and returns its index.
   * @param {unknown} schema
   * @param {string} where
   * @returns {number}
   */
  add(schema, where) {
    let index;
    const component = this.named.get(schema);
    if (
      isRecord(schema) &&
      typeof schema.$ref === "string" &&
      Object.keys(schema).every((key) => key === "$ref" || ANNOTATIONS.has(key))
    ) {
      index = this.indexOf(...this.resolve(schema.$ref, where));
    } else if (component !== undefined || this.ids.has(schema)) {
      // `ids` holds the schema, or `named` does
      index = this.ids.get(schema) ?? this.indexOf(schema, /** @type {string} */ (component));
    } else {
      index = this.addInline(schema, where);
    }
    if (this.names) throw new Error(`schemaTable: ${where} added after the constants were named`);
    breakLoops(this.schemas, this.wheres, this.skip);
    return index;
  }

  /**
   * An inline root: pruned, and sharing the entry of an equal one added before.
   * @param {unknown} schema
   * @param {string} where
   * @returns {number}
   */
  addInline(schema, where) {
    const out = this.prune(schema, where);
    const key = JSON.stringify(out);
    let index = this.inline.get(key);
    if (index === undefined) {
      index = this.schemas.push(out) - 1;
      this.wheres[index] = where;
      this.inline.set(key, index);
      this.roots.add(index);
    }
    return index;
  }

  /**
   * The constant an entry is exported as.
   * @param {number} index
   * @returns {string}
   */
  name(index) {
    return /** @type {string} */ (this.constants()[index]);
  }

  /** @returns {Entry[]} */
  entries() {
    return this.schemas.map((_, i) => this.entry(i));
  }

  /**
   * One entry as generated/validators.ts holds it (its references functions).
   * @param {number} index
   * @returns {unknown}
   */
  schema(index) {
    this.live[index] ??= liveEntry(this.entry(index), (n) => this.schema(n), this.checks);
    return this.live[index];
  }

  /**
   * generated/validators.ts's text.
   * @param {string} header
   * @returns {string}
   */
  source(header) {
    return constantsSource(header, this.entries(), this.wheres, this.roots, this.constants());
  }
}
