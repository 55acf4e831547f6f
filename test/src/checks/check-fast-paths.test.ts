import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Schema } from "../../../generated/validators.js";
import { compile } from "../../../src/checks/schema-compiler.js";
import { check } from "../../../src/checks/check.js";
import { loadSchemas } from "../../support/schema-fixtures.js";

// the checker's fast paths (formats read a character code at a time, fields walked by for...in with
// the last key order remembered, a closure of its own for a type and a format), each held to Ajv or
// to literal verdicts on the inputs that would trip them

// ajv-formats is CommonJS: its default export may arrive wrapped
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: false, ownProperties: true, validateFormats: true });
addFormats(ajv);

const one = (schema: unknown): Schema => loadSchemas({}, { root: schema }).root!;
// the verdict alone, as check() first asks it: a fast path that refuses too much would otherwise be
// hidden by the walk that names the issues, which then finds none
const verdict = (schema: Schema, value: unknown, answer = false) => compile(schema, answer)(value, "v", undefined, 0);

/** `base` with up to three characters replaced, inserted or removed: the near misses a format reader must refuse. */
const mutated = (base: fc.Arbitrary<string>, alphabet: string[]) =>
  fc
    .tuple(
      base,
      fc.array(fc.tuple(fc.constantFrom("set", "insert", "remove"), fc.nat(), fc.constantFrom(...alphabet)), {
        maxLength: 3,
      }),
    )
    .map(([text, edits]) =>
      edits.reduce((s, [edit, at, c]) => {
        const i = s.length ? at % (s.length + 1) : 0;
        return edit === "set"
          ? s.slice(0, i) + c + s.slice(i + 1)
          : edit === "insert"
            ? s.slice(0, i) + c + s.slice(i)
            : s.slice(0, i) + s.slice(i + 1);
      }, text),
    );

// look-alikes: non-ASCII digits and letters, signs, separators and whitespace that \s matches
const TRICKY = [
  "0",
  "9",
  "a",
  "f",
  "g",
  "A",
  "F",
  "G",
  "-",
  "+",
  ":",
  ".",
  "T",
  "t",
  "Z",
  "z",
  " ",
  "\t",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "٣",
  "０",
  "é",
  "İ",
  "K",
  "\u0000",
  "x",
];
const HEX = fc.constantFrom(..."0123456789abcdefABCDEF");
const hex = (n: number) => fc.string({ unit: HEX, minLength: n, maxLength: n });
const UUIDS = fc
  .tuple(
    fc.constantFrom("", "urn:uuid:", "URN:UUID:", "Urn:Uuid:", "urn:uuid", "urn:uuid::"),
    hex(8),
    hex(4),
    hex(4),
    hex(4),
    hex(12),
  )
  .map(([prefix, ...parts]) => prefix + parts.join("-"));
const digits = (n: number, max: number) => fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, "0"));
const DATES = fc.tuple(digits(4, 9999), digits(2, 13), digits(2, 32)).map(([y, m, d]) => `${y}-${m}-${d}`);
const DATE_TIMES = fc
  .tuple(
    DATES,
    fc.constantFrom("T", "t", " ", "\t", "\u00a0", "x"),
    digits(2, 24),
    digits(2, 60),
    digits(2, 61),
    fc.constantFrom("", ".5", ".123456789", "."),
    fc.constantFrom("Z", "z", "+01:00", "-08:00", "+0100", "+05", "+24:00", "-00:60", "", "+1:00"),
  )
  .map(([d, sep, h, m, s, frac, zone]) => `${d}${sep}${h}:${m}:${s}${frac}${zone}`);

