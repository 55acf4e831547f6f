import type { Schema } from "../../generated/validators.js";
import type { ValidationIssue } from "../core/errors.js";
import { isObject } from "../core/values.js";
import { jsonText, refuse } from "./keywords.js";

/** How deeply objects and arrays may nest in a body or an answer: 1024 levels (a top-level object is level 1). */
export const MAX_DEPTH = 1024;

/** The issue of a value nested deeper than `MAX_DEPTH`. */
export const DEEP = `is nested deeper than ${MAX_DEPTH} levels`;

/**
 * A compiled schema: whether `v` conforms. Without `out` it stops at the first problem and builds no
 * path; with `out` it pushes every issue, each with its path under `path`.
 */
export type Check = (v: unknown, path: string, out: ValidationIssue[] | undefined, depth: number) => boolean;

type Fields = Record<string, unknown>;

const { hasOwn, keys, getPrototypeOf } = Object;
const ObjectProto = Object.prototype;
const { propertyIsEnumerable: isEnumerable, hasOwnProperty: isOwn } = ObjectProto;

// whether Object.prototype had no enumerable field (a polluted one has) when the value being checked
// was entered: then for...in over an object whose prototype is it or null lists own fields only, and
// the walk needs no test of each name (such a test costs a fifth of an answer's check)
// Stryker disable BooleanLiteral,BlockStatement: a shortcut; the walk that tests each name gives the same verdicts (and every check enters at depth 0, which sets it)
let plainProto = true;
const isPlainProto = (): boolean => {
  for (const _ in ObjectProto) return false;
  return true;
};
// Stryker restore BooleanLiteral,BlockStatement
const isArray = Array.isArray;

// `unit` in the singular: "1 item", "2 items"
function count(
  out: ValidationIssue[] | undefined,
  path: string,
  n: number,
  min = 0,
  max = Infinity,
  unit: string,
): boolean {
  return (
    (n >= min || refuse(out, path, `must have at least ${min} ${unit}${min === 1 ? "" : "s"}`)) &&
    (n <= max || refuse(out, path, `must have at most ${max} ${unit}${max === 1 ? "" : "s"}`))
  );
}

/** Whether `v` equals one of `list`, as JSON values: by their texts, object keys sorted. */
function oneOfValues(list: unknown[]): (v: unknown) => boolean {
  const simple = new Set(list);
  const texts = new Set(list.map(jsonText));
  // a value the list holds as itself (an enum's string, most often) costs no JSON text on the hot path
  return (v) => simple.has(v) || texts.has(jsonText(v));
}

// one cache per side: a request and an answer are checked differently
const requests = new WeakMap<Schema, Check>();
const answers = new WeakMap<Schema, Check>();

/**
 * `schema` compiled once into closures (no `eval`, no `new Function`), cached by schema object and
 * side: `forAnswer` (an answer's check) accepts unknown fields, lets `writeOnly` fields be absent and lets `oneOf` match
 * several branches; a request lets `readOnly` fields be absent.
 *
 * @example
 * compile(schema, true)(JSON.parse(text), "response", undefined, 0); // true when it conforms
 */
export function compile(schema: Schema, forAnswer: boolean): Check {
  const cache = forAnswer ? answers : requests;
  let done = cache.get(schema);
  if (!done) {
    // a schema that reaches itself meets this forwarder, filled in below
    let body: Check;
    cache.set(schema, (v, path, out, depth) => body(v, path, out, depth));
    body = build(schema, forAnswer);
    cache.set(schema, (done = body));
  }
  return done;
}

// a value's JSON type as bits, so that a schema's type list is one mask: an integer is also a number
const STRING = 1;
const NUMBER = 2;
const INTEGER = 4;
const BOOLEAN = 8;
const NULL = 16;
const ARRAY = 32;
const OBJECT = 64;
const BITS: Record<string, number> = {
  string: STRING,
  number: NUMBER,
  integer: INTEGER,
  boolean: BOOLEAN,
  null: NULL,
  array: ARRAY,
  object: OBJECT,
};

