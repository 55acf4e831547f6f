// Writes generated/resources.ts: the resource tree's interfaces, each method declared with its
// JSDoc and typed from the spec's types (a component's type by name, else the `paths` type at the
// operation), and the runtime tree that builds each method from its row of operations.ts.
import { exampleCall } from "./examples.mjs";
import { doc, docLines } from "./method-doc.mjs";
import { operationAt } from "../spec/document.mjs";
import {
  componentName,
  GLOBALS,
  identifier,
  operationType,
  pascal,
  TAKEN_TYPE_NAMES,
  usesComponents,
} from "./identifiers.mjs";
import { offeredMedia } from "./request-bodies.mjs";

/**
 * @typedef {import("./read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {Map<string, Tree | OperationInfo>} Tree the groups of the client, each leaf one method
 * @typedef {(schema: unknown, indexed: string) => string} TypeOf a schema's type: a component's by
 *   name, else `indexed`, its type in the spec's types at the operation
 */

/**
 * Renders generated/resources.ts.
 * @param {import("../spec/document.mjs").DocumentHead} spec the bundled document
 * @param {OperationInfo[]} operations from readOperations()
 * @param {Map<string, string>} types each component schema's type name (identifiers.mjs typeNames)
 * @param {string} header the generated-file header
 * @param {Map<object, string>} fns each operation's function name (identifiers.mjs functionNames)
 * @param {import("./headers.mjs").HeaderOption[]} headerOptions the headers a client option sets: never required per call
 * @param {string[]} [reserved] names a group's interface must not take (the package's error and client names)
 * @returns {string}
 */
