// Prunes the spec's schemas to the validation keywords src/validation.ts checks, for
// generated/validators.ts. Any other validation keyword stops generation, so a spec change can
// never be silently left unchecked.

/** Keywords that only annotate; they do not constrain a value and are dropped. */
const ANNOTATIONS = new Set(["title", "description", "example", "examples", "default", "readOnly", "writeOnly", "deprecated", "format"]);
/** Keywords src/validation.ts `check()` enforces; keep the two lists in step. */
const CHECKED = new Set(["type", "enum", "minimum", "maximum", "items", "properties", "required", "additionalProperties"]);
const TYPES = new Set(["integer", "number", "string", "boolean", "null", "array", "object"]);

const SCHEMA_TYPE = `/** The part of JSON Schema that src/validation.ts \`check()\` enforces. */
export interface Schema {
  type?: ("integer" | "number" | "string" | "boolean" | "null" | "array" | "object")[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: false;
}
`;

function prune(schema, where) {
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (!CHECKED.has(key)) throw new Error(`${where}: keyword "${key}" is not checked by src/validation.ts; teach check() and scripts/validators.mjs about it`);
    if (key === "type") {
      for (const t of [].concat(value)) if (!TYPES.has(t)) throw new Error(`${where}: type "${t}" is not supported`);
      out.type = [].concat(value);
    } else if (key === "items") {
      out.items = prune(value, `${where}.items`);
    } else if (key === "properties") {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, prune(sub, `${where}.${name}`)]));
    } else if (key === "additionalProperties") {
      if (typeof value !== "boolean") throw new Error(`${where}: additionalProperties as a schema is not supported`);
      if (value === false) out.additionalProperties = false;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** The source of generated/validators.ts: the named component schemas, pruned to what is checked. */
export function validatorsSource(spec, names, header) {
  const consts = names.map((name) => {
    const schema = spec.components?.schemas?.[name];
    if (!schema) throw new Error(`components.schemas.${name} is not in the spec`);
    return `/** The checks of the spec's \`${name}\` schema. */\nexport const ${name}: Schema = ${JSON.stringify(prune(schema, name), null, 2)};\n`;
  });
  return `${header}${SCHEMA_TYPE}\n${consts.join("\n")}`;
}
