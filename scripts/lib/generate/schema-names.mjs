// The constants of generated/validators.ts, one per entry of the schema table (schema-table.mjs):
// each one's name (a component by its type's name, a schema met elsewhere by where, an inline root
// by a hash of its content) and the file's text.
import { createHash } from "node:crypto";
import { entrySource } from "./schema-entry.mjs";
import { SCHEMA_TYPE } from "./schema-keywords.mjs";
import { pascal, typeNames } from "./identifiers.mjs";
import { isRecord } from "../spec/guards.mjs";

/** @typedef {import("./schema-keywords.mjs").Entry} Entry */

/**
 * The document's component schemas, by name (none where it has no such map).
 * @param {unknown} spec
 * @returns {Record<string, unknown>}
 */
export function componentSchemas(spec) {
  const components = isRecord(spec) ? spec.components : undefined;
  const schemas = isRecord(components) ? components.schemas : undefined;
  return isRecord(schemas) ? schemas : {};
}

/**
 * The constant of every entry: a component by its type's name, another schema reached by `$ref`
 * (a pointer into paths, a cycle of a dereferenced document) by where it was met, an inline root by
 * a hash of its text with its references by name, so that equal schemas share one and none is
 * renamed when another is added.
 * @param {Entry[]} schemas
 * @param {string[]} wheres
 * @param {Set<number>} roots
 * @param {string[]} componentNames every component schema of the document, in its order
 * @returns {string[]}
 */
export function nameAll(schemas, wheres, roots, componentNames) {
  const types = typeNames(componentNames);
  /** @type {string[]} */
  const names = [];
  const used = new Set(types.values());
  schemas.forEach((_, i) => {
    if (roots.has(i)) return;
    const component = /^components\.schemas\.(.+)$/.exec(wheres[i])?.[1];
    const type = component === undefined ? undefined : types.get(component);
    if (type !== undefined) names[i] = type;
    else {
      let name = `At${pascal(wheres[i])}`;
      for (let n = 2; used.has(name); n++) name = `At${pascal(wheres[i])}${n}`;
      used.add((names[i] = name));
    }
  });
  for (const i of roots) {
    const hash = createHash("sha256").update(entrySource(schemas[i], names)).digest("hex").slice(0, 10);
    names[i] = `Inline_${hash}`;
  }
  return names;
}

/**
 * generated/validators.ts: the `Schema` type, then each entry as its constant, in the order of their names.
 * @param {string} header the generated-file header
 * @param {Entry[]} schemas
 * @param {string[]} wheres
 * @param {Set<number>} roots the inline roots, by index
 * @param {string[]} names nameAll()
 * @returns {string}
 */
export function constantsSource(header, schemas, wheres, roots, names) {
  const order = schemas.map((_, i) => i).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
  const consts = order.map(
    (i) =>
      `/** ${roots.has(i) ? "an inline schema" : `\`${wheres[i]}\``} */\nexport const ${names[i]}: Schema = ${entrySource(schemas[i], names)};\n`,
  );
  return `${header}${SCHEMA_TYPE}
// every schema the client checks, one constant each, so that a bundle keeps only those its calls reach;
// \`$ref: () => Name\` refers to another, and is read at the schema's first use
${consts.join("\n")}`;
}
