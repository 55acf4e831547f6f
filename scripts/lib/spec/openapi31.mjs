// OpenAPI 3.2 read as 3.1. openapi-typescript 7 and Prism 5 read OpenAPI 3.0 and 3.1 only, so they
// (and the generator's readers, which must agree with the types openapi-typescript writes) are given
// this 3.1 view of a 3.2 document, made here and nowhere else. generated/openapi.json and the docs
// page keep the document as written, repaired, so nothing 3.2 adds is lost to later work. Every
// change is a line: what 3.2 adds that the view keeps in a 3.1 form, and what it drops.
import { escapeToken } from "./refs.mjs";
import { isRecord, keyword } from "./guards.mjs";
import { schemaKeywords, visit } from "./openapi31-objects.mjs";
import { standIns } from "./openapi31-paths.mjs";
import { forEachSchema } from "./schema-walk.mjs";

// what the generator reads of a 3.2 document, kept in the view (openapi31-objects.mjs)
export { KEPT, kept } from "./openapi31-objects.mjs";

/** The version the view declares: the newest openapi-typescript and Prism read. */
export const VIEW_VERSION = "3.1.1";

/** Where a map's values are OpenAPI objects of one kind: the key of the map, and the kind. */
/** @type {Record<string, string>} */
const MAP_OF = {
  paths: "pathItem",
  webhooks: "pathItem",
  pathItems: "pathItem",
  callbacks: "callback",
  content: "mediaType",
  encoding: "encoding",
  responses: "response",
  examples: "example",
  securitySchemes: "securityScheme",
  parameters: "parameter",
  headers: "header",
  requestBodies: "requestBody",
  links: "link",
  variables: "variable",
};
/** The key a Callback object is walked under: a map of path items, by their expressions. */
const CALLBACK = "callback";
/** Where a list's items are OpenAPI objects of one kind. */
/** @type {Record<string, string>} */
const LIST_OF = { parameters: "parameter", servers: "server", tags: "tag" };
/** Keys whose values are schemas or data, never OpenAPI objects: the walk does not enter them. */
const NOT_OBJECTS = new Set(["schema", "schemas", "example", "value", "dataValue", "default", "enum", "const"]);

/**
 * The 3.1 view of an OpenAPI 3.2 document; any other document is returned as it is, with no line.
 * `changes` says what the view keeps in a 3.1 form or drops, one line per place (`<where>: <what>`);
 * `unsupported`, what the client cannot express and leaves out: a `querystring` parameter of no media
 * type, an `additionalOperations` entry that is no method fetch sends, a `query` or `additionalOperations`
 * operation outside `paths` (a webhook's, a callback's). A path's `query` and `additionalOperations`
 * operations, which 3.1 has no field for, each become the `post` of a stand-in path item,
 * `components.pathItems["QUERY /pets"]` (`standInKey`), marked `STAND_IN` with the method and path:
 * openapi-typescript types it there, `operationsOf` reads it back as the QUERY of `/pets`, and the
 * mock gives Prism a POST of a path of its own for it (prism-view.mjs).
 * @param {unknown} spec a bundled, repaired OpenAPI document (not changed)
 * @returns {{ spec: any, changes: string[], unsupported: string[] }} `spec` is `any` for
 * generate/render.mjs, which hands it to openapi-typescript as the `OpenAPI3` it types its input as
 * @example
 * const { spec: view, changes } = openapi31(bundled);
 * await openapiTS(view);
 */
