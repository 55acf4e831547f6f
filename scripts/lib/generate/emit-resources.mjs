// Writes generated/resources.ts: the resource tree's interfaces, each method declared with its
// JSDoc and typed from the spec's types (a component's type by name, else the `paths` type at the
// operation), and the runtime tree that builds each method from its row of operations.ts.
import { doc } from "./method-doc.mjs";
import { operationAt } from "../spec/document.mjs";
import { itemsOf, keyword } from "../spec/guards.mjs";
import { GLOBALS, pascal, TAKEN_TYPE_NAMES } from "./identifiers.mjs";
import { call, documented, importAll, importNames, literal, printModule, ref, returning } from "./print.mjs";
import { interfaceOf, namesUsed, objectType, property, typeRef } from "./print-types.mjs";
import { methodDeclaration, typeOfSchema } from "./resource-method.mjs";
import { offeredMedia } from "./request-bodies.mjs";

/**
 * @typedef {import("./read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {Map<string, Tree | OperationInfo>} Tree the groups of the client, each leaf one method
 * @typedef {import("typescript").TypeElement} TypeElement
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
  const tree = groupTree(operations);
  const about = groupAbout(spec, operations);
  const typeOf = typeOfSchema(types);
  const optionHeaders = new Set(headerOptions.map((o) => o.name.toLowerCase()));
  /** @type {(node: Tree) => TypeElement[]} the members of a group, each method declared */
  const body = (node) =>
    [...node].map(([key, value]) =>
      value instanceof Map
        ? property(key, objectType(body(value), { expanded: true }))
        : methodDeclaration(key, value, typeOf, optionHeaders),
    );

  const nameOf = interfaceNames(new Set(types.values()), reserved);
  /** @type {import("typescript").Statement[][]} */
  const interfaces = [];
  /** @type {TypeElement[]} */
  const members = [];
  for (const [key, value] of tree) {
    if (!(value instanceof Map)) {
      members.push(methodDeclaration(key, value, typeOf, optionHeaders));
      continue;
    }
    const name = nameOf(key);
    interfaces.push([documented(interfaceOf(name, body(value)), [`\`client.${key}\`: ${about(key)}.`])]);
    members.push(property(key, typeRef(name), { readonly: true }));
  }
  const declared = [...interfaces.flat(), ...members];
  const all = documented(interfaceOf("Resources", members), [
    "Every operation of the spec, grouped as its `x-client-method` names say.",
  ]);
  // the runtime tree, each leaf built from its table entry: typed as Resources, so the compiler
  // checks every declaration above against the entry its method comes from
  /** @type {(node: Tree) => Map<string, unknown>} */
  const runtime = (node) =>
    new Map(
      [...node].map(([key, value]) => [
        key,
        value instanceof Map ? runtime(value) : call("method", [ref(`O.${fns.get(value)}`)]),
      ]),
    );
  const factory = returning(
    "resources",
    ["method", typeRef("MethodFactory")],
    typeRef("Resources"),
    literal(runtime(tree), { expanded: true }),
  );
  return printModule(header, [
    imports(operations, namesUsed(declared).has("components")),
    ...interfaces,
    [all],
    [
      documented(factory, [
        "The resource tree: every entry of the table made a method by `method`, where its declaration says.",
      ]),
    ],
  ]);
}

/**
 * The tree of groups the methods' names make, each leaf one method.
 * @param {OperationInfo[]} operations
 * @returns {Tree}
 */
function groupTree(operations) {
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
  return tree;
}

/**
 * What a top-level group's interface says it holds: the tags of its operations, each with the
 * document's description of it, or else its name.
 * @param {import("../spec/document.mjs").DocumentHead} spec
 * @param {OperationInfo[]} operations
 * @returns {(group: string) => string}
 */
function groupAbout(spec, operations) {
  const tagText = new Map((spec.tags ?? []).map((t) => [t.name, t.description]));
  /** @type {Map<string, Set<string>>} */
  const groupTags = new Map();
  for (const op of operations) {
    const top = op.name.split(".")[0];
    for (const tag of itemsOf(keyword(operationAt(spec, op.method, op.path), "tags"))) {
      // a tag that is no string (which lint refuses) names nothing
      if (typeof tag !== "string") continue;
      const tags = groupTags.get(top) ?? new Set();
      groupTags.set(top, tags.add(tag));
    }
  }
  return (group) => {
    const tags = [...(groupTags.get(group) ?? [])];
    if (!tags.length) return `the ${group} operations`;
    return tags
      .map((t) => {
        const text = tagText.get(t);
        return `${doc(t)}${text ? `: ${doc(text).replace(/\.$/, "")}` : ""}`;
      })
      .join("; ");
  };
}

/**
 * Names each group's interface, once: a name no schema type, export of the package or global has:
 * `Tags`, else `TagsResource` (unless a schema has that name too: `tags_resource`), then numbered.
 * @param {Set<string>} used the schemas' type names, to which each name given is added
 * @param {string[]} reserved
 * @returns {(group: string) => string}
 */
function interfaceNames(used, reserved) {
  const taken = (/** @type {string} */ n) =>
    used.has(n) || TAKEN_TYPE_NAMES.has(n) || GLOBALS.has(n) || reserved.includes(n);
  return (group) => {
    const base = pascal(group);
    let name = [base, `${base}Resource`].find((n) => !taken(n));
    for (let n = 2; name === undefined; n++) name = taken(`${base}Resource${n}`) ? undefined : `${base}Resource${n}`;
    used.add(name);
    return name;
  };
}

/**
 * The module's imports: of the stream and header types only where a method needs them.
 * @param {OperationInfo[]} operations
 * @param {boolean} components whether a declaration names `components`
 */
function imports(operations, components) {
  const streams = [
    operations.some((op) => op.success.kind === "stream") &&
      importNames("../src/streams/event-stream.js", ["EventStream", "StreamOptions"], { typeOnly: true }),
    operations.some((op) => op.success.eventItem) &&
      importNames("../src/streams/event-check.js", ["NamedEvent"], { typeOnly: true }),
    operations.some((op) => op.success.kind === "sequence") &&
      importNames("../src/streams/item-stream.js", ["ItemStream", "ItemStreamOptions"], { typeOnly: true }),
  ].filter((i) => i !== false);
  const headerTypes = [
    operations.some((op) => op.headerParams.length) && "GivenHeaders",
    operations.some((op) => offeredMedia(op.body).some((media) => media.kind === "lines")) && "ItemOf",
    "MethodFactory",
    operations.some((op) => op.headerParams.length) && "NeededHeaders",
  ].filter((t) => t !== false);
  return [
    ...streams,
    importNames("../src/client/method-type.js", headerTypes, { typeOnly: true }),
    importNames("../src/lists/pages.js", ["PageOptions", "PagePromise"], { typeOnly: true }),
    importNames("../src/core/request-options.js", ["RequestOptions"], { typeOnly: true }),
    importAll("./operations.js", "O"),
    importNames("./schema.js", components ? ["components", "paths"] : ["paths"], { typeOnly: true }),
    importAll("./types.js", "T", { typeOnly: true }),
  ];
}
