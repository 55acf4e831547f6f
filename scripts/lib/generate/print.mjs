// The generated TypeScript modules as syntax: values, types and statements built with TypeScript's
// factory (ts.factory) and printed by its printer, so that no code is assembled from strings and a
// value from the document (a name, a path, a media type) can only ever be a string literal or a
// comment's text, never code. format.mjs then lays the printed text out with Biome.
import { createRequire } from "node:module";

// The generator's one way to TypeScript: its CommonJS entry (an ESM import has Node scan and lex its
// 9 MB first, render.mjs has the figures), on first use (bundleSpec() users need no TypeScript).
const require = createRequire(import.meta.url);
/** @type {typeof import("typescript") | undefined} */
let loaded;
export const ts = () => (loaded ??= /** @type {typeof import("typescript")} */ (require("typescript")));

/**
 * @typedef {import("typescript").Expression} Expression
 * @typedef {import("typescript").TypeNode} TypeNode
 * @typedef {import("typescript").Statement} Statement
 * @typedef {import("typescript").TypeElement} TypeElement
 */

/** What the printer was given that it cannot print: a value no literal holds, a name no identifier is. */
export class PrintError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "PrintError";
  }
}

/**
 * Whether `text` is an identifier's text: a property's name may be any such, a reference (`word`)
 * none of the reserved words either.
 * @param {string} text
 * @param {{ word?: boolean }} [options]
 */
function isIdentifierText(text, { word = false } = {}) {
  const { isIdentifierStart, isIdentifierPart, ScriptTarget, SyntaxKind, identifierToKeywordKind, factory } = ts();
  const points = [...text].map((c) => /** @type {number} */ (c.codePointAt(0)));
  const [first, ...rest] = points;
  if (first === undefined || !isIdentifierStart(first, ScriptTarget.ESNext)) return false;
  if (!rest.every((p) => isIdentifierPart(p, ScriptTarget.ESNext))) return false;
  const kind = word ? identifierToKeywordKind(factory.createIdentifier(text)) : undefined;
  return kind === undefined || kind > SyntaxKind.LastReservedWord;
}

/** A leaf of a value that is code, not data: a reference to a name, a function returning one, a call. */
export class Code {
  /** @param {() => Expression} build */
  constructor(build) {
    this.build = build;
  }
}

/**
 * The parts of a dotted name, each an identifier, else a PrintError: a name from the document never
 * reaches the code unchecked.
 * @param {string} name
 */
export function nameParts(name) {
  const parts = name.split(".");
  for (const part of parts)
    if (!isIdentifierText(part, { word: true })) throw new PrintError(`not an identifier: ${JSON.stringify(name)}`);
  return /** @type {[string, ...string[]]} */ (parts);
}

/** A dotted name as an expression: `S.Pet` a property access, `openEventStream` an identifier. */
function dotted(/** @type {string} */ name) {
  const [first, ...rest] = nameParts(name);
  const on = /** @type {Expression} */ (ts().factory.createIdentifier(first));
  return rest.reduce((expr, part) => ts().factory.createPropertyAccessExpression(expr, part), on);
}

/**
 * A reference as a value's leaf: `ref("S.Pet")` prints `S.Pet`; a name given as a function is read
 * when the value is printed (a schema's constant is named once the table holds every schema).
 * @param {string | (() => string)} name
 */
export const ref = (name) => new Code(() => dotted(typeof name === "string" ? name : name()));

/** A function returning a reference, as a value's leaf: `lazyRef("S.Pet")` prints `() => S.Pet`. */
export const lazyRef = (/** @type {string} */ name) =>
  new Code(() => {
    const { factory: f, SyntaxKind } = ts();
    return f.createArrowFunction(
      undefined,
      undefined,
      [],
      undefined,
      f.createToken(SyntaxKind.EqualsGreaterThanToken),
      dotted(name),
    );
  });

/**
 * A call as a value's leaf, marked pure where `pure` (so that a bundler may drop it): `call("method",
 * [ref("O.getPet")])` prints `method(O.getPet)`.
 * @param {string} callee a dotted name
 * @param {Code[]} args
 * @param {{ pure?: boolean }} [options]
 */
