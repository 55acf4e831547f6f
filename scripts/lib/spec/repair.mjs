// Repair: the defects real OpenAPI documents ship with, routed around in the bundle before anything
// else reads it, so that the types, the checks, the docs page and the mock all see one document.
// Each repair is named (the JSON pointer, what was wrong, what it did instead); a defect that
// cannot be routed around throws, naming the fix. The references' repairs are repair-references.mjs,
// the discriminators' repair-discriminators.mjs, the overlapping branches' repair-overlaps.mjs,
// the path items' and operations' repair-paths.mjs, the examples' repair-examples.mjs.
import { deref } from "./refs.mjs";
import { describedProperties } from "./schema-properties.mjs";
import { isRecord, keyword } from "./guards.mjs";
import { mapping, ownValues, wrappedDiscriminated } from "./repair-discriminators.mjs";
import { checkExamples } from "./repair-examples.mjs";
import { overlaps } from "./repair-overlaps.mjs";
import { bodiesFetchCannotSend, bodiesNoAnswerCarries, equivalentTemplates } from "./repair-paths.mjs";
import { followMoves, references } from "./repair-references.mjs";
import { ANNOTATIONS, forEachSchema } from "./schema-walk.mjs";

/** Keywords that only describe a schema: they stay outside when a schema is wrapped in anyOf; a discriminator stays with the oneOf it tells apart. */
const OUTSIDE = ANNOTATIONS.filter((k) => k !== "discriminator");
/** Boolean schemas every reader handles: `additionalProperties: false` is the usual way to close an object. */
const BOOLEAN_OK = new Set(["additionalProperties", "unevaluatedProperties"]);

/** @typedef {(where: string, text: string) => void} Say names one defect: where, and what was done */

/**
 * @typedef {object} Repaired
 * @property {unknown} spec the repaired document (a copy; the input is not changed)
 * @property {string[]} defects one line per defect: `<where>: <what>; <what was done instead>`
 */

/**
 * Routes around the defects of a bundled OpenAPI 3.1 document (its `$ref`s kept, pointing into
 * `#/components/...`), in this order: boolean schemas, OpenAPI 3.0's `nullable`, a string's
 * `format` its lengths leave no room for, `$ref`s with an empty pointer token, discriminator mappings to a missing or wrong schema, discriminators whose
 * mapping (or its absence) reads the branches' names where they pin values of their own,
 * `additionalProperties: false` beside `oneOf`/`anyOf`/`allOf`, overlapping `oneOf` branches, a
 * path template the same as another but for its parameters' names (`/a/{id}` beside `/a/{name}`), a
 * request body on a GET or HEAD (which fetch cannot send), content on a 204, 205 or 304 answer (which
 * carries none), and examples that break their own schema (checked last, against the repaired schemas). An OpenAPI
 * 3.0 document's `nullable` is read as 3.1 writes it too, but not named: it is 3.0 itself there.
 * @param {unknown} bundled the document as bundled
 * @returns {Repaired}
 * @throws {Error} for a `$ref` other than a schema's that names nothing in the document, with where it is and the fix
 * @example
 * const { spec, defects } = repairSpec(bundled);
 * for (const line of defects) console.log(`defect: ${line}`);
 */
