import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { Schema } from "../../../generated/validators.js";
import { check, MAX_DEPTH } from "../../../src/checks/check.js";
import { loadSchemas as load } from "../../support/schema-fixtures.js";
import { schemaTable } from "../../../scripts/lib/generate/schema-table.mjs";

/** The one schema of an inline fixture, through the generator. */
const one = (schema: unknown): Schema => load({}, { root: schema }).root!;
const issues = (schema: unknown, value: unknown) => check(one(schema), value, "v");

describe("check() enforces each keyword, with a message", () => {
  it.each([
    [{ type: "string" }, "a", 1, "must be string"],
    [{ type: ["integer", "null"] }, null, 1.5, "must be integer or null"],
    [{ type: "integer" }, 3, 3.5, "must be integer"],
    [{ type: "number" }, 3.5, "3.5", "must be number"],
    [{ type: "boolean" }, false, 0, "must be boolean"],
    [{ type: "array" }, [], {}, "must be array"],
    [{ type: "object" }, {}, [], "must be object"],
    [{ enum: ["a", 1, null, { k: [1] }] }, { k: [1] }, { k: [2] }, 'must be one of: "a", 1, null, {"k":[1]}'],
    [{ const: "fixed" }, "fixed", "other", 'must be "fixed"'],
    [{ const: { a: 1, b: [true] } }, { b: [true], a: 1 }, { a: 1, b: [false] }, 'must be {"a":1,"b":[true]}'],
    [{ pattern: "^brs_[a-z0-9]+$" }, "brs_2x7", "BRS_2X7", "must match /^brs_[a-z0-9]+$/"],
    [{ pattern: "^\\p{Lu}" }, "Élan", "élan", "must match /^\\p{Lu}/"],
    [{ minLength: 2 }, "ab", "a", "must have at least 2 characters"],
    [{ maxLength: 2 }, "😀😀", "abc", "must have at most 2 characters"],
    [{ minimum: 1 }, 1, 0.5, "must be >= 1"],
    [{ maximum: 1 }, 1, 1.5, "must be <= 1"],
    [{ exclusiveMinimum: 1 }, 1.1, 1, "must be > 1"],
    [{ exclusiveMaximum: 1 }, 0.9, 1, "must be < 1"],
    [{ multipleOf: 5 }, 15, 12, "must be a multiple of 5"],
    [{ minItems: 1 }, [0], [], "must have at least 1 item"],
    [{ maxItems: 1 }, [0], [0, 1], "must have at most 1 item"],
    [{ minProperties: 1 }, { a: 1 }, {}, "must have at least 1 field"],
    [{ maxProperties: 1 }, { a: 1 }, { a: 1, b: 2 }, "must have at most 1 field"],
    [{ not: { type: "string" } }, 1, "s", "is not allowed"],
    [{ anyOf: [{ type: "string" }, { type: "integer" }] }, 1, true, "must match one of 2 schemas"],
    [{ oneOf: [{ type: "integer" }, { minimum: 0 }] }, -1, 1, "must match only one of 2 schemas, matches 2"],
    [{ format: "date-time" }, "1990-12-31T15:59:60.5-08:00", "2024-02-29 23:59", "must be date-time"],
    [{ format: "date" }, "2024-12-31", "2024-13-01", "must be date"],
    [{ format: "uuid" }, "3f2b8c1e-9a4d-4e7b-8c2d-1a2b3c4d5e6f", "3f2b8c1e9a4d4e7b8c2d1a2b3c4d5e6f", "must be uuid"],
    [{ format: "email" }, "ops@example.com", "ops@@example.com", "must be email"],
  ])("%j: accepts %j, refuses %j", (schema, good, bad, message) => {
    expect(issues(schema, good)).toEqual([]);
    expect(issues(schema, bad)).toEqual([{ path: "v", message }]);
  });

  it("passes a format it does not know, as JSON Schema 2020-12 makes other formats annotations", () => {
    expect(issues({ type: "string", format: "hostname" }, "not a host name!")).toEqual([]);
    // uri is one of them: an RFC 3986 check costs more bundle than it is worth to a client
    expect(issues({ type: "string", format: "uri" }, "https://example.org/foobar<>.txt")).toEqual([]);
  });

  it("counts a string's length in code points, not UTF-16 units", () => {
    const schema = { minLength: 3, maxLength: 3 };

    expect(issues(schema, "😀😀😀")).toEqual([]);
    expect(issues(schema, "😀😀")).toEqual([{ path: "v", message: "must have at least 3 characters" }]);
  });

  it("checks each item against items and prefixItems, with the item's index in the path", () => {
    const schema = {
      type: "array",
      prefixItems: [{ type: "string" }, { type: "integer" }],
      items: { type: "boolean" },
    };

    expect(issues(schema, ["a", 1, true, false])).toEqual([]);
    expect(issues(schema, [1, "a", true, 0])).toEqual([
      { path: "v[0]", message: "must be string" },
      { path: "v[1]", message: "must be integer" },
      { path: "v[3]", message: "must be boolean" },
    ]);
  });

  it("refuses repeated items under uniqueItems, objects compared by value whatever their key order", () => {
    const schema = { type: "array", uniqueItems: true };

    expect(issues(schema, [1, "1", { a: 1, b: 2 }, { a: 1, b: 3 }, [1, 2]])).toEqual([]);
    expect(issues(schema, [{ a: 1, b: 2 }, 7, { b: 2, a: 1 }, 7])).toEqual([
      { path: "v[2]", message: "repeats v[0]" },
      { path: "v[3]", message: "repeats v[1]" },
    ]);
  });

  it("checks required, properties and additionalProperties (false or a schema) on a request", () => {
    const closed = {
      type: "object",
      required: ["a"],
      properties: { a: { type: "string" } },
      additionalProperties: false,
    };
    const map = { type: "object", additionalProperties: { type: "integer" } };

    expect(issues(closed, { a: "x" })).toEqual([]);
    expect(issues(closed, { b: 1 })).toEqual([
      { path: "v.a", message: "is required" },
      { path: "v.b", message: "is not a known field" },
    ]);
    expect(issues(map, { one: 1, two: 2 })).toEqual([]);
    expect(issues(map, { one: 1, two: "2" })).toEqual([{ path: "v.two", message: "must be integer" }]);
  });

  it("applies every allOf branch and lists the problems of each", () => {
    const schema = { allOf: [{ type: "object", required: ["a"] }, { required: ["b"] }] };

    expect(issues(schema, { a: 1, b: 2 })).toEqual([]);
    expect(issues(schema, {})).toEqual([
      { path: "v.a", message: "is required" },
      { path: "v.b", message: "is required" },
    ]);
  });

  it("reports the problems of the one anyOf branch that fits the value's shape, rather than 'matches none'", () => {
    const schema = {
      anyOf: [{ type: "null" }, { type: "object", required: ["id"], properties: { id: { type: "string" } } }],
    };

    expect(issues(schema, null)).toEqual([]);
    expect(issues(schema, { id: 7 })).toEqual([{ path: "v.id", message: "must be string" }]);
    expect(issues(schema, "x")).toEqual([{ path: "v", message: "must match one of 2 schemas" }]);
  });

  it("lists every problem, not only the first", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string", minLength: 3, pattern: "^[a-z]+$" },
        b: { type: "array", items: { type: "integer" } },
      },
    };

    expect(issues(schema, { a: "A", b: [1, "2", 3.5] })).toEqual([
      { path: "v.a", message: "must have at least 3 characters" },
      { path: "v.a", message: "must match /^[a-z]+$/" },
      { path: "v.b[1]", message: "must be integer" },
      { path: "v.b[2]", message: "must be integer" },
    ]);
  });

  it("says 'matches none' when the one branch near the value's shape also breaks at the value itself", () => {
    const schema = {
      anyOf: [{ type: "string" }, { type: "object", minProperties: 2, properties: { id: { type: "string" } } }],
    };

    expect(issues(schema, { id: 7 })).toEqual([{ path: "v", message: "must match one of 2 schemas" }]);
  });

  it("leaves a oneOf with one match and an anyOf with two alone while it lists the problems of a sibling", () => {
    const schema = {
      type: "object",
      properties: {
        a: { oneOf: [{ type: "string" }, { type: "number" }] },
        c: { anyOf: [{ type: "number" }, { minimum: 0 }] },
        b: { type: "string" },
      },
    };

    expect(issues(schema, { a: "x", c: 5, b: 1 })).toEqual([{ path: "v.b", message: "must be string" }]);
  });

  it("does not count a branch whose nested anyOf failed as a match of the oneOf around it", () => {
    const one = {
      oneOf: [
        { anyOf: [{ type: "null" }, { type: "object", properties: { id: { type: "string" } } }] },
        { type: "object", properties: { id: { type: "number" } } },
      ],
    };
    // a sibling's problem makes check() list every problem, through the oneOf too
    const schema = { type: "object", properties: { p: one, b: { type: "string" } } };

    expect(issues(one, { id: 7 })).toEqual([]);
    expect(issues(schema, { p: { id: 7 }, b: 1 })).toEqual([{ path: "v.b", message: "must be string" }]);
  });

  it("lists an array's count and its items' problems together", () => {
    expect(issues({ type: "array", minItems: 3, items: { type: "string" } }, [1])).toEqual([
      { path: "v", message: "must have at least 3 items" },
      { path: "v[0]", message: "must be string" },
    ]);
  });

  it("lists an object's field count, a field's name and the field's value problems together", () => {
    expect(issues({ type: "object", minProperties: 2, properties: { a: { type: "string" } } }, { a: 1 })).toEqual([
      { path: "v", message: "must have at least 2 fields" },
      { path: "v.a", message: "must be string" },
    ]);
    expect(
      issues({ type: "object", propertyNames: { maxLength: 2 }, properties: { abc: { type: "string" } } }, { abc: 1 }),
    ).toEqual([
      { path: "v.abc", message: "must have at most 2 characters" },
      { path: "v.abc", message: "must be string" },
    ]);
  });

  it("does not count an array branch whose item count fails as a match", () => {
    const schema = {
      oneOf: [
        { type: "array", minItems: 2 },
        { type: "array", items: { type: "number" } },
      ],
    };

    expect(issues(schema, ["a"])).toEqual([{ path: "v[0]", message: "must be number" }]);
  });

  it("tells a string from the object its text spells under uniqueItems, and inside not", () => {
    expect(issues({ uniqueItems: true }, [{ a: 1 }, '{"a":1}'])).toEqual([]);
    expect(issues({ not: { type: "array", uniqueItems: true } }, [1, 2])).toEqual([
      { path: "v", message: "is not allowed" },
    ]);
    expect(issues({ not: { type: "array", uniqueItems: true } }, [1, 1])).toEqual([]);
  });

  it("counts the matching branches of a oneOf inside not: one match is a match, two are none", () => {
    const schema = { not: { oneOf: [{ type: "number" }, { minimum: 0 }] } };

    expect(issues(schema, -1)).toEqual([{ path: "v", message: "is not allowed" }]);
    // a string is no number, and minimum leaves all but numbers alone: one match
    expect(issues(schema, "a")).toEqual([{ path: "v", message: "is not allowed" }]);
    expect(issues(schema, 5)).toEqual([]);
    expect(issues(schema, null)).toEqual([{ path: "v", message: "is not allowed" }]);
  });

  it("counts an anyOf inside not as a match when two of its branches match", () => {
    const schema = { not: { anyOf: [{ type: "number" }, { minimum: 0 }] } };

    expect(issues(schema, 5)).toEqual([{ path: "v", message: "is not allowed" }]);
    expect(issues(schema, -1)).toEqual([{ path: "v", message: "is not allowed" }]);
    expect(issues(schema, null)).toEqual([{ path: "v", message: "is not allowed" }]);
  });

  it.each([
    [{ minimum: 10, multipleOf: 3 }, 4, ["must be >= 10", "must be a multiple of 3"]],
    [{ maximum: 10, multipleOf: 3 }, 11, ["must be <= 10", "must be a multiple of 3"]],
    [{ exclusiveMinimum: 10, multipleOf: 3 }, 4, ["must be > 10", "must be a multiple of 3"]],
    [{ exclusiveMaximum: 10, multipleOf: 3 }, 11, ["must be < 10", "must be a multiple of 3"]],
    [{ pattern: "^a", format: "date" }, "xyz", ["must match /^a/", "must be date"]],
    [{ enum: ["abc"], minLength: 5 }, "ab", ['must be one of: "abc"', "must have at least 5 characters"]],
    [{ const: "abc", maxLength: 2 }, "abcd", ['must be "abc"', "must have at most 2 characters"]],
    [{ not: { const: "ab" }, minLength: 5 }, "ab", ["is not allowed", "must have at least 5 characters"]],
  ])("lists every keyword %j that %j breaks", (schema, value, messages) => {
    expect(issues(schema, value)).toEqual(messages.map((message) => ({ path: "v", message })));
  });

  it("treats an undefined field as absent, as JSON does", () => {
    const schema = { type: "object", required: ["a"], properties: { a: { type: "string" }, b: { type: "string" } } };

    expect(issues(schema, { a: "x", b: undefined })).toEqual([]);
    expect(issues(schema, { a: undefined })).toEqual([{ path: "v.a", message: "is required" }]);
  });
});

