// A server-sent event stream described by OpenAPI 3.2's `itemSchema`: each event modelled as an object
// of its fields as the stream sent them (`data`, `event`, `id`, `retry`), `data` a string whose content
// `contentMediaType` and `contentSchema` may describe (JSON), and kinds of events told apart by their
// `event` (`oneOf`/`anyOf` branches pinning it with `const` or `enum`). The 3.1 view (openapi31.mjs)
// writes it as the schema of one event as the client hands it out, its `data` the JSON value it holds
// where it holds one, which openapi-typescript types and the checks and the mock read; and which
// events' data is JSON, which the client and the mock need to read and write each event's data.
import { deref } from "./refs.mjs";
import { fieldsOf, isRecord, keyword } from "./guards.mjs";

/** The extension of a media type of the view that says which events' data is JSON (`EventData`). */
export const EVENT_DATA = "x-event-data";

/** The fields of an event, as the `text/event-stream` specification parses them. */
const FIELDS = ["data", "event", "id", "retry"];
/** What a field is where the item schema says nothing of it: the generic event of OpenAPI 3.2. */
/** @type {Record<string, Record<string, unknown>>} */
const GENERIC = {
  data: { type: "string" },
  event: { type: "string" },
  id: { type: "string" },
  retry: { type: "integer", minimum: 0 },
};
const JSON_MEDIA = /^application\/(.+\+)?json\s*(;|$)/i;

/**
 * Which events' data is JSON: `names` by the event's name (its `event:` field), `json` for any other.
 * @typedef {{ json: boolean, names?: Record<string, boolean> }} EventData
 */

/**
 * The fields one schema of the item (or a branch of it) describes, its siblings of a `$ref` and its
 * `allOf` read with what it names: each field's schemas (all apply), the fields it requires, and its
 * branches (`oneOf` or `anyOf`).
 * @param {unknown} spec
 * @param {unknown} node
 * @param {number} [depth]
 */
function fields(spec, node, depth = 0) {
  /** @type {Record<string, unknown[]>} */
  const properties = {};
  /** @type {Set<string>} */
  const required = new Set();
  /** @type {{ branches: unknown[], combinator: "oneOf" | "anyOf", discriminator: unknown } | undefined} */
  let split;
  const add = (/** @type {unknown} */ schema) => {
    if (!isRecord(schema) || depth > 16) return;
    for (const [name, sub] of Object.entries(fieldsOf(schema.properties)))
      if (FIELDS.includes(name)) (properties[name] ??= []).push(sub);
    for (const name of Array.isArray(schema.required) ? schema.required : [])
      if (FIELDS.includes(name)) required.add(name);
    const { oneOf, anyOf } = schema;
    if (!split && Array.isArray(oneOf))
      split = { branches: oneOf, combinator: "oneOf", discriminator: schema.discriminator };
    else if (!split && Array.isArray(anyOf))
      split = { branches: anyOf, combinator: "anyOf", discriminator: schema.discriminator };
    for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) merge(fields(spec, member, depth + 1));
    if (typeof schema.$ref === "string") merge(fields(spec, deref(spec, { $ref: schema.$ref }), depth + 1));
  };
  const merge = (/** @type {ReturnType<typeof fields>} */ other) => {
    for (const [name, list] of Object.entries(other.properties)) (properties[name] ??= []).push(...list);
    for (const name of other.required) required.add(name);
    split ??= other.split;
  };
  add(node);
  return { properties, required, split };
}

/**
 * A field's schemas as one: each keyword of the later over the earlier, `$ref`s followed.
 * @param {unknown} spec
 * @param {unknown[]} schemas
 * @returns {unknown}
 */
function together(spec, schemas) {
  if (schemas.length === 1) return schemas[0];
  return Object.assign({}, ...schemas.map((schema) => deref(spec, schema) ?? {}));
}

/**
 * Whether an event's `data` holds JSON, by its schemas: a JSON `contentMediaType`, or a
 * `contentSchema` with none (JSON Schema's way to describe a string's content, as 3.1 documents
 * write an event's data), or a schema that takes no string (an object's: the data as the service's
 * JSON, as documents written before 3.2 give it). The schema of the value, then: the
 * `contentSchema`, or the schema itself; of a string, the schemas together without their content keywords.
 * @param {unknown} spec
 * @param {unknown[]} schemas
 * @returns {{ json: boolean, schema: unknown }}
 */
function dataOf(spec, schemas) {
  const resolved = schemas.map((schema) => fieldsOf(deref(spec, schema)));
  const media = resolved.map((s) => s.contentMediaType).find((m) => typeof m === "string");
  const content = [...resolved].reverse().find((s) => s.contentSchema !== undefined)?.contentSchema;
  if (media === undefined ? content !== undefined : JSON_MEDIA.test(media))
    return { json: true, schema: structuredClone(content ?? {}) };
  const typed = resolved.filter((s) => s.type !== undefined);
  if (typed.length && typed.every((s) => ![s.type].flat().includes("string")))
    return { json: true, schema: structuredClone(schemas.length === 1 ? schemas[0] : { allOf: schemas }) };
  const joined = together(spec, schemas);
  const { contentMediaType: _media, contentSchema: _content, ...text } = isRecord(joined) ? joined : {};
  return { json: false, schema: structuredClone({ type: "string", ...text }) };
}

