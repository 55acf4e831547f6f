// The loops the schema table (schema-table.mjs) must not emit: a schema that reaches itself through
// $ref/allOf/anyOf/oneOf/not without descending into the value would make check() loop forever
// (2020-12 leaves such schemas undefined); that reference is dropped and reported.

/** @typedef {import("./schema-keywords.mjs").Entry} Entry */

/**
 * Drops, and reports through `skip`, each reference through which an entry reaches itself in place.
 * @param {(Entry | undefined)[]} schemas the table's entries (a slot an `add` that threw left empty)
 * @param {string[]} wheres where each comes from
 * @param {(where: string, keyword: string) => void} skip
 */
export function breakLoops(schemas, wheres, skip) {
  /** @type {(1 | 2 | undefined)[]} 1 while an entry is being visited, 2 once done */
  const state = [];
  /** @type {(index: number) => boolean} */
  const visit = (index) => {
    if (state[index]) return state[index] === 1;
    state[index] = 1;
    // a slot an `add` that threw left empty has nothing to visit
    const schema = schemas[index];
    if (schema) inPlace(schema, index);
    state[index] = 2;
    return false;
  };
  /** @type {(schema: Entry, index: number) => void} */
  const inPlace = (schema, index) => {
    if (schema.$ref !== undefined && visit(schema.$ref)) delete schema.$ref, skip(wheres[index], "$ref");
    for (const key of /** @type {const} */ (["allOf", "anyOf", "oneOf"]))
      for (const sub of schema[key] ?? []) inPlace(sub, index);
    if (schema.not) inPlace(schema.not, index);
    const mapping = schema.discriminator?.mapping ?? {};
    for (const [tag, target] of Object.entries(mapping)) {
      if (visit(target)) delete mapping[tag], skip(wheres[index], "discriminator");
    }
  };
  schemas.forEach((_, index) => visit(index));
}