export function resourcesSource(spec, operations, types, header, fns, headerOptions, reserved = []) {
  // the tree of groups, each leaf one method
  /** @type {Tree} */
  const tree = new Map();
  for (const op of operations) {
    const segments = op.name.split(".");
    let node = tree;
    for (const group of segments.slice(0, -1)) {
      if (!node.has(group)) node.set(group, new Map());
      const child = node.get(group);
      // names are assigned so that no method is a group too (name-clashes.mjs)
      if (!(child instanceof Map)) throw new Error(`resourcesSource: ${op.name} is under a method, not a group`);
      node = child;
    }
    node.set(segments[segments.length - 1], op);
  }
  const tagText = new Map((spec.tags ?? []).map((t) => [t.name, t.description]));
  /** @type {Map<string, Set<string>>} */
  const groupTags = new Map();
  for (const op of operations) {
    const top = op.name.split(".")[0];
    const item = operationAt(spec, op.method, op.path);
    for (const tag of item?.tags ?? []) {
      const tags = groupTags.get(top) ?? new Set();
      groupTags.set(top, tags.add(tag));
    }
  }

  /** @type {TypeOf} */
  const typeOf = (schema, indexed) => {
    const name = componentName(schema);
    const type = name ? types.get(name) : undefined;
    return type !== undefined ? `T.${type}` : indexed;
  };
  const at = operationType;

  /** @type {(key: string, op: OperationInfo, indent: string) => string} */
  const method = (key, op, indent) => {
    const taken = new Set();
    const args = op.pathParams.map((p) => `${identifier(p.name, taken)}: string`);
    // OpenAPI 3.2's querystring is the whole query: the one parameter's own type
    const whole = op.queryParams.find((p) => p.querystring);
    const query = whole
      ? `NonNullable<NonNullable<${at(op)}["parameters"]["query"]>[${JSON.stringify(whole.name)}]>`
      : `NonNullable<${at(op)}["parameters"]["query"]>`;
    let options =
      op.success.kind === "stream"
        ? "options?: StreamOptions"
        : op.success.kind === "sequence"
          ? "options?: ItemStreamOptions"
          : "options?: RequestOptions";
    if (op.body) {
      // the union of what each media type takes, each once
      const type = [
        ...new Set(
          offeredMedia(op.body).map((media) =>
            bodyType(
              media,
              typeOf(
                media.schema,
                `NonNullable<${at(op)}["requestBody"]>["content"][${JSON.stringify(media.mediaType)}]`,
              ),
            ),
          ),
        ),
      ].join(" | ");
      args.push(`body${op.body.required ? "" : "?"}: ${type}`);
      if (op.queryParams.length) options = `options?: RequestOptions & { query?: ${query} }`;
      if (op.body.others)
        options += ` & { contentType?: ${offeredMedia(op.body)
          .map((media) => JSON.stringify(media.mediaType))
          .join(" | ")} }`;
    } else if (op.queryParams.length) {
      args.push(`query${op.queryParams.some((p) => p.required) ? "" : "?"}: ${query}`);
    }
    if (op.page) options = options.replace("RequestOptions", "RequestOptions & PageOptions");
    if (op.headerParams.length) {
      const declared = `NonNullable<${at(op)}["parameters"]["header"]>`;
      const set = new Set(headerOptions.map((o) => o.name.toLowerCase()));
      const needed = op.headerParams.filter(
        (p) => p.required && p.name !== op.idempotencyKey && !set.has(p.name.toLowerCase()),
      );
      options = needed.length
        ? `${options.replace("options?:", "options:")} & { headers: GivenHeaders<${declared}> & NeededHeaders<${declared}, ${needed.map((p) => JSON.stringify(p.name)).join(" | ")}> }`
        : `${options} & { headers?: GivenHeaders<${declared}> }`;
    }
    args.push(options);
    const answer =
      op.success.kind === "json"
        ? typeOf(
            op.success.schema,
            `${at(op)}["responses"][${JSON.stringify(String(op.success.status))}]["content"][${JSON.stringify(op.success.mediaType)}]`,
          )
        : op.success.kind === "empty"
          ? "void"
          : op.success.kind === "stream"
            ? streamType(op, typeOf, at(op))
            : op.success.kind === "sequence"
              ? `ItemStream<${itemType(op, typeOf, at(op))}>`
              : "Response";

    const lines = docLines(op, exampleCall(op));
    const jsdoc = [
      `${indent}/**`,
      ...lines.map((l) => `${indent} *${l ? ` ${l}` : ""}`.replace(/\s+$/, "")),
      `${indent} */`,
    ];
    return [
      ...jsdoc,
      `${indent}${key}(${args.join(", ")}): ${op.page ? pageType(op.page, answer) : `Promise<${answer}>`};`,
    ].join("\n");
  };

  /** @type {(node: Tree, indent: string) => string} */
  const body = (node, indent) =>
    [...node]
      .map(([key, value]) =>
        value instanceof Map
          ? `${indent}${key}: {\n${body(value, `${indent}  `)}\n${indent}};`
          : method(key, value, indent),
      )
      .join("\n");

  const usedTypeNames = new Set(types.values());
  /** @type {string[]} */
  const interfaces = [];
  /** @type {string[]} */
  const members = [];
  for (const [key, value] of tree) {
    if (!(value instanceof Map)) {
      members.push(method(key, value, "  "));
      continue;
    }
    // the group's interface takes a name no schema type, export of the package or global has:
    // `Tags`, else `TagsResource` (unless a schema has that name too: `tags_resource`), then numbered
    const taken = (/** @type {string} */ n) =>
      usedTypeNames.has(n) || TAKEN_TYPE_NAMES.has(n) || GLOBALS.has(n) || reserved.includes(n);
    const base = pascal(key);
    let name = [base, `${base}Resource`].find((n) => !taken(n));
    for (let n = 2; name === undefined; n++) name = taken(`${base}Resource${n}`) ? undefined : `${base}Resource${n}`;
    usedTypeNames.add(name);
    const tags = [...(groupTags.get(key) ?? [])];
    const about = tags.length
      ? tags
          .map((t) => {
            const text = tagText.get(t);
            return `${doc(t)}${text ? `: ${doc(text).replace(/\.$/, "")}` : ""}`;
          })
          .join("; ")
      : `the ${key} operations`;
    interfaces.push(`/** \`client.${key}\`: ${about}. */\nexport interface ${name} {\n${body(value, "  ")}\n}\n`);
    members.push(`  readonly ${key}: ${name};`);
  }
  // the runtime tree, each leaf built from its table entry: typed as Resources, so the compiler
  // checks every declaration above against the entry its method comes from
  /** @type {(node: Tree, indent: string) => string} */
  const runtime = (node, indent) =>
    [...node]
      .map(
        ([key, value]) =>
          `${indent}${key}: ${value instanceof Map ? `{\n${runtime(value, `${indent}  `)}\n${indent}}` : `method(O.${fns.get(value)})`},`,
      )
      .join("\n");
  const streams =
    (operations.some((op) => op.success.kind === "stream")
      ? 'import type { EventStream, StreamOptions } from "../src/streams/event-stream.js";\n'
      : "") +
    (operations.some((op) => op.success.eventItem)
      ? 'import type { NamedEvent } from "../src/streams/event-check.js";\n'
      : "") +
    (operations.some((op) => op.success.kind === "sequence")
      ? 'import type { ItemStream, ItemStreamOptions } from "../src/streams/item-stream.js";\n'
      : "");
  const headerTypes = [
    operations.some((op) => op.headerParams.length) && "GivenHeaders",
    operations.some((op) => offeredMedia(op.body).some((media) => media.kind === "lines")) && "ItemOf",
    "MethodFactory",
    operations.some((op) => op.headerParams.length) && "NeededHeaders",
  ]
    .filter(Boolean)
    .join(", ");
  return `${header}${streams}import type { ${headerTypes} } from "../src/client/method-type.js";
import type { PageOptions, PagePromise } from "../src/lists/pages.js";
import type { RequestOptions } from "../src/core/request-options.js";
import * as O from "./operations.js";
import type { ${usesComponents(`${interfaces.join("")}${members.join("")}`) ? "components, paths" : "paths"} } from "./schema.js";
import type * as T from "./types.js";

${interfaces.join("\n")}
/** Every operation of the spec, grouped as its \`x-client-method\` names say. */
export interface Resources {
${members.join("\n")}
}

/** The resource tree: every entry of the table made a method by \`method\`, where its declaration says. */
export function resources(method: MethodFactory): Resources {
  return {
${runtime(tree, "    ")}
  };
}
`;
}

