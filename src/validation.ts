import { schemas, type Schema } from "../generated/validators.js";
import { ValidationError, type ValidationIssue } from "./errors.js";


/** How deeply objects and arrays may nest in a body or an answer: 1024 levels (a top-level object is level 1). */
export const MAX_DEPTH = 1024;

const { hasOwn, keys } = Object;
const json = JSON.stringify;
const DEEP = `is nested deeper than ${MAX_DEPTH} levels`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const IS: Record<string, (v: unknown) => boolean> = {
  // a non-finite number would travel as null in JSON
  integer: Number.isInteger,
  number: Number.isFinite,
  string: (v) => typeof v === "string",
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
  array: Array.isArray,
  object: isObject,
};

// other formats are annotations (JSON Schema 2020-12) and pass
const DATE = "\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])";
const FORMATS: Record<string, RegExp> = {
  date: RegExp(`^${DATE}$`),
  "date-time": RegExp(`^${DATE}t([01]\\d|2[0-3]):[0-5]\\d:([0-5]\\d|60)(\\.\\d+)?(z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$`, "i"),
  uuid: /^[\da-f]{8}-([\da-f]{4}-){3}[\da-f]{12}$/i,
  email: /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/,
  uri: /^[a-z][a-z\d+.-]*:\S*$/i,
};

const patterns = new Map<string, RegExp>();
const pattern = (source: string) => patterns.get(source) ?? patterns.set(source, new RegExp(source, "u")).get(source)!;

// one text per JSON value, object keys sorted: equal values give equal texts
const key = (v: unknown): string => (isObject(v) ? `{${keys(v).sort().map((k) => json(k) + ":" + key(v[k]))}}` : Array.isArray(v) ? `[${v.map(key)}]` : json(v));
const has = (list: unknown[], v: unknown) => list.includes(v) || (typeof v === "object" && v !== null && list.some((e) => key(e) === key(v)));

const add = (out: ValidationIssue[], path: string, message: string) => void out.push({ path, message });

function count(out: ValidationIssue[], path: string, n: number, min: number | undefined, max: number | undefined, unit: string) {
  if (n < min!) add(out, path, `must have at least ${min} ${unit}`);
  if (n > max!) add(out, path, `must have at most ${max} ${unit}`);
}

/**
 * Lists every way `value` breaks `schema` (one of the generated schemas in `generated/validators.ts`),
 * each with its path (`body.hold_keys[0]`); empty when it conforms. `answer: true` checks what the
 * service sent: fields the schema does not know are accepted (the service adds fields over time),
 * `writeOnly` fields are not required and `oneOf` accepts a value that matches several branches; on
 * requests (the default) `readOnly` fields are not required. An `undefined` field counts as absent,
 * as in JSON; for everything else JSON would change, pass values through `plain()` first.
 *
 * A value nested deeper than `MAX_DEPTH` gives one issue, never a `RangeError`. A recursive schema
 * with `anyOf`/`oneOf` at every level takes several stack frames a level and may give that issue
 * sooner (about 950 levels measured here, on Node's default stack).
 *
 * @example
 * const point: Schema = { type: ["object"], required: ["x", "y"], properties: { x: { type: ["integer"], minimum: 0 } } };
 * check(point, { x: -1 }, "body"); // [{ path: "body.y", message: "is required" }, { path: "body.x", message: "must be >= 0" }]
 */
export function check(schema: Schema, value: unknown, path: string, out: ValidationIssue[] = [], answer = false): ValidationIssue[] {
  try {
    walk(schema, value, path, out, answer, 0);
  } catch (err) {
    // only a stack overflow gets here: anyOf/oneOf at every level of a recursive schema take more
    // stack per level, and a deep value compared as a whole (enum, const) can exhaust it too
    if (!(err instanceof RangeError)) throw err;
    add(out, path, DEEP);
  }
  return out;
}

