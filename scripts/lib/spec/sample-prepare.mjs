// The document as openapi-sampler is given it (sample.mjs): a copy in which what openapi-sampler
// would build wrong is said so that it builds it right (a pattern's string drawn, a format's value,
// a part's fields typed, branches reordered), and, bare, without the document's own examples.
import { deref } from "./refs.mjs";
import { partsOf } from "./schema-properties.mjs";
import { fieldsOf, isRecord, keyword } from "./guards.mjs";
import { ANNOTATIONS } from "./schema-walk.mjs";
import { allows, patternString } from "./sample-values.mjs";

/** Values for the formats openapi-sampler does not know. */
// `byte` is base64 (OpenAPI 3.0), which openapi-sampler leaves as "string", not base64 (its length is no multiple of 4)
/** @type {Record<string, string>} */
const FORMAT_VALUES = { url: "https://example.com/", byte: "c2FtcGxl" };
/** The keywords that only annotate a schema, asking nothing of its value. */
const ANNOTATING = new Set(ANNOTATIONS);
/** The keywords that make a string's value given, not drawn. */
const GIVEN = ["example", "examples", "default", "const", "enum"];

/**
 * A copy of the document in which every patterned string schema without a value of its own gets an
 * `example` drawn from its pattern, so that openapi-sampler, which reads `example`, gives it; with
 * `bare`, the document's own examples and defaults are dropped first, for when they break their
 * schema. `adopt(node)` gives the copy of a node of the document, or a prepared copy of a schema
 * made elsewhere (whose `$ref`s point into the copy).
 * @param {unknown} spec
 * @param {boolean} bare
 * @returns {{ doc: unknown, adopt: (node: unknown) => unknown }}
 */
export function prepared(spec, bare) {
  /** @type {Map<object, unknown>} the copy of each object met */
  const twin = new Map();
  const EXAMPLE_KEYS = new Set(["example", "examples", "default", "value"]);
  /** @type {(node: unknown, inExample: boolean) => unknown} */
  const copyOf = (node, inExample) => {
    if (!node || typeof node !== "object") return node;
    const known = twin.get(node);
    if (known !== undefined) return known;
    /** @type {unknown[] | Record<string, unknown>} */
    const copy = Array.isArray(node) ? [] : {};
    twin.set(node, copy);
    // an array's items are set by their keys, as an object's fields
    for (const [key, child] of Object.entries(node))
      Reflect.set(copy, key, copyOf(child, inExample || EXAMPLE_KEYS.has(key)));
    if (!inExample && isRecord(copy)) prepare(copy);
    return copy;
  };
  const prepare = (/** @type {Record<string, unknown>} */ schema) => {
    if (bare) withoutOwnValues(schema);
    typedParts(schema);
    narrowerFieldsLast(spec, schema);
    patternOfParts(spec, schema);
    formatExample(schema);
    patternExample(schema);
    nullBranchesLast(schema);
  };
  const doc = copyOf(spec, false);
  return { doc, adopt: (node) => copyOf(node, false) };
}

/**
 * A schema without the document's own values (`example`, `examples`, `default`), for when they
 * break it; only a schema's own keys (a field may be named `example`): one with a type, fields,
 * items or branches.
 * @param {Record<string, unknown>} schema changed in place
 */
function withoutOwnValues(schema) {
  const isSchema =
    typeof schema.type === "string" ||
    Array.isArray(schema.type) ||
    schema.properties ||
    schema.items ||
    Array.isArray(schema.oneOf) ||
    Array.isArray(schema.anyOf) ||
    Array.isArray(schema.allOf);
  if (!isSchema) return;
  delete schema.example;
  delete schema.examples;
  delete schema.default;
}

/**
 * A part of a schema's `allOf`, `oneOf` or `anyOf` that has fields but says no type: openapi-sampler's
 * merge reads it as a string and its fields as strings, so it is said to be the object its fields
 * make it; and a field of it that says nothing of its value (`{}`, beside `required`), which the
 * merge would put in place of the field as the rest of the schema describes it, is left out.
 * @param {Record<string, unknown>} schema its parts changed in place
 */
function typedParts(schema) {
  for (const part of partsOf(schema)) {
    if (!isRecord(part) || !isRecord(part.properties)) continue;
    const properties = part.properties;
    const fields = Object.entries(properties);
    if (!fields.every(([, field]) => isRecord(field) || typeof field === "boolean")) continue;
    if (part.type === undefined) part.type = "object";
    for (const [name, field] of fields) if (isRecord(field) && Object.keys(field).length === 0) delete properties[name];
  }
}