/**
 * The names an event schema allows: its `const`, or its `enum`'s strings; undefined for any.
 * @param {unknown} spec
 * @param {unknown[]} schemas
 * @returns {string[] | undefined}
 */
function namesOf(spec, schemas) {
  for (const schema of [...schemas].reverse().map((s) => fieldsOf(deref(spec, s)))) {
    if (typeof schema.const === "string") return [schema.const];
    if (Array.isArray(schema.enum)) return schema.enum.filter((/** @type {unknown} */ v) => typeof v === "string");
  }
  return undefined;
}

/**
 * The view of a `text/event-stream` `itemSchema`: `schema`, one event as the client hands it out (an
 * object of the four fields, its `data` the JSON value where it holds JSON), one branch per kind the
 * item schema tells apart; `data`, which events' data is JSON; `kinds`, a line's account of them.
 * @param {unknown} spec the document as written
 * @param {unknown} itemSchema
 * @returns {{ schema: Record<string, unknown>, data: EventData, kinds: string[] }}
 * @example
 * eventItems(spec, { properties: { data: { contentMediaType: "application/json", contentSchema: { $ref: "#/components/schemas/Log" } } } });
 * // { schema: { type: "object", required: ["data"], properties: { data: { $ref: … }, … } }, data: { json: true }, kinds: ["any event: JSON"] }
 */
export function eventItems(spec, itemSchema) {
  const base = fields(spec, itemSchema);
  const branches = base.split?.branches ?? [];
  // an item schema that names no field of an event (a Pet's) describes its data, as documents before 3.2 give it
  const described = [base, ...branches.map((branch) => fields(spec, branch))].some(
    (schema) => Object.keys(schema.properties).length || schema.required.size,
  );
  if (!described) {
    const { data: _data, ...rest } = GENERIC;
    return {
      schema: {
        type: "object",
        required: ["data"],
        properties: { data: structuredClone(itemSchema), ...structuredClone(rest) },
      },
      data: { json: true },
      kinds: ["any event: JSON, which the item schema describes, naming no field of an event"],
    };
  }
  // a discriminator on `event` names its branches by its mapping
  /** @type {Map<unknown, string>} */
  const mapped = new Map();
  const discriminator = base.split?.discriminator;
  if (keyword(discriminator, "propertyName") === "event")
    for (const [name, ref] of Object.entries(fieldsOf(keyword(discriminator, "mapping")))) mapped.set(ref, name);
  /** @type {Record<string, boolean>} */
  const names = {};
  /** @type {string[]} */
  const kinds = [];
  const decoded = (/** @type {unknown} */ branch) => {
    // no branch: the fields of nothing, none
    const own = fields(spec, branch);
    const of = (/** @type {string} */ field) => [...(base.properties[field] ?? []), ...(own.properties[field] ?? [])];
    const data = dataOf(spec, of("data").length ? of("data") : [GENERIC.data]);
    const byMapping = mapped.get(keyword(branch, "$ref"));
    const eventNames = namesOf(spec, of("event")) ?? (byMapping !== undefined ? [byMapping] : undefined);
    for (const name of eventNames ?? []) names[name] ??= data.json;
    kinds.push(
      `${eventNames ? eventNames.map((n) => JSON.stringify(n)).join(", ") : "any event"}: ${data.json ? "JSON" : "text"}`,
    );
    /** @type {Record<string, unknown>} */
    const properties = { data: data.schema };
    for (const field of ["event", "id", "retry"]) {
      const given = of(field);
      properties[field] = structuredClone(given.length ? together(spec, given) : GENERIC[field]);
    }
    // named by the discriminator's mapping alone: the name pinned as the branch's own
    if (eventNames && !namesOf(spec, of("event")))
      properties.event = { ...fieldsOf(properties.event), enum: eventNames };
    const required = [...new Set(["data", ...base.required, ...own.required])];
    return { json: data.json, named: eventNames !== undefined, schema: { type: "object", required, properties } };
  };
  const each = branches.length ? branches.map(decoded) : [decoded(undefined)];
  // an event no branch names reads its data as the item schema's own data says, else as the first unnamed kind's
  const unnamed = each.find((kind) => !kind.named);
  const json = base.properties.data ? dataOf(spec, base.properties.data).json : (unnamed ?? each[0]).json;
  const schema =
    each.length === 1 ? each[0].schema : { [base.split?.combinator ?? "oneOf"]: each.map((k) => k.schema) };
  return { schema, data: Object.keys(names).length ? { json, names } : { json }, kinds };
}

/**
 * The line the view prints for an event stream's `itemSchema`.
 * @param {string[]} kinds from `eventItems`
 * @returns {string}
 */
export const eventItemsLine = (kinds) =>
  `itemSchema (3.2) read as the schema of one event as the client hands it out, each kind's data as its content (${kinds.join("; ")}); which data is JSON kept as ${EVENT_DATA}`;
