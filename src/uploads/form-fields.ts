import type { Schema } from "../../generated/validators.js";
import { writtenNumber } from "../checks/check.js";

const MAX_DEPTH = 32;
const DELIMITERS = { spaceDelimited: " ", pipeDelimited: "|" } as const;

/** How one field of an `application/x-www-form-urlencoded` body is written, from its `encoding`. */
export interface FieldEncoding {
  /** `form` (the default), `spaceDelimited`, `pipeDelimited` or `deepObject`. */
  style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  /** For `form`: an array's items as repeated keys (true, the default) or joined by commas (false). */
  explode?: boolean;
}

/** The values given for one name, in order. */
class Leaf {
  readonly values: unknown[] = [];
}
type Node = Leaf | { [name: string]: Node };

/**
 * The fields a `FormData` or `URLSearchParams` holds, read into the shape `schema` gives them, so that
 * they are checked and sent as an object of the same fields would be: bracket names (`files[0][file]`,
 * `to[city]`) as nested objects and arrays, a name given twice as an array where the schema has one
 * (or a value joined as the field's `encoding` says: `explode: false`, `spaceDelimited`,
 * `pipeDelimited`), each text read as the schema's type at its place says (a finite number in JSON's syntax,
 * `true`/`false`, an empty text as `null`, a JSON text where an object or array goes) unless the schema
 * takes text there. Files stay as they are. What the schema does not describe stays text, for the
 * check to name.
 *
 * @example
 * formFields(new URLSearchParams("x=1&tags=a&tags=b"), schema); // { x: 1, tags: ["a", "b"] } where schema says integer and array
 */
export function formFields(
  form: FormData | URLSearchParams,
  schema: Schema | undefined,
  encoding: Readonly<Record<string, FieldEncoding>> = {},
): Record<string, unknown> {
  const root: Record<string, Node> = {};
  form.forEach((value: unknown, name: string) => {
    const path = steps(name).slice(0, MAX_DEPTH);
    let node = root as Record<string, Node>;
    for (const step of path.slice(0, -1)) {
      const next = Object.hasOwn(node, step) ? node[step] : undefined;
      if (!next || next instanceof Leaf) define(node, step, {});
      node = node[step] as Record<string, Node>;
    }
    const last = path.at(-1)!;
    const held = Object.hasOwn(node, last) ? node[last] : undefined;
    const leaf = held instanceof Leaf ? held : new Leaf();
    leaf.values.push(value);
    define(node, last, leaf);
  });
  const top = facets(schema);
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(root))
    define(out, name, shaped(propertyOf(top, name), root[name]!, Object.hasOwn(encoding, name) ? encoding[name] : {}));
  return out;
}

/** `files[0][file]` as its steps: `["files", "0", "file"]`; `tags[]` as `["tags", ""]`; any other name as itself. */
function steps(name: string): string[] {
  const open = name.indexOf("[");
  const brackets = name.slice(open);
  if (open <= 0 || !/^(\[[^[\]]*\])+$/.test(brackets)) return [name];
  return [name.slice(0, open), ...Array.from(brackets.matchAll(/\[([^[\]]*)\]/g), (m) => m[1]!)];
}

/** A field of `target` named `name`, `__proto__` included, as an own field. */
function define(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The schemas that say what a value at one place is: `schema` behind its `$ref`s, and its `allOf`, `anyOf` and `oneOf` branches. */
// Stryker disable next-line ArrayDeclaration: a text among the facets has no type, properties, items or additionalProperties: it adds nothing
function facets(schema: Schema | false | undefined, out: Schema[] = [], depth = 0): Schema[] {
  if (!schema || depth > MAX_DEPTH) return out;
  out.push(schema);
  if (schema.$ref) facets(schema.$ref(), out, depth + 1);
  // Stryker disable next-line ArrayDeclaration: a text among the facets has no type, properties, items or additionalProperties: it adds nothing
  for (const sub of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    facets(sub, out, depth + 1);
  return out;
}

const typesOf = (all: Schema[]) =>
  // Stryker disable next-line ArrayDeclaration: a type no schema names reads no text as anything
  new Set(all.flatMap((s) => s.type ?? (s.properties ? ["object"] : s.items ? ["array"] : [])));

/** The facets of the field `name` of an object: its property's schema, else `additionalProperties`. */
function propertyOf(all: Schema[], name: string): Schema[] {
  for (const s of all) if (s.properties && Object.hasOwn(s.properties, name)) return facets(s.properties[name]);
  for (const s of all) if (s.additionalProperties) return facets(s.additionalProperties);
  // Stryker disable next-line ArrayDeclaration: a text among the facets has no type, properties, items or additionalProperties: it adds nothing
  return [];
}

const itemsOf = (all: Schema[]) => facets(all.find((s) => s.items)?.items);

/** One value read as the schema's type at its place says; a file, or text where text is allowed, as it is. */
function scalar(all: Schema[], value: unknown): unknown {
  // Stryker disable next-line ConditionalExpression: a file reads as no number, boolean or null, and as no JSON text
  if (typeof value !== "string") return value;
  const types = typesOf(all);
  if (types.has("string")) return value;
  const number = types.has("integer") || types.has("number") ? writtenNumber(value) : undefined;
  if (number !== undefined) return number;
  if (types.has("boolean") && (value === "true" || value === "false")) return value === "true";
  if (types.has("null") && value === "") return null;
  if ((types.has("object") || types.has("array")) && /^\s*[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      // no JSON text: the text as it is, below, for the check to name
    }
  }
  return value;
}

/** A node of the fields' tree read into the shape of its schema: an array where it has one, an object of fields otherwise. */
function shaped(all: Schema[], node: Node, how?: FieldEncoding): unknown {
  const types = typesOf(all);
  const list = types.has("array") && !types.has("string") && !types.has("object");
  if (node instanceof Leaf) {
    const { values } = node;
    const style = how?.style ?? "form";
    const one = values.at(-1);
    if (types.has("array") && !types.has("string")) {
      // the whole array as one JSON text (multipart's JSON part for an array of objects)
      const whole = values.length === 1 ? scalar([{ type: ["array"] }], one) : undefined;
      if (Array.isArray(whole)) return whole;
      // one value of a delimited array: its items joined
      const split =
        values.length === 1 && typeof one === "string" && (style !== "form" || how?.explode === false)
          ? one.split(style === "form" ? "," : DELIMITERS[style as keyof typeof DELIMITERS])
          : values;
      return split.map((v) => scalar(itemsOf(all), v));
    }
    if (types.has("object") && style === "form" && how?.explode === false && typeof one === "string") {
      const parts = one.split(",");
      const out: Record<string, unknown> = {};
      for (let i = 0; i + 1 < parts.length; i += 2)
        define(out, parts[i]!, scalar(propertyOf(all, parts[i]!), parts[i + 1]));
      return out;
    }
    return scalar(all, one);
  }
  // as deep as a name's steps go: MAX_DEPTH at most (formFields)
  const fields = node;
  if (list)
    // `files[0][…]`, `files[1][…]` in the order of their index (an object's index keys come in
    // ascending order, whatever the order given); `tags[]` given twice, in order
    return Object.keys(fields).flatMap((key) => {
      const child = fields[key]!;
      return key === "" && child instanceof Leaf
        ? child.values.map((v) => scalar(itemsOf(all), v))
        : [shaped(itemsOf(all), child)];
    });
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) define(out, key, shaped(propertyOf(all, key), fields[key]!));
  return out;
}
