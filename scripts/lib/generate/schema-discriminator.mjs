// A schema's discriminator as the schema table (schema-table.mjs) emits it: each tag to the index of
// the schema it names, read from the explicit mapping, the names of `$ref`'d branches and OpenAPI
// 3.2's `defaultMapping`; a discriminator that names no schema is reported, not emitted.
import { isRecord } from "../spec/guards.mjs";
import { kept } from "../spec/openapi31.mjs";

/**
 * @typedef {import("./schema-keywords.mjs").Entry} Entry
 * @typedef {object} TableAccess what the discriminator reads of the table being built
 * @property {(ref: unknown, where: string) => [unknown, string]} resolve a `$ref`'s target and where it is
 * @property {(schema: unknown, where: string) => number} indexOf a schema's index, emitting it the first time
 * @property {Map<unknown, string>} named component schema object -> its location
 * @property {(where: string, keyword: string) => void} skip notes a keyword left out
 */

/**
 * The discriminator's tags, each to the index of its schema: the explicit mapping, then the names of
 * `$ref`'d branches; and OpenAPI 3.2's `defaultMapping`, the schema of a value whose tag no mapping
 * names or that has none (not checked where it names no schema of the document).
 * @param {Record<string, unknown>} schema
 * @param {Entry} out
 * @param {string} where
 * @param {TableAccess} table
 */
export function discriminate(schema, out, where, { resolve, indexOf, named, skip }) {
  const discriminator = isRecord(schema.discriminator) ? schema.discriminator : {};
  const { propertyName, mapping = {} } = discriminator;
  const byName = (/** @type {unknown} */ ref) =>
    typeof ref === "string" && !ref.startsWith("#") ? `#/components/schemas/${ref}` : ref;
  /** @type {Record<string, number>} */
  const tags = {};
  const taken = new Set();
  for (const [tag, ref] of isRecord(mapping) ? Object.entries(mapping) : []) {
    const target = resolve(byName(ref), `${where}.discriminator.mapping`);
    tags[tag] = indexOf(...target);
    taken.add(tags[tag]);
  }
  const fallback = kept(schema.discriminator, "defaultMapping");
  let defaultMapping;
  if (fallback !== undefined)
    try {
      defaultMapping = indexOf(...resolve(byName(fallback), `${where}.discriminator.defaultMapping`));
    } catch {
      skip(where, "discriminator.defaultMapping");
    }
  // the branches are a list: `out.oneOf` or `out.anyOf` is set only from one
  const branches = /** @type {unknown[]} */ (out.oneOf ? schema.oneOf : schema.anyOf);
  for (const branch of branches) {
    const component = named.get(branch);
    /** @type {[unknown, string] | undefined} */
    const target =
      isRecord(branch) && typeof branch.$ref === "string"
        ? resolve(branch.$ref, where)
        : component !== undefined
          ? [branch, component]
          : undefined;
    if (!target?.[1].startsWith("components.schemas.")) continue;
    const index = indexOf(...target);
    const tag = target[1].slice("components.schemas.".length);
    if (!taken.has(index) && !Object.hasOwn(tags, tag)) tags[tag] = index;
  }
  if (typeof propertyName === "string" && Object.keys(tags).length)
    out.discriminator = { propertyName, mapping: tags, ...(defaultMapping === undefined ? {} : { defaultMapping }) };
  else skip(where, "discriminator");
}
