// Repair's discriminators (repair.mjs): a mapping to a schema the document does not have or of the
// wrong value, branches read by their schema's name where they pin a value of their own, and an
// allOf that only wraps a discriminated schema.
import { deref, escapeToken, refTarget } from "./refs.mjs";
import { isRecord, keyword } from "./guards.mjs";
import { collapse } from "./repair-references.mjs";
import { ANNOTATIONS } from "./schema-walk.mjs";

/**
 * The values a schema allows for one property: its const or enum, else undefined (any).
 * @param {unknown} spec
 * @param {unknown} schema
 * @param {string} property
 * @returns {unknown[] | undefined}
 */
function allowed(spec, schema, property) {
  const prop = deref(spec, keyword(keyword(deref(spec, schema), "properties"), property));
  if (!isRecord(prop)) return undefined;
  if ("const" in prop) return [prop.const];
  return Array.isArray(prop.enum) ? prop.enum : undefined;
}

/**
 * The one string a schema pins a property to (a `const`, or an `enum` of one), else undefined.
 * @param {unknown} spec
 * @param {string} ref
 * @param {string} property
 */
function pinned(spec, ref, property) {
  const values = allowed(spec, { $ref: ref }, property);
  return values?.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
}

/**
 * The `$ref`s of a discriminated schema's `oneOf`/`anyOf` branches, each once.
 * @param {Record<string, unknown>} node
 * @returns {string[]}
 */
function branchRefs(node) {
  const branches = [node.oneOf, node.anyOf].flatMap((list) => (Array.isArray(list) ? list : []));
  const refs = branches.map((b) => keyword(b, "$ref")).filter((ref) => typeof ref === "string");
  return [...new Set(refs)];
}

/**
 * Discriminator mappings to a schema the document does not have, or to one of the wrong value.
 * @param {unknown} spec
 * @param {unknown} node a schema
 * @param {string} at
 * @param {(where: string, text: string) => void} say
 */
export function mapping(spec, node, at, say) {
  const discriminator = keyword(node, "discriminator");
  const map = keyword(discriminator, "mapping");
  if (!isRecord(node) || !isRecord(discriminator) || !isRecord(map)) return;
  // as a template writes it: a missing propertyName reads as "undefined", a name no schema gives
  const property = String(discriminator.propertyName);
  const branches = branchRefs(node);
  const owner = (/** @type {unknown} */ value) =>
    branches.find((ref) => allowed(spec, { $ref: ref }, property)?.includes(value));
  for (const [value, target] of Object.entries(map)) {
    const where = `${at}/discriminator/mapping/${escapeToken(value)}`;
    const ref =
      typeof target !== "string"
        ? undefined
        : target.startsWith("#")
          ? collapse(spec, target)
          : /^[\w.-]+$/.test(target) && isRecord(keyword(keyword(keyword(spec, "components"), "schemas"), target))
            ? `#/components/schemas/${target}`
            : undefined;
    const values = ref ? allowed(spec, { $ref: ref }, property) : undefined;
    const wrong =
      ref !== undefined &&
      ((branches.length > 0 && !branches.includes(ref)) || (values !== undefined && !values.includes(value)));
    if (ref !== undefined && !wrong) {
      if (ref !== target) {
        map[value] = ref;
        say(where, `${target} has an empty JSON pointer token; read as ${ref}`);
      }
      continue;
    }
    const right = owner(value);
    const disagrees = values !== undefined && !values.includes(value);
    const what =
      ref === undefined
        ? `names ${JSON.stringify(target)}, which the document does not have`
        : disagrees
          ? `names ${ref}, whose ${property} is ${values.map((/** @type {unknown} */ v) => JSON.stringify(v)).join(" or ")}`
          : `names ${ref}, which is not one of the branches`;
    // no branch sends this value, and the branch it names sends one of its own: the branch's value wins
    const ofBranch = ref !== undefined && disagrees && (!branches.length || branches.includes(ref));
    const own = ofBranch ? pinned(spec, ref, property) : undefined;
    if (right) {
      map[value] = right;
      say(where, `${what}; mapped to ${right}, whose ${property} is ${JSON.stringify(value)}`);
    } else if (
      own !== undefined &&
      !Object.hasOwn(map, own) &&
      !branches.some((b) => b !== ref && pinned(spec, b, property) === own)
    ) {
      delete map[value];
      map[own] = ref;
      say(where, `${what}; the branch's own value wins: mapped ${JSON.stringify(own)} to ${ref} instead`);
    } else {
      delete map[value];
      say(where, `${what}; dropped (no branch has ${property} ${JSON.stringify(value)})`);
    }
  }
  if (!Object.keys(map).length) delete discriminator.mapping;
}

