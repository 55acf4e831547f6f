// The types of the generated modules as syntax (print.mjs builds their values and statements): type
// references, indexed access into the spec's types, unions, object types, interfaces' members.
import { exported, nameParts, propertyName, sourceFile, ts } from "./print.mjs";

/**
 * @typedef {import("typescript").TypeNode} TypeNode
 * @typedef {import("typescript").TypeElement} TypeElement
 */

/**
 * A type by name, with its arguments: `typeRef("T.Pet")`, `typeRef("NonNullable", [t])`.
 * @param {string} name a dotted name
 * @param {TypeNode[]} [args]
 */
export function typeRef(name, args) {
  const { factory: f } = ts();
  const [first, ...rest] = nameParts(name);
  const qualified = rest.reduce(
    (/** @type {import("typescript").EntityName} */ on, part) => f.createQualifiedName(on, part),
    f.createIdentifier(first),
  );
  return f.createTypeReferenceNode(qualified, args);
}

/** A string literal type: `"application/json"`. */
export const stringType = (/** @type {string} */ text) =>
  ts().factory.createLiteralTypeNode(ts().factory.createStringLiteral(text));

/** A keyword type: `unknown`, `void`, `string`, `number`, `never`. */
export function keyword(/** @type {"unknown" | "void" | "string" | "number" | "never" | "undefined"} */ name) {
  const { factory: f, SyntaxKind: K } = ts();
  const kinds = {
    unknown: K.UnknownKeyword,
    void: K.VoidKeyword,
    string: K.StringKeyword,
    number: K.NumberKeyword,
    never: K.NeverKeyword,
    undefined: K.UndefinedKeyword,
  };
  return f.createKeywordTypeNode(/** @type {import("typescript").KeywordTypeSyntaxKind} */ (kinds[name]));
}

/**
 * An indexed access type, one index after another: `indexed(typeRef("paths"), "/pets", "get")` is
 * `paths["/pets"]["get"]`; a number index is `[number]`, a type index itself (`C[keyof C]`).
 * @param {TypeNode} type
 * @param {...(string | typeof Number | TypeNode)} keys
 */
export function indexed(type, ...keys) {
  const { factory: f } = ts();
  /** @param {string | typeof Number | TypeNode} key */
  const index = (key) =>
    typeof key === "string" ? stringType(key) : key === Number ? keyword("number") : /** @type {TypeNode} */ (key);
  return keys.reduce((/** @type {TypeNode} */ on, key) => f.createIndexedAccessTypeNode(on, index(key)), type);
}

/**
 * The union of the types, each printed once (a single type is itself); a union among them joins its
 * members, as `A | B | C`, not `(A | B) | C`.
 * @param {TypeNode[]} types
 */
export function union(types) {
  const { factory: f, createPrinter, EmitHint, isUnionTypeNode } = ts();
  const printer = createPrinter();
  const file = sourceFile();
  const members = types.flatMap((t) => (isUnionTypeNode(t) ? [...t.types] : [t]));
  const once = [...new Map(members.map((t) => [printer.printNode(EmitHint.Unspecified, t, file), t])).values()];
  return once.length === 1 ? /** @type {TypeNode} */ (once[0]) : f.createUnionTypeNode(once);
}

/**
 * A type that is an object of the members: `{ headers?: X }`, on one line for Biome to break where it is
 * too long; with `expanded`, one member a line, which Biome keeps (a group of methods, each with its JSDoc).
 * @param {TypeElement[]} members
 * @param {{ expanded?: boolean }} [options]
 */
export function objectType(members, { expanded = false } = {}) {
  const node = ts().factory.createTypeLiteralNode(members);
  return expanded ? node : ts().setEmitFlags(node, ts().EmitFlags.SingleLine);
}

/** An intersection of the types: `A & B`. */
export const intersection = (/** @type {TypeNode[]} */ types) => ts().factory.createIntersectionTypeNode(types);

/**
 * A property of an interface or an object type: `name?: Type`; with `quoted`, its name a string
 * literal even where it is an identifier (a table keyed by names some of which are not).
 * @param {string} name
 * @param {TypeNode} type
 * @param {{ optional?: boolean, readonly?: boolean, quoted?: boolean }} [options]
 */
