// OpenAPI 3.2 read as 3.1. openapi-typescript 7 and Prism 5 read OpenAPI 3.0 and 3.1 only, so they
// (and the generator's readers, which must agree with the types openapi-typescript writes) are given
// this 3.1 view of a 3.2 document, made here and nowhere else. generated/openapi.json and the docs
// page keep the document as written, repaired, so nothing 3.2 adds is lost to later work. Every
// change is a line: what 3.2 adds that the view keeps in a 3.1 form, and what it drops.
import { escapeToken, resolve } from "./document.mjs";
import { isRecord, keyword } from "./guards.mjs";
import { EVENT_DATA, eventItems, eventItemsLine } from "./event-items.mjs";
import { parameter, standIns } from "./openapi31-paths.mjs";
import { forEachSchema } from "./schema-walk.mjs";
import { sequenceFraming } from "../../../src/streams/sequence-media.js";

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

/** Fields 3.2 adds to objects 3.1 has, dropped from the view: the object's kind, and its fields. */
/** @type {Record<string, string[]>} */
const DROPPED = {
  mediaType: ["itemSchema", "itemEncoding", "prefixEncoding", "description"],
  encoding: ["encoding", "prefixEncoding", "itemEncoding"],
  server: ["name"],
  tag: ["summary"],
  example: ["serializedValue"],
};

/**
 * Fields 3.2 adds that the generator reads, kept in the view under an extension 3.1 allows where
 * they stand (a security scheme, its OAuth flows, a discriminator, a tag), which openapi-typescript and
 * Prism pass over: read them with `kept()`, from the view and the document as written alike.
 */
export const KEPT = /** @type {const} */ ({
  deprecated: "x-deprecated",
  oauth2MetadataUrl: "x-oauth2-metadata-url",
  deviceAuthorization: "x-device-authorization",
  defaultMapping: "x-default-mapping",
  parent: "x-parent",
  kind: "x-kind",
});

/**
 * A field of `KEPT` of an object, from an OpenAPI 3.2 document as written or from its 3.1 view.
 * @param {unknown} node
 * @param {keyof typeof KEPT} field
 * @returns {unknown}
 * @example
 * kept(view.components.securitySchemes.Old, "deprecated"); // true
 */
export const kept = (node, field) => (isRecord(node) ? (node[field] ?? node[KEPT[field]]) : undefined);

/**
 * Moves `field` of `node` to its extension (`KEPT`); whether it was there.
 * @param {unknown} node
 * @param {keyof typeof KEPT} field
 */
function keep(node, field) {
  if (!isRecord(node) || !(field in node)) return false;
  node[KEPT[field]] = node[field];
  delete node[field];
  return true;
}

/**
 * What `visit` reads and adds to as it walks the view.
 * @typedef {object} ViewContext
 * @property {unknown} spec the document as written
 * @property {(where: string, text: string) => void} say
 * @property {string[]} unsupported
 * @property {Map<string, number>} inlined each reusable media type's count of references inlined
 * @property {import("./openapi31-paths.mjs").MetPathItem[]} pathItems every path item the walk met, with its pointer
 */

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
  /** @type {ViewContext} */
  const objects = { spec, say, unsupported, inlined, pathItems };
  walk(view, "#", "", false, [], (node, at, kind, within) => visit(objects, node, at, kind, within));
  for (const name of reusable) {
    const count = inlined.get(name) ?? 0;
    say(
      `#/components/mediaTypes/${escapeToken(name)}`,
      `reusable media types are 3.2; ${count ? `inlined at its ${count} reference${count > 1 ? "s" : ""}` : "referenced nowhere, dropped"}`,
    );
  }
  forEachSchema(view, (node, at) => schema(node, at, say));
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

/**
 * What the view makes of one OpenAPI object (see `Visit`).
 * @param {ViewContext} context
 * @param {Record<string, unknown>} node an OpenAPI object of the view, changed in place
 * @param {string} at
 * @param {string} kind
 * @param {unknown[]} within the `$ref`s the walk came through
 * @returns {unknown}
 */
