// Writes the operation layer of generated/: the table of operations that src/core/method.ts turns
// into methods (operations.ts), the resource tree's interfaces with their JSDoc (resources.ts), and
// a type for every component schema (types.ts), and the standalone functions (functions.ts,
// emit-functions.mjs). Everything here comes from the spec alone.

import { randomUUID } from "node:crypto";
import { HTTP_METHODS } from "../../../src/core/path-template.js";
import { operationAt, standInKey } from "../spec/document.mjs";
import { exampleCall } from "./examples.mjs";
import { functionsSource } from "./emit-functions.mjs";
import { doc, docLines } from "./method-doc.mjs";
import { functionNames, GLOBALS, identifier, pascal, TAKEN_TYPE_NAMES, typeNames } from "./identifiers.mjs";

/** `#/components/schemas/Name` -> `Name`, else undefined. */
export const componentName = (schema) =>
  typeof schema?.$ref === "string"
    ? /^#\/components\/schemas\/([^/]+)$/.exec(schema.$ref)?.[1]?.replace(/~1/g, "/").replace(/~0/g, "~")
    : undefined;

/**
 * Where openapi-typescript typed an operation, as a type of generated/schema.d.ts: `paths[path][method]`,
 * or, for a method 3.1 has no field for (QUERY, COPY), the `post` of its stand-in path item
 * (spec/openapi31.mjs), as src/core/method-type.ts finds it too.
 * @param {{ method: string, path: string }} op
 * @returns {string}
 * @example
 * operationType({ method: "QUERY", path: "/pets" }); // 'components["pathItems"]["QUERY /pets"]["post"]'
 */
export function operationType({ method, path }) {
  const field = method.toLowerCase();
  return /** @type {readonly string[]} */ (HTTP_METHODS).includes(field)
    ? `paths[${JSON.stringify(path)}][${JSON.stringify(field)}]`
    : `components["pathItems"][${JSON.stringify(standInKey(method, path))}]["post"]`;
}

/** Whether `source`, types written by this module, names generated/schema.d.ts's `components`. */
export const usesComponents = (/** @type {string} */ source) => source.includes('components["');

/**
 * Renders generated/operations.ts, generated/resources.ts, generated/functions.ts and generated/types.ts.
 * @param {any} spec the bundled document
 * @param {import("./read-operations.mjs").OperationInfo[]} operations from readOperations()
 * @param {{ add(schema: any, where: string): number, name(index: number): string }} table the schema checks (schema-table.mjs)
 * @param {string} header the generated-file header
 * @param {import("./security.mjs").AuthScheme} [auth] the document's own scheme: a row carries `auth` only where its operation's differs
 * @param {import("./headers.mjs").HeaderOption[]} [headerOptions] the headers a client option sets: never required per call
 * @returns {{ "operations.ts": string, "resources.ts": string, "functions.ts": string, "types.ts": string }}
 */
export function emitClient(spec, operations, table, header, auth, headerOptions = []) {
  const schemaNames = Object.keys(spec.components?.schemas ?? {});
  const types = typeNames(schemaNames);
  const fns = functionNames(operations);
  return {
    "operations.ts": operationsSource(operations, table, header, auth, fns),
    "resources.ts": resourcesSource(spec, operations, types, header, fns, headerOptions),
    "functions.ts": functionsSource(operations, fns, header),
    "types.ts": typesSource(schemaNames, types, operations, header),
  };
}

