// openapi-typescript's postTransform hook: the named properties beside additionalProperties or
// patternProperties. openapi-typescript writes such an object as `{ text?: string } & { [key:
// string]: Suggester }`, and TypeScript then holds every named property to the index signature too:
// `{ text: "x" }` does not compile, where JSON Schema lets the named properties be what they say
// and holds only the other keys to additionalProperties. TypeScript cannot say "the other keys", so
// the index signature takes the named properties' types as well, as hey-api writes it.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** @type {typeof import("typescript")} */
let tsModule;
const typescript = () => (tsModule ??= require("typescript"));

/**
 * Widens, in an intersection openapi-typescript wrote, a type literal holding only a string index
 * signature so that it also takes the types of the named properties of the intersection's other
 * type literals; returns undefined (openapi-typescript's own type stands) where there is nothing to
 * widen.
 * @param {import("typescript").TypeNode} type
 * @returns {import("typescript").TypeNode | undefined}
 * @example
 * await openapiTS(spec, { postTransform: namedBesideIndex });
 */
export function namedBesideIndex(type) {
  const ts = typescript();
  if (!ts.isIntersectionTypeNode(type)) return undefined;
  const { types } = /** @type {import("typescript").IntersectionTypeNode} */ (type);
  const literal = (/** @type {import("typescript").TypeNode} */ node) =>
    ts.isTypeLiteralNode(node) ? /** @type {import("typescript").TypeLiteralNode} */ (node) : undefined;
  const named = types.flatMap((node) =>
    (literal(node)?.members ?? []).flatMap((member) =>
      ts.isPropertySignature(member) && member.type ? [member.type] : [],
    ),
  );
  // a type literal of string index signatures alone: the one openapi-typescript writes for them
  const indexOnly = (/** @type {import("typescript").TypeNode} */ node) => {
    const members = literal(node)?.members ?? [];
    return (
      members.length > 0 &&
      members.every(
        (member) =>
          ts.isIndexSignatureDeclaration(member) &&
          /** @type {import("typescript").IndexSignatureDeclaration} */ (member).parameters[0]?.type?.kind ===
            ts.SyntaxKind.StringKeyword,
      )
    );
  };
  if (!named.length || !types.some(indexOnly)) return undefined;
  const { factory } = ts;
  const widened = (/** @type {import("typescript").TypeNode} */ node) =>
    factory.createTypeLiteralNode(
      (literal(node)?.members ?? []).map((member) => {
        const signature = /** @type {import("typescript").IndexSignatureDeclaration} */ (member);
        const union = factory.createUnionTypeNode([signature.type, ...named]);
        return factory.updateIndexSignature(signature, signature.modifiers, signature.parameters, union);
      }),
    );
  return factory.updateIntersectionTypeNode(
    /** @type {import("typescript").IntersectionTypeNode} */ (type),
    factory.createNodeArray(types.map((node) => (indexOnly(node) ? widened(node) : node))),
  );
}