// a non-finite number would travel as null in JSON: no type of it
const kind = (v: unknown): number =>
  typeof v === "string"
    ? STRING
    : typeof v === "number"
      ? Number.isInteger(v)
        ? NUMBER | INTEGER
        : Number.isFinite(v)
          ? NUMBER
          : 0
      : typeof v === "boolean"
        ? BOOLEAN
        : v === null
          ? NULL
          : isArray(v)
            ? ARRAY
            : typeof v === "object"
              ? OBJECT
              : 0;

// every schema runs this one function shape, its keywords fetched once into the closure: the hot path
// is straight code with one call a nested value, not a call a keyword
function build(s: Schema, forAnswer: boolean): Check {
  // a $ref has no sibling keywords but readOnly/writeOnly (scripts/lib/generate/schema-table.mjs sees to it)
  if (s.$ref !== undefined) return compile(s.$ref(), forAnswer);
  const sub = (x: Schema) => compile(x, forAnswer);
  const mask = s.type ? s.type.reduce((m, t) => m | BITS[t]!, 0) : 0;
  const typeMessage = s.type && `must be ${s.type.join(" or ")}`;
  const values = s.enum && oneOfValues(s.enum);
  const constant = hasOwn(s, "const") ? oneOfValues([s.const]) : undefined;
  const all = s.allOf?.map(sub);
  const choice = s.not || s.anyOf || s.oneOf ? choices(s, forAnswer) : undefined;
  const {
    minimum: min = -Infinity,
    maximum: max = Infinity,
    exclusiveMinimum: above = -Infinity,
    exclusiveMaximum: below = Infinity,
  } = s;
  const step = s.multipleOf?.[1](s.multipleOf[0]);
  const numeric = min > -Infinity || max < Infinity || above > -Infinity || below < Infinity || step !== undefined;
  const { minLength: shortest = 0, maxLength: longest = Infinity } = s;
  const re = s.pattern === undefined ? undefined : new RegExp(s.pattern, "u");
  const format = s.format?.[1];
  const textual = shortest > 0 || longest < Infinity || re || format;
  const list = array(s, sub);
  const object = fields(s, sub, forAnswer);
  const rest = values || constant || all || choice || numeric || textual || list || object;
  if (!rest) return mask ? (v, path, out) => (mask & kind(v)) !== 0 || refuse(out, path, typeMessage!) : () => true;
  // a type and a format alone (an id, a date): most strings of an answer, in a closure far smaller than the one below
  if (rest === format && textual === format && !list && !object)
    return (v, path, out) =>
      mask && !(mask & kind(v))
        ? refuse(out, path, typeMessage!)
        : typeof v !== "string" || format(v) || refuse(out, path, `must be ${s.format![0]}`);

  return (v, path, out, depth) => {
    // every check that reaches an object enters here first, at depth 0
    if (!depth) plainProto = isPlainProto();
    if (mask && !(mask & kind(v))) return refuse(out, path, typeMessage!);
    let ok = true;
    // each failed keyword: with nowhere to report it, the verdict is known
    if (values && !values(v) && ((ok = refuse(out, path, `must be one of: ${s.enum!.map(jsonText).join(", ")}`)), !out))
      return false;
    if (constant && !constant(v) && ((ok = refuse(out, path, `must be ${jsonText(s.const)}`)), !out)) return false;
    if (all) for (const c of all) if (!c(v, path, out, depth) && ((ok = false), !out)) return false;
    if (choice && !choice(v, path, out, depth) && ((ok = false), !out)) return false;
    if (typeof v === "number") {
      if (numeric) {
        if (v < min && ((ok = refuse(out, path, `must be >= ${min}`)), !out)) return false;
        if (v > max && ((ok = refuse(out, path, `must be <= ${max}`)), !out)) return false;
        if (v <= above && ((ok = refuse(out, path, `must be > ${above}`)), !out)) return false;
        if (v >= below && ((ok = refuse(out, path, `must be < ${below}`)), !out)) return false;
        // the last check of a number: nothing follows to skip
        if (step && !step(v)) ok = refuse(out, path, `must be a multiple of ${s.multipleOf![0]}`);
      }
    } else if (typeof v === "string") {
      if (textual) {
        // JSON Schema counts code points, and there are between length/2 and length of them
        const n = v.length <= longest && v.length >= 2 * shortest ? v.length : [...v].length;
        if (!count(out, path, n, shortest, longest, "character") && ((ok = false), !out)) return false;
        if (re && !re.test(v) && ((ok = refuse(out, path, `must match /${s.pattern}/`)), !out)) return false;
        // the last check of a string: nothing follows to skip
        if (format && !format(v)) ok = refuse(out, path, `must be ${s.format![0]}`);
      }
    } else if ((list || object) && typeof v === "object" && v !== null) {
      if (depth >= MAX_DEPTH) return refuse(out, path, DEEP);
      if (!(isArray(v) ? !list || list(v, path, out, depth) : !object || object(v as Fields, path, out, depth)))
        ok = false;
    }
    return ok;
  };
}