export const call = (callee, args, { pure = false } = {}) =>
  new Code(() => {
    const built = args.map((a) => a.build());
    const node = ts().factory.createCallExpression(dotted(callee), undefined, built);
    if (pure) ts().addSyntheticLeadingComment(node, ts().SyntaxKind.MultiLineCommentTrivia, " @__PURE__ ", false);
    return node;
  });

/**
 * A property's name: an identifier where the key is one, else a string literal; `__proto__` computed,
 * since `{ __proto__: x }` or `{ "__proto__": x }` would set the object's prototype, not a field.
 * @param {string} key
 */
export function propertyName(key) {
  const { factory: f } = ts();
  if (key === "__proto__") return f.createComputedPropertyName(f.createStringLiteral(key));
  return isIdentifierText(key) ? f.createIdentifier(key) : f.createStringLiteral(key);
}

/**
 * A JSON-like value as an expression: objects (a `Map` an object of its entries, in order) and arrays as
 * literals, strings as string literals (escaped by the printer), `Code` leaves as the code they build;
 * as JSON.stringify writes it, an object's `undefined` field left out, an array's written `null`. On
 * one line, for Biome to break where too long; `expanded`, one field or item a line (Biome keeps an
 * object so: a tree read by its indentation; a list so changes by a line an item).
 * @param {unknown} value
 * @param {{ expanded?: boolean }} [options]
 * @returns {Expression}
 */
export function literal(value, options = {}) {
  const { factory: f, SyntaxKind } = ts();
  if (value instanceof Code) return value.build();
  if (value === null) return f.createNull();
  if (typeof value === "string") return f.createStringLiteral(value);
  if (typeof value === "boolean") return value ? f.createTrue() : f.createFalse();
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new PrintError(`not a finite number: ${value}`);
    const digits = f.createNumericLiteral(String(Math.abs(value)));
    return value < 0 || Object.is(value, -0) ? f.createPrefixUnaryExpression(SyntaxKind.MinusToken, digits) : digits;
  }
  if (Array.isArray(value))
    return f.createArrayLiteralExpression(
      value.map((item) => literal(item ?? null, options)),
      options.expanded,
    );
  if (value instanceof Map)
    return objectLiteral(
      [...value].map(([key, field]) => [String(key), field]),
      options,
    );
  if (typeof value === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(value)))
    return objectLiteral(Object.entries(value), options);
  throw new PrintError(`cannot print a ${typeof value} as a value`);
}

/** An object literal of the fields, in their order, those `undefined` left out. */
function objectLiteral(/** @type {[string, unknown][]} */ fields, /** @type {{ expanded?: boolean }} */ options) {
  const { factory: f } = ts();
  const properties = fields
    .filter(([, field]) => field !== undefined)
    .map(([key, field]) => f.createPropertyAssignment(propertyName(key), literal(field, options)));
  return f.createObjectLiteralExpression(properties, options.expanded ?? false);
}

/**
 * `expr as const`, and `satisfies` the type where given.
 * @param {Expression} expr
 * @param {TypeNode} [satisfies]
 */
export function asConst(expr, satisfies) {
  const { factory: f } = ts();
  const constant = f.createAsExpression(expr, f.createTypeReferenceNode("const"));
  return satisfies ? f.createSatisfiesExpression(constant, satisfies) : constant;
}

/** An empty source file the printer prints nodes against. */
export const sourceFile = () =>
  ts().createSourceFile("generated.ts", "", ts().ScriptTarget.ESNext, false, ts().ScriptKind.TS);

export const exported = (/** @type {boolean} */ yes) =>
  yes ? [ts().factory.createModifier(ts().SyntaxKind.ExportKeyword)] : undefined;

/**
 * `import { a, type B } from "from";` (a name given as `{ type: "B" }` imported as a type), or with
 * `typeOnly`, `import type { A, B } from "from";`.
 * @param {string} from
 * @param {(string | { type: string })[]} names
 * @param {{ typeOnly?: boolean }} [options]
 */
export function importNames(from, names, { typeOnly = false } = {}) {
  const { factory: f } = ts();
  const specifiers = names.map((n) =>
    typeof n === "string"
      ? f.createImportSpecifier(false, undefined, f.createIdentifier(n))
      : f.createImportSpecifier(true, undefined, f.createIdentifier(n.type)),
  );
  const clause = f.createImportClause(typeOnly, undefined, f.createNamedImports(specifiers));
  return f.createImportDeclaration(undefined, clause, f.createStringLiteral(from));
}