export function property(name, type, { optional = false, readonly = false, quoted = false } = {}) {
  const { factory: f, SyntaxKind } = ts();
  const modifiers = readonly ? [f.createModifier(SyntaxKind.ReadonlyKeyword)] : undefined;
  const question = optional ? f.createToken(SyntaxKind.QuestionToken) : undefined;
  const key = quoted && name !== "__proto__" ? f.createStringLiteral(name) : propertyName(name);
  return f.createPropertySignature(modifiers, key, question, type);
}

/**
 * A method of an interface: `name(a: A, b?: B): R`.
 * @param {string} name
 * @param {{ name: string, type: TypeNode, optional?: boolean }[]} params
 * @param {TypeNode} returns
 */
export function method(name, params, returns) {
  const { factory: f, SyntaxKind } = ts();
  const parameters = params.map((p) =>
    f.createParameterDeclaration(
      undefined,
      undefined,
      p.name,
      p.optional ? f.createToken(SyntaxKind.QuestionToken) : undefined,
      p.type,
    ),
  );
  return f.createMethodSignature(undefined, propertyName(name), undefined, undefined, parameters, returns);
}

/**
 * The names the types refer to at their root (`paths` of `paths["/pets"]`, `T` of `T.Pet`), found by
 * walking the syntax: what a module must import for them.
 * @param {import("typescript").Node[]} nodes
 * @returns {Set<string>}
 */
export function namesUsed(nodes) {
  const { forEachChild, isTypeReferenceNode, isQualifiedName, isIdentifier } = ts();
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {import("typescript").Node} node */
  const visit = (node) => {
    if (isTypeReferenceNode(node)) {
      let name = node.typeName;
      while (isQualifiedName(name)) name = name.left;
      if (isIdentifier(name)) names.add(name.text);
    }
    forEachChild(node, visit);
  };
  nodes.forEach(visit);
  return names;
}

/** `readonly T[]`. */
export const readonlyArray = (/** @type {TypeNode} */ type) =>
  ts().factory.createTypeOperatorNode(ts().SyntaxKind.ReadonlyKeyword, ts().factory.createArrayTypeNode(type));

/**
 * A conditional type: `check extends test ? yes : no`.
 * @param {TypeNode} check
 * @param {TypeNode} test
 * @param {TypeNode} yes
 * @param {TypeNode} no
 */
export const conditional = (check, test, yes, no) => ts().factory.createConditionalTypeNode(check, test, yes, no);

/**
 * `export type name<params> = type;`, each parameter `P extends C` where given as `[P, C]`.
 * @param {string} name
 * @param {TypeNode} type
 * @param {{ exported?: boolean, params?: [name: string, constraint: TypeNode | undefined][] }} [options]
 */
export function typeAlias(name, type, { exported: out = true, params } = {}) {
  const { factory: f } = ts();
  const parameters = params?.map(([p, c]) => f.createTypeParameterDeclaration(undefined, p, c));
  return f.createTypeAliasDeclaration(exported(out), name, parameters, type);
}

/** `export interface name { members }`. */
export function interfaceOf(/** @type {string} */ name, /** @type {TypeElement[]} */ members) {
  return ts().factory.createInterfaceDeclaration(exported(true), name, undefined, undefined, members);
}

/** `keyof T`. */
export const keyOf = (/** @type {TypeNode} */ type) =>
  ts().factory.createTypeOperatorNode(ts().SyntaxKind.KeyOfKeyword, type);

/** `infer name`, in a conditional type's test. */
export const inferred = (/** @type {string} */ name) =>
  ts().factory.createInferTypeNode(ts().factory.createTypeParameterDeclaration(undefined, name));

/**
 * A mapped type: `{ [key in keys]: type }`, on one line for Biome to break where it is too long.
 * @param {string} key
 * @param {TypeNode} keys
 * @param {TypeNode} type
 */
export const mapped = (key, keys, type) => {
  const { factory: f } = ts();
  const parameter = f.createTypeParameterDeclaration(undefined, key, keys);
  const node = f.createMappedTypeNode(undefined, parameter, undefined, undefined, type, undefined);
  return ts().setEmitFlags(node, ts().EmitFlags.SingleLine);
};
