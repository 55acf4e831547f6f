// Repair: the defects real OpenAPI documents ship with, routed around in the bundle before anything
// else reads it, so that the types, the checks, the docs page and the mock all see one document.
// Each repair is named (the JSON pointer, what was wrong, what it did instead); a defect that
// cannot be routed around throws, naming the fix. The references' repairs are repair-references.mjs,
// the discriminators' repair-discriminators.mjs, the overlapping branches' repair-overlaps.mjs,
// the examples' repair-examples.mjs.
import { deref, describedProperties, escapeToken, isObject } from "./document.mjs";
import { mapping, ownValues } from "./repair-discriminators.mjs";
import { checkExamples } from "./repair-examples.mjs";
import { overlaps } from "./repair-overlaps.mjs";
import { followMoves, references } from "./repair-references.mjs";
import { ANNOTATIONS, forEachSchema } from "./schema-walk.mjs";
import { HTTP_METHODS } from "../../../src/core/path-template.js";

/** Keywords that only describe a schema: they stay outside when a schema is wrapped in anyOf; a discriminator stays with the oneOf it tells apart. */
const OUTSIDE = ANNOTATIONS.filter((k) => k !== "discriminator");
/** Boolean schemas every reader handles: `additionalProperties: false` is the usual way to close an object. */
const BOOLEAN_OK = new Set(["additionalProperties", "unevaluatedProperties"]);

/**
 * @typedef {object} Repaired
 * @property {any} spec the repaired document (a copy; the input is not changed)
 * @property {string[]} defects one line per defect: `<where>: <what>; <what was done instead>`
 */

/**
 * Routes around the defects of a bundled OpenAPI 3.1 document (its `$ref`s kept, pointing into
 * `#/components/...`), in this order: boolean schemas, OpenAPI 3.0's `nullable`, `$ref`s with an
 * empty pointer token, discriminator mappings to a missing or wrong schema, discriminators whose
 * mapping (or its absence) reads the branches' names where they pin values of their own,
 * `additionalProperties: false` beside `oneOf`/`anyOf`/`allOf`, overlapping `oneOf` branches, a
 * path template the same as another but for its parameters' names (`/a/{id}` beside `/a/{name}`), a
 * request body on a GET or HEAD (which fetch cannot send), content on a 204, 205 or 304 answer (which
 * carries none), and examples that break their own schema (checked last, against the repaired schemas). An OpenAPI
 * 3.0 document's `nullable` is read as 3.1 writes it too, but not named: it is 3.0 itself there.
 * @param {any} bundled the document as bundled
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
  forEachSchema(spec, (parent, key, at) => booleans(parent, key, at, say));
  // nullable is OpenAPI 3.0's own keyword: a 3.0 document is read as 3.1 writes it, unnamed
  const version30 = /^3\.0(\.|$)/.test(String(spec.openapi ?? ""));
  forEachSchema(spec, (parent, key, at) => nullable(parent[key], at, version30 ? () => {} : say));
  follow();
  references(spec, say);
  forEachSchema(spec, (parent, key, at) => mapping(spec, parent[key], at, say));
  forEachSchema(spec, (parent, key, at) => ownValues(spec, parent[key], at, say));
  forEachSchema(spec, (parent, key, at) => closedComposition(spec, parent[key], at, say));
  follow();
  // a part of an allOf may require what another part describes: only whole schemas are judged
  const parts = new Set();
  forEachSchema(spec, (parent, key) => {
    for (const part of Array.isArray(parent[key]?.allOf) ? parent[key].allOf : []) parts.add(deref(spec, part));
  });
  forEachSchema(spec, (parent, key, at) => parts.has(parent[key]) || undescribedRequired(spec, parent[key], at, say));
  forEachSchema(spec, (parent, key, at) => overlaps(spec, parent[key], at, say));
  forEachSchema(spec, (parent, key, at) => wrappedDiscriminated(spec, parent[key], at, say));
  follow();
  equivalentTemplates(spec, say);
  follow();
  bodiesFetchCannotSend(spec, say);
  bodiesNoAnswerCarries(spec, say);
  for (const line of checkExamples(spec)) defects.push(line);
  return { spec, defects };
}

/** Boolean schemas: openapi-typescript and older checkers read only objects. */
function booleans(parent, key, at, say) {
  const node = parent[key];
  if (typeof node === "boolean") {
    if (BOOLEAN_OK.has(String(key))) return;
    parent[key] = node ? {} : { not: {} };
    say(at, `boolean schema ${node}; read as ${node ? "{} (anything)" : "{ not: {} } (nothing)"}`);
    return;
  }
  if (!isObject(node)) return;
  if (Array.isArray(node.allOf) && node.allOf.includes(true)) {
    node.allOf = node.allOf.filter((s) => s !== true);
    say(`${at}/allOf`, `boolean schema true in allOf constrains nothing; dropped`);
    if (!node.allOf.length) delete node.allOf;
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
    node.maxItems = Math.min(node.maxItems ?? most, most);
    say(`${at}/items`, `items: false; read as maxItems: ${most}`);
  }
}