// each JSON level costs one frame of walk(), kept small (rarer keywords live in helpers), so that
// MAX_DEPTH levels fit the stack with room to spare
function walk(s: Schema, v: unknown, path: string, out: ValidationIssue[], answer: boolean, depth: number): void {
  // a $ref has no sibling keywords (scripts/validators.mjs moves them aside), so it costs no stack
  while (s.$ref !== undefined) s = schemas[s.$ref]!;
  if (s.type && !s.type.some((t) => IS[t]!(v))) return add(out, path, `must be ${s.type.join(" or ")}`);
  if (s.enum && !has(s.enum, v)) add(out, path, `must be one of: ${s.enum.map(key).join(", ")}`);
  if (hasOwn(s, "const") && !has([s.const], v)) add(out, path, `must be ${key(s.const)}`);
  if (s.allOf) for (const sub of s.allOf) walk(sub, v, path, out, answer, depth);
  if (s.not || s.anyOf || s.oneOf) choices(s, v, path, out, answer, depth);
  if (typeof v === "number") {
    if (v < s.minimum!) add(out, path, `must be >= ${s.minimum}`);
    if (v > s.maximum!) add(out, path, `must be <= ${s.maximum}`);
    if (v <= s.exclusiveMinimum!) add(out, path, `must be > ${s.exclusiveMinimum}`);
    if (v >= s.exclusiveMaximum!) add(out, path, `must be < ${s.exclusiveMaximum}`);
    if (v % s.multipleOf!) add(out, path, `must be a multiple of ${s.multipleOf}`);
  } else if (typeof v === "string") text(s, v, path, out);
  else if (typeof v === "object" && v !== null) {
    if (depth >= MAX_DEPTH) return add(out, path, DEEP);
    if (Array.isArray(v)) {
      count(out, path, v.length, s.minItems, s.maxItems, "items");
      const before = out.length;
      for (let i = 0; i < v.length; i++) {
        const sub = s.prefixItems?.[i] ?? s.items;
        if (sub) walk(sub, v[i], `${path}[${i}]`, out, answer, depth + 1);
      }
      // compared only when the items are sound, so that their texts are bounded
      if (s.uniqueItems && out.length === before) unique(v, path, out);
    } else {
      const o = v as Record<string, unknown>;
      const props = s.properties ?? {};
      // own fields only: an inherited or prototype name ("constructor", "__proto__") is not a known field
      for (const name of s.required ?? []) {
        const p = hasOwn(props, name) ? props[name] : undefined;
        if ((!hasOwn(o, name) || o[name] === undefined) && !(answer ? p?.writeOnly : p?.readOnly)) add(out, `${path}.${name}`, "is required");
      }
      const names = keys(o);
      count(out, path, names.length, s.minProperties, s.maxProperties, "fields");
      for (const name of names) {
        if (s.propertyNames) walk(s.propertyNames, name, `${path}.${name}`, out, answer, depth + 1);
        const sub = hasOwn(props, name) ? props[name] : s.additionalProperties;
        if (sub === false) {
          if (!answer) add(out, `${path}.${name}`, "is not a known field");
        } else if (sub && o[name] !== undefined) walk(sub, o[name], `${path}.${name}`, out, answer, depth + 1);
      }
    }
  }
}

/** not, anyOf, oneOf and the discriminator. */
function choices(s: Schema, v: unknown, path: string, out: ValidationIssue[], answer: boolean, depth: number) {
  let issues: ValidationIssue[] = [];
  if (s.not) {
    walk(s.not, v, path, issues, answer, depth);
    if (!issues.length) add(out, path, "is not allowed");
  }
  const alts = s.oneOf ?? s.anyOf;
  const tag = s.discriminator;
  if (tag && isObject(v)) {
    const name = v[tag.propertyName];
    if (typeof name === "string" && hasOwn(v, tag.propertyName) && hasOwn(tag.mapping, name)) walk(schemas[tag.mapping[name]!]!, v, path, out, answer, depth);
    else add(out, `${path}.${tag.propertyName}`, `must be one of: ${keys(tag.mapping).map(key).join(", ")}`);
  } else if (alts) {
    let ok = 0;
    const near: ValidationIssue[][] = [];
    for (const sub of alts) {
      walk(sub, v, path, (issues = []), answer, depth);
      if (!issues.length) ok++;
      // a branch whose issues are all deeper fits the value's shape: its issues say more than "matches none"
      else if (issues.every((i) => i.path !== path)) near.push(issues);
    }
    if (!ok) near.length === 1 ? out.push(...near[0]!) : add(out, path, `must match one of ${alts.length} schemas`);
    else if (ok > 1 && s.oneOf && !answer) add(out, path, `must match only one of ${alts.length} schemas, matches ${ok}`);
  }
}

function text(s: Schema, v: string, path: string, out: ValidationIssue[]) {
  if (s.minLength !== undefined || s.maxLength !== undefined) {
    // JSON Schema counts code points, not UTF-16 units
    let n = 0;
    for (const _ of v) n++;
    count(out, path, n, s.minLength, s.maxLength, "characters");
  }
  if (s.pattern !== undefined && !pattern(s.pattern).test(v)) add(out, path, `must match /${s.pattern}/`);
  if (s.format && !FORMATS[s.format]!.test(v)) add(out, path, `must be ${s.format}`);
}

function unique(v: unknown[], path: string, out: ValidationIssue[]) {
  const seen = new Map<string, number>();
  v.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) add(out, `${path}[${i}]`, `repeats ${path}[${seen.get(k)}]`);
    else seen.set(k, i);
  });
}

