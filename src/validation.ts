import type { Schema } from "../generated/validators.js";
import { ValidationError, type ValidationIssue } from "./errors.js";

export { ClickMouseRequest, OrgLimits } from "../generated/validators.js";

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

// keywords beyond these stop `npm run generate` (scripts/validators.mjs) until check() learns them,
// so the bundle carries only the checks the spec needs

/**
 * Lists every way `value` breaks `schema` (one of the generated schemas in `generated/validators.ts`),
 * each with its path (`body.hold_keys[0]`); empty when it conforms.
 *
 * @example
 * check(ClickMouseRequest, { x: -1 }, "body"); // [{ path: "body.y", message: "is required" }, { path: "body.x", message: "must be >= 0" }]
 */
export function check(schema: Schema, value: unknown, path: string, out: ValidationIssue[] = []): ValidationIssue[] {
  const issue = (message: string, at = path) => out.push({ path: at, message });
  if (schema.type && !schema.type.some((t) => IS[t]!(value))) {
    issue(`must be ${schema.type.join(" or ")}`);
    return out;
  }
  if (schema.enum && !schema.enum.includes(value)) issue(`must be one of: ${schema.enum.map((e) => JSON.stringify(e)).join(", ")}`);
  if (typeof value === "number") {
    if (value < (schema.minimum ?? value)) issue(`must be >= ${schema.minimum}`);
    if (value > (schema.maximum ?? value)) issue(`must be <= ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => check(schema.items!, item, `${path}[${i}]`, out));
  if (isObject(value)) {
    for (const name of schema.required ?? []) if (value[name] === undefined) issue("is required", `${path}.${name}`);
    for (const [name, item] of Object.entries(value)) {
      const sub = schema.properties?.[name];
      if (sub) {
        if (item !== undefined) check(sub, item, `${path}.${name}`, out);
      } else if (schema.additionalProperties === false) {
        issue("is not a known field", `${path}.${name}`);
      }
    }
  }
  return out;
}

/**
 * Problems with a path `id`: it must be a non-empty string, and not `.` or `..`, which
 * percent-encoding leaves as they are and a URL resolves as "this" or "the parent" segment.
 */
export function checkId(id: unknown, path = "id"): ValidationIssue[] {
  if (typeof id !== "string") return [{ path, message: "must be a string" }];
  if (id === "") return [{ path, message: "must not be empty" }];
  if (id === "." || id === "..") return [{ path, message: `must not be "${id}"` }];
  return [];
}

/** Throws one `ValidationError` listing every issue, when there are any. */
export function assertValid(issues: ValidationIssue[]): void {
  if (issues.length) throw new ValidationError(issues);
}