describe("check() on a request and on an answer", () => {
  const { Session } = load({
    Session: {
      type: "object",
      required: ["id", "name", "password"],
      additionalProperties: false,
      properties: {
        id: { type: "string", readOnly: true },
        name: { type: "string" },
        password: { type: "string", writeOnly: true },
        kind: {
          oneOf: [
            { type: "string", maxLength: 5 },
            { type: "string", pattern: "^[a-z]+$" },
          ],
        },
      },
    },
  });

  it("does not require a readOnly field of a request, which the service fills in", () => {
    expect(check(Session!, { name: "n", password: "p" }, "body")).toEqual([]);
    expect(check(Session!, { name: "n" }, "body")).toEqual([{ path: "body.password", message: "is required" }]);
  });

  it("does not require a writeOnly field of an answer, which the service never sends", () => {
    expect(check(Session!, { id: "s1", name: "n" }, "response", [], true)).toEqual([]);
    expect(check(Session!, { name: "n" }, "response", [], true)).toEqual([
      { path: "response.id", message: "is required" },
    ]);
  });

  it("accepts fields it does not know in an answer, since the service adds fields over time", () => {
    expect(check(Session!, { id: "s1", name: "n", added_later: { any: 1 } }, "response", [], true)).toEqual([]);
    expect(check(Session!, { name: "n", password: "p", added_later: 1 }, "body")).toEqual([
      { path: "body.added_later", message: "is not a known field" },
    ]);
  });

  it("accepts an answer that matches several oneOf branches, but not a request", () => {
    expect(check(Session!, { id: "s1", name: "n", kind: "abc" }, "response", [], true)).toEqual([]);
    expect(check(Session!, { name: "n", password: "p", kind: "abc" }, "body")).toEqual([
      { path: "body.kind", message: "must match only one of 2 schemas, matches 2" },
    ]);
  });
});

