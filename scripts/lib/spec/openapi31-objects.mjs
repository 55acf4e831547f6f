// What the 3.1 view of an OpenAPI 3.2 document (openapi31.mjs) makes of each OpenAPI object its
// walk meets: the fields 3.2 adds kept under an extension 3.1 allows (`KEPT`) or dropped, a
// reusable media type inlined, a sequence's or an event stream's `itemSchema` read as 3.1 writes
// it, a response's missing description; and a schema's own 3.2 keywords. Each change is a line.
import { resolve } from "./refs.mjs";
import { EVENT_DATA, eventItems, eventItemsLine } from "./event-items.mjs";
import { isRecord } from "./guards.mjs";
import { parameter } from "./openapi31-paths.mjs";
import { sequenceFraming } from "../../../src/streams/sequence-media.js";

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
 * What `visit` reads and adds to as the view's walk meets each object.
 * @typedef {object} ViewContext
 * @property {unknown} spec the document as written
 * @property {(where: string, text: string) => void} say
 * @property {string[]} unsupported
 * @property {Map<string, number>} inlined each reusable media type's count of references inlined
 * @property {import("./openapi31-paths.mjs").MetPathItem[]} pathItems every path item the walk met, with its pointer
 */

/**
 * What the view makes of one OpenAPI object (see `Visit`).
 * @param {ViewContext} context
 * @param {Record<string, unknown>} node an OpenAPI object of the view, changed in place
 * @param {string} at
 * @param {string} kind
 * @param {unknown[]} within the `$ref`s the walk came through
 * @returns {unknown}
 */
export function visit(context, node, at, kind, within) {
  const { spec, say, unsupported } = context;
  if (kind === "mediaType" && typeof node.$ref === "string" && node.$ref.startsWith("#/components/mediaTypes/"))
    return reusedMediaType(context, node, node.$ref, at, within);
  if (kind === "parameter") return parameter(spec, node, at, say, unsupported);
  if ("$ref" in node) return node;
  if (kind === "pathItem") {
    // its query and additionalOperations are read as 3.1 where they are, then moved (standIns)
    context.pathItems.push({ at, item: node });
    return node;
  }
  if (kind === "securityScheme") securityFields(node, at, say);
  if (kind === "tag") tagFields(node, at, say);
  if (kind === "example" && node.dataValue !== undefined) exampleValue(node, at, say);
  if (kind === "response") responseDescription(node, at, say);
  if (kind === "mediaType") itemSchema(spec, node, at, say);
  dropFields(node, at, kind, say);
  return node;
}

/**
 * A reusable media type (3.2's components/mediaTypes) read in place, a copy each time, and counted;
 * one that reaches itself is read as any value.
 * @param {ViewContext} context
 * @param {Record<string, unknown>} node
 * @param {string} ref
 * @param {string} at
 * @param {unknown[]} within the `$ref`s the walk came through
 * @returns {unknown}
 */
function reusedMediaType(context, node, ref, at, within) {
  const { spec, say, inlined } = context;
  if (within.includes(ref)) {
    say(at, `$ref ${ref} reaches itself through its own content; read as any value`);
    return {};
  }
  const name = /^#\/components\/mediaTypes\/([^/]+)/.exec(ref)?.[1] ?? "";
  const key = decodeURIComponent(name).replace(/~1/g, "/").replace(/~0/g, "~");
  inlined.set(key, (inlined.get(key) ?? 0) + 1);
  const target = structuredClone(resolve(spec, node));
  // a reusable media type that is no object is no media type: left for lint to name, in place
  return isRecord(target) ? visit(context, target, at, "mediaType", within) : target;
}

/** @typedef {(at: string, line: string) => void} Say */

/**
 * A security scheme's 3.2 fields kept under their x- names, which generate names.
 * @param {Record<string, unknown>} node
 * @param {string} at
 * @param {Say} say
 */