/**
 * A snapshot of `value` made of plain JSON data only, so that what is checked is exactly what is
 * sent: check the snapshot, then send `JSON.stringify(snapshot)`. Copied: own enumerable string-keyed
 * properties of objects whose prototype is `Object.prototype` or `null` (into fresh objects; an own
 * `__proto__` stays an ordinary field), dense arrays, strings, finite numbers, booleans and null;
 * `undefined` fields are left out, as JSON leaves them. Anything else is pushed onto `out` as an issue
 * naming the fix: inherited properties, a `toJSON` method, class instances (a `Date`), functions,
 * symbols, bigints, `undefined` or missing array items, NaN and infinities, cycles, nesting deeper
 * than `MAX_DEPTH`. Where an issue is, the snapshot holds `undefined`: check it only when there is none.
 *
 * @example
 * const issues: ValidationIssue[] = [];
 * const sent = plain({ x: 1, y: 2, at: new Date() }, "body", issues);
 * // issues: [{ path: "body.at", message: "is a Date: pass date.toISOString()" }]
 */
export function plain(value: unknown, path: string, out: ValidationIssue[] = []): unknown {
  const open = new Set<object>();
  // a path is built only when a container is entered or an issue is found
  const at = (parent: string, name: string | number | undefined) => (name === undefined ? parent : typeof name === "number" ? `${parent}[${name}]` : `${parent}.${name}`);
  const copy = (v: unknown, parent: string, name: string | number | undefined, depth: number): unknown => {
    const t = typeof v;
    let bad: string | undefined;
    if (t === "string" || t === "boolean" || v === null) return v;
    if (t === "number") {
      if (Number.isFinite(v)) return v;
      bad = `is ${v}: pass a finite number`;
    } else if (t !== "object") {
      bad = `is ${t === "undefined" ? t : `a ${t}`}, which JSON cannot carry: pass ${t === "bigint" ? "a number or a string" : t === "undefined" ? "null" : "data"}`;
    } else if (open.has(v as object)) {
      bad = "is a cycle: pass a tree";
    } else if (depth >= MAX_DEPTH) {
      bad = DEEP;
    } else {
      const proto = Object.getPrototypeOf(v);
      if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) {
        bad = v instanceof Date ? "is a Date: pass date.toISOString()" : hasOwn(proto, "constructor") ? `is a ${proto.constructor.name}: pass a plain object` : "inherits properties: pass a plain object";
      } else if ((v as { toJSON?: unknown }).toJSON !== undefined) {
        bad = "has a toJSON method: pass what it returns";
      }
    }
    if (bad) return add(out, at(parent, name), bad);
    const o = v as Record<string, unknown>;
    const p = at(parent, name);
    let result: unknown;
    open.add(o);
    if (Array.isArray(o)) {
      const items: unknown[] = (result = []);
      for (let i = 0; i < o.length; i++) {
        // a sparse array may be long and empty: one issue, and no walk through its length
        if (!(i in o)) {
          add(out, `${p}[${i}]`, "is a hole: pass a dense array");
          break;
        }
        items.push(copy(o[i], p, i, depth + 1));
      }
    } else {
      const fields: Record<string, unknown> = (result = {});
      for (const field of keys(o)) {
        const item = o[field];
        if (item === undefined) continue;
        const c = copy(item, p, field, depth + 1);
        // assigning "__proto__" would set the prototype instead of a field
        if (field === "__proto__") Object.defineProperty(fields, field, { value: c, enumerable: true, writable: true, configurable: true });
        else fields[field] = c;
      }
    }
    open.delete(o);
    return result;
  };
  return copy(value, path, undefined, 0);
}

/**
 * Problems with a path `id`: it must be a non-empty string, not `.` or `..` (which percent-encoding
 * leaves as they are and a URL resolves as "this" or "the parent" segment), and well-formed UTF-16
 * (a lone surrogate cannot be percent-encoded).
 */
export function checkId(id: unknown, path = "id"): ValidationIssue[] {
  if (typeof id !== "string") return [{ path, message: "must be a string" }];
  if (id === "") return [{ path, message: "must not be empty" }];
  if (id === "." || id === "..") return [{ path, message: `must not be "${id}"` }];
  // in a u regex a surrogate pair is one code point, so \p{Cs} matches only a lone surrogate
  if (/\p{Cs}/u.test(id)) return [{ path, message: "must not hold a lone surrogate" }];
  return [];
}

/** Throws one `ValidationError` listing every issue, when there are any. */
export function assertValid(issues: ValidationIssue[]): void {
  if (issues.length) throw new ValidationError(issues);
}
