// The synthetic spec written as OpenAPI 3.2 (`synthetic-spec.mjs --openapi 3.2`): the tree the 3.1
// mode wrote, changed as a team upgrading its document would (scripts/synthetic-spec/openapi-3.2.yaml
// says what): the index declares 3.2 and nests its tags by their parents; every event stream's events
// are described by `itemSchema`, each event's data the JSON its `contentSchema` describes; the searches
// it names are sent as QUERY. The operations only 3.2 can write (JSON Lines by itemSchema) are chosen
// with the others (synthetic-spec.mjs).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseYaml, stringifyYaml } from "@redocly/openapi-core";

const yaml = (/** @type {unknown} */ value) => stringifyYaml(value, { lineWidth: -1, noRefs: true });
const EVENT_STREAM = /^text\/event-stream\s*(;|$)/i;

/**
 * Rewrites the tree at `dir` as OpenAPI 3.2. Returns what it changed, for the command's line.
 * @param {string} dir the written openapi/ tree
 * @param {{ parents: Record<string, string>, query: string[] }} changes from openapi-3.2.yaml (catalogue.mjs `readOpenAPI32`)
 * @returns {{ streams: number, queries: number, nested: number }}
 * @example
 * asOpenAPI32(written.dir, readOpenAPI32(DATA, new Map()));
 */
export function asOpenAPI32(dir, { parents, query }) {
  const index = /** @type {any} */ (parseYaml(readFileSync(join(dir, "openapi.yaml"), "utf8")));
  index.openapi = "3.2.0";
  let nested = 0;
  for (const tag of index.tags ?? [])
    if (Object.hasOwn(parents, tag.name)) {
      tag.parent = parents[tag.name];
      nested++;
    }
  writeFileSync(join(dir, "openapi.yaml"), yaml(index));

  let streams = 0;
  let queries = 0;
  const queried = new Set(query);
  for (const file of readdirSync(join(dir, "paths")).filter((name) => name.endsWith(".yaml"))) {
    const at = join(dir, "paths", file);
    const text = readFileSync(at, "utf8");
    const item = /** @type {any} */ (parseYaml(text));
    const path = `/${pathOf(index, file)}`;
    let changed = false;
    for (const [method, op] of Object.entries(item)) {
      for (const response of Object.values(op?.responses ?? {}))
        for (const [type, media] of Object.entries(response?.content ?? {}))
          if (EVENT_STREAM.test(type) && media?.schema?.contentSchema) {
            media.itemSchema = eventItem(media.schema);
            delete media.schema;
            streams++;
            changed = true;
          }
      if (queried.has(`${method} ${path}`)) {
        item.query = op;
        delete item[method];
        queries++;
        changed = true;
      }
    }
    if (changed) writeFileSync(at, yaml(item));
  }
  return { streams, queries, nested };
}

/**
 * The `itemSchema` of a stream a 3.1 document describes as a string whose `contentSchema` is each
 * event's data: one event of OpenAPI 3.2's model, its `data` that JSON, its `id` a string.
 * @param {{ description?: string, contentSchema: unknown }} schema
 */
function eventItem(schema) {
  return {
    type: "object",
    ...(schema.description === undefined ? {} : { description: schema.description }),
    required: ["data"],
    properties: {
      data: { type: "string", contentMediaType: "application/json", contentSchema: schema.contentSchema },
      id: { type: "string", description: "Where a stream re-opened with Last-Event-ID resumes." },
    },
  };
}

/**
 * The path a path file of `index` holds, without its leading slash (its key in `paths`).
 * @param {{ paths?: Record<string, { $ref?: string } | null> }} index the index as parsed
 * @param {string} file
 */
function pathOf(index, file) {
  const entry = Object.entries(index.paths ?? {}).find(([, item]) => item?.$ref === `paths/${file}`);
  return (entry?.[0] ?? "").replace(/^\//, "");
}