function operationsSource(operations, table, header, auth, fns) {
  // a schema or a reader in a row is a reference, written as a marker that the text below replaces
  const marker = `\u0001${randomUUID()}:`;
  const schema = (schema, where) => `${marker}S.${table.add(schema, where)}`;
  const rows = operations.map((op) => {
    /** @type {Record<string, unknown>} */
    const row = { name: op.name, method: op.method, path: op.path };
    if (op.pathParams.length) row.params = op.pathParams.map((p) => p.name);
    if (op.queryParams.length) {
      const query = {
        type: "object",
        properties: Object.fromEntries(op.queryParams.map((p) => [p.name, p.schema])),
        required: op.queryParams.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      };
      row.query = schema(query, `${op.method} ${op.path} query`);
      if (query.required.length) row.queryRequired = true;
      if (op.queryStyles) row.queryStyles = op.queryStyles;
    }
    if (op.body) {
      row.body = op.body.kind;
      if (op.body.kind !== "raw") row.bodySchema = schema(op.body.schema, `${op.method} ${op.path} request body`);
      row.bodyType = op.body.mediaType;
      if (op.body.required) row.bodyRequired = true;
      if (op.encoding) row.encoding = op.encoding;
      if (op.form)
        Object.assign(row, {
          bodySchema: schema(op.body.schema, `${op.method} ${op.path} form fields`),
          form: op.form,
        });
    }
    if (op.page) row.page = op.page;
    row.status = op.success.status;
    row.answer = op.success.kind;
    if (op.success.kind === "json") {
      row.answerSchema = schema(op.success.schema, `${op.method} ${op.path} ${op.success.status} answer`);
      row.answerType = op.success.mediaType;
    }
    if (op.success.kind === "stream" && op.success.schema)
      row.eventSchema = schema(op.success.schema, `${op.method} ${op.path} ${op.success.status} event`);
    if (op.success.kind === "sequence") {
      row.answerType = op.success.mediaType;
      if (op.success.schema)
        row.itemSchema = schema(op.success.schema, `${op.method} ${op.path} ${op.success.status} item`);
    }
    const schemasOf = (params, place) =>
      Object.fromEntries(
        params.map((p) => [p.name, schema(p.schema, `${op.method} ${op.path} ${place} parameter ${p.name}`)]),
      );
    const errors = errorSchema(op.errorBodies);
    if (errors) row.errorSchema = schema(errors, `${op.method} ${op.path} error answers`);
    if (op.pathParams.length) row.pathSchemas = schemasOf(op.pathParams, "path");
    if (op.headerParams.length) row.headerSchemas = schemasOf(op.headerParams, "header");
    const mustPass = op.headerParams.filter((p) => p.required && p.name !== op.idempotencyKey).map((p) => p.name);
    if (mustPass.length) row.headersRequired = mustPass;
    row.idempotent = op.idempotent;
    if (op.idempotencyKey) row.idempotencyKey = op.idempotencyKey;
    if (op.auth && JSON.stringify(op.auth) !== JSON.stringify(auth)) row.security = op.auth;
    const needs = READERS.filter(([, , , needed]) => needed(op));
    if (needs.length) row.readers = Object.fromEntries(needs.map(([key, source]) => [key, `${marker}${source}`]));
    return row;
  });
  // a key "__proto__" (a parameter's name) in an object literal would set the prototype; a computed key makes it a field
  const escaped = JSON.stringify(marker)
    .slice(1, -1)
    .replace(/[\\^$.*+?()[\]{}|-]/g, "\\$&");
  const references = new RegExp(`"${escaped}(S\\.)?(\\w+)"`, "g");
  const text = (row) =>
    JSON.stringify(row)
      .replaceAll('"__proto__":', '["__proto__"]:')
      .replace(references, (_, inTable, ref) => (inTable ? `S.${table.name(Number(ref))}` : ref));
  const consts = rows.map((row, i) => {
    const op = operations[i];
    return `/** \`${op.method} ${doc(op.path)}\`: \`client.${op.name}\`, \`${fns.get(op)}\` of browser-cloud-client/operations. */
export const ${fns.get(op)} = ${text(row)} as const satisfies Operation;
`;
  });
  const used = READERS.filter(([, , , needed]) => operations.some(needed));
  const files = [...new Set(used.map(([, , file]) => file))].sort();
  const imports = files.map(
    (file) =>
      `import { ${used
        .filter(([, , f]) => f === file)
        .map(([, source]) => source)
        .join(", ")} } from "../src/${file}.js";\n`,
  );
  return `${header}import type { Operation } from "../src/core/operation-row.js";
${imports.join("")}import * as S from "./validators.js";

export type { Operation };

// one constant per operation, its schemas and readers by reference, so that a bundle keeps only the
// rows of the operations a program calls, and what those reach

${consts.join("\n")}
/** Every operation of the spec, in document order. */
export const operations = [
${operations.map((op) => `  ${fns.get(op)},\n`).join("")}] as const;
`;
}

/**
 * @type {[key: string, source: string, file: string, needed: (op: any) => boolean][]}
 * The readers only some operations need, by the key of a row's \`readers\` (src/core/operation-row.ts):
 * the export that reads it, its module under src/, and which operations need it. A row brings its
 * own, so that a bundle of operations without lists, streams or forms leaves their modules out.
 */