describe("formats read a character code at a time", () => {
  it.each([
    ["uuid", UUIDS],
    ["date", DATES],
    ["date-time", DATE_TIMES],
  ] as const)("give ajv-formats' verdict on %s strings and their near misses", (format, strings) => {
    const ours = one({ format });
    const theirs = ajv.compile({ format });
    fc.assert(
      fc.property(fc.oneof(strings, mutated(strings, TRICKY)), (value) => {
        expect(check(ours, value, "v").length === 0, JSON.stringify(value)).toBe(theirs(value));
        expect(verdict(ours, value)).toBe(theirs(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it("take a date-time's separator as T, t or whitespace only, not a character that folds to a space", () => {
    const ours = one({ format: "date-time" });
    for (const separator of ["T", "t", " ", "\t", "\u2028"])
      expect(verdict(ours, `2021-01-01${separator}00:00:00Z`), JSON.stringify(separator)).toBe(true);
    for (const separator of ["\u0000", "\u0014", "@", "4"])
      expect(verdict(ours, `2021-01-01${separator}00:00:00Z`), JSON.stringify(separator)).toBe(false);
  });

  it.each([
    ["uuid", "3f2b8c1e-9a4d-4e7b-8c2d-1a2b3c4d5e6f", true],
    ["uuid", "URN:UUID:3F2B8C1E-9A4D-4E7B-8C2D-1A2B3C4D5E6F", true],
    ["uuid", "3f2b8c1e-9a4d-4e7b-8c2d-1a2b3c4d5e6", false],
    ["uuid", "3f2b8c1e-9a4d-4e7b-8c2d-1a2b3c4d5e6g", false],
    ["uuid", "3f2b8c1e-9a4d-4e7b-8c2d1-a2b3c4d5e6f", false],
    ["uuid", "3f2b8c1e-9a4d-4e7b-8c2d-1a2b3c4d5e-f", false],
    ["uuid", "3f2b8c1e99a4d-4e7b-8c2d-1a2b3c4d5e6f", false],
    ["uuid", "3f2b8c1é-9a4d-4e7b-8c2d-1a2b3c4d5e6f", false],
    ["uuid", "urn:uuid 3f2b8c1e-9a4d-4e7b-8c2d-1a2b3c4d5e6f", false],
    ["date", "2021-02-29", false],
    ["date", "2020-02-29", true],
    ["date", "2020-0２-29", false],
    ["date", "F000-01-01", false],
    ["date-time", " 000-01-01T00:00:00Z", false],
    ["date-time", "1990-02-31T15:59:59.123-08:00", false],
    ["date-time", "1990-12-31T15:59:60-08:00", true],
    // an address at a host name: labels of letters, digits and inner hyphens
    ["email", "user@example.info", true],
    ["email", "a.b@sub.example-1.co", true],
    ["email", "a@ex_ample.com", false],
    ["email", "a@example_.com", false],
    ["email", "a@example._om", false],
    ["email", "a@example.co_", false],
    ["email", "a@-example.com", false],
    ["email", "a@x.example.com", true],
    ["email", "a@example.c", true],
    ["email", "a@example.c_m", false],
    // the whole text is the address: nothing before it, nothing after
    ["email", " user@example.info", false],
    ["email", "user@example.info!", false],
    // a leap second is 23:59:60 UTC: where the offset has minutes, the UTC minute can be the hour before
    ["date-time", "2017-01-01T05:29:60+05:30", true],
    ["date-time", "2017-01-01T00:29:60+00:30", true],
    ["date-time", "2016-12-31T23:29:60-00:30", true],
    ["date-time", "2016-12-31T23:59:60+01:00", false],
    ["date-time", "2017-01-01T05:30:60+05:30", false],
    ["date-time", "2016-12-31T23:59:61Z", false],
    ["date-time", "2021-01-01\u00a012:00:00Z", true],
    ["date-time", "2021-01-01T12:00:00.Z", false],
    ["date-time", "2021-01-01T12:00:00+01:0", false],
    ["date-time", "2021-01-01T12:00:00+05x30", false],
    ["date-time", "2021-01-01T12:00:00+0530", true],
  ] as const)("%s %j: %s", (format, value, valid) => {
    expect(check(one({ format }), value, "v")).toEqual(valid ? [] : [{ path: "v", message: `must be ${format}` }]);
  });
});

describe("a type and a format alone get a closure of their own", () => {
  it("refuses the wrong type, then a bad format, and lets the other types of the list through", () => {
    const id = one({ type: ["string", "null"], format: "uuid" });
    expect(check(id, null, "v")).toEqual([]);
    expect(check(id, 7, "v")).toEqual([{ path: "v", message: "must be string or null" }]);
    expect(check(id, "nope", "v")).toEqual([{ path: "v", message: "must be uuid" }]);
    expect(check(one({ format: "date" }), 7, "v")).toEqual([]);
  });

  it("still checks the other keywords beside a format", () => {
    expect(check(one({ format: "uuid", properties: { a: { type: "string" } } }), { a: 1 }, "v")).toEqual([
      { path: "v.a", message: "must be string" },
    ]);
    expect(check(one({ format: "uuid", items: { type: "string" } }), [1], "v")).toEqual([
      { path: "v[0]", message: "must be string" },
    ]);
    expect(check(one({ format: "uuid", enum: ["x"] }), "y", "v")).toEqual([
      { path: "v", message: 'must be one of: "x"' },
      { path: "v", message: "must be uuid" },
    ]);
  });
});

describe("object fields walked by for...in, the last key order remembered", () => {
  const row = one({
    type: "object",
    required: ["id", "n"],
    properties: { id: { type: "string" }, n: { type: "integer" }, tag: { enum: ["a", "b"] } },
    additionalProperties: false,
  });

  it("checks each field by its own name whatever order the objects come in", () => {
    // the third object puts n where the first two had id: a remembered position must not lend it id's check
    const rows = [
      { id: "x", n: 1 },
      { id: "y", n: 2 },
      { n: "three", id: "z" },
      { tag: "c", id: "w", n: 4 },
      { id: 5, n: 5 },
    ];
    expect(check(one({ type: "array", items: row }), rows, "v")).toEqual([
      { path: "v[2].n", message: "must be integer" },
      { path: "v[3].tag", message: 'must be one of: "a", "b"' },
      { path: "v[4].id", message: "must be string" },
    ]);
  });

  it("finds a missing required field though the object has as many fields as required", () => {
    const rows = [
      { id: "x", n: 1 },
      { id: "x", tag: "a" },
    ];
    expect(check(one({ type: "array", items: row }), rows, "v", [], true)).toEqual([
      { path: "v[1].n", message: "is required" },
    ]);
    expect(verdict(row, { tag: "a", n: 1, id: "x" }, true)).toBe(true);
  });

  it("agrees with Ajv on lists of objects whose keys come in any order, with more fields than it remembers", () => {
    const names = [...Array.from({ length: 70 }, (_, i) => `f${i}`), "x".repeat(65), "y".repeat(65)];
    const schema = {
      type: "array",
      items: {
        type: "object",
        required: ["f0", "f69", "x".repeat(65)],
        properties: Object.fromEntries(names.map((n, i) => [n, { type: i % 2 ? "string" : "integer" }])),
      },
    };
    const ours = one(schema);
    const theirs = ajv.compile(schema);
    const value = fc.oneof(fc.integer(), fc.constantFrom("s"));
    const object = fc
      .shuffledSubarray(names)
      .chain((keys) =>
        fc.tuple(...keys.map((k) => value.map((v) => [k, v] as const))).map((pairs) => Object.fromEntries(pairs)),
      );
    fc.assert(
      fc.property(fc.array(object, { maxLength: 6 }), (rows) => {
        expect(check(ours, rows, "v").length === 0, JSON.stringify(rows)).toBe(theirs(rows));
        expect(verdict(ours, rows)).toBe(theirs(rows));
        expect(verdict(ours, rows, true)).toBe(theirs(rows));
      }),
      { numRuns: 300 },
    );
  });

  it("agrees with Ajv on a recursive schema, whose walk re-enters the same object check", () => {
    const { Node } = loadSchemas({
      Node: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string" },
          size: { type: "integer" },
          kids: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        },
      },
    });
    const theirs = ajv.compile({
      $ref: "#/$defs/Node",
      $defs: {
        Node: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string" },
            size: { type: "integer" },
            kids: { type: "array", items: { $ref: "#/$defs/Node" } },
          },
        },
      },
    });
    const node: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc
        .tuple(
          fc.shuffledSubarray(["name", "size", "kids"]),
          fc.constantFrom("n", 1),
          fc.constantFrom(2, "2"),
          fc.oneof({ maxDepth: 3 }, fc.constant([]), fc.array(tie("node"), { maxLength: 3 })),
        )
        .map(([keys, name, size, kids]) =>
          Object.fromEntries(keys.map((k) => [k, k === "name" ? name : k === "size" ? size : kids])),
        ),
    })).node;
    fc.assert(
      fc.property(node, (tree) => {
        expect(check(Node!, tree, "v").length === 0, JSON.stringify(tree)).toBe(theirs(tree));
        expect(verdict(Node!, tree, true)).toBe(theirs(tree));
      }),
      { numRuns: 500 },
    );
  });

  it("counts own enumerable fields only, as JSON.stringify sends them", () => {
    const point = one({
      type: "object",
      required: ["x"],
      properties: { x: { type: "integer" } },
      additionalProperties: false,
    });
    expect(check(point, Object.create({ x: 1 }), "v")).toEqual([{ path: "v.x", message: "is required" }]);
    expect(check(point, Object.defineProperty({}, "x", { value: 1, enumerable: false }), "v")).toEqual([
      { path: "v.x", message: "is required" },
    ]);
    expect(check(point, Object.assign(Object.create({ y: 1 }), { x: 1 }), "v")).toEqual([]);
    expect(check(point, JSON.parse('{"x":1,"__proto__":2}'), "v")).toEqual([
      { path: "v.__proto__", message: "is not a known field" },
    ]);
  });

  it("ignores a field Object.prototype was given, though for...in lists it", () => {
    const point = one({
      type: "object",
      required: ["x"],
      properties: { x: { type: "integer" } },
      additionalProperties: false,
    });
    // compiled and run before the pollution, as a stream's reader keeps its check
    const kept = compile(point, true);
    const keptList = compile(one({ type: "array", items: { type: "object", required: ["x"] } }), true);
    expect(kept({ x: 2 }, "v", undefined, 0)).toBe(true);
    expect(keptList([{ x: 2 }], "v", undefined, 0)).toBe(true);
    const proto = Object.prototype as Record<string, unknown>;
    proto.x = 1;
    proto.polluted = "yes";
    try {
      expect(kept({}, "v", undefined, 0)).toBe(false);
      expect(keptList([{}], "v", undefined, 0)).toBe(false);
      expect(check(point, {}, "v")).toEqual([{ path: "v.x", message: "is required" }]);
      expect(check(point, { x: 2 }, "v")).toEqual([]);
    } finally {
      delete proto.x;
      delete proto.polluted;
    }
  });
});
