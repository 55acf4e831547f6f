// The generator's printer (scripts/lib/generate/print.mjs, print-types.mjs): a value from the document
// is only ever a string literal or a comment's text, a reference only ever code. Oracles: the text
// written out here, and V8's own parser (`new Function`), which reads back what was printed.
import { describe, expect, it } from "vitest";
import {
  constant,
  documented,
  lazyRef,
  literal,
  PrintError,
  printModule,
  ref,
} from "../../../scripts/lib/generate/print.mjs";
import { indexed, namesUsed, typeAlias, typeRef, union } from "../../../scripts/lib/generate/print-types.mjs";

/** A module of one `const x = <value>;`, printed, without its header. */
const printed = (value: unknown) => printModule("", [[constant("x", literal(value), { exported: false })]]);

/** What V8 reads back from the printed module: the value of `x`. */
const readBack = (text: string): unknown => new Function(`${text}\nreturn x;`)();

// strings that would be code if pasted into the module's text: the old marker's shape, quotes, the
// end of a comment, the end of a script element, line breaks JavaScript reads as line ends
const HOSTILE = [
  "\u0001f47ac10b-58cc-4372-a567-0e02b2c3d479:S.Pet",
  '"},"answerSchema":S.Pet,"x":{"',
  'it\'s a "quote" and a `backtick` \u0024{x}',
  "*/ export const evil = 1; /*",
  "</script><script>alert(1)</script>",
  "back\\slash\nnew line\u2028\u2029 and é",
];

describe("print", () => {
  it("prints a reference leaf as code and a string that spells one as a string", () => {
    const text = printed({ a: ref("S.Pet"), b: lazyRef("S.Dog"), c: "S.Pet", d: [ref("run"), 1, -2, true, null] });
    expect(text).toBe('const x = { a: S.Pet, b: () => S.Dog, c: "S.Pet", d: [run, 1, -2, true, null] };\n');
  });

  it("reads a reference's name only when it prints, as the schema table names its constants last", () => {
    let name = "First";
    const value = { a: ref(() => `S.${name}`) };
    name = "Last";
    expect(printed(value)).toBe("const x = { a: S.Last };\n");
  });

  it.each(HOSTILE)("prints %j as a string literal that reads back as itself", (hostile) => {
    const text = printed({ [hostile]: hostile, list: [hostile] });
    expect(text).not.toContain("\u0001");
    expect(text).not.toContain("\u2028");
    expect(readBack(text)).toEqual({ [hostile]: hostile, list: [hostile] });
  });

  it("writes a key __proto__ as a field, never the object's prototype", () => {
    const text = printed(JSON.parse('{"__proto__":{"polluted":true},"a":1}'));
    expect(text).toBe('const x = { ["__proto__"]: { polluted: true }, a: 1 };\n');
    const value = readBack(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__", "a"]);
  });

  it("keeps a comment's text inside the comment, `*/` included", () => {
    const text = printModule("", [
      [documented(constant("x", literal(1), { exported: false }), ["a */ const y = 2; /*"])],
    ]);
    expect(text).toBe("/** a *\\/ const y = 2; /* */\nconst x = 1;\n");
    expect(readBack(text)).toBe(1);
    const block = printModule("", [
      [documented(constant("x", literal(1), { exported: false }), ["one", "", "*/ two"])],
    ]);
    expect(block).toBe("/**\n * one\n *\n * *\\/ two\n */\nconst x = 1;\n");
  });

  it("refuses what no literal holds and a reference that is no identifier", () => {
    expect(() => printed({ a: Number.NaN })).toThrow(PrintError);
    expect(() => printed({ a: () => 1 })).toThrow(PrintError);
    expect(() => printed({ a: new Date(0) })).toThrow(PrintError);
    expect(() => printed({ a: ref("S.not-a-name") })).toThrow(PrintError);
    expect(() => printed({ a: ref("delete") })).toThrow(PrintError);
    expect(() => printed({ a: ref('S"]; evil(); ["') })).toThrow(PrintError);
  });

  it("separates sections by one blank line", () => {
    const text = printModule("// header\n\n", [[constant("a", literal(1))], [], [constant("b", literal(2))]]);
    expect(text).toBe("// header\n\nexport const a = 1;\n\nexport const b = 2;\n");
  });
});

describe("print-types", () => {
  it("indexes a type by string literal types, hostile keys escaped", () => {
    const type = indexed(typeRef("paths"), '/pets/{id}"]; evil', "get");
    const text = printModule("", [[typeAlias("At", indexed(type, Number))]]);
    expect(text).toBe('export type At = paths["/pets/{id}\\"]; evil"]["get"][number];\n');
  });

  it("joins a union among the members of a union, each member once", () => {
    const inner = union([typeRef("A"), typeRef("B")]);
    const text = printModule("", [[typeAlias("U", union([inner, typeRef("C"), typeRef("A")]))]]);
    expect(text).toBe("export type U = A | B | C;\n");
  });

  it("names the roots a type refers to, for the imports", () => {
    const types = [
      indexed(typeRef("components"), "schemas", "Pet"),
      typeRef("T.Pet"),
      typeRef("NonNullable", [typeRef("paths")]),
    ];
    expect([...namesUsed(types)].sort()).toEqual(["NonNullable", "T", "components", "paths"]);
  });
});
