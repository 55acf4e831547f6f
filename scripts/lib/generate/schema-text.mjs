// A schema as the API reference (emit-api-reference.mjs) writes it in a table: its short type, with
// its bounds and values, and an object's fields as rows.
import { resolve } from "../spec/refs.mjs";
import { isRecord } from "../spec/guards.mjs";

/** One line of table cell text: no line breaks, no unescaped pipes. */
export const cell = (/** @type {unknown} */ text) =>
  String(text ?? "")
    .trim()
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|");

/**
 * A schema resolved, as an object whose keywords read unchecked (an empty one where it is no object).
 * @param {object} spec
 * @param {unknown} schema
 * @returns {Record<string, unknown>}
 */
function resolved(spec, schema) {
  /** @type {unknown} */
  const node = resolve(spec, schema);
  return isRecord(node) ? node : {};
}

/**
 * A short type of a schema: a component's exported type name, else its JSON type, with its bounds and values.
 * @param {object} spec
 * @param {unknown} schema
 * @param {Map<string, string>} types each component schema's type name
 * @returns {string}
 */
export function typeText(spec, schema, types, depth = 0) {
  const $ref = isRecord(schema) ? schema.$ref : undefined;
  const ref = typeof $ref === "string" ? /^#\/components\/schemas\/([^/]+)$/.exec($ref)?.[1] : undefined;
  const type = ref ? types.get(ref) : undefined;
  if (type !== undefined) return `\`${type}\``;
  const s = resolved(spec, schema);
  if (Array.isArray(s.enum)) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" \\| ");
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  const kinds = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (depth > 3) return "object";
  const variants = s.oneOf ?? s.anyOf;
  if (Array.isArray(variants)) return variants.map((v) => typeText(spec, v, types, depth + 1)).join(" \\| ");
  if (kinds.includes("array")) return `${typeText(spec, s.items, types, depth + 1)}[]`;
  const bounds = [
    s.minimum !== undefined && `>= ${s.minimum}`,
    s.maximum !== undefined && `<= ${s.maximum}`,
    s.minLength !== undefined && `length >= ${s.minLength}`,
    s.maxLength !== undefined && `length <= ${s.maxLength}`,
    s.pattern && `pattern \`${s.pattern}\``,
  ].filter(Boolean);
  const base = kinds.length ? kinds.join(" \\| ") : s.allOf ? "object" : "any";
  return bounds.length ? `${base}, ${bounds.join(", ")}` : base;
}

/**
 * The fields of an object schema, as table rows.
 * @param {object} spec
 * @param {unknown} schema
 * @param {Map<string, string>} types
 */
export function fieldRows(spec, schema, types) {
  const s = resolved(spec, schema);
  // a `required` that is no list (which lint refuses) requires nothing
  const required = new Set(Array.isArray(s.required) ? s.required : []);
  return Object.entries(s.properties ?? {}).map(([name, raw]) => {
    const field = resolved(spec, raw);
    const notes = [
      field.default !== undefined && `default \`${JSON.stringify(field.default)}\``,
      field.readOnly && "read-only",
    ]
      .filter(Boolean)
      .join("; ");
    return `| \`${name}\` | ${typeText(spec, raw, types)} | ${required.has(name) ? "yes" : "no"} | ${cell(field.description)}${notes ? ` (${notes})` : ""} |`;
  });
}