/** OpenAPI 3.0's `nullable: true`, read as a 3.0 reader would: null is allowed too. */
function nullable(node, at, say) {
  if (!isObject(node) || !("nullable" in node)) return;
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
 */
function closedComposition(spec, node, at, say) {
  if (!isObject(node) || node.additionalProperties !== false) return;
  const composed = ["oneOf", "anyOf", "allOf"].filter((k) => Array.isArray(node[k]));
  if (!composed.length) return;
  const own = new Set(Object.keys(node.properties ?? {}));
  const names = new Set();
  for (const k of composed)
    for (const sub of node[k]) for (const [name] of describedProperties(spec, sub)) names.add(name);
  const missing = [...names].filter((name) => !own.has(name));
  if (!missing.length) return;
  node.properties = { ...node.properties, ...Object.fromEntries(missing.map((name) => [name, {}])) };
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
 */
function undescribedRequired(spec, node, at, say) {
  if (!isObject(node) || !Array.isArray(node.required)) return;
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) return;
  if (node.patternProperties !== undefined) return;
  const names = new Set(describedProperties(spec, node).map(([name]) => name));
  const missing = node.required.filter((name) => typeof name === "string" && !names.has(name));
  if (!missing.length) return;
  node.properties = { ...node.properties, ...Object.fromEntries(missing.map((name) => [name, {}])) };
  say(`${at}/required`, `names ${missing.join(", ")}, which properties never describe; described as any value`);
}

/** The methods whose requests the Fetch standard gives no body: `fetch` throws a TypeError for one. */
const BODILESS = ["get", "head"];

/**
 * A request body on a GET or HEAD operation: no `fetch` can send it, so the operation is read without
 * one, and the line names the operation of the same path that takes the same body, where there is one.
 * @param {any} spec
 * @param {(where: string, text: string) => void} say
 */
function bodiesFetchCannotSend(spec, say) {
  for (const [path, item] of Object.entries(isObject(spec.paths) ? spec.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of BODILESS) {
      const body = item[method]?.requestBody;
      if (body === undefined) continue;
      delete item[method].requestBody;
      const same = Object.keys(item).find(
        (other) =>
          isObject(item[other]) &&
          item[other].requestBody !== undefined &&
          JSON.stringify(item[other].requestBody) === JSON.stringify(body),
      );
      say(
        `#/paths/${escapeToken(path)}/${method}/requestBody`,
        `a ${method.toUpperCase()} request cannot carry a body in fetch; left out, so the method sends none${same ? ` (${same.toUpperCase()} ${path} takes the same body)` : ""}`,
      );
    }
  }
}

/** The answers HTTP gives no body (RFC 9110 §15.3.5, §15.3.6, §15.4.5): fetch reads each as empty. */
const BODILESS_ANSWERS = ["204", "205", "304"];

/**
 * Content declared on a 204, 205 or 304 answer: HTTP sends none, so the answer is read as empty. A
 * shared answer (`$ref`) is replaced at the operation by its description alone, so that the others
 * that use it keep their content.
 * @param {any} spec
 * @param {(where: string, text: string) => void} say
 */
function bodiesNoAnswerCarries(spec, say) {
  for (const [path, item] of Object.entries(isObject(spec.paths) ? spec.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      const responses = isObject(op) && isObject(op.responses) ? op.responses : undefined;
      for (const status of BODILESS_ANSWERS) {
        const answer = deref(spec, responses?.[status]);
        if (!isObject(answer) || answer.content === undefined) continue;
        const { content, ...rest } = answer;
        responses[status] = rest;
        say(
          `#/paths/${escapeToken(path)}/${method}/responses/${status}/content`,
          `a ${status} answer carries no body; read as empty`,
        );
      }
    }
  }
}

/** The fixed fields of a path item that are operations. */
const METHODS = new Set(/** @type {readonly string[]} */ (HTTP_METHODS));
/** A path template with its parameters' names left out: `/a/{id}/b` -> `/a/{}/b`. */
const shapeOf = (/** @type {string} */ path) => path.replace(/\{[^}]*\}/g, "{}");
/** The names of a template's parameters, in order. */
const namesOf = (/** @type {string} */ path) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);