/** not, anyOf, oneOf and the discriminator. */
function choices(s: Schema, forAnswer: boolean): Check {
  const not = s.not && compile(s.not, forAnswer);
  const alts = (s.oneOf ?? s.anyOf)?.map((x) => compile(x, forAnswer));
  const only = s.oneOf && !forAnswer;
  const tag = s.discriminator;
  const tags = tag && new Map(keys(tag.mapping).map((name) => [name, compile(tag.mapping[name]!(), forAnswer)]));
  // OpenAPI 3.2's defaultMapping: the schema of a value whose tag no mapping names, or that has none
  const fallback = tag?.defaultMapping && compile(tag.defaultMapping(), forAnswer);
  const tagMessage = tag && `must be one of: ${keys(tag.mapping).map(jsonText).join(", ")}`;
  return (v, path, out, depth) => {
    let ok = true;
    if (not?.(v, path, undefined, depth)) ok = refuse(out, path, "is not allowed");
    if (!ok && !out) return false;
    if (tags && isObject(v)) {
      const name = v[tag.propertyName];
      const branch = (typeof name === "string" && hasOwn(v, tag.propertyName) ? tags.get(name) : undefined) ?? fallback;
      return (branch ? branch(v, path, out, depth) : refuse(out, `${path}.${tag.propertyName}`, tagMessage!)) && ok;
    }
    if (!alts) return ok;
    if (!out) {
      let matches = 0;
      // anyOf stops at its first match, oneOf at its second
      for (const alt of alts) if (alt(v, path, undefined, depth) && (++matches > 1 || !only)) break;
      return matches === 1;
    }
    let matches = 0;
    const near: ValidationIssue[][] = [];
    for (const alt of alts) {
      const issues: ValidationIssue[] = [];
      if (alt(v, path, issues, depth)) matches++;
      // a branch whose issues are all deeper fits the value's shape: its issues say more than "matches none"
      else if (issues.every((i) => i.path !== path)) near.push(issues);
    }
    if (!matches)
      return near.length === 1
        ? (out.push(...near[0]!), false)
        : refuse(out, path, `must match one of ${alts.length} schemas`);
    if (matches > 1 && only)
      return refuse(out, path, `must match only one of ${alts.length} schemas, matches ${matches}`);
    return ok;
  };
}

type Part<T> = ((v: T, path: string, out: ValidationIssue[] | undefined, depth: number) => boolean) | undefined;