export function repairSpec(bundled) {
  const spec = structuredClone(bundled);
  /** @type {string[]} */
  const defects = [];
  const say = (/** @type {string} */ where, /** @type {string} */ text) => defects.push(`${where}: ${text}`);
  // a repair that moves a node (wraps it, reads its oneOf as anyOf) leaves every $ref to it on it
  const follow = followMoves(spec);
  forEachSchema(spec, (node, at, replace, key) => booleans(node, key, at, replace, say));
  // nullable is OpenAPI 3.0's own keyword: a 3.0 document is read as 3.1 writes it, unnamed
  const version30 = /^3\.0(\.|$)/.test(String(keyword(spec, "openapi") ?? ""));
  forEachSchema(spec, (node, at) => nullable(node, at, version30 ? () => {} : say));
  forEachSchema(spec, (node, at) => impossibleFormat(node, at, say));
  follow();
  references(spec, say);
  forEachSchema(spec, (node, at) => mapping(spec, node, at, say));
  forEachSchema(spec, (node, at) => ownValues(spec, node, at, say));
  forEachSchema(spec, (node, at) => closedComposition(spec, node, at, say));
  follow();
  // a part of an allOf may require what another part describes: only whole schemas are judged
  const parts = new Set();
  forEachSchema(spec, (node) => {
    const allOf = keyword(node, "allOf");
    for (const part of Array.isArray(allOf) ? allOf : []) parts.add(deref(spec, part));
  });
  forEachSchema(spec, (node, at) => parts.has(node) || undescribedRequired(spec, node, at, say));
  forEachSchema(spec, (node, at) => overlaps(spec, node, at, say));
  forEachSchema(spec, (node, at) => wrappedDiscriminated(spec, node, at, say));
  follow();
  equivalentTemplates(spec, say);
  follow();
  bodiesFetchCannotSend(spec, say);
  bodiesNoAnswerCarries(spec, say);
  for (const line of checkExamples(spec)) defects.push(line);
  return { spec, defects };
}

/**
 * Boolean schemas: openapi-typescript and older checkers read only objects.
 * @param {unknown} node the schema
 * @param {string | number} key where its parent holds it
 * @param {string} at
 * @param {(schema: unknown) => void} replace puts a schema in its place
 * @param {Say} say
 */
function booleans(node, key, at, replace, say) {
  if (typeof node === "boolean") {
    if (BOOLEAN_OK.has(String(key))) return;
    replace(node ? {} : { not: {} });
    say(at, `boolean schema ${node}; read as ${node ? "{} (anything)" : "{ not: {} } (nothing)"}`);
    return;
  }
  if (!isRecord(node)) return;
  if (Array.isArray(node.allOf) && node.allOf.includes(true)) {
    const allOf = node.allOf.filter((s) => s !== true);
    node.allOf = allOf;
    say(`${at}/allOf`, `boolean schema true in allOf constrains nothing; dropped`);
    if (!allOf.length) delete node.allOf;
  }
  for (const k of ["oneOf", "anyOf"]) {
    if (Array.isArray(node[k]) && node[k].includes(false)) {
      node[k] = node[k].filter((s) => s !== false);
      say(`${at}/${k}`, `boolean schema false in ${k} matches nothing; dropped`);
    }
  }
  if (node.items === false) {
    const most = Array.isArray(node.prefixItems) ? node.prefixItems.length : 0;
    delete node.items;
    node.maxItems = Math.min(Number(node.maxItems ?? most), most);
    say(`${at}/items`, `items: false; read as maxItems: ${most}`);
  }
}

/** The shortest and longest text of the formats the client checks whose length is bounded. */
/** @type {Record<string, [number, number]>} */
const FORMAT_LENGTHS = { uuid: [36, 45], date: [10, 10], "date-time": [20, Infinity] };

/**
 * A string's `format` its own lengths leave no room for (intercom's contact ids: `format: uuid`
 * with `minLength: 24, maxLength: 24`, where a uuid is 36 characters): no value passes, so no
 * request can be sent. The lengths describe the values the service really takes; the format is
 * dropped.
 * @param {unknown} node
 * @param {string} at
 * @param {Say} say
 */
function impossibleFormat(node, at, say) {
  if (!isRecord(node) || typeof node.format !== "string" || !Object.hasOwn(FORMAT_LENGTHS, node.format)) return;
  const [shortest, longest] = FORMAT_LENGTHS[node.format];
  const max = typeof node.maxLength === "number" ? node.maxLength : Infinity;
  const min = typeof node.minLength === "number" ? node.minLength : 0;
  if (max >= shortest && min <= longest) return;
  const length =
    shortest === longest ? `${shortest}` : longest === Infinity ? `${shortest} or more` : `${shortest} to ${longest}`;
  const lengths = `minLength ${min}${max === Infinity ? "" : ` and maxLength ${max}`}`;
  say(
    `${at}/format`,
    `${node.format} is ${length} characters, which ${lengths} leave no room for, so no value passes; the format is dropped, the lengths kept`,
  );
  delete node.format;
}

