// Turns the spec's schemas into the data src/checks/check.ts `check()` walks: generated/validators.ts.
// One job: schemas in, checks data out. Each component reached through a `$ref` is emitted once
// and referred to by its index, so recursive schemas work and the data grows linearly with the spec.

import { ANNOTATIONS, FORMATS, IN_PLACE, NUMBERS, SCHEMA_TYPE, TYPES } from "./schema-keywords.mjs";
import { isObject, RefError, refTarget } from "../spec/document.mjs";

const isEmpty = (v) => isObject(v) && Object.keys(v).length === 0;

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
 * @param {any} spec the bundled document
 * @returns {{ add(schema: unknown, where: string): number, source(header: string): string, rows: unknown[], unchecked: { where: string, keyword: string }[] }}
 * @example
 * const table = schemaTable(spec);
 * const click = table.add({ $ref: "#/components/schemas/ClickMouseRequest" }, "components.schemas.ClickMouseRequest");
 * writeFileSync("generated/validators.ts", table.source(HEADER) + `export const ClickMouseRequest: Schema = schemas[${click}]!;\n`);
 */
export function schemaTable(spec) {
  /** @type {any[]} the emitted schemas */
  const schemas = [];
  /** where each emitted schema comes from, for messages */
  const wheres = [];
  /** @type {{ where: string, keyword: string }[]} */
  const unchecked = [];
  /** schema object -> its index, for components and for objects met again while being pruned */
  const ids = new Map();
  /** emitted entries by their content, so that equal inline roots share one entry */
  const inline = new Map();
  /** component schema object -> its location; in a dereferenced document it stands for the component */
  const named = new Map();
  for (const [name, schema] of Object.entries(spec?.components?.schemas ?? {}))
    if (isObject(schema)) named.set(schema, `components.schemas.${name}`);
  /** objects being pruned right now (dereferenced cycles); a value gets an index once met again */
  const active = new Map();

  const skip = (where, keyword) => unchecked.push({ where, keyword });

  /** Resolves a `$ref` inside the document: its target and a readable location. */
  function resolve(ref, where) {
    try {
      const { target, tokens } = refTarget(spec, ref);
      return [target, tokens.join(".")];
    } catch (err) {
      throw err instanceof RefError ? new Error(`${where}: ${err.message}`) : err;
    }
  }

  /** The index of a schema reached by reference, emitting it the first time. */
  function indexOf(schema, where) {
    let index = ids.get(schema);
    if (index === undefined) {
      index = schemas.push(undefined) - 1;
      wheres[index] = where;
      ids.set(schema, index);
      schemas[index] = prune(schema, where, true);
      // an inline root equal to it (a dereferenced document copies components) shares its entry
      const key = JSON.stringify(schemas[index]);
      if (!inline.has(key)) inline.set(key, index);
    }
    return index;
  }

  /** Whether a property schema is marked `key` (readOnly, writeOnly), here or behind its `$ref`s. */
  function marked(schema, key, seen = new Set()) {
    if (!isObject(schema) || seen.has(schema)) return false;
    seen.add(schema);
    return schema[key] === true || (typeof schema.$ref === "string" && marked(resolve(schema.$ref, "")[0], key, seen));
  }

  /** A list of subschemas, or undefined (and noted) when the value is not a list. */
  function list(value, where, key) {
    if (Array.isArray(value) && value.length) return value.map((sub, i) => prune(sub, `${where}.${key}[${i}]`));
    skip(where, key);
  }

  /** The schema pruned to what `check()` enforces. `own`: it is the entry of its own index. */
  function prune(schema, where, own = false) {
    if (schema === true) return {};
    if (schema === false) return { not: {} };
    // anything else is no schema at all: it checks nothing, and the report says so
    if (!isObject(schema)) return (skip(where, "schema"), {});
    if (!own) {
      if (ids.has(schema)) return { $ref: ids.get(schema) };
      if (named.has(schema)) return { $ref: indexOf(schema, named.get(schema)) };
      const seen = active.get(schema);
      if (seen) {
        if (seen.index === undefined) {
          seen.index = schemas.push(undefined) - 1;
          wheres[seen.index] = where;
        }
        return { $ref: seen.index };
      }
    }
    const self = {};
    active.set(schema, self);
    const out = {};
    for (const [key, value] of Object.entries(schema)) {
      const at = `${where}.${key}`;
      if (key === "$ref") {
        out.$ref = indexOf(...resolve(value, where));
      } else if (key === "type") {
        const types = [].concat(value);
        if (types.length && types.every((t) => TYPES.has(t))) out.type = types;
        else skip(where, key);
      } else if (key === "enum") {
        if (Array.isArray(value)) out.enum = value;
        else skip(where, key);
      } else if (key === "required") {
        if (Array.isArray(value) && value.every((name) => typeof name === "string")) {
          if (value.length) out.required = value;
        } else skip(where, key);
      } else if (key === "prefixItems" || IN_PLACE.includes(key)) {
        const subs = list(value, where, key);
        if (subs) out[key] = subs;
      } else if (key === "const") {
        out.const = value;
      } else if (NUMBERS.has(key)) {
        if (Number.isFinite(value) && (key !== "multipleOf" || value > 0)) out[key] = value;
        else skip(where, key);
      } else if (key === "pattern") {
        try {
          new RegExp(value, "u");
          out.pattern = value;
        } catch {
          skip(where, key);
        }
      } else if (key === "format") {
        if (FORMATS.has(value)) out.format = value;
      } else if (key === "uniqueItems") {
        if (value === true) out.uniqueItems = true;
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
        if (!isObject(value)) skip(where, key);
        else
          out.properties = Object.fromEntries(
            Object.entries(value).map(([name, sub]) => [name, prune(sub, `${at}.${name}`)]),
          );
      } else if (!ANNOTATIONS.has(key) && !key.startsWith("x-")) {
        skip(where, key);
      }
    }
    // a required field the other side never sends is not required of it
    for (const name of out.properties && out.required ? out.required : []) {
      if (!Object.hasOwn(out.properties, name)) continue;
      for (const key of ["readOnly", "writeOnly"])
        if (marked(schema.properties[name], key)) out.properties[name][key] = true;
    }
    // check() follows a $ref without a stack frame, so the ref's siblings go under allOf
    if (out.$ref !== undefined && Object.keys(out).length > 1)
      (out.allOf ??= []).push({ $ref: out.$ref }), delete out.$ref;
    // check() takes one of anyOf/oneOf per schema, so a second one goes under allOf
    if (out.anyOf && out.oneOf) (out.allOf ??= []).push({ anyOf: out.anyOf }), delete out.anyOf;
    if (schema.discriminator !== undefined && (out.oneOf || out.anyOf)) discriminate(schema, out, where);
    active.delete(schema);
    if (self.index === undefined) return out;
    schemas[self.index] = out;
    ids.set(schema, self.index);
    return { $ref: self.index };
  }

  /** The discriminator's tags, each to the index of its schema: the explicit mapping, then the names of `$ref`'d branches. */
  function discriminate(schema, out, where) {
    const { propertyName, mapping = {} } = schema.discriminator ?? {};
    const tags = {};
    const taken = new Set();
    for (const [tag, ref] of isObject(mapping) ? Object.entries(mapping) : []) {
      const target = resolve(
        typeof ref === "string" && !ref.startsWith("#") ? `#/components/schemas/${ref}` : ref,
        `${where}.discriminator.mapping`,
      );
      tags[tag] = indexOf(...target);
      taken.add(tags[tag]);
    }
    for (const branch of out.oneOf ? schema.oneOf : schema.anyOf) {
      const target =
        isObject(branch) && typeof branch.$ref === "string"
          ? resolve(branch.$ref, where)
          : named.has(branch)
            ? [branch, named.get(branch)]
            : undefined;
      if (!target?.[1].startsWith("components.schemas.")) continue;
      const index = indexOf(...target);
      const tag = target[1].slice("components.schemas.".length);
      if (!taken.has(index) && !Object.hasOwn(tags, tag)) tags[tag] = index;
    }
    if (typeof propertyName === "string" && Object.keys(tags).length)
      out.discriminator = { propertyName, mapping: tags };
    else skip(where, "discriminator");
  }

  // a schema that reaches itself through $ref/allOf/anyOf/oneOf/not without descending into the
  // value would make check() loop forever (2020-12 leaves such schemas undefined): that reference
  // is dropped and reported
  function breakLoops() {
    const state = [];
    const visit = (index) => {
      if (state[index]) return state[index] === 1;
      state[index] = 1;
      inPlace(schemas[index], index);
      state[index] = 2;
      return false;
    };
    const inPlace = (schema, index) => {
      if (schema.$ref !== undefined && visit(schema.$ref)) delete schema.$ref, skip(wheres[index], "$ref");
      for (const key of IN_PLACE) for (const sub of schema[key] ?? []) inPlace(sub, index);
      if (schema.not) inPlace(schema.not, index);
      for (const [tag, target] of Object.entries(schema.discriminator?.mapping ?? {})) {
        if (visit(target)) delete schema.discriminator.mapping[tag], skip(wheres[index], "discriminator");
      }
    };
    schemas.forEach((_, index) => visit(index));
  }

  return {
    unchecked,
    /** The emitted schemas so far, as `source` writes them: the data `check()` walks. */
    rows: schemas,
    add(/** @type {any} */ schema, where) {
      let index;
      if (
        isObject(schema) &&
        typeof schema.$ref === "string" &&
        Object.keys(schema).every((key) => key === "$ref" || ANNOTATIONS.has(key))
      ) {
        index = indexOf(...resolve(schema.$ref, where));
      } else if (named.has(schema) || ids.has(schema)) {
        index = ids.get(schema) ?? indexOf(schema, named.get(schema));
      } else {
        const out = prune(schema, where);
        const key = JSON.stringify(out);
        index = inline.get(key);
        if (index === undefined) {
          index = schemas.push(out) - 1;
          wheres[index] = where;
          inline.set(key, index);
        }
      }
      breakLoops();
      return index;
    },
    source(header) {
      // a key "__proto__" in an object literal would set the prototype; a computed key makes it a field
      const rows = schemas.map((schema) => JSON.stringify(schema).replaceAll('"__proto__":', '["__proto__"]:'));
      return `${header}${SCHEMA_TYPE}
/** Every schema the client checks, by index; \`$ref: n\` stands for \`schemas[n]\`. */
export const schemas: Schema[] = [
${rows.map((row) => `  ${row},\n`).join("")}];
`;
    },
  };
}
