import { transformSync } from "esbuild";
import type { Schema } from "../../generated/validators.js";
import { schemaTable } from "../../scripts/lib/generate/schema-table.mjs";
import * as formats from "../../src/checks/formats.js";
import * as keywords from "../../src/checks/keywords.js";

/**
 * Runs a fixture spec through the generator and loads the source it writes (generated/validators.ts's
 * shape, its `$ref`s functions that name other constants), so that check() resolves the fixture's
 * $refs as it does the real spec's; returns each component and root by name.
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
  // the TypeScript the generator writes, run as it is: its constants, by the names it gave them
  const { code } = transformSync(table.source(""), { loader: "ts", format: "cjs" });
  const module = { exports: {} as Record<string, Schema> };
  // its imports, the checks its schemas name
  const imports: Record<string, unknown> = {
    "../src/checks/formats.js": formats,
    "../src/checks/keywords.js": keywords,
  };
  const require = (path: string) => {
    if (!imports[path]) throw new Error(`loadSchemas: unexpected import ${path}`);
    return imports[path];
  };
  new Function("exports", "module", "require", code)(module.exports, module, require);
  return Object.fromEntries(Object.entries(index).map(([name, i]) => [name, module.exports[table.name(i)]!]));
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