/**
 * The type of an event stream: its events' data typed by the schema of one event's data (a component's
 * type, or the media type's in the spec's types); where an OpenAPI 3.2 `itemSchema` describes each whole
 * event, each kind's name and data typed together (`NamedEvent`) from the media type's type, which the
 * 3.1 view makes that of one event (spec/event-items.mjs).
 * @param {OperationInfo} op
 * @param {TypeOf} typeOf
 * @param {string} at the operation's type
 */
function streamType(op, typeOf, at) {
  const { schema, eventFromMedia, eventItem, status, mediaType } = op.success;
  const content = `${at}["responses"][${JSON.stringify(String(status))}]["content"][${JSON.stringify(mediaType)}]`;
  if (eventItem) return `EventStream<NamedEvent<${content}>["data"], NamedEvent<${content}>>`;
  return `EventStream<${schema ? typeOf(schema, eventFromMedia ? content : "unknown") : "unknown"}>`;
}

/**
 * The type of one item of a sequence: its schema's type where that is a component, else read from
 * the media type's type in the spec's types: an array's items, or, where the document gave one
 * item's schema as the media type's, that type itself; `unknown` where the spec says nothing.
 * @param {OperationInfo} op
 * @param {TypeOf} typeOf
 * @param {string} at the operation's type
 */
function itemType(op, typeOf, at) {
  const { schema, itemFrom, status, mediaType } = op.success;
  const content = `${at}["responses"][${JSON.stringify(String(status))}]["content"][${JSON.stringify(mediaType)}]`;
  if (!schema) return "unknown";
  return typeOf(schema, itemFrom === "items" ? `${content}[number]` : itemFrom === "schema" ? content : "unknown");
}

/**
 * The type a body of one media type takes: JSON's or a form's typed fields, bytes, or anything fetch
 * sends; JSON values one after another (`lines`) their array, or an async iterable of its items.
 * @param {import("./request-bodies.mjs").BodyMedia} media
 * @param {string} typed its type in the spec's types
 */
function bodyType(media, typed) {
  if (media.kind === "lines") return `${typed} | AsyncIterable<ItemOf<${typed}>>`;
  if (media.kind !== "raw" || media.form) return typed;
  if (/^application\/octet-stream$/i.test(media.mediaType))
    return "Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>";
  return "BodyInit";
}

/**
 * A list method's answer: the items typed from the answer's array (at the dotted path `items`).
 * @param {import("./pagination.mjs").Pagination} page
 * @param {string} answer the answer's type
 */
const pageType = (page, answer) => {
  const items = (page.items?.split(".") ?? []).reduce(
    (/** @type {string} */ at, key, i) => `${i ? `NonNullable<${at}>` : at}[${JSON.stringify(key)}]`,
    answer,
  );
  return `PagePromise<NonNullable<${items}>[number], ${answer}>`;
};
