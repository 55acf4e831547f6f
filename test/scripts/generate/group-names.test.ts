// The interfaces of the client's groups (generated/resources.ts) take names that no schema type
// (generated/types.ts) has: src/index.ts exports both, and one name exported twice fails the build
// (TS2308), as DigitalOcean's `tags` group beside its `tags_resource` schema did.
import { describe, expect, it } from "vitest";
import { emitClient } from "../../../scripts/lib/generate/emit-client.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { schemaTable } from "../../../scripts/lib/generate/schema-table.mjs";

const object = { type: "object", properties: { name: { type: "string" } } };
const spec = {
  openapi: "3.1.0",
  info: { title: "t", version: "1.0.0" },
  paths: {
    "/tags": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/tags" } } },
          },
        },
      },
    },
  },
  components: { schemas: { tags: object, tags_resource: object, TagsResource2: object } },
};

/** The names a generated file exports as types. */
const exported = (source: string) =>
  [...source.matchAll(/^export (?:interface|type) ([A-Za-z_$][\w$]*)/gm)].map(([, name]) => name!);

describe("group interface names", () => {
  it("never takes the name of a schema type, however many of its forms the schemas hold", () => {
    const { operations, auth } = readOperations(spec);
    const files = emitClient(spec, operations, schemaTable(spec), "", { auth });
    const types = exported(files["types.ts"]);
    const resources = exported(files["resources.ts"]);

    // the schemas' own names, read from the spec: tags, tags_resource and TagsResource2 in PascalCase
    expect(types).toEqual(expect.arrayContaining(["Tags", "TagsResource", "TagsResource2"]));
    expect(resources).toContain("TagsResource3");
    expect(resources.filter((name) => types.includes(name))).toEqual([]);
  });
});
