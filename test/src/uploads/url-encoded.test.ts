// urlEncodedBody called directly: an application/x-www-form-urlencoded body written as OpenAPI's
// defaults for a form say (3.1.1, "Encoding Object" and "Style Examples"), each field's encoding
// overriding them, after the fields are checked. The oracles are the body texts, written out.
import { describe, expect, it } from "vitest";
import type { Schema } from "../../../generated/validators.js";
import type { ValidationIssue } from "../../../src/core/errors.js";
import { urlEncodedBody } from "../../../src/uploads/url-encoded.js";

const LETTER: Schema = {
  type: ["object"],
  required: ["to"],
  properties: {
    to: { type: ["string"], minLength: 1 },
    copies: { type: ["integer"], minimum: 1 },
  },
};

/** The body's text, or the issues when none is written. */
function written(input: unknown, encoding = {}, schema?: Schema): string | ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const form = urlEncodedBody(input, encoding, schema, issues);
  if (form) expect(issues).toEqual([]);
  return form ? form.toString() : issues;
}

describe("urlEncodedBody", () => {
  it.each([
    ["text, numbers and booleans as their text", { a: "x y", n: 1.5, ok: true }, "a=x+y&n=1.5&ok=true"],
    ["null as an empty value", { a: null }, "a="],
    ["an array as the field repeated", { tags: ["a", "b"] }, "tags=a&tags=b"],
    ["an empty array as nothing", { tags: [] }, ""],
    ["an object as bracket names", { to: { city: "Paris", zip: 75 } }, "to%5Bcity%5D=Paris&to%5Bzip%5D=75"],
    [
      "an array's objects under their index",
      { to: [{ city: "A" }, { city: "B" }] },
      "to%5B0%5D%5Bcity%5D=A&to%5B1%5D%5Bcity%5D=B",
    ],
    ["an array's arrays under their index", { m: [[1, 2], [3]] }, "m%5B0%5D=1&m%5B0%5D=2&m%5B1%5D=3"],
    ["an array mixing values and objects", { m: [1, { a: 2 }] }, "m=1&m%5B1%5D%5Ba%5D=2"],
    ["an undefined field left out", { a: undefined, b: "1" }, "b=1"],
  ])("writes %s", (_, input, text) => {
    expect(written(input)).toBe(text);
  });

  it.each([
    ["explode: false joins with commas", { style: "form", explode: false }, "tags=a%2Cb%2C"],
    ["spaceDelimited joins with spaces", { style: "spaceDelimited" }, "tags=a+b+"],
    ["pipeDelimited joins with pipes", { style: "pipeDelimited" }, "tags=a%7Cb%7C"],
    ["form with explode true repeats", { style: "form", explode: true }, "tags=a&tags=b&tags="],
    ["deepObject indexes nothing and repeats", { style: "deepObject" }, "tags=a&tags=b&tags="],
  ] as const)("writes an array of values as the field's encoding says: %s", (_, how, text) => {
    expect(written({ tags: ["a", "b", null] }, { tags: how })).toBe(text);
  });

  it("writes an object with form and explode: false as its names and values joined, and as brackets otherwise", () => {
    const value = { color: { R: 100, G: 200 } };

    expect(written(value, { color: { style: "form", explode: false } })).toBe("color=R%2C100%2CG%2C200");
    expect(written(value, { color: { style: "deepObject" } })).toBe("color%5BR%5D=100&color%5BG%5D=200");
    // an object holding an object is not joined, nor one holding one beside values: its fields go as brackets
    expect(written({ color: { R: { x: 1 } } }, { color: { style: "form", explode: false } })).toBe(
      "color%5BR%5D%5Bx%5D=1",
    );
    expect(written({ color: { R: 1, G: { x: 2 } } }, { color: { style: "form", explode: false } })).toBe(
      "color%5BR%5D=1&color%5BG%5D%5Bx%5D=2",
    );
    // explode: false joins only in form's style
    expect(written(value, { color: { style: "deepObject", explode: false } })).toBe(
      "color%5BR%5D=100&color%5BG%5D=200",
    );
  });

  it("takes an encoding only from the field's own entry, never one it inherits", () => {
    const encoding = Object.create({ tags: { style: "pipeDelimited" } });

    expect(written({ tags: ["a", "b"] }, encoding)).toBe("tags=a&tags=b");
  });

  it("stops descending 64 levels into an object: the name grows no further", () => {
    let deep: unknown = "end";
    for (let i = 0; i < 70; i++) deep = { a: deep };
    const form = urlEncodedBody({ f: deep }, {}, undefined, []);
    const names = [...(form?.keys() ?? [])];

    expect(names).toHaveLength(1);
    expect(names[0]).toBe(`f${"[a]".repeat(64)}`);
  });

  it("counts arrays as levels too: objects and arrays in turn stop 64 levels in", () => {
    let deep: unknown = "end";
    for (let i = 0; i < 35; i++) deep = { a: [deep] };
    const form = urlEncodedBody({ f: deep }, {}, undefined, []);

    expect([...(form?.keys() ?? [])]).toEqual([`f${"[a][0]".repeat(32)}`]);
  });

  it("reads a URLSearchParams' entries into the schema's shape, checks them and writes them again", () => {
    expect(written(new URLSearchParams("to=Paris&copies=2"), {}, LETTER)).toBe("to=Paris&copies=2");
    expect(written(new URLSearchParams("to=Paris&copies=0"), {}, LETTER)).toEqual([
      { path: "body.copies", message: "must be >= 1" },
    ]);
  });

  it("writes nothing when the fields break the schema, and names each way they do", () => {
    expect(written({ copies: 0 }, {}, LETTER)).toEqual([
      { path: "body.to", message: "is required" },
      { path: "body.copies", message: "must be >= 1" },
    ]);
  });

  it("writes nothing for what JSON cannot carry, and checks no schema then", () => {
    // `to` is missing too: the schema, checked, would say so
    expect(written({ at: new Date(0) }, {}, LETTER)).toEqual([
      { path: "body.at", message: "is a Date: pass date.toISOString()" },
    ]);
  });

  it.each([
    ["text", "to=Paris"],
    ["an array", [["to", "Paris"]]],
    ["null", null],
  ])("refuses %s where the form's fields belong", (_, input) => {
    expect(written(input)).toEqual([
      { path: "body", message: "must be an object of the form's fields, or a URLSearchParams" },
    ]);
  });

  it("adds to the issues it is given and reports only its own", () => {
    const issues: ValidationIssue[] = [{ path: "query.q", message: "earlier" }];

    expect(urlEncodedBody({ to: "Paris" }, {}, LETTER, issues)?.toString()).toBe("to=Paris");
    expect(issues).toEqual([{ path: "query.q", message: "earlier" }]);
    expect(urlEncodedBody({ copies: 1 }, {}, LETTER, issues)).toBeUndefined();
    expect(issues).toEqual([
      { path: "query.q", message: "earlier" },
      { path: "body.to", message: "is required" },
    ]);
  });
});