// a circle, of the shapes the discriminator tests tell apart by `kind`
const Circle = {
  type: "object",
  required: ["kind", "r"],
  properties: { kind: { type: "string" }, r: { type: "number", minimum: 0 } },
};

describe("check() with a discriminator", () => {
  const { Shape } = load({
    Shape: {
      oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }],
      discriminator: { propertyName: "kind", mapping: { round: "#/components/schemas/Circle" } },
    },
    Circle,
    Square: {
      type: "object",
      required: ["kind", "side"],
      properties: { kind: { type: "string" }, side: { type: "number" } },
    },
  });

  it("picks the branch by the tag, through the mapping or the schema's name", () => {
    expect(check(Shape!, { kind: "round", r: 1 }, "v")).toEqual([]);
    expect(check(Shape!, { kind: "Square", side: 2 }, "v")).toEqual([]);
    expect(check(Shape!, { kind: "round", side: 2 }, "v")).toEqual([{ path: "v.r", message: "is required" }]);
    expect(check(Shape!, { kind: "Square", side: "2" }, "v")).toEqual([{ path: "v.side", message: "must be number" }]);
  });

  it("names the allowed tags when the tag is unknown or missing", () => {
    const message = 'must be one of: "round", "Square"';

    expect(check(Shape!, { kind: "Circle", r: 1 }, "v")).toEqual([{ path: "v.kind", message }]);
    expect(check(Shape!, { r: 1 }, "v")).toEqual([{ path: "v.kind", message }]);
    // an inherited name is no tag
    expect(check(Shape!, { kind: "constructor" }, "v")).toEqual([{ path: "v.kind", message }]);
  });
});