/**
 * A discriminator reads a branch its `mapping` does not name as the branch's schema name
 * (`DeveloperMessage`), and so do openapi-typescript and the checks; a branch that pins the
 * property to a value of its own (`role: { enum: [developer] }`) is sent with that value, never
 * its name. Each such branch is mapped from its own value, unless another branch pins the same
 * value or the mapping already has it.
 * @param {unknown} spec
 * @param {unknown} node a schema
 * @param {string} at
 * @param {(where: string, text: string) => void} say
 */
export function ownValues(spec, node, at, say) {
  const discriminator = keyword(node, "discriminator");
  const property = keyword(discriminator, "propertyName");
  if (!isRecord(node) || !isRecord(discriminator) || typeof property !== "string") return;
  const map = discriminator.mapping;
  if (map !== undefined && !isRecord(map)) return;
  const branches = branchRefs(node);
  const named = new Set(Object.values(map ?? {}));
  const values = branches.map((ref) => pinned(spec, ref, property));
  /** @type {[string, string, string][]} value, branch, the name it is read as */
  const added = [];
  branches.forEach((ref, i) => {
    const value = values[i];
    const name = ref.startsWith("#/") ? refTarget(spec, ref).tokens.at(-1) : undefined;
    if (value === undefined || named.has(ref) || value === name || Object.hasOwn(map ?? {}, value)) return;
    if (values.filter((v) => v === value).length > 1) return;
    added.push([value, ref, name ?? ref]);
  });
  if (!added.length) return;
  discriminator.mapping = { ...map, ...Object.fromEntries(added.map(([value, ref]) => [value, ref])) };
  const names = added.map(([, , name]) => JSON.stringify(name)).join(", ");
  const own = added.map(([value]) => JSON.stringify(value)).join(", ");
  const entries = added.map(([value, ref]) => `${JSON.stringify(value)} to ${ref}`).join(", ");
  const missing = map === undefined ? "no mapping" : `no entry for ${added.map(([, ref]) => ref).join(", ")}`;
  say(
    map === undefined ? `${at}/discriminator` : `${at}/discriminator/mapping`,
    `${missing}, so ${property} is read as the branches' names (${names}), but they pin it to ${own}; the branches' own values win: mapped ${entries}`,
  );
}

/**
 * `allOf: [{ $ref }]` alone around a schema that has a discriminator (a wrapper that only adds a
 * description or a default, as some generators write every reference): openapi-typescript reads
 * it as a subtype that sets the discriminator itself and types it `Omit<Base, "tag">`, which no
 * value of the base fits; it is read as the `$ref` it wraps, its annotations kept beside it.
 * @param {unknown} spec
 * @param {unknown} node
 * @param {string} at
 * @param {(where: string, text: string) => void} say
 */
export function wrappedDiscriminated(spec, node, at, say) {
  if (!isRecord(node) || !Array.isArray(node.allOf) || node.allOf.length !== 1) return;
  const [only] = node.allOf;
  if (!isRecord(only) || typeof only.$ref !== "string" || Object.keys(only).length !== 1) return;
  if (Object.keys(node).some((k) => k !== "allOf" && (k === "discriminator" || !ANNOTATIONS.includes(k)))) return;
  if (!isRecord(keyword(deref(spec, only), "discriminator"))) return;
  delete node.allOf;
  node.$ref = only.$ref;
  say(
    `${at}/allOf`,
    `wraps ${only.$ref} alone, which has a discriminator, so the types would read it as a subtype without its tag; read as the $ref itself`,
  );
}
