// formFields called directly: a FormData's or URLSearchParams' entries read into the shape a schema
// (as generated/validators.ts writes one) gives them, before the form builders check and send them.
import { describe, expect, it } from "vitest";
import type { Schema } from "../../../generated/validators.js";
import { formFields } from "../../../src/uploads/form-fields.js";

const ADDRESS: Schema = {
  type: ["object"],
  properties: { city: { type: ["string"] }, floor: { type: ["integer"] } },
};
const LETTER: Schema = {
  type: ["object"],
  properties: {
    to: { $ref: () => ADDRESS },
    copies: { type: ["integer"] },
    color: { type: ["boolean"] },
    weight: { type: ["number", "null"] },
    code: { anyOf: [{ type: ["integer"] }, { type: ["string"] }] },
    tags: { type: ["array"], items: { type: ["string"] } },
    sizes: { type: ["array"], items: { type: ["integer"] } },
    extra: { type: ["object"], additionalProperties: { type: ["integer"] } },
    meta: { type: ["object"] },
    pages: { type: ["array"], items: { type: ["object"], properties: { n: { type: ["integer"] } } } },
  },
};

describe("formFields", () => {
  it("reads each text as the schema's type at its place says, and leaves text where text is allowed", () => {
    const form = new URLSearchParams("copies=2&color=false&weight=&code=12&note=7");

    // `note` is no field of the schema: it stays text, for the check to name
    expect(formFields(form, LETTER)).toEqual({ copies: 2, color: false, weight: null, code: "12", note: "7" });
  });

  it("leaves text that does not write the schema's type as it is, for the check to refuse", () => {
    expect(formFields(new URLSearchParams("copies=two&color=yes&weight=1e"), LETTER)).toEqual({
      copies: "two",
      color: "yes",
      weight: "1e",
    });
  });

  it("reads bracket names as nested fields, through $ref, allOf and additionalProperties", () => {
    const form = new URLSearchParams("to[city]=Paris&to[floor]=3&extra[a]=1");

    expect(formFields(form, { allOf: [LETTER] })).toEqual({ to: { city: "Paris", floor: 3 }, extra: { a: 1 } });
  });

  it("reads a name given twice as an array where the schema has one, else its last value", () => {
    const form = new URLSearchParams("tags=a&tags=b&sizes=1&sizes=2&copies=1&copies=4");

    expect(formFields(form, LETTER)).toEqual({ tags: ["a", "b"], sizes: [1, 2], copies: 4 });
  });

  it("reads indexed bracket names as an array in the order of their index", () => {
    const form = new URLSearchParams("pages[1][n]=2&pages[0][n]=1&tags[]=x&tags[]=y");

    expect(formFields(form, LETTER)).toEqual({ pages: [{ n: 1 }, { n: 2 }], tags: ["x", "y"] });
  });

  it("splits one value of an array as its encoding joins it, and reads an object written as name,value pairs", () => {
    const form = new URLSearchParams("tags=a b&sizes=1|2&to=city,Rome,floor,2");

    expect(
      formFields(form, LETTER, {
        tags: { style: "spaceDelimited" },
        sizes: { style: "pipeDelimited" },
        to: { explode: false },
      }),
    ).toEqual({ tags: ["a", "b"], sizes: [1, 2], to: { city: "Rome", floor: 2 } });
  });

  it("splits one value of an array with explode false at its commas, and keeps it whole with form's default", () => {
    expect(formFields(new URLSearchParams("sizes=1,2,3"), LETTER, { sizes: { explode: false } })).toEqual({
      sizes: [1, 2, 3],
    });
    // explode true: each value is one item, and "1,2" writes no integer
    expect(formFields(new URLSearchParams("sizes=1,2"), LETTER)).toEqual({ sizes: ["1,2"] });
  });

  it("reads a schema without a type as its items or properties say: an array, an object", () => {
    const untyped: Schema = {
      type: ["object"],
      properties: {
        list: { items: { type: ["integer"] } },
        box: { properties: { a: { type: ["integer"] } } },
      },
    };

    expect(formFields(new URLSearchParams('list=1&list=2&box={"a":1}'), untyped)).toEqual({
      list: [1, 2],
      box: { a: 1 },
    });
  });

  it("keeps text that opens as JSON but is none as it is, where an object goes", () => {
    expect(formFields(new URLSearchParams("meta={oops"), LETTER)).toEqual({ meta: "{oops" });
  });

  it("reads one JSON text of an array as the array, where the schema has one", () => {
    const form = new FormData();
    form.append("pages", '[{"n":1},{"n":2}]');

    expect(formFields(form, LETTER)).toEqual({ pages: [{ n: 1 }, { n: 2 }] });
  });

  it("parses JSON text where an object goes, and keeps files as they are", () => {
    const file = new File(["bytes"], "a.bin");
    const form = new FormData();
    form.append("meta", '{"k":1}');
    form.append("scan", file);

    const fields = formFields(form, LETTER);

    expect(fields).toEqual({ meta: { k: 1 }, scan: file });
    expect(fields.scan).toBe(file);
  });

  it("makes __proto__ an own field, never the prototype", () => {
    const fields = formFields(new URLSearchParams("__proto__[polluted]=1&to[__proto__]=x"), LETTER);

    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reads a name without a schema as text, and a malformed bracket name as the name itself", () => {
    expect(formFields(new URLSearchParams("a=1&b[=2&[c]=3"), undefined)).toEqual({ a: "1", "b[": "2", "[c]": "3" });
  });
});

