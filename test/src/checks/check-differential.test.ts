import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check } from "../../../src/checks/check.js";
import { loadSchemas } from "../../support/schema-fixtures.js";

// ajv-formats is CommonJS: its default export may arrive wrapped
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

// the reference: JSON Schema 2020-12 in full, formats as ajv-formats' "full" mode checks them
const ajv = new Ajv2020({ strict: false, allErrors: false, ownProperties: true, validateFormats: true });
addFormats(ajv);

const SCHEMAS_PER_RUN = 2_500;
const VALUES_PER_SCHEMA = 4;

// few names, so that generated objects and schemas meet on them
const NAME = fc.constantFrom("a", "b", "c", "id");
// small integers and binary fractions only: on those a binary division is exact, so Ajv's multipleOf
// is right (the literal cases below cover what it gets wrong)
const NUMBER = fc.oneof(
  fc.integer({ min: -20, max: 20 }),
  fc.integer({ min: -80, max: 80 }).map((n) => n / 4),
  fc.constantFrom(0, -0, 2 ** 40),
);
const DATES = fc
  .tuple(fc.integer({ min: 1899, max: 2101 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
const TIMES = fc
  .tuple(
    fc.integer({ min: 0, max: 24 }),
    fc.integer({ min: 0, max: 60 }),
    fc.integer({ min: 0, max: 61 }),
    fc.constantFrom("", ".5", ".123456"),
    fc.constantFrom("Z", "z", "", "+01:00", "-08:00", "+0100", "+05", "+24:00", "-00:60", "+23:59"),
  )
  .map(
    ([h, m, s, frac, zone]) =>
      `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}${frac}${zone}`,
  );
const STRING = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "grapheme", maxLength: 4 }),
  DATES,
  fc.tuple(DATES, fc.constantFrom("T", "t", " ", "x", "TT"), TIMES).map(([d, sep, t]) => d + sep + t),
  fc.constantFrom(
    "2021-02-29",
    "2020-02-29",
    "1900-02-29",
    "2000-02-29",
    "1990-02-31T15:59:59.123-08:00",
    "1990-12-31T15:59:60-08:00",
    "1990-12-31T23:59:60Z",
    "2021-01-01T23:59:60+00:30",
    "2021-01-01T12:00:00",
    "3f2b8c1e-9a4d-4e7b-8c2d-1a2b3c4d5e6f",
    "urn:uuid:3F2B8C1E-9A4D-4E7B-8C2D-1A2B3C4D5E6F",
    "3f2b8c1e9a4d4e7b8c2d1a2b3c4d5e6f",
    "3f2b8c1e-9a4d-4e7b-8c2d-1a2b3c4d5e6g",
    "te..st@example.com",
    "test@example.com",
    "a.b+c@d-e.example.org",
    ".a@example.com",
    "a@-example.com",
    "a@example",
    "ops@@example.com",
    "é@example.com",
    "a b@example.com",
  ),
);
const VALUE: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    NUMBER,
    STRING,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(NAME, tie("value"), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

const PATTERN = fc.constantFrom("^[a-z]+$", "\\d", "^.{2}$", "^\\p{Lu}", "a|b", "^$");
const FORMAT = fc.constantFrom("date", "date-time", "uuid", "email");

// every keyword check() claims, booleans anywhere a schema may be
const SCHEMA: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => {
  const sub = tie("schema");
  const subs = fc.array(sub, { minLength: 1, maxLength: 3 });
  const keyword = fc.oneof(
    fc.record({
      type: fc.oneof(
        fc.constantFrom("integer", "number", "string", "boolean", "null", "array", "object"),
        fc.uniqueArray(fc.constantFrom("integer", "number", "string", "boolean", "null", "array", "object"), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
    }),
    fc.record({ enum: fc.array(VALUE, { minLength: 1, maxLength: 4 }) }),
    fc.record({ const: VALUE }),
    fc.record({ minimum: NUMBER }),
    fc.record({ maximum: NUMBER }),
    fc.record({ exclusiveMinimum: NUMBER }),
    fc.record({ exclusiveMaximum: NUMBER }),
    fc.record({ multipleOf: fc.constantFrom(1, 2, 3, 0.5, 0.25, 4.5) }),
    fc.record({ minLength: fc.integer({ min: 0, max: 4 }) }),
    fc.record({ maxLength: fc.integer({ min: 0, max: 4 }) }),
    fc.record({ pattern: PATTERN }),
    fc.record({ format: FORMAT }),
    fc.record({ items: sub }),
    fc.record({ prefixItems: subs }),
    fc.record({ minItems: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ maxItems: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ uniqueItems: fc.boolean() }),
    fc.record({ properties: fc.dictionary(NAME, sub, { maxKeys: 3, noNullPrototype: true }) }),
    fc.record({ required: fc.uniqueArray(NAME, { maxLength: 3 }) }),
    fc.record({ additionalProperties: sub }),
    fc.record({ propertyNames: sub }),
    fc.record({ minProperties: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ maxProperties: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ allOf: subs }),
    fc.record({ anyOf: subs }),
    fc.record({ oneOf: subs }),
    fc.record({ not: sub }),
  );
  return {
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.boolean(),
      fc.array(keyword, { maxLength: 4 }).map((parts) => Object.assign({}, ...parts)),
    ),
  };
}).schema;

/** The instances a schema is judged on: random ones, and ones built to pass its parts. */
const CASE = fc.tuple(SCHEMA, fc.array(VALUE, { minLength: VALUES_PER_SCHEMA, maxLength: VALUES_PER_SCHEMA }));

/**
 * Compares check()'s verdict on each value with Ajv's, and counts the values Ajv could not judge:
 * Ajv 8.17's generated code throws a ReferenceError on some schemas (`{"anyOf": [{"anyOf":
 * [{"properties": {"a": false}}], "not": true}, {}]}` throws "props0 is not defined" on any
 * value), where there is no reference verdict to hold check() to; "Ajv crashes" below pins what
 * check() says there.
 */
function agree(
  ours: (value: unknown) => boolean,
  theirs: (value: unknown) => boolean,
  schema: unknown,
  values: unknown[],
  unjudged: { count: number },
): void {
  for (const value of values) {
    let verdict: boolean;
    try {
      verdict = theirs(value);
    } catch (err) {
      if (!(err instanceof ReferenceError)) throw err;
      unjudged.count++;
      continue;
    }
    expect(ours(value), `${JSON.stringify(schema)} on ${JSON.stringify(value)}`).toBe(verdict);
  }
}

describe("check() agrees with Ajv (JSON Schema 2020-12, ajv-formats full) on generated schemas and values", () => {
  it(`gives Ajv's verdict on ${SCHEMAS_PER_RUN * VALUES_PER_SCHEMA} generated requests`, () => {
    const unjudged = { count: 0 };
    fc.assert(
      fc.property(CASE, ([schema, values]) => {
        const ours = loadSchemas({}, { root: schema }).root!;
        agree((value) => check(ours, value, "v").length === 0, ajv.compile(schema as object), schema, values, unjudged);
      }),
      { numRuns: SCHEMAS_PER_RUN },
    );
    // so few that the comparison still covers the cases it claims
    expect(unjudged.count).toBeLessThan((SCHEMAS_PER_RUN * VALUES_PER_SCHEMA) / 100);
  }, 120_000);

  it("gives an answer Ajv's verdict once unknown fields are allowed and oneOf means anyOf", () => {
    // what an answer check relaxes, written into the reference's schema instead
    const relax = (s: unknown): unknown => {
      if (Array.isArray(s)) return s.map(relax);
      if (typeof s !== "object" || s === null) return s;
      const out: Record<string, any> = {};
      for (const [k, v] of Object.entries(s)) {
        if (k === "enum" || k === "const") out[k] = v;
        else if (k === "properties")
          out[k] = Object.fromEntries(Object.entries(v as object).map(([n, p]) => [n, relax(p)]));
        // beside an anyOf of its own, under allOf
        else if (k === "oneOf" || k === "allOf")
          out.allOf = [...(out.allOf ?? []), ...(k === "oneOf" ? [{ anyOf: relax(v) }] : (relax(v) as unknown[]))];
        else if (!(k === "additionalProperties" && v === false)) out[k] = relax(v);
      }
      return out;
    };
    const unjudged = { count: 0 };
    fc.assert(
      fc.property(CASE, ([schema, values]) => {
        const ours = loadSchemas({}, { root: schema }).root!;
        agree(
          (value) => check(ours, value, "v", [], true).length === 0,
          ajv.compile(relax(schema) as object),
          schema,
          values,
          unjudged,
        );
      }),
      { numRuns: 1_000 },
    );
    expect(unjudged.count).toBeLessThan((1_000 * VALUES_PER_SCHEMA) / 100);
  }, 120_000);

  it("judges by the schema where Ajv crashes: an anyOf with an empty branch accepts anything", () => {
    const schema = { anyOf: [{ anyOf: [{ properties: { a: false } }], not: true }, {}] };
    const ours = loadSchemas({}, { root: schema }).root!;

    expect(() => ajv.compile(schema)([0])).toThrow(ReferenceError);
    for (const value of [[0, 0, 0, 0], { a: 1 }, 0, null]) {
      expect(check(ours, value, "v")).toEqual([]);
      expect(check(ours, value, "v", [], true)).toEqual([]);
    }
    // and the branch that refuses everything does refuse
    expect(check(loadSchemas({}, { root: schema.anyOf[0]! }).root!, { b: 1 }, "v")).toEqual([
      { path: "v", message: "is not allowed" },
    ]);
  });
});

describe("formats", () => {
  it("checks date, date-time, uuid and email as ajv-formats' full mode does, impossible dates included", () => {
    const ours = Object.fromEntries(
      ["date", "date-time", "uuid", "email"].map((format) => [format, loadSchemas({}, { root: { format } }).root!]),
    );
    const theirs = Object.fromEntries(Object.keys(ours).map((format) => [format, ajv.compile({ format })]));
    fc.assert(
      fc.property(FORMAT, STRING, (format, value) => {
        expect(check(ours[format]!, value, "v").length === 0, `${format}: ${JSON.stringify(value)}`).toBe(
          theirs[format]!(value),
        );
      }),
      { numRuns: 5_000 },
    );
  });

  it("refuses the impossible dates and addresses a pattern lets through", () => {
    const of = (format: string) => loadSchemas({}, { root: { format } }).root!;
    for (const [format, value] of [
      ["date", "2021-02-29"],
      ["date-time", "1990-02-31T15:59:59.123-08:00"],
      ["email", "te..st@example.com"],
      ["date-time", "2021-01-01T12:59:60+01:00"],
      ["date", "2021x01-01"],
      ["date", "2021-01/01"],
      ["date-time", "2021-01x01T00:00:00Z"],
    ] as const) {
      expect(check(of(format), value, "v")).toEqual([{ path: "v", message: `must be ${format}` }]);
    }
    expect(check(of("date"), "2000-02-29", "v")).toEqual([]);
    expect(check(of("date-time"), "1990-12-31T15:59:60-08:00", "v")).toEqual([]);
  });
});

// thousands of generated cases each: a loaded machine takes longer than the default 15 s to run them,
// and what they judge is the answer, not the time
describe("multipleOf on decimals", { timeout: 120_000 }, () => {
  // the oracle is integer arithmetic on the digits the JSON text writes, not the code under test
  it("accepts exactly the decimals that are whole multiples of a decimal step", () => {
    const schema = (step: number) => loadSchemas({}, { root: { multipleOf: step } }).root!;
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 6 }),
        (digits, places, stepDigits, stepPlaces) => {
          const top = Math.max(places, stepPlaces);
          const expected =
            (BigInt(digits) * 10n ** BigInt(top - places)) % (BigInt(stepDigits) * 10n ** BigInt(top - stepPlaces)) ===
            0n;
          const value = Number(`${digits}e-${places}`);
          expect(check(schema(Number(`${stepDigits}e-${stepPlaces}`)), value, "v").length === 0).toBe(expected);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("judges decimals far from 1 the same way: up to 40 places, and whole numbers up to 10^30", () => {
    const schema = (step: number) => loadSchemas({}, { root: { multipleOf: step } }).root!;
    fc.assert(
      fc.property(
        fc.integer({ min: -9_999, max: 9_999 }),
        fc.integer({ min: -30, max: 40 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 40 }),
        (digits, places, stepDigits, stepPlaces) => {
          // digits * 10^-places as a * 10^-p with p >= 0, against stepDigits * 10^-stepPlaces, both scaled to whole numbers
          const [a, p] = places >= 0 ? [BigInt(digits), places] : [BigInt(digits) * 10n ** BigInt(-places), 0];
          const top = Math.max(p, stepPlaces);
          const expected = (a * 10n ** BigInt(top - p)) % (BigInt(stepDigits) * 10n ** BigInt(top - stepPlaces)) === 0n;
          const value = Number(`${digits}e${-places}`);
          expect(
            check(schema(Number(`${stepDigits}e-${stepPlaces}`)), value, "v").length === 0,
            `${digits}e${-places} by ${stepDigits}e-${stepPlaces}`,
          ).toBe(expected);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  // values a hair off a multiple, whose decimals are long: 4.519999999999999e-22 is
  // 4519999999999999e-37, which leaves 4999999999999e-37 over 5e-25; 3.1919999999999998e25 is
  // 2e9 short of 7 * 4.56e24. Where scaling by 10^scale is no longer exact (past 10^22), or the
  // step is a whole number past 2^53, only the decimals decide.
  it.each([
    [5e-25, 4.519999999999999e-22],
    [4.56e24, 3.1919999999999998e25],
  ])("refuses a value a hair off a multiple of %s: %s", (step, value) => {
    const issues = check(loadSchemas({}, { root: { multipleOf: step } }).root!, value, "v");

    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/^must be a multiple of /);
  });

  it("takes the two-decimal amounts a binary division refuses", () => {
    const cents = loadSchemas({}, { root: { type: "number", multipleOf: 0.01 } }).root!;
    const refused = Array.from({ length: 1000 }, (_, i) => Number((i / 100).toFixed(2))).filter(
      (amount) => check(cents, amount, "v").length,
    );

    expect(refused).toEqual([]);
    expect(check(loadSchemas({}, { root: { multipleOf: 0.0001 } }).root!, 0.0075, "v")).toEqual([]);
    // 65.01 * 10^14 is 6501000000000001 in binary floating point, and scales back to 65.01
    expect(check(loadSchemas({}, { root: { multipleOf: 2e-14 } }).root!, 65.01, "v")).toEqual([]);
    expect(check(cents, 0.001, "v")).toEqual([{ path: "v", message: "must be a multiple of 0.01" }]);
    expect(check(cents, 1e-7, "v")).toEqual([{ path: "v", message: "must be a multiple of 0.01" }]);
    // Ajv's division takes 2^53 as a multiple of 4.5 and its parseInt refuses 1e21 as one of 1
    expect(check(cents, 1e21, "v")).toEqual([]);
    expect(check(loadSchemas({}, { root: { multipleOf: 1 } }).root!, 1e21, "v")).toEqual([]);
    expect(check(loadSchemas({}, { root: { multipleOf: 4.5 } }).root!, 2 ** 53, "v")).toEqual([
      { path: "v", message: "must be a multiple of 4.5" },
    ]);
  });
});