/**
 * OpenAPI 3.0's `nullable: true`, read as a 3.0 reader would: null is allowed too.
 * @param {unknown} node
 * @param {string} at
 * @param {Say} say
 */
function nullable(node, at, say) {
  if (!isRecord(node) || !("nullable" in node)) return;
  const value = node.nullable;
  delete node.nullable;
  if (value !== true) {
    say(`${at}/nullable`, `nullable: ${JSON.stringify(value)} is OpenAPI 3.0 and means nothing in 3.1; dropped`);
    return;
  }
  if (typeof node.type === "string" || Array.isArray(node.type)) {
    const types = [node.type].flat();
    if (!types.includes("null")) node.type = [...types, "null"];
    if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
    say(
      `${at}/nullable`,
      `nullable: true is OpenAPI 3.0; read as type ${JSON.stringify(node.type)}${Array.isArray(node.enum) ? " with null in its enum" : ""}`,
    );
    return;
  }
  // no type of its own ($ref, allOf...): the schema or null
  /** @type {Record<string, unknown>} */
  const inner = {};
  for (const k of Object.keys(node)) {
    if (OUTSIDE.includes(k)) continue;
    inner[k] = node[k];
    delete node[k];
  }
  node.anyOf = [inner, { type: "null" }];
  say(`${at}/nullable`, `nullable: true is OpenAPI 3.0; read as anyOf [the schema, null]`);
}

/**
 * `additionalProperties: false` sees only its own `properties`, so beside `oneOf`/`anyOf`/`allOf`
 * it refuses the branches' properties and no body passes. The branches' property names are listed
 * in `properties` (as `{}`: the branch still checks them), so a body of any branch passes and an
 * unknown property is still refused.
 * @param {unknown} spec the document being repaired
 * @param {unknown} node
 * @param {string} at
 * @param {Say} say
 */
function closedComposition(spec, node, at, say) {
  if (!isRecord(node) || node.additionalProperties !== false) return;
  const composed = ["oneOf", "anyOf", "allOf"].filter((k) => Array.isArray(node[k]));
  const properties = isRecord(node.properties) ? node.properties : undefined;
  if (!composed.length) return;
  const own = new Set(Object.keys(node.properties ?? {}));
  /** @type {Set<string>} */
  const names = new Set();
  for (const k of composed)
    for (const sub of /** @type {unknown[]} */ (node[k]))
      for (const [name] of describedProperties(spec, sub)) names.add(name);
  const missing = [...names].filter((name) => !own.has(name));
  if (!missing.length) return;
  node.properties = { ...properties, ...Object.fromEntries(missing.map((name) => [name, {}])) };
  say(
    `${at}/additionalProperties`,
    `false beside ${composed.join(" and ")} refuses the branches' own properties, so no body passes; listed ${missing.join(", ")} in properties beside it`,
  );
}

/**
 * A field listed in `required` but never described, by the schema's `properties` or those of its
 * `allOf`/`oneOf`/`anyOf` (DigitalOcean's logtail `endpoint`, its uptime check's `method`): the
 * checks ask for it and the types do not know it, so no typed call can send it. It is described
 * as any value (`{}`), so that both agree.
 * @param {unknown} spec the document being repaired
 * @param {unknown} node
 * @param {string} at
 * @param {Say} say
 */
function undescribedRequired(spec, node, at, say) {
  if (!isRecord(node) || !Array.isArray(node.required)) return;
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) return;
  if (node.patternProperties !== undefined) return;
  const names = new Set(describedProperties(spec, node).map(([name]) => name));
  /** @type {string[]} */
  const missing = node.required.filter((name) => typeof name === "string" && !names.has(name));
  if (!missing.length) return;
  node.properties = {
    ...(isRecord(node.properties) ? node.properties : undefined),
    ...Object.fromEntries(missing.map((name) => [name, {}])),
  };
  say(`${at}/required`, `names ${missing.join(", ")}, which properties never describe; described as any value`);
}