/** `import * as alias from "from";`, or with `typeOnly`, `import type * as alias from "from";`. */
export function importAll(/** @type {string} */ from, /** @type {string} */ alias, { typeOnly = false } = {}) {
  const { factory: f } = ts();
  const clause = f.createImportClause(typeOnly, undefined, f.createNamespaceImport(f.createIdentifier(alias)));
  return f.createImportDeclaration(undefined, clause, f.createStringLiteral(from));
}

/**
 * `export { a, b as c } from "from";`, without `from` `export { a };`; with `typeOnly`, `export type`.
 * @param {(string | [name: string, as: string])[]} names
 * @param {{ from?: string, typeOnly?: boolean }} [options]
 */
export function exportNames(names, { from, typeOnly = false } = {}) {
  const { factory: f } = ts();
  const specifiers = names.map((n) =>
    typeof n === "string"
      ? f.createExportSpecifier(false, undefined, n)
      : f.createExportSpecifier(false, f.createIdentifier(n[0]), f.createIdentifier(n[1])),
  );
  const module = from === undefined ? undefined : f.createStringLiteral(from);
  return f.createExportDeclaration(undefined, typeOnly, f.createNamedExports(specifiers), module);
}

/**
 * `export const name: type = init;` (`exported: false` leaves out the `export`).
 * @param {string} name
 * @param {Expression} init
 * @param {{ type?: TypeNode, exported?: boolean }} [options]
 */
export function constant(name, init, { type, exported: out = true } = {}) {
  const { factory: f, NodeFlags } = ts();
  const declaration = f.createVariableDeclaration(name, undefined, type, init);
  return f.createVariableStatement(exported(out), f.createVariableDeclarationList([declaration], NodeFlags.Const));
}

/**
 * `export function name(param: type): returns { return value; }`.
 * @param {string} name
 * @param {[name: string, type: TypeNode]} param
 * @param {TypeNode} returns
 * @param {Expression} value
 */
export function returning(name, [param, type], returns, value) {
  const { factory: f } = ts();
  const parameter = f.createParameterDeclaration(undefined, undefined, param, undefined, type);
  const body = f.createBlock([f.createReturnStatement(value)], true);
  return f.createFunctionDeclaration(exported(true), undefined, name, undefined, [parameter], returns, body);
}

/** Text safe inside a comment: no `*\/` that would end it early. */
const inComment = (/** @type {string} */ line) => line.replaceAll("*/", "*\\/");

/**
 * The node with a JSDoc comment of the lines before it: one line `/** line *\/`, more a block. A line's
 * `*\/` is written `*\\/`, so that no text ends the comment early.
 * @template {import("typescript").Node} N
 * @param {N} node
 * @param {string[]} lines
 * @returns {N}
 */
export function documented(node, lines) {
  const text =
    lines.length === 1
      ? `* ${inComment(lines[0] ?? "")} `
      : `*\n${lines.map((l) => ` *${l ? ` ${inComment(l)}` : ""}`.trimEnd()).join("\n")}\n `;
  return ts().addSyntheticLeadingComment(node, ts().SyntaxKind.MultiLineCommentTrivia, text, true);
}

/** Line comments (`// line`) standing alone, a statement of their own that prints nothing else. */
export function commented(/** @type {string[]} */ lines) {
  const { factory: f, SyntaxKind } = ts();
  const statement = f.createNotEmittedStatement(f.createEmptyStatement());
  for (const line of lines)
    ts().addSyntheticLeadingComment(
      statement,
      SyntaxKind.SingleLineCommentTrivia,
      ` ${line.replace(/[\r\n\u2028\u2029]/g, " ")}`,
      true,
    );
  return statement;
}

/**
 * A module's text: the header, then each section's statements printed by TypeScript's printer, the
 * sections apart by a blank line (the printer keeps none between synthesized statements).
 * @param {string} header the generated-file header
 * @param {Statement[][]} sections
 */
export function printModule(header, sections) {
  const { factory: f, createPrinter, ListFormat, NewLineKind } = ts();
  const printer = createPrinter({ newLine: NewLineKind.LineFeed });
  const file = sourceFile();
  const parts = sections
    .filter((section) => section.length)
    .map((section) => printer.printList(ListFormat.MultiLine, f.createNodeArray(section), file).trimEnd());
  return `${header}${parts.join("\n\n")}\n`;
}