describe("check() with a discriminator's defaultMapping (OpenAPI 3.2)", () => {
  const branches = {
    Circle,
    // its tag may be left out: a value without one is the default's
    Square: {
      type: "object",
      required: ["side"],
      properties: { kind: { type: "string" }, side: { type: "number" } },
    },
  };
  const shape = (discriminator: object) => ({
    oneOf: [{ $ref: "#/components/schemas/Circle" }, { $ref: "#/components/schemas/Square" }],
    discriminator: { propertyName: "kind", mapping: { round: "#/components/schemas/Circle" }, ...discriminator },
  });
  // as the document writes it, and as its 3.1 view keeps it for the generator
  const written = load({ ...branches, Shape: shape({ defaultMapping: "Square" }) }).Shape!;
  const view = load({ ...branches, Shape: shape({ "x-default-mapping": "#/components/schemas/Square" }) }).Shape!;

  it("checks a value whose tag no mapping names, or that has none, against the schema it names", () => {
    for (const Shape of [written, view]) {
      expect(check(Shape, { kind: "round", r: 1 }, "v")).toEqual([]);
      expect(check(Shape, { kind: "hexagon", side: 2 }, "v")).toEqual([]);
      expect(check(Shape, { side: 2 }, "v")).toEqual([]);
      expect(check(Shape, { kind: "hexagon", r: 1 }, "v")).toEqual([{ path: "v.side", message: "is required" }]);
      // a mapped tag is still its own branch's
      expect(check(Shape, { kind: "round", side: 2 }, "v")).toEqual([{ path: "v.r", message: "is required" }]);
    }
  });

  it("is not checked where it names no schema of the document: the tag must be one the mapping names", () => {
    const table = schemaTable({
      openapi: "3.1.0",
      components: { schemas: { ...branches, Shape: shape({ defaultMapping: "Hexagon" }) } },
    });
    table.add({ $ref: "#/components/schemas/Shape" }, "components.schemas.Shape");
    const { Shape } = load({ ...branches, Shape: shape({ defaultMapping: "Hexagon" }) });

    expect(table.unchecked.map((u) => u.keyword)).toEqual(["discriminator.defaultMapping"]);
    expect(check(Shape!, { kind: "hexagon", side: 2 }, "v")).toEqual([
      { path: "v.kind", message: 'must be one of: "round", "Square"' },
    ]);
  });
});

