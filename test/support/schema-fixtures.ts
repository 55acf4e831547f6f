import { schemas, type Schema } from "../../generated/validators.js";
import { schemaTable } from "../../scripts/lib/generate/schema-table.mjs";

/**
 * Runs a fixture spec through the generator and appends its table to the generated one (its
 * indexes shifted), so that check() resolves the fixture's $refs as it does the real spec's; returns
 * each component and root by name.
 *
 * @example
 * const { Node } = loadSchemas({ Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } } });
 */
export function loadSchemas(
  components: Record<string, unknown>,
  roots: Record<string, unknown> = {},
): Record<string, Schema> {
  const table = schemaTable({ openapi: "3.1.0", components: { schemas: components } });
  const index: Record<string, number> = {};
  for (const name of Object.keys(components))
    index[name] = table.add({ $ref: `#/components/schemas/${name}` }, `components.schemas.${name}`);
  for (const [name, schema] of Object.entries(roots)) index[name] = table.add(schema, name);
  const rows = table
    .source("")
    .split("export const schemas: Schema[] = [\n")[1]!
    .split("\n")
    .filter((line) => line.startsWith("  {"))
    .map((line) => line.trim().replace(/,$/, ""));
  const base = schemas.length;
  const shift = (k: string, v: any) =>
    k === "$ref"
      ? v + base
      : k === "discriminator" && v.mapping
        ? {
            ...v,
            mapping: Object.fromEntries(Object.entries(v.mapping).map(([tag, i]) => [tag, (i as number) + base])),
          }
        : v;
  for (const row of rows) schemas.push(JSON.parse(row.replaceAll('["__proto__"]:', '"__proto__":'), shift));
  return Object.fromEntries(Object.entries(index).map(([name, i]) => [name, schemas[base + i]!]));
}

/** A document of `paths` and component `schemas`, for the tests of what reads one (the mock, the sampler). */
export const fixtureDocument = (paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) => ({
  openapi: "3.1.0",
  info: { title: "fixture", version: "1.0.0" },
  paths,
  components: { schemas },
});

/** A multipart body of several files, each with where it goes, as the real service writes its bulk upload. */
export const FILES_UPLOAD = {
  type: "object",
  required: ["files"],
  properties: {
    files: {
      type: "array",
      items: {
        type: "object",
        required: ["file", "dest_path"],
        properties: {
          file: { type: "string", format: "binary" },
          dest_path: { type: "string", pattern: "^/" },
          mode: { type: "integer" },
        },
      },
    },
  },
};
