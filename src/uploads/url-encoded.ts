import type { Schema } from "../../generated/validators.js";
import type { ValidationIssue } from "../core/errors.js";
import { isObject } from "../core/values.js";
import { check, jsonSnapshot } from "../checks/check.js";
import { formFields, type FieldEncoding } from "./form-fields.js";

export type { FieldEncoding };

const MAX_DEPTH = 64;
const DELIMITERS = { form: ",", spaceDelimited: " ", pipeDelimited: "|" } as const;

/**
 * Builds the `URLSearchParams` of an `application/x-www-form-urlencoded` body from its fields (an
 * object, or a `URLSearchParams` whose entries are read into the schema's shape:
 * src/uploads/form-fields.ts), or adds to `issues` and returns undefined: the fields are checked against the schema first, so
 * nothing is sent when one is wrong. Written as OpenAPI's defaults for a form body say: text as
 * is, numbers as JSON writes them, booleans `true`/`false`, `null` as an empty value, an array as
 * the field repeated (`style: form, explode: true`); a field's `encoding` may say `explode: false`
 * (items joined by commas), `spaceDelimited` or `pipeDelimited`. An object goes as bracket names
 * (`address[city]=Paris`), whatever its style, and an array's objects under their index
 * (`to[0][city]=Paris`); `style: form, explode: false` writes an object as `address=city,Paris`.
 *
 * @example
 * urlEncodedBody({ Tags: ["a", "b"], Enabled: true }, {}, schema, issues)!.toString(); // "Tags=a&Tags=b&Enabled=true"
 */
export function urlEncodedBody(
  input: unknown,
  encoding: Readonly<Record<string, FieldEncoding>>,
  schema: Schema | undefined,
  issues: ValidationIssue[],
): URLSearchParams | undefined {
  // a URLSearchParams' entries are its fields, read into the schema's shape and written again as checked
  if (input instanceof URLSearchParams) input = formFields(input, schema, encoding);
  if (!isObject(input)) {
    issues.push({ path: "body", message: "must be an object of the form's fields, or a URLSearchParams" });
    return undefined;
  }
  const before = issues.length;
  const snapshot = jsonSnapshot(input, "body", issues) as Record<string, unknown>;
  if (issues.length === before && schema) check(schema, snapshot, "body", issues);
  if (issues.length > before) return undefined;

  // built from the checked snapshot, so that what was checked is what is sent
  const form = new URLSearchParams();
  const nest = (name: string, value: unknown, depth: number) => {
    // an array's values repeat its name; its objects and arrays go under their index, which keeps their fields together
    if (Array.isArray(value)) value.forEach((item, i) => nest(scalar(item) ? name : `${name}[${i}]`, item, depth + 1));
    else if (typeof value === "object" && value !== null && depth < MAX_DEPTH)
      for (const [k, v] of Object.entries(value)) nest(`${name}[${k}]`, v, depth + 1);
    // a snapshot holds no undefined
    else form.append(name, text(value));
  };
  for (const [name, value] of Object.entries(snapshot)) {
    const how = Object.hasOwn(encoding, name) ? encoding[name]! : {};
    const style = how.style ?? "form";
    if (Array.isArray(value) && style !== "deepObject" && value.every(scalar)) {
      if (style === "form" && how.explode !== false) for (const item of value) form.append(name, text(item));
      else form.append(name, value.map(text).join(DELIMITERS[style]));
    } else if (style === "form" && how.explode === false && isObject(value) && Object.values(value).every(scalar))
      form.append(
        name,
        Object.entries(value)
          .flatMap(([k, v]) => [k, text(v)])
          .join(","),
      );
    else nest(name, value, 0);
  }
  return form;
}

const scalar = (value: unknown) => value === null || typeof value !== "object";
const text = (value: unknown) => (value === null ? "" : String(value));