function securityFields(node, at, say) {
  if (keep(node.flows, "deviceAuthorization"))
    say(
      `${at}/flows`,
      `deviceAuthorization (3.2, the OAuth device flow) kept as ${KEPT.deviceAuthorization}, which generate names; the client obtains no token itself`,
    );
  const fields = /** @type {const} */ (["deprecated", "oauth2MetadataUrl"]).filter((field) => keep(node, field));
  if (fields.length)
    say(at, `${fields.map((field) => `${field} (3.2) kept as ${KEPT[field]}`).join(", ")}, which generate names`);
}

/**
 * A tag's 3.2 fields kept under their x- names: a tag's parent nests the client's groups.
 * @param {Record<string, unknown>} node
 * @param {string} at
 * @param {Say} say
 */
function tagFields(node, at, say) {
  const fields = /** @type {const} */ (["parent", "kind"]).filter((field) => keep(node, field));
  if (fields.length)
    say(
      at,
      `${fields.map((field) => `${field} (3.2) kept as ${KEPT[field]}`).join(", ")}: a tag's parent nests the client's groups (client-methods.mjs tagGroups)`,
    );
}

/**
 * An example's 3.2 dataValue read as its value, or dropped beside one.
 * @param {Record<string, unknown>} node
 * @param {string} at
 * @param {Say} say
 */
function exampleValue(node, at, say) {
  const kept = node.value === undefined;
  if (kept) node.value = node.dataValue;
  delete node.dataValue;
  say(at, kept ? "dataValue (3.2) read as value" : "dataValue (3.2) dropped beside its value");
}

/**
 * A response's 3.2 summary read as the description 3.1 requires, or dropped; no description read as an empty one.
 * @param {Record<string, unknown>} node
 * @param {string} at
 * @param {Say} say
 */
function responseDescription(node, at, say) {
  if ("summary" in node) {
    const kept = node.description === undefined;
    if (kept) node.description = node.summary;
    delete node.summary;
    say(at, kept ? "summary (3.2) read as its description, which 3.1 requires" : "summary (3.2) dropped");
  }
  if (node.description === undefined) {
    node.description = "";
    say(at, "no description (3.2 makes it optional, 3.1 requires it); read as an empty one");
  }
}

/**
 * A media type's 3.2 itemSchema: a sequence of JSON texts read as an array of its items, an
 * answer's event stream as one event as the client hands it out.
 * @param {unknown} spec
 * @param {Record<string, unknown>} node
 * @param {string} at
 * @param {Say} say
 */
function itemSchema(spec, node, at, say) {
  // a sequence of JSON texts (JSON Lines, a JSON text sequence) is an array of its items to 3.1, as 3.2 reads its schema
  const key = at.split("/").at(-1)?.replace(/~1/g, "/").replace(/~0/g, "~");
  if (node.itemSchema !== undefined && node.schema === undefined && sequenceFraming(key)) {
    node.schema = { type: "array", items: node.itemSchema };
    delete node.itemSchema;
    say(
      at,
      "itemSchema (3.2) read as the items of an array schema, as a 3.1 document describes a sequence of JSON texts",
    );
  }
  // an answer's event stream: one event as the client hands it out, typed, checked and mocked as 3.2 describes it
  if (node.itemSchema !== undefined && /^text\/event-stream\s*(;|$)/i.test(key ?? "") && /\/responses\//.test(at)) {
    const { schema, data, kinds } = eventItems(spec, node.itemSchema);
    const replaced = node.schema !== undefined;
    node.schema = schema;
    node[EVENT_DATA] = data;
    delete node.itemSchema;
    say(at, `${eventItemsLine(kinds)}${replaced ? "; its schema, of the whole stream, is not read" : ""}`);
  }
}

/**
 * The 3.2 fields of a kind of object 3.1 has no place for, dropped, and a line saying so.
 * @param {Record<string, unknown>} node
 * @param {string} at
 * @param {string} kind
 * @param {Say} say
 */
function dropFields(node, at, kind, say) {
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
}

/**
 * A schema's 3.2 keywords of OpenAPI's own: the discriminator's `defaultMapping`, the XML object's `nodeType`.
 * @param {unknown} node
 * @param {string} at
 * @param {(where: string, text: string) => void} say
 */
export function schemaKeywords(node, at, say) {
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