/** items, prefixItems, minItems, maxItems and uniqueItems. */
function array(s: Schema, sub: (x: Schema) => Check): Part<unknown[]> {
  const { minItems, maxItems, uniqueItems } = s;
  const first = s.prefixItems?.map(sub) ?? [];
  const rest = s.items && sub(s.items);
  if (!first.length && !rest && minItems === undefined && maxItems === undefined && !uniqueItems) return undefined;
  return (v, path, out, depth) => {
    const ok = count(out, path, v.length, minItems, maxItems, "item");
    if (!ok && !out) return false;
    let sound = true;
    for (let i = 0; i < v.length; i++) {
      const c = first[i] ?? rest;
      if (c && !c(v[i], out ? `${path}[${i}]` : path, out, depth + 1)) if (((sound = false), !out)) return false;
    }
    // compared only when the items are sound, so that their texts are bounded
    return sound && uniqueItems ? uniqueItems(v, path, out) && ok : sound && ok;
  };
}

/** A field an object schema names: its check (`false`: not allowed), and whether it is required. */
interface Field {
  check: Check | false | undefined;
  required: boolean;
}

/** properties, required, additionalProperties, propertyNames, minProperties and maxProperties. */
function fields(s: Schema, sub: (x: Schema) => Check, forAnswer: boolean): Part<Fields> {
  const props = s.properties ?? {};
  // a required field the other side never sends is not required of it
  const required = [...new Set(s.required)].filter(
    (name) => !(hasOwn(props, name) && (forAnswer ? props[name]!.writeOnly : props[name]!.readOnly)),
  );
  const { minProperties, maxProperties } = s;
  const other: Field = {
    check:
      s.additionalProperties === false
        ? forAnswer
          ? undefined
          : false
        : s.additionalProperties && sub(s.additionalProperties),
    required: false,
  };
  const nameCheck = s.propertyNames && sub(s.propertyNames);
  const sized = minProperties !== undefined || maxProperties !== undefined;
  const known = new Map<string, Field>(
    keys(props).map((name) => [name, { check: sub(props[name]!), required: false }]),
  );
  for (const name of required) known.set(name, { check: (known.get(name) ?? other).check, required: true });
  if (!known.size && other.check === undefined && !nameCheck && !sized) return undefined;
  // the names of the last objects' fields by position, and theirs: objects of one schema mostly share
  // a key order, and comparing a name costs less than a Map lookup (64 names of 64 characters at most)
  const lastNames: string[] = [];
  // Stryker disable next-line ArrayDeclaration: a cache; a position no name holds yet is looked up
  const lastFields: Field[] = [];
  return (o, path, out, depth) => {
    let ok = true;
    let found = 0;
    let n = 0;
    // a field counts when it is own and enumerable, as JSON.stringify sends it
    if (out)
      for (const name of required)
        if (!(isEnumerable.call(o, name) && o[name] !== undefined)) ok = refuse(out, `${path}.${name}`, "is required");
    if (sized && !count(out, path, keys(o).length, minProperties, maxProperties, "field") && ((ok = false), !out))
      return false;
    const proto = getPrototypeOf(o);
    const onlyOwn = proto === null || (proto === ObjectProto && plainProto);
    for (const name in o) {
      // skips inherited fields
      if (!onlyOwn && !isOwn.call(o, name)) continue;
      const at = out ? `${path}.${name}` : path;
      if (nameCheck && !nameCheck(name, at, out, depth + 1) && ((ok = false), !out)) return false;
      let field = lastFields[n];
      if (lastNames[n] !== name) {
        field = known.get(name) ?? other;
        // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: the cache's bound holds memory, not verdicts
        if (n < 64 && name.length <= 64) (lastNames[n] = name), (lastFields[n] = field);
      }
      const { check, required } = field!;
      // Stryker disable next-line UpdateOperator: positions counted down are other keys of the same cache
      n++;
      if (check === false) ok = refuse(out, at, "is not a known field");
      else {
        const v = o[name];
        if (v !== undefined && (required && found++, check) && !check(v, at, out, depth + 1)) ok = false;
      }
      if (!ok && !out) return false;
    }
    return ok && (out !== undefined || found === required.length);
  };
}