describe("formFields, each text read as its place's schema says", () => {
  const TYPED: Schema = {
    type: ["object"],
    properties: {
      n: { type: ["number"] },
      i: { type: ["integer"] },
      b: { type: ["boolean"] },
      mixed: { type: ["array", "string"] },
      either: { type: ["array", "object"] },
      list: { type: ["array"] },
      nested: {
        type: ["object"],
        properties: { tags: { type: ["array"], items: { type: ["string"] } }, box: { type: ["object"] } },
      },
    },
  };
  const read = (text: string, encoding = {}) => formFields(new URLSearchParams(text), TYPED, encoding);

  it.each([
    ["1.25", 1.25],
    ["-0.5", -0.5],
    ["1e3", 1000],
    ["1E+3", 1000],
    ["2e-2", 0.02],
    ["1e12", 1e12],
    ["01", "01"],
    ["1.", "1."],
    [".5", ".5"],
    ["1e", "1e"],
    ["1e+", "1e+"],
    ["1.5x", "1.5x"],
    ["1e999", "1e999"],
  ])("reads %s where a number goes as %j: a finite number in JSON's syntax, nothing else", (text, value) => {
    expect(read(`n=${encodeURIComponent(text)}`)).toEqual({ n: value });
  });

  it("reads true and false where a boolean goes, and nothing else: no number there, no JSON where an integer goes", () => {
    expect(read("b=true")).toEqual({ b: true });
    expect(read("b=false")).toEqual({ b: false });
    expect(read("b=12")).toEqual({ b: "12" });
    expect(read("i=%5B1%5D")).toEqual({ i: "[1]" });
  });

  it("parses JSON text after spaces where an object goes", () => {
    expect(read(`nested=${encodeURIComponent(' {"box":{"k":1}}')}`)).toEqual({ nested: { box: { k: 1 } } });
  });

  it("keeps one text of a field that may be text or an array as text, and brackets of it as fields", () => {
    expect(read("mixed=a,b")).toEqual({ mixed: "a,b" });
    expect(read("mixed[1]=b&mixed[0]=a")).toEqual({ mixed: { 0: "a", 1: "b" } });
    expect(read("either[0]=a")).toEqual({ either: { 0: "a" } });
  });

  it("reads an array's indexed names in the order of their index, the last of a name given twice", () => {
    expect(read("list[1]=b&list[0]=a")).toEqual({ list: ["a", "b"] });
    expect(read("list[0]=a&list[0]=c")).toEqual({ list: ["c"] });
    expect(read("list=x&list=y")).toEqual({ list: ["x", "y"] });
  });

  it("reads a field's values given twice as the array's items, never one of them as the whole array", () => {
    expect(formFields(new URLSearchParams("sizes=[1]&sizes=[2]"), LETTER)).toEqual({ sizes: ["[1]", "[2]"] });
    // delimited, but given twice: each value is one item
    expect(formFields(new URLSearchParams("sizes=1|2&sizes=3"), LETTER, { sizes: { style: "pipeDelimited" } })).toEqual(
      { sizes: ["1|2", 3] },
    );
  });

  it("reads an object's fields of an array given with empty brackets, in order", () => {
    expect(formFields(new URLSearchParams("pages[][n]=1"), LETTER)).toEqual({ pages: [{ n: 1 }] });
  });

  it("reads a nested field with no encoding of its own as form's default says", () => {
    expect(read("nested[tags]=a")).toEqual({ nested: { tags: ["a"] } });
    expect(read(`nested[box]=${encodeURIComponent('{"k":1}')}`)).toEqual({ nested: { box: { k: 1 } } });
  });

  it("splits an object as name,value pairs only in form's style, and leaves a name without a value out", () => {
    const pairs = formFields(new URLSearchParams("to=city,Rome,floor"), LETTER, { to: { explode: false } });
    expect(pairs).toEqual({ to: { city: "Rome" } });
    expect(Object.keys(pairs.to as object)).toEqual(["city"]);
    expect(
      formFields(new URLSearchParams("to=city,Rome"), LETTER, { to: { style: "deepObject", explode: false } }),
    ).toEqual({ to: "city,Rome" });
    expect(formFields(new URLSearchParams("note=a,b"), LETTER, { note: { explode: false } })).toEqual({ note: "a,b" });
  });

  it("keeps a file as it is where a delimited array or a joined object goes", () => {
    const file = new File(["x"], "a.bin");
    const form = new FormData();
    form.append("sizes", file);
    form.append("to", file);

    expect(formFields(form, LETTER, { sizes: { style: "pipeDelimited" }, to: { explode: false } })).toEqual({
      sizes: [file],
      to: file,
    });
  });

  it("stops reading a name 32 steps in", () => {
    const fields = formFields(new URLSearchParams(`a${"[x]".repeat(40)}=v`), undefined);
    let depth = 0;
    let node: unknown = fields.a;
    while (typeof node === "object" && node !== null) {
      node = (node as { x: unknown }).x;
      depth++;
    }

    expect([depth, node]).toEqual([31, "v"]);
  });

  it("reads a name whose brackets do not close it as the name itself", () => {
    expect(formFields(new URLSearchParams("a[b]x=1&[c]=2"), undefined)).toEqual({ "a[b]x": "1", "[c]": "2" });
  });

  it("reads a name with a bracket inside a bracket as the name itself", () => {
    expect(formFields(new URLSearchParams("a[b[c]=1"), undefined)).toEqual({ "a[b[c]": "1" });
  });

  it("gives fields a program may change and delete, nested ones included", () => {
    const fields = formFields(new URLSearchParams("copies=1&to[city]=Oslo"), LETTER);
    const plain = (value: unknown) => ({ value, writable: true, enumerable: true, configurable: true });

    expect(Object.getOwnPropertyDescriptor(fields, "copies")).toEqual(plain(1));
    expect(Object.getOwnPropertyDescriptor(fields.to, "city")).toEqual(plain("Oslo"));
  });

  it("keeps a quoted JSON text as its text where an object goes: only an object's or array's text is parsed", () => {
    expect(formFields(new URLSearchParams(`meta=${encodeURIComponent('"{x}"')}`), LETTER)).toEqual({ meta: '"{x}"' });
  });

  it("reads additionalProperties of any branch of allOf, not only the first", () => {
    const schema: Schema = { allOf: [{ type: ["object"] }, { additionalProperties: { type: ["integer"] } }] };

    expect(formFields(new URLSearchParams("n=1"), schema)).toEqual({ n: 1 });
  });

  it("follows 32 $refs to a field's type, and no 33rd", () => {
    const chain = (refs: number): Schema => {
      let schema: Schema = { type: ["integer"] };
      for (let i = 0; i < refs; i++) {
        const next = schema;
        schema = { $ref: () => next };
      }
      return { type: ["object"], properties: { n: schema } };
    };

    expect(formFields(new URLSearchParams("n=1"), chain(32))).toEqual({ n: 1 });
    expect(formFields(new URLSearchParams("n=1"), chain(33))).toEqual({ n: "1" });
  });

  it("finishes on a schema that reaches itself through $ref or allOf", () => {
    const loop: Schema = { type: ["object"], properties: { n: { type: ["integer"] } } };
    loop.allOf = [loop];
    const self: Schema = { $ref: () => self };

    expect(formFields(new URLSearchParams("n=1"), loop)).toEqual({ n: 1 });
    expect(formFields(new URLSearchParams("n=1"), self)).toEqual({ n: "1" });
  });
});