/**
 * Path templates that differ only in their parameters' names (`/connectors/{connector_id}` beside
 * `/connectors/{connector_id_or_name}`) match the same requests, so no router can tell them apart:
 * the later one's operations join the first's path item, their path parameters renamed to the
 * first's names (a shared parameter copied, not changed). An operation whose method the first
 * already has stays where it is, named as unreachable by a router.
 * @param {any} spec
 * @param {(where: string, text: string) => void} say
 */
function equivalentTemplates(spec, say) {
  if (!isObject(spec.paths)) return;
  /** @type {Map<string, string>} shape -> the first template of that shape */
  const first = new Map();
  for (const path of Object.keys(spec.paths)) {
    const shape = shapeOf(path);
    const kept = first.get(shape);
    if (kept === undefined) {
      first.set(shape, path);
      continue;
    }
    const item = spec.paths[path];
    const into = spec.paths[kept];
    if (!isObject(item) || !isObject(into)) continue;
    const renamed = new Map(namesOf(path).map((name, i) => [name, namesOf(kept)[i]]));
    const rename = (/** @type {any[] | undefined} */ params) =>
      params?.map((p) => {
        const param = deref(spec, p);
        return isObject(param) && param.in === "path" && renamed.has(param.name)
          ? { ...param, name: renamed.get(param.name) }
          : p;
      });
    const moved = [];
    const stayed = [];
    for (const method of Object.keys(item)) {
      if (!METHODS.has(method) || !isObject(item[method])) continue;
      if (into[method] !== undefined) {
        stayed.push(method.toUpperCase());
        continue;
      }
      const op = item[method];
      // the path item's own parameters go with each operation that moves
      const params = [...(rename(item.parameters) ?? []), ...(rename(op.parameters) ?? [])];
      into[method] = { ...op, ...(params.length ? { parameters: params } : {}) };
      delete item[method];
      moved.push(method.toUpperCase());
    }
    if (!Object.keys(item).some((key) => METHODS.has(key))) delete spec.paths[path];
    say(
      `#/paths/${escapeToken(path)}`,
      `the same template as ${kept} but for its parameters' names, so no router tells them apart; ${moved.length ? `its ${moved.join(", ")} read as ${kept}'s` : "nothing moved"}${stayed.length ? `; its ${stayed.join(", ")} stays, which a router sends to ${kept}'s` : ""}`,
    );
  }
}

/**
 * `allOf: [{ $ref }]` alone around a schema that has a discriminator (a wrapper that only adds a
 * description or a default, as some generators write every reference): openapi-typescript reads
 * it as a subtype that sets the discriminator itself and types it `Omit<Base, "tag">`, which no
 * value of the base fits; it is read as the `$ref` it wraps, its annotations kept beside it.
 * @param {any} spec
 * @param {any} node
 * @param {string} at
 * @param {(where: string, text: string) => void} say
 */
function wrappedDiscriminated(spec, node, at, say) {
  if (!isObject(node) || !Array.isArray(node.allOf) || node.allOf.length !== 1) return;
  const [only] = node.allOf;
  if (!isObject(only) || typeof only.$ref !== "string" || Object.keys(only).length !== 1) return;
  if (Object.keys(node).some((k) => k !== "allOf" && !OUTSIDE.includes(k) && k !== "default")) return;
  if (!isObject(deref(spec, only)?.discriminator)) return;
  delete node.allOf;
  node.$ref = only.$ref;
  say(
    `${at}/allOf`,
    `wraps ${only.$ref} alone, which has a discriminator, so the types would read it as a subtype without its tag; read as the $ref itself`,
  );
}