const READERS = [
  ["openStream", "openEventStream", "streams/event-stream", (op) => op.success.kind === "stream"],
  ["openItems", "openItemStream", "streams/item-stream", (op) => op.success.kind === "sequence"],
  ["PageList", "PagePromise", "lists/pages", (op) => Boolean(op.page)],
  ["formBody", "formBody", "uploads/form-body", (op) => Boolean(op.form)],
  ["urlEncodedBody", "urlEncodedBody", "uploads/url-encoded", (op) => op.body?.kind === "urlencoded"],
  [
    "binaryBody",
    "binaryBody",
    "uploads/form-body",
    (op) => op.body?.kind === "raw" && !op.form && /^application\/octet-stream$/i.test(op.body.mediaType),
  ],
];

function resourcesSource(spec, operations, types, header, fns, headerOptions) {
  // the tree of groups, each leaf one method
  const tree = new Map();
  for (const op of operations) {
    const segments = op.name.split(".");
    let node = tree;
    for (const group of segments.slice(0, -1)) {
      if (!node.has(group)) node.set(group, new Map());
      node = node.get(group);
    }
    node.set(segments.at(-1), op);
  }
  const tagText = new Map((spec.tags ?? []).map((t) => [t.name, t.description]));
  const groupTags = new Map();
  for (const op of operations) {
    const top = op.name.split(".")[0];
    const item = operationAt(spec, op.method, op.path);
    for (const tag of item?.tags ?? []) {
      if (!groupTags.has(top)) groupTags.set(top, new Set());
      groupTags.get(top).add(tag);
    }
  }

  const typeOf = (schema, indexed) => {
    const name = componentName(schema);
    return name && types.has(name) ? `T.${types.get(name)}` : indexed;
  };
  const at = operationType;

  const method = (key, op, indent) => {
    const taken = new Set();
    const args = op.pathParams.map((p) => `${identifier(p.name, taken)}: string`);
    const query = `NonNullable<${at(op)}["parameters"]["query"]>`;
    let options =
      op.success.kind === "stream"
        ? "options?: StreamOptions"
        : op.success.kind === "sequence"
          ? "options?: ItemStreamOptions"
          : "options?: RequestOptions";
    if (op.body) {
      const type = bodyType(
        op,
        typeOf(
          op.body.schema,
          `NonNullable<${at(op)}["requestBody"]>["content"][${JSON.stringify(op.body.mediaType)}]`,
        ),
      );
      args.push(`body${op.body.required ? "" : "?"}: ${type}`);
      if (op.queryParams.length) options = `options?: RequestOptions & { query?: ${query} }`;
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
            ? `EventStream<${op.success.schema ? typeOf(op.success.schema, op.success.eventFromMedia ? `${at(op)}["responses"][${JSON.stringify(String(op.success.status))}]["content"][${JSON.stringify(op.success.mediaType)}]` : "unknown") : "unknown"}>`
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

  const body = (node, indent) =>
    [...node]
      .map(([key, value]) =>
        value instanceof Map
          ? `${indent}${key}: {\n${body(value, `${indent}  `)}\n${indent}};`
          : method(key, value, indent),
      )
      .join("\n");

  const usedTypeNames = new Set(types.values());
  const interfaces = [];
  const members = [];
  for (const [key, value] of tree) {
    if (!(value instanceof Map)) {
      members.push(method(key, value, "  "));
      continue;
    }
    // the group's interface takes a name no schema type, export of the package or global has:
    // `Tags`, else `TagsResource` (unless a schema has that name too: `tags_resource`), then numbered
    const taken = (/** @type {string} */ n) => usedTypeNames.has(n) || TAKEN_TYPE_NAMES.has(n) || GLOBALS.has(n);
    const base = pascal(key);
    let name = [base, `${base}Resource`].find((n) => !taken(n));
    for (let n = 2; name === undefined; n++) name = taken(`${base}Resource${n}`) ? undefined : `${base}Resource${n}`;
    usedTypeNames.add(name);
    const tags = [...(groupTags.get(key) ?? [])];
    const about = tags.length
      ? tags.map((t) => `${doc(t)}${tagText.get(t) ? `: ${doc(tagText.get(t)).replace(/\.$/, "")}` : ""}`).join("; ")
      : `the ${key} operations`;
    interfaces.push(`/** \`client.${key}\`: ${about}. */\nexport interface ${name} {\n${body(value, "  ")}\n}\n`);
    members.push(`  readonly ${key}: ${name};`);
  }
  // the runtime tree, each leaf built from its table entry: typed as Resources, so the compiler
  // checks every declaration above against the entry its method comes from
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
    (operations.some((op) => op.success.kind === "sequence")
      ? 'import type { ItemStream, ItemStreamOptions } from "../src/streams/item-stream.js";\n'
      : "");
  const headerTypes = operations.some((op) => op.headerParams.length)
    ? "GivenHeaders, MethodFactory, NeededHeaders"
    : "MethodFactory";
  return `${header}${streams}import type { ${headerTypes} } from "../src/core/method-type.js";
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
 * The type of one item of a sequence: its schema's type where that is a component, else read from
 * the media type's type in the spec's types: an array's items, or, where the document gave one
 * item's schema as the media type's, that type itself; `unknown` where the spec says nothing.
 */
function itemType(op, typeOf, at) {
  const { schema, itemFrom, status, mediaType } = op.success;
  const content = `${at}["responses"][${JSON.stringify(String(status))}]["content"][${JSON.stringify(mediaType)}]`;
  if (!schema) return "unknown";
  return typeOf(schema, itemFrom === "items" ? `${content}[number]` : itemFrom === "schema" ? content : "unknown");
}

/** The type of a body that is not JSON: a form's typed fields, bytes, or anything fetch sends. */
function bodyType(op, typed) {
  if (op.body.kind !== "raw" || op.form) return typed;
  if (/^application\/octet-stream$/i.test(op.body.mediaType))
    return "Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>";
  return "BodyInit";
}

/** A list method's answer: the items typed from the answer's array (at the dotted path `items`). */
const pageType = (page, answer) => {
  const items = (page.items?.split(".") ?? []).reduce(
    (at, key, i) => `${i ? `NonNullable<${at}>` : at}[${JSON.stringify(key)}]`,
    answer,
  );
  return `PagePromise<NonNullable<${items}>[number], ${answer}>`;
};

/**
 * The schema an operation's error body is checked against before `ApiError.body` holds it as
 * parsed: its one declared error body, or `anyOf` them all; `undefined` (any JSON) where it
 * declares none or one of them has no schema.
 * @param {import("./read-operations.mjs").ErrorBody[]} bodies
 */
function errorSchema(bodies) {
  if (!bodies.length || bodies.some((b) => b.schema === undefined)) return undefined;
  const distinct = [...new Map(bodies.map((b) => [JSON.stringify(b.schema), b.schema])).values()];
  return distinct.length === 1 ? distinct[0] : { anyOf: distinct };
}

/** The type of an operation's error bodies: the union of what errorSchema() checks, `unknown` where it checks nothing. */
function errorBodyType(op, types) {
  if (!errorSchema(op.errorBodies)) return "unknown";
  const at = `${operationType(op)}["responses"]`;
  const each = op.errorBodies.map((b) => {
    const name = componentName(b.schema);
    return name && types.has(name)
      ? types.get(name)
      : `${at}[${JSON.stringify(b.status)}]["content"][${JSON.stringify(b.mediaType)}]`;
  });
  return [...new Set(each)].join(" | ");
}

function typesSource(schemaNames, types, operations, header) {
  const lines = schemaNames.map((name) => {
    const type = types.get(name);
    const note = type === name ? "" : ` (exported as \`${type}\`, so that it does not shadow \`${pascal(name)}\`)`;
    return `/** The spec's \`${doc(name)}\` schema${note}. */\nexport type ${type} = components["schemas"][${JSON.stringify(name)}];`;
  });
  // src/core/errors.ts types ApiError.body by these, whatever shape the spec gives its errors
  const bodies = operations.map((op) => `  ${JSON.stringify(op.name)}: ${errorBodyType(op, types)};`);
  lines.push(
    `/**
 * The JSON body of each method's declared error answers (its 4xx, 5xx, \`4XX\`, \`5XX\` and \`default\`
 * responses), by method name; \`unknown\` where it declares none. \`ApiError.body\` holds one of them,
 * as parsed, or the answer's text; \`ErrorBodyOf<"group.method">\` is one method's.
 */
export interface ErrorBodies {
${bodies.join("\n")}${bodies.length ? "\n" : ""}}`,
  );
  const usesPaths = bodies.some((line) => line.includes("paths["));
  return `${header}import type { components${usesPaths ? ", paths" : ""} } from "./schema.js";

${lines.join("\n\n")}

export type { components, operations, paths } from "./schema.js";
`;
}