function visit(context, node, at, kind, within) {
  const { spec, say, unsupported, inlined, pathItems } = context;
  const ref = node.$ref;
  if (kind === "mediaType" && typeof ref === "string" && ref.startsWith("#/components/mediaTypes/")) {
    if (within.includes(ref)) {
      say(at, `$ref ${ref} reaches itself through its own content; read as any value`);
      return {};
    }
    const name = /^#\/components\/mediaTypes\/([^/]+)/.exec(ref)?.[1] ?? "";
    const key = decodeURIComponent(name).replace(/~1/g, "/").replace(/~0/g, "~");
    inlined.set(key, (inlined.get(key) ?? 0) + 1);
    const target = structuredClone(resolve(spec, node));
    // a reusable media type that is no object is no media type: left for lint to name, in place
    return isRecord(target) ? visit(context, target, at, kind, within) : target;
  }
  if (kind === "parameter") return parameter(spec, node, at, say, unsupported);
  if ("$ref" in node) return node;
  if (kind === "pathItem") {
    // its query and additionalOperations are read as 3.1 where they are, then moved (standIns)
    pathItems.push({ at, item: node });
    return node;
  }
  if (kind === "securityScheme") {
    if (keep(node.flows, "deviceAuthorization"))
      say(
        `${at}/flows`,
        `deviceAuthorization (3.2, the OAuth device flow) kept as ${KEPT.deviceAuthorization}, which generate names; the client obtains no token itself`,
      );
    const fields = /** @type {const} */ (["deprecated", "oauth2MetadataUrl"]).filter((field) => keep(node, field));
    if (fields.length)
      say(at, `${fields.map((field) => `${field} (3.2) kept as ${KEPT[field]}`).join(", ")}, which generate names`);
  }
  if (kind === "tag") {
    const fields = /** @type {const} */ (["parent", "kind"]).filter((field) => keep(node, field));
    if (fields.length)
      say(
        at,
        `${fields.map((field) => `${field} (3.2) kept as ${KEPT[field]}`).join(", ")}: a tag's parent nests the client's groups (client-methods.mjs tagGroups)`,
      );
  }
  if (kind === "example" && node.dataValue !== undefined) {
    const kept = node.value === undefined;
    if (kept) node.value = node.dataValue;
    delete node.dataValue;
    say(at, kept ? "dataValue (3.2) read as value" : "dataValue (3.2) dropped beside its value");
  }
  if (kind === "response" && "summary" in node) {
    const kept = node.description === undefined;
    if (kept) node.description = node.summary;
    delete node.summary;
    say(at, kept ? "summary (3.2) read as its description, which 3.1 requires" : "summary (3.2) dropped");
  }
  if (kind === "response" && node.description === undefined) {
    node.description = "";
    say(at, "no description (3.2 makes it optional, 3.1 requires it); read as an empty one");
  }
  // a sequence of JSON texts (JSON Lines, a JSON text sequence) is an array of its items to 3.1, as 3.2 reads its schema
  const key = at.split("/").at(-1)?.replace(/~1/g, "/").replace(/~0/g, "~");
  if (kind === "mediaType" && node.itemSchema !== undefined && node.schema === undefined && sequenceFraming(key)) {
    node.schema = { type: "array", items: node.itemSchema };
    delete node.itemSchema;
    say(
      at,
      "itemSchema (3.2) read as the items of an array schema, as a 3.1 document describes a sequence of JSON texts",
    );
  }
  // an answer's event stream: one event as the client hands it out, typed, checked and mocked as 3.2 describes it
  if (
    kind === "mediaType" &&
    node.itemSchema !== undefined &&
    /^text\/event-stream\s*(;|$)/i.test(key ?? "") &&
    /\/responses\//.test(at)
  ) {
    const { schema, data, kinds } = eventItems(spec, node.itemSchema);
    const replaced = node.schema !== undefined;
    node.schema = schema;
    node[EVENT_DATA] = data;
    delete node.itemSchema;
    say(at, `${eventItemsLine(kinds)}${replaced ? "; its schema, of the whole stream, is not read" : ""}`);
  }
  const dropped = (DROPPED[kind] ?? []).filter((field) => field in node);
  for (const field of dropped) delete node[field];
  if (dropped.length)
    say(
      at,
      `${dropped.join(", ")} (3.2) dropped${
        kind === "mediaType" && dropped.includes("itemSchema")
          ? node.schema
            ? "; its schema is read as before"
            : "; no schema is left, so the content is any value"
          : ""
      }`,
    );
  return node;
}

/**
 * A schema's 3.2 keywords of OpenAPI's own: the discriminator's `defaultMapping`, the XML object's `nodeType`.
 * @param {unknown} node
 * @param {string} at
 * @param {(where: string, text: string) => void} say
 */
function schema(node, at, say) {
  if (!isRecord(node)) return;
  if (isRecord(node.discriminator) && "defaultMapping" in node.discriminator) {
    say(
      `${at}/discriminator`,
      `defaultMapping ${JSON.stringify(node.discriminator.defaultMapping)} (3.2) kept as ${KEPT.defaultMapping}: the checks read a value whose tag no mapping names, or that has none, by the schema it names`,
    );
    keep(node.discriminator, "defaultMapping");
  }
  const xml = node.xml;
  if (isRecord(xml) && "nodeType" in xml) {
    const type = xml.nodeType;
    delete xml.nodeType;
    if (type === "attribute" && xml.attribute === undefined) xml.attribute = true;
    say(
      `${at}/xml`,
      type === "attribute"
        ? "nodeType attribute (3.2) read as attribute: true"
        : `nodeType ${JSON.stringify(type)} (3.2) dropped; ${type === "element" ? "an element is 3.1's default" : "read as 3.1's element"}`,
    );
  }
}
