// Turns JSON Schemas of the spec into small TypeScript check functions for generated/validators.ts.
// Only the keywords below are understood; any other validation keyword stops generation, so
// a spec change can never be silently left unchecked.

/** Keywords that only annotate; they do not constrain a value. */
const ANNOTATIONS = new Set(["title", "description", "example", "examples", "default", "readOnly", "writeOnly", "deprecated", "format"]);
const HANDLED = new Set(["type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "items", "minItems", "maxItems", "properties", "required", "additionalProperties"]);

const TYPE_TESTS = {
  integer: (v) => `Number.isInteger(${v})`,
  number: (v) => `(typeof ${v} === "number" && Number.isFinite(${v}))`,
  string: (v) => `typeof ${v} === "string"`,
  boolean: (v) => `typeof ${v} === "boolean"`,
  null: (v) => `${v} === null`,
  array: (v) => `Array.isArray(${v})`,
  object: (v) => `isObject(${v})`,
};

const str = JSON.stringify;

/** Emits statements that push an issue to `out` for each way value expression `v` breaks schema `s`. */
function emit(s, v, path, where, depth = 0) {
  for (const key of Object.keys(s)) {
    if (!HANDLED.has(key) && !ANNOTATIONS.has(key)) throw new Error(`${where}: keyword "${key}" is not supported by scripts/validators.mjs`);
  }
  const push = (p, message) => `out.push({ path: ${p}, message: ${message} });`;
  const body = [];
  const types = s.type === undefined ? [] : [].concat(s.type);
  for (const t of types) if (!TYPE_TESTS[t]) throw new Error(`${where}: type "${t}" is not supported`);

  if (s.enum) body.push(`if (!${str(s.enum)}.includes(${v} as never)) ${push(path, str(`must be one of: ${s.enum.map((e) => str(e)).join(", ")}`))}`);
  if (s.const !== undefined) body.push(`if (${v} !== ${str(s.const)}) ${push(path, str(`must be ${str(s.const)}`))}`);

  const num = [];
  if (s.minimum !== undefined) num.push(`if (${v} < ${s.minimum}) ${push(path, str(`must be >= ${s.minimum}`))}`);
  if (s.maximum !== undefined) num.push(`if (${v} > ${s.maximum}) ${push(path, str(`must be <= ${s.maximum}`))}`);
  if (s.exclusiveMinimum !== undefined) num.push(`if (${v} <= ${s.exclusiveMinimum}) ${push(path, str(`must be > ${s.exclusiveMinimum}`))}`);
  if (s.exclusiveMaximum !== undefined) num.push(`if (${v} >= ${s.exclusiveMaximum}) ${push(path, str(`must be < ${s.exclusiveMaximum}`))}`);
  if (num.length) body.push(`if (typeof ${v} === "number") { ${num.join(" ")} }`);

  const text = [];
  if (s.minLength !== undefined) text.push(`if (${v}.length < ${s.minLength}) ${push(path, str(`must have at least ${s.minLength} characters`))}`);
  if (s.maxLength !== undefined) text.push(`if (${v}.length > ${s.maxLength}) ${push(path, str(`must have at most ${s.maxLength} characters`))}`);
  if (s.pattern !== undefined) text.push(`if (!new RegExp(${str(s.pattern)}, "u").test(${v})) ${push(path, str(`must match ${s.pattern}`))}`);
  if (text.length) body.push(`if (typeof ${v} === "string") { ${text.join(" ")} }`);

  const list = [];
  if (s.minItems !== undefined) list.push(`if (${v}.length < ${s.minItems}) ${push(path, str(`must have at least ${s.minItems} items`))}`);
  if (s.maxItems !== undefined) list.push(`if (${v}.length > ${s.maxItems}) ${push(path, str(`must have at most ${s.maxItems} items`))}`);
  if (s.items) {
    const i = `i${depth}`;
    const item = emit(s.items, `${v}[${i}]`, `${path} + "[" + ${i} + "]"`, `${where}.items`, depth + 1);
    if (item) list.push(`for (let ${i} = 0; ${i} < ${v}.length; ${i}++) { ${item} }`);
  }
  if (list.length) body.push(`if (Array.isArray(${v})) { ${list.join(" ")} }`);

  const obj = [];
  for (const name of s.required ?? []) obj.push(`if (${v}[${str(name)}] === undefined) ${push(`${path} + ${str("." + name)}`, str("is required"))}`);
  for (const [name, sub] of Object.entries(s.properties ?? {})) {
    const prop = `${v}[${str(name)}]`;
    const inner = emit(sub, prop, `${path} + ${str("." + name)}`, `${where}.${name}`, depth + 1);
    if (inner) obj.push(`if (${prop} !== undefined) { ${inner} }`);
  }
  if (s.additionalProperties === false) {
    const k = `k${depth}`;
    obj.push(`for (const ${k} in ${v}) if (!${str(Object.keys(s.properties ?? {}))}.includes(${k})) ${push(`${path} + "." + ${k}`, str("is not a known field"))}`);
  } else if (typeof s.additionalProperties === "object") {
    throw new Error(`${where}: additionalProperties as a schema is not supported`);
  }
  if (obj.length) body.push(`if (isObject(${v})) { const o${depth} = ${v} as Record<string, unknown>; ${obj.join(" ").replaceAll(`${v}[`, `o${depth}[`).replaceAll(` in ${v})`, ` in o${depth})`)} }`);

  if (!types.length) return body.join("\n");
  const test = types.map((t) => TYPE_TESTS[t](v)).join(" || ");
  const typeIssue = push(path, str(`must be ${types.join(" or ")}`));
  return `if (!(${test})) ${typeIssue}${body.length ? ` else { ${body.join("\n")} }` : ""}`;
}

/** The source of generated/validators.ts for the named component schemas of a bundled spec. */
export function validatorsSource(spec, names, header) {
  const fns = names.map((name) => {
    const schema = spec.components?.schemas?.[name];
    if (!schema) throw new Error(`components.schemas.${name} is not in the spec`);
    return (
      `/** Lists every way \`value\` breaks the spec's \`${name}\` schema; empty when it conforms. */\n` +
      `export function validate${name}(value: unknown, path = ${str(name)}): Issue[] {\n` +
      `  const out: Issue[] = [];\n  ${emit(schema, "value", "path", name)}\n  return out;\n}\n`
    );
  });
  return (
    header +
    `/** One problem with a value: where it is (\`body.x\`, \`body.hold_keys[0]\`) and what is wrong. */\n` +
    `export interface Issue {\n  path: string;\n  message: string;\n}\n\n` +
    `const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);\n\n` +
    fns.join("\n")
  );
}