export function openapi31(spec) {
  if (!isRecord(spec) || !/^3\.2(\.|$)/.test(String(spec.openapi ?? ""))) return { spec, changes: [], unsupported: [] };
  const view = structuredClone(spec);
  /** @type {string[]} */
  const changes = [];
  /** @type {string[]} */
  const unsupported = [];
  const say = (/** @type {string} */ where, /** @type {string} */ text) => changes.push(`${where}: ${text}`);
  view.openapi = VIEW_VERSION;
  say(
    "#/openapi",
    `${spec.openapi}, which openapi-typescript and Prism do not read; the types, the client and the mock read it as ${VIEW_VERSION}, as the lines below say; generated/openapi.json keeps it as written`,
  );
  if ("$self" in view) {
    delete view.$self;
    say("#/$self", "the document's own URI (3.2) dropped; its $refs are read from where its files are");
  }
  const components = view.components;
  const mediaTypes = keyword(components, "mediaTypes");
  const reusable = isRecord(mediaTypes) ? Object.keys(mediaTypes) : [];
  if (isRecord(components)) delete components.mediaTypes;
  /** @type {Map<string, number>} */
  const inlined = new Map();
  /** @type {import("./openapi31-paths.mjs").MetPathItem[]} */
  const pathItems = [];
  /** @type {import("./openapi31-objects.mjs").ViewContext} */
  const objects = { spec, say, unsupported, inlined, pathItems };
  walk(view, "#", "", false, [], (node, at, kind, within) => visit(objects, node, at, kind, within));
  for (const name of reusable) {
    const count = inlined.get(name) ?? 0;
    say(
      `#/components/mediaTypes/${escapeToken(name)}`,
      `reusable media types are 3.2; ${count ? `inlined at its ${count} reference${count > 1 ? "s" : ""}` : "referenced nowhere, dropped"}`,
    );
  }
  forEachSchema(view, (node, at) => schemaKeywords(node, at, say));
  // last, so that each operation moved was read as 3.1 where the document writes it
  standIns(view, pathItems, say, unsupported);
  return { spec: view, changes, unsupported };
}

/**
 * @callback Visit
 * @param {Record<string, unknown>} node an OpenAPI object of `kind`
 * @param {string} at its JSON pointer
 * @param {string} kind
 * @param {unknown[]} within the `$ref`s of the media types inlined on the way to it
 * @returns {unknown} what stands in its place: itself, another object, or undefined to drop it
 */

/**
 * Calls `visit` on each OpenAPI object of a kind `MAP_OF` or `LIST_OF` names, a parent before what
 * it holds, and walks into what `visit` put in its place; schemas and values are not entered.
 * @param {unknown} node
 * @param {string} at its JSON pointer
 * @param {string} key the key `node` sits under
 * @param {boolean} names whether `node` is a map of named objects, not an object's fields
 * @param {unknown[]} within
 * @param {Visit} visit
 */
function walk(node, at, key, names, within, visit) {
  /** Visits `parent[k]` (an array's item or an object's field) as `kind`, puts what stands in its place there, and walks into it. */
  const step = (/** @type {object} */ parent, /** @type {string | number} */ k, /** @type {string} */ kind) => {
    const here = `${at}/${escapeToken(k)}`;
    /** @type {unknown} */
    const before = Reflect.get(parent, k);
    const after = kind && isRecord(before) ? visit(before, here, kind, within) : before;
    if (after === undefined) return false;
    Reflect.set(parent, k, after);
    // a callback is a map of path items; a media type put in place of a reference is one inlined
    if (kind === "callback") walk(after, here, CALLBACK, true, within, visit);
    else walk(after, here, "", false, after === before ? within : [...within, keyword(before, "$ref")], visit);
    return true;
  };
  if (Array.isArray(node)) {
    // each item's pointer is its place in the document as written, before any is dropped
    const kept = [];
    for (let i = 0; i < node.length; i++) if (step(node, i, LIST_OF[key])) kept.push(node[i]);
    node.splice(0, node.length, ...kept);
    return;
  }
  if (!isRecord(node)) return;
  for (const k of Object.keys(node)) {
    if (names) {
      if (!step(node, k, key === CALLBACK ? "pathItem" : MAP_OF[key])) delete node[k];
    } else if (!NOT_OBJECTS.has(k) && !k.startsWith("x-")) {
      walk(node[k], `${at}/${escapeToken(k)}`, k, k in MAP_OF && isRecord(node[k]), within, visit);
    }
  }
}
