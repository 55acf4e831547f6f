import type { Schema } from "../../generated/validators.js";
import { compile, DEEP, MAX_DEPTH } from "./schema-compiler.js";
import { ValidationError, type ValidationIssue } from "../core/errors.js";

export { MAX_DEPTH };

const { hasOwn, keys } = Object;

const add = (out: ValidationIssue[], path: string, message: string) => void out.push({ path, message });

/**
 * Lists every way `value` breaks `schema` (one of the generated schemas in `generated/validators.ts`),
 * each with its path (`body.tags[0]`); empty when it conforms. `answer: true` checks what the
 * service sent: fields the schema does not know are accepted (the service adds fields over time),
 * `writeOnly` fields are not required and `oneOf` accepts a value that matches several branches; on
 * requests (the default) `readOnly` fields are not required. An `undefined` field counts as absent,
 * as in JSON; for everything else JSON would change, pass values through `jsonSnapshot()` first.
 *
 * A value nested deeper than `MAX_DEPTH` gives one issue, never a `RangeError`. A recursive schema
 * with `anyOf`/`oneOf` at every level takes several stack frames a level and may give that issue
 * sooner (about 950 levels measured here, on Node's default stack).
 *
 * @example
 * const point: Schema = { type: ["object"], required: ["x", "y"], properties: { x: { type: ["integer"], minimum: 0 } } };
 * check(point, { x: -1 }, "body"); // [{ path: "body.y", message: "is required" }, { path: "body.x", message: "must be >= 0" }]
 */
export function check(
  schema: Schema,
  value: unknown,
  path: string,
  out: ValidationIssue[] = [],
  answer = false,
): ValidationIssue[] {
  try {
    const conforms = compile(schema, answer);
    // the common case builds no path and no issue; only a value that fails is walked again for them
    // Stryker disable next-line ConditionalExpression: a shortcut; a value that conforms adds no issue to `out` either
    if (!conforms(value, path, undefined, 0)) conforms(value, path, out, 0);
  } catch (err) {
    // only a stack overflow gets here: anyOf/oneOf at every level of a recursive schema take more
    // stack per level, and a deep value compared as a whole (enum, const) can exhaust it too
    if (!(err instanceof RangeError)) throw err;
    add(out, path, DEEP);
  }
  return out;
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
 * const sent = jsonSnapshot({ x: 1, y: 2, at: new Date() }, "body", issues);
 * // issues: [{ path: "body.at", message: "is a Date: pass date.toISOString()" }]
 */
export function jsonSnapshot(value: unknown, path: string, out: ValidationIssue[]): unknown {
  const open = new Set<object>();
  // a path is built only when a container is entered or an issue is found
  const at = (parent: string, name: string | number | undefined) =>
    name === undefined ? parent : typeof name === "number" ? `${parent}[${name}]` : `${parent}.${name}`;
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
        bad =
          v instanceof Date
            ? "is a Date: pass date.toISOString()"
            : hasOwn(proto, "constructor")
              ? `is a ${proto.constructor.name}: pass a plain object`
              : "inherits properties: pass a plain object";
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
        // Stryker disable next-line ConditionalExpression: a shortcut; defined, any other field is the same plain, writable field
        if (field === "__proto__")
          Object.defineProperty(fields, field, { value: c, enumerable: true, writable: true, configurable: true });
        else fields[field] = c;
      }
    }
    open.delete(o);
    return result;
  };
  return copy(value, path, undefined, 0);
}

// JSON's number syntax: how a number parameter or form field is written as text
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The finite number `text` writes in JSON's syntax, if any: `"1e3"` is 1000, `"01"`, `"1."` and `"1e999"` none. */
export function writtenNumber(text: string): number | undefined {
  const number = NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
  return Number.isFinite(number) ? number : undefined;
}

/** The number (JSON's syntax) or boolean (`true`, `false`) a parameter's text writes, if any. */
function writtenValue(text: string): number | boolean | undefined {
  return writtenNumber(text) ?? (text === "true" ? true : text === "false" ? false : undefined);
}

/**
 * Lists every way a parameter sent as text (a path segment, a header value) breaks `schema`, each
 * under `path` (`path.id`, `header.X-Mode`); empty when it conforms. The schema describes the value
 * the text stands for: a text that does not conform as a string is read as the number (JSON's
 * syntax) or the boolean (`true`, `false`) it writes, and conforms when that value does, so `"12"`
 * passes `{ type: ["integer"] }`. When neither conforms, the issues are those of the value the
 * schema's `type` asks for: the number or boolean where it admits no string, the text otherwise.
 * Pushed onto `out` (default a new list), which is returned.
 *
 * @example
 * checkParam({ type: ["integer"], minimum: 1 }, "0", "path.id"); // [{ path: "path.id", message: "must be >= 1" }]
 * checkParam({ type: ["string"], enum: ["fast", "safe"] }, "slow", "header.X-Mode"); // [{ path: "header.X-Mode", message: 'must be one of: "fast", "safe"' }]
 */
export function checkParam(schema: Schema, text: string, path: string, out: ValidationIssue[] = []): ValidationIssue[] {
  const conforms = compile(schema, false);
  // Stryker disable next-line ConditionalExpression: a shortcut; a text that conforms is judged as text below, which adds no issue
  if (conforms(text, path, undefined, 0)) return out;
  const read = writtenValue(text);
  if (read !== undefined && conforms(read, path, undefined, 0)) return out;
  // the type the schema asks for at the top, behind its $refs (the generator leaves no loop of them)
  let top = schema;
  while (top.$ref !== undefined) top = top.$ref();
  // an array, as a path or header parameter writes one (style simple): its items joined by commas,
  // each text or the number or boolean it writes
  if (top.type?.includes("array") && !top.type.includes("string")) {
    const items = text === "" ? [] : text.split(",").map((item) => writtenValue(item) ?? item);
    // Stryker disable next-line ConditionalExpression: a shortcut; a value that conforms adds no issue to `out` either
    if (!conforms(items, path, undefined, 0)) conforms(items, path, out, 0);
    return out;
  }
  // Stryker disable next-line ConditionalExpression: where the text writes no number or boolean and no string is allowed, the type refuses the text and undefined alike, in the same words
  const asText = read === undefined || !top.type || top.type.includes("string");
  conforms(asText ? text : read, path, out, 0);
  return out;
}

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Problems with a path `id`: it must be a non-empty string, not `.` or `..` (which percent-encoding
 * leaves as they are and a URL resolves as "this" or "the parent" segment), and well-formed UTF-16
 * (a lone surrogate cannot be percent-encoded). Pushed onto `out` (default a new list), which is returned.
 *
 * @example
 * checkId("..", "id"); // [{ path: "id", message: 'must not be ".."' }]
 */
export function checkId(id: unknown, path = "id", out: ValidationIssue[] = []): ValidationIssue[] {
  if (typeof id !== "string") add(out, path, "must be a string");
  else if (id === "") add(out, path, "must not be empty");
  else if (id === "." || id === "..") add(out, path, `must not be "${id}"`);
  // in a u regex a surrogate pair is one code point, so \p{Cs} matches only a lone surrogate
  else if (LONE_SURROGATE.test(id)) add(out, path, "must not hold a lone surrogate");
  return out;
}

/** Throws one `ValidationError` listing every issue, when there are any. */
export function assertValid(issues: ValidationIssue[]): void {
  if (issues.length) throw new ValidationError(issues);
}