describe("check() on a recursive schema", () => {
  // a tree of calls: each call may go on with `then` and `catch`, each another call
  const { Call } = load({
    Call: {
      type: "object",
      required: ["name"],
      additionalProperties: false,
      properties: {
        name: { type: "string" },
        // biome-ignore lint/suspicious/noThenProperty: a property of the schema under test, which a JavaScript thenable must not confuse
        then: { $ref: "#/components/schemas/Call" },
        catch: { $ref: "#/components/schemas/Call" },
      },
    },
  });
  // the first calls also have a fallback: a tree, down to a chain at its deep end
  const tree = (levels: number) => {
    let call: Record<string, unknown> = { name: `call ${levels}` };
    for (let level = levels - 1; level >= 1; level--)
      // biome-ignore lint/suspicious/noThenProperty: a field of the data under test, named as the schema names it
      call = { name: `call ${level}`, then: call, ...(level <= 10 ? { catch: { name: `fallback ${level}` } } : {}) };
    return call;
  };

  it("accepts a legal tree of calls 1000 levels deep, as that is under the limit", () => {
    expect(MAX_DEPTH).toBe(1024);

    expect(check(Call!, tree(1000), "body")).toEqual([]);
    expect(check(Call!, tree(MAX_DEPTH), "body")).toEqual([]);
  });

  it("finds a problem at the bottom of a deep tree, with its full path", () => {
    const deep = tree(300);
    let last = deep;
    while (last.then) last = last.then as Record<string, unknown>;
    last.name = 7;

    const found = check(Call!, deep, "body");

    expect(found).toEqual([{ path: `body${".then".repeat(299)}.name`, message: "must be string" }]);
  });

  it("gives a single issue, not a RangeError, for a tree one level over the limit or far over it", () => {
    for (const levels of [MAX_DEPTH + 1, 100_000]) {
      const found = check(Call!, tree(levels), "body");

      expect(found).toEqual([
        { path: `body${".then".repeat(MAX_DEPTH)}`, message: "is nested deeper than 1024 levels" },
      ]);
    }
  });

  it("gives a single issue for an answer nested far deeper than the limit, whatever the schema", () => {
    const answer = JSON.parse("[".repeat(200_000) + "]".repeat(200_000));
    const { Nested } = load({ Nested: { type: "array", items: { $ref: "#/components/schemas/Nested" } } });

    expect(check(Nested!, answer, "response", [], true)).toEqual([
      { path: `response${"[0]".repeat(MAX_DEPTH)}`, message: "is nested deeper than 1024 levels" },
    ]);
    // enum compares the value as a whole: no walk down it, yet one issue and no RangeError
    expect(check(one({ enum: [[1]] }), answer, "response", [], true)).toEqual([
      { path: "response", message: "is nested deeper than 1024 levels" },
    ]);
  });

  it("lets any other failure through: a pattern JavaScript cannot compile is a faulty schema, not a deep value", () => {
    // the generator leaves such a pattern out of its tables (scripts/lib/generate/schema-table.mjs); this one is made by hand
    const faulty = { type: ["string"], pattern: "(" } as Schema;

    expect(() => check(faulty, "a", "body")).toThrow(SyntaxError);
  });
});