/**
 * Fields an allOf's parts and the schema itself both describe: openapi-sampler samples the schema's
 * own first and lets the parts' samples take their place, so a field the schema says more of (a
 * `format: uuid` beside a part's plain string) is sampled from the part alone; such fields join the
 * allOf as its last part, whose sample takes the place of the others'.
 * @param {unknown} spec the document as written, for the parts' `$ref`s
 * @param {Record<string, unknown>} schema changed in place
 */
function narrowerFieldsLast(spec, schema) {
  if (!Array.isArray(schema.allOf) || !isRecord(schema.properties)) return;
  const parts = schema.allOf.map((/** @type {unknown} */ part) => deref(spec, part));
  // what a field asks of its value: its keywords but those that only annotate it
  const said = (/** @type {unknown} */ field) =>
    isRecord(field) ? Object.keys(field).filter((key) => !ANNOTATING.has(key) && !key.startsWith("x-")).length : 0;
  const narrower = Object.entries(schema.properties).filter(([name, field]) =>
    parts.some((part) => {
      const properties = keyword(part, "properties");
      return (
        isRecord(properties) && Object.hasOwn(properties, name) && said(field) > said(deref(spec, properties[name]))
      );
    }),
  );
  if (narrower.length) schema.allOf = [...schema.allOf, { type: "object", properties: Object.fromEntries(narrower) }];
}

/**
 * A pattern one part of an allOf gives (an id's `^bank_[a-z0-9]+$` beside a part that only says
 * `type: string`): openapi-sampler's merge loses the example drawn for the part, so the whole gets
 * one, within every part's lengths.
 * @param {unknown} spec the document as written, for the parts' `$ref`s
 * @param {Record<string, unknown>} schema changed in place
 */
function patternOfParts(spec, schema) {
  if (!Array.isArray(schema.allOf) || !GIVEN.every((key) => schema[key] === undefined)) return;
  const parts = schema.allOf.map((/** @type {unknown} */ part) => fieldsOf(deref(spec, part)));
  const patterns = parts.map((part) => part.pattern).filter((pattern) => typeof pattern === "string");
  if (
    patterns.length !== 1 ||
    !schema.allOf.every((/** @type {unknown} */ part) => isRecord(deref(spec, part))) ||
    !parts.every((part) => GIVEN.every((key) => part[key] === undefined))
  )
    return;
  const lengths = (/** @type {string} */ key) => parts.map((part) => part[key]).filter((n) => typeof n === "number");
  const drawn = patternString({
    pattern: patterns[0],
    minLength: Math.max(0, ...lengths("minLength")),
    maxLength: Math.min(Number.MAX_SAFE_INTEGER, ...lengths("maxLength")),
  });
  if (drawn !== undefined) schema.example = drawn;
}

/**
 * A format openapi-sampler leaves as "string" that validators (Prism's) still check: its value.
 * @param {Record<string, unknown>} schema changed in place
 */
function formatExample(schema) {
  if (
    typeof schema.format === "string" &&
    Object.hasOwn(FORMAT_VALUES, schema.format) &&
    schema.pattern === undefined &&
    GIVEN.every((key) => schema[key] === undefined)
  )
    schema.example = FORMAT_VALUES[schema.format];
}

/**
 * A patterned string without a value of its own: one drawn from its pattern.
 * @param {Record<string, unknown>} schema changed in place
 */
function patternExample(schema) {
  if (
    typeof schema.pattern !== "string" ||
    !(schema.type === undefined || allows(schema, "string")) ||
    !GIVEN.every((key) => schema[key] === undefined)
  )
    return;
  const drawn = patternString({ pattern: schema.pattern, minLength: schema.minLength, maxLength: schema.maxLength });
  if (drawn !== undefined) schema.example = drawn;
}

/**
 * openapi-sampler builds the first branch, and a null one as {}, which no branch allows: the
 * branches that allow only null go last.
 * @param {Record<string, unknown>} schema changed in place
 */
function nullBranchesLast(schema) {
  for (const key of ["oneOf", "anyOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 1 && onlyNull(branches[0]))
      schema[key] = [...branches.filter((b) => !onlyNull(b)), ...branches.filter(onlyNull)];
  }
}

/** Whether a schema allows null alone (`type: "null"`, `const: null`, `enum: [null]`). */
const onlyNull = (/** @type {unknown} */ schema) =>
  isRecord(schema) &&
  (schema.type === "null" ||
    (Object.hasOwn(schema, "const") && schema.const === null) ||
    (Array.isArray(schema.enum) &&
      schema.enum.length > 0 &&
      schema.enum.every((/** @type {unknown} */ v) => v === null)));