describe("check() agrees with a JSON Schema validator", () => {
  // Ajv implements JSON Schema 2020-12 in full; each pair is judged by both
  const components = {
    Node: {
      type: "object",
      required: ["id"],
      properties: {
        id: { type: "integer" },
        children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
      },
    },
    Name: { type: "string", minLength: 1, maxLength: 8, pattern: "^[a-z]" },
  };
  const pairs: [unknown, unknown[]][] = [
    [{ type: ["string", "null"] }, ["a", null, 1, {}, []]],
    [{ type: "integer", minimum: 0, maximum: 10, multipleOf: 2 }, [0, 4, 10, 12, -2, 3, 4.5, "4"]],
    [{ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 }, [0.5, 0, 1, -1, 2]],
    [{ enum: ["a", 2, null, [1, { x: 1 }]] }, ["a", 2, null, [1, { x: 1 }], [1, { x: 2 }], "b", 3]],
    [{ const: { a: [1, 2] } }, [{ a: [1, 2] }, { a: [2, 1] }, { a: [1, 2], b: 1 }]],
    [{ type: "string", minLength: 2, maxLength: 3 }, ["ab", "abc", "a", "abcd", "😀😀", "😀"]],
    [{ type: "string", pattern: "^[a-z]{2}-\\d+$" }, ["ab-1", "ab-", "AB-1", "xab-12"]],
    [
      { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 3, uniqueItems: true },
      [[1], [1, 2, 3], [], [1, 2, 3, 4], [1, 1], [1, "a"]],
    ],
    [
      { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false },
      [["a", 1], ["a"], ["a", 1, 2], [1, "a"], []],
    ],
    [
      { type: "array", uniqueItems: true },
      [
        [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
        [[1], [1, 0]],
        [1, true, "1", null],
      ],
    ],
    [
      {
        type: "object",
        required: ["a"],
        properties: { a: { type: "string" }, b: { type: "integer" } },
        additionalProperties: false,
      },
      [
        { a: "x" },
        { a: "x", b: 1 },
        { b: 1 },
        { a: "x", c: 1 },
        { a: 1 },
        { a: "x", constructor: 1 },
        JSON.parse('{"a":"x","__proto__":1}'),
      ],
    ],
    [
      { type: "object", additionalProperties: { type: "integer" }, minProperties: 1, maxProperties: 2 },
      [{ a: 1 }, { a: 1, b: 2 }, {}, { a: 1, b: 2, c: 3 }, { a: "1" }],
    ],
    [{ type: "object", propertyNames: { maxLength: 3 } }, [{ abc: 1 }, { abcd: 1 }, {}]],
    [
      { type: "object", properties: { toString: { type: "integer" } }, required: ["toString"] },
      [{ toString: 1 }, {}, { toString: "x" }],
    ],
    [{ allOf: [{ type: "object", required: ["a"] }, { required: ["b"] }] }, [{ a: 1, b: 1 }, { a: 1 }, {}, 1]],
    [{ anyOf: [{ type: "string", maxLength: 2 }, { type: "integer" }] }, ["ab", "abc", 1, 1.5, null]],
    [{ oneOf: [{ type: "integer" }, { type: "number", minimum: 10 }] }, [1, 5.5, 20.5, 20, "x"]],
    [{ not: { enum: ["admin", "root"] } }, ["user", "admin", 1]],
    [{ anyOf: [{ type: "null" }, { $ref: "#/components/schemas/Name" }] }, [null, "abc", "Abc", "", "abcdefghi", 3]],
    [
      { $ref: "#/components/schemas/Node" },
      [
        { id: 1 },
        { id: 1, children: [{ id: 2, children: [] }] },
        { id: 1, children: [{ id: "2" }] },
        { children: [] },
        { id: 1, children: [{ id: 2, children: [{}] }] },
      ],
    ],
    [true, [1, "a", null, {}]],
    [false, [1, "a", null, {}]],
    [{ type: "object", properties: { gone: false } }, [{}, { gone: 1 }, { gone: null }]],
    [
      { type: "object", properties: { a: { type: "integer" } }, additionalProperties: true },
      [{ a: 1, b: 2 }, { a: "1" }],
    ],
    [{ type: ["integer", "string"], minimum: 5, minLength: 2 }, [5, 4, "ab", "a", 4.5]],
  ];
  // JSON objects have own properties only, so the reference looks at nothing else
  const ajv = new Ajv2020({ strict: false, allErrors: true, ownProperties: true });

  it.each(pairs)("on %j", (schema, values) => {
    const ours = load(components, { root: schema }).root!;
    const theirs = ajv.compile(
      typeof schema === "boolean" ? schema : { ...(schema as object), components: { schemas: components } },
    );

    for (const value of values) {
      expect(check(ours, value, "v").length === 0, JSON.stringify(value)).toBe(theirs(value));
    }
  });
});

describe("propertyNames", () => {
  it("checks every field name of an object against its schema, naming the field", () => {
    const schema = {
      type: "object",
      propertyNames: { pattern: "^[A-Z_]+$" },
      additionalProperties: { type: "string" },
    };

    expect(issues(schema, { HOME: "/root", PATH: "/bin" })).toEqual([]);
    expect(issues(schema, { HOME: "/root", home: "/root" })).toEqual([
      { path: "v.home", message: "must match /^[A-Z_]+$/" },
    ]);
  });
});
