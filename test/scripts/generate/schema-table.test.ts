import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { schemaTable } from "../../../scripts/lib/generate/schema-table.mjs";

/** The emitted schemas of a table, their `$ref`s and mappings as indexes; `source` names them (below). */
function rows(table: { entries(): any[] }): any[] {
  return structuredClone(table.entries());
}

const spec = (schemas: Record<string, unknown>) => ({ openapi: "3.1.0", components: { schemas } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("schemaTable()", () => {
  it("emits a self-recursive schema once and refers to it by index", () => {
    const table = schemaTable(
      spec({
        Node: { type: "object", properties: { child: ref("Node"), kids: { type: "array", items: ref("Node") } } },
      }),
    );

    const index = table.add(ref("Node"), "body");

    expect(index).toBe(0);
    expect(rows(table)).toEqual([
      { type: ["object"], properties: { child: { $ref: 0 }, kids: { type: ["array"], items: { $ref: 0 } } } },
    ]);
  });

  it("emits mutually recursive schemas A -> B -> A once each", () => {
    const table = schemaTable(
      spec({ A: { type: "object", properties: { b: ref("B") } }, B: { type: "array", items: ref("A") } }),
    );

    const a = table.add(ref("A"), "a");
    const b = table.add(ref("B"), "b");

    expect([a, b]).toEqual([0, 1]);
    expect(rows(table)).toEqual([
      { type: ["object"], properties: { b: { $ref: 1 } } },
      { type: ["array"], items: { $ref: 0 } },
    ]);
  });

  it("emits a component shared by many once, gives a component registered twice the same index, and emits nothing unreached", () => {
    const table = schemaTable(
      spec({
        Id: { type: "string", minLength: 1 },
        User: { type: "object", properties: { id: ref("Id"), manager: ref("Id") } },
        Team: { type: "object", properties: { id: ref("Id"), lead: ref("User") } },
        Unused: { type: "integer" },
      }),
    );

    const team = table.add(ref("Team"), "team");
    const user = table.add(ref("User"), "user");
    const again = table.add(ref("Team"), "team again");
    const inline = table.add({ type: "array", items: ref("User") }, "inline");

    const emitted = rows(table);
    expect(again).toBe(team);
    expect(emitted).toHaveLength(4);
    expect(emitted.filter((s) => s.minLength === 1)).toHaveLength(1);
    expect(emitted[inline]).toEqual({ type: ["array"], items: { $ref: user } });
    expect(JSON.stringify(emitted)).not.toContain("integer");
  });

  it("gives equal inline schemas one entry, and an inline copy of a component (as dereferencing makes) the component's", () => {
    const table = schemaTable(
      spec({ Limits: { type: "object", required: ["max"], properties: { max: { type: "integer" } } } }),
    );

    const limits = table.add(ref("Limits"), "components.schemas.Limits");

    expect(table.add({ type: "string", description: "one" }, "a")).toBe(
      table.add({ type: "string", title: "two" }, "b"),
    );
    expect(
      table.add(
        { type: "object", description: "a copy", required: ["max"], properties: { max: { type: "integer" } } },
        "paths./org/limits.get",
      ),
    ).toBe(limits);
    expect(rows(table)).toHaveLength(2);
  });

  it("decodes ~0, ~1 and percent escapes in a reference", () => {
    const table = schemaTable(spec({ "a/b~c d": { type: "boolean" } }));

    const index = table.add({ $ref: "#/components/schemas/a~1b~0c%20d" }, "body");

    expect(rows(table)[index]).toEqual({ type: ["boolean"] });
  });

  it("follows a reference into any part of the document", () => {
    const table = schemaTable({
      ...spec({ Box: { type: "object", properties: { size: { type: "integer", minimum: 1 } } } }),
    });

    const index = table.add({ $ref: "#/components/schemas/Box/properties/size" }, "body");

    expect(rows(table)[index]).toEqual({ type: ["integer"], minimum: 1 });
  });

  it("throws, naming the place, for a reference to nothing", () => {
    const table = schemaTable(spec({ User: { type: "object", properties: { team: ref("Team") } } }));

    expect(() => table.add(ref("User"), "body")).toThrow(
      "components.schemas.User.properties.team: $ref #/components/schemas/Team points to nothing",
    );
    expect(() => table.add({ $ref: "other.yaml#/Team" }, "paths./x.post.requestBody")).toThrow(
      "paths./x.post.requestBody: $ref",
    );
  });

  it("drops annotations and keeps only what check() enforces", () => {
    const table = schemaTable(spec({}));

    const index = table.add(
      {
        type: "string",
        title: "t",
        description: "d",
        example: "e",
        examples: ["e"],
        default: "x",
        deprecated: true,
        $comment: "c",
        xml: { name: "n" },
        externalDocs: { url: "https://example.com" },
        "x-internal": true,
        format: "hostname",
        minLength: 1,
      },
      "body",
    );

    expect(rows(table)[index]).toEqual({ type: ["string"], minLength: 1 });
    expect(table.unchecked).toEqual([]);
  });

  it("keeps readOnly and writeOnly only on required properties, also behind a $ref", () => {
    const table = schemaTable(
      spec({
        Id: { type: "string", readOnly: true },
        Session: {
          type: "object",
          required: ["id", "secret"],
          properties: {
            id: ref("Id"),
            secret: { type: "string", writeOnly: true },
            created: { type: "string", readOnly: true },
          },
        },
      }),
    );

    const index = table.add(ref("Session"), "body");

    const emitted = rows(table);
    expect(emitted[index].properties).toEqual({
      id: { $ref: 1, readOnly: true },
      secret: { type: ["string"], writeOnly: true },
      created: { type: ["string"] },
    });
    expect(emitted[1]).toEqual({ type: ["string"] });
  });

  it("turns boolean schemas into objects: true accepts anything, false nothing", () => {
    const table = schemaTable(spec({ Anything: true, Nothing: false }));

    const emitted = [
      table.add(ref("Anything"), "a"),
      table.add(ref("Nothing"), "n"),
      table.add(
        { type: "object", properties: { gone: false, any: true }, items: true, additionalProperties: true },
        "o",
      ),
    ];

    expect(emitted.map((i) => rows(table)[i])).toEqual([
      {},
      { not: {} },
      { type: ["object"], properties: { gone: { not: {} }, any: {} } },
    ]);
    expect(table.unchecked).toEqual([]);
  });

  it("goes on after an add that threw, leaving the schema it was pruning out of the table", () => {
    const table = schemaTable(
      spec({ User: { type: "object", properties: { team: ref("Team") } }, Name: { type: "string" } }),
    );
    expect(() => table.add(ref("User"), "body")).toThrow("points to nothing");

    const name = table.add(ref("Name"), "name");

    expect(table.schema(name)).toEqual({ type: ["string"] });
    expect(() => table.source("")).toThrow("schemaTable: components.schemas.User was never completed");
  });

  it("leaves out and lists a pattern that is no string, which generated/validators.ts could not type", () => {
    const table = schemaTable(spec({ Code: { type: "string", pattern: 5 } }));

    const index = table.add(ref("Code"), "body");

    expect(table.unchecked).toEqual([{ where: "components.schemas.Code", keyword: "pattern" }]);
    expect(rows(table)[index]).toEqual({ type: ["string"] });
  });

  it("lists what it cannot enforce, with its place, leaves it out and goes on", () => {
    const table = schemaTable(
      spec({
        Odd: {
          type: "object",
          properties: {
            code: { type: "string", pattern: "([a-z]" },
            tags: { type: "array", contains: { const: "x" } },
          },
          patternProperties: { "^x-": { type: "string" } },
          if: { required: ["a"] },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword
          then: { required: ["b"] },
          frobnicate: 3,
          nullable: true,
          required: ["code"],
        },
      }),
    );

    const index = table.add(ref("Odd"), "body");

    expect(table.unchecked).toEqual([
      { where: "components.schemas.Odd.properties.code", keyword: "pattern" },
      { where: "components.schemas.Odd.properties.tags", keyword: "contains" },
      { where: "components.schemas.Odd", keyword: "patternProperties" },
      { where: "components.schemas.Odd", keyword: "if" },
      { where: "components.schemas.Odd", keyword: "then" },
      { where: "components.schemas.Odd", keyword: "frobnicate" },
      { where: "components.schemas.Odd", keyword: "nullable" },
    ]);
    expect(rows(table)[index]).toEqual({
      type: ["object"],
      properties: { code: { type: ["string"] }, tags: { type: ["array"] } },
      required: ["code"],
    });
  });

  it("moves a $ref's sibling keywords under allOf, and a second of anyOf/oneOf too", () => {
    const table = schemaTable(spec({ Name: { type: "string" } }));

    const index = table.add(
      { $ref: "#/components/schemas/Name", maxLength: 3, anyOf: [{ minLength: 1 }], oneOf: [{ pattern: "^a" }] },
      "body",
    );

    expect(rows(table)[index]).toEqual({
      maxLength: 3,
      oneOf: [{ pattern: "^a" }],
      allOf: [{ $ref: 0 }, { anyOf: [{ minLength: 1 }] }],
    });
  });

  it("maps discriminator tags to schema indexes, from the mapping and from the names of $ref'd branches", () => {
    const table = schemaTable(
      spec({
        Pet: {
          oneOf: [ref("Cat"), ref("Dog")],
          discriminator: { propertyName: "kind", mapping: { kitty: "#/components/schemas/Cat", hound: "Dog" } },
        },
        Cat: { type: "object" },
        Dog: { type: "object" },
        Fish: { anyOf: [ref("Cat"), ref("Dog")], discriminator: { propertyName: "kind" } },
      }),
    );

    const pet = table.add(ref("Pet"), "pet");
    const fish = table.add(ref("Fish"), "fish");

    const emitted = rows(table);
    expect(emitted[pet].discriminator).toEqual({ propertyName: "kind", mapping: { kitty: 1, hound: 2 } });
    expect(emitted[fish].discriminator).toEqual({ propertyName: "kind", mapping: { Cat: 1, Dog: 2 } });
  });

  it("drops and reports a reference through which a schema would reach itself without descending into the value", () => {
    const table = schemaTable(
      spec({ A: { allOf: [ref("B")], type: "object" }, B: { anyOf: [ref("A"), { type: "null" }] }, C: ref("C") }),
    );

    const a = table.add(ref("A"), "a");
    const c = table.add(ref("C"), "c");

    const emitted = rows(table);
    expect(table.unchecked).toEqual([
      { where: "components.schemas.B", keyword: "$ref" },
      { where: "components.schemas.C", keyword: "$ref" },
    ]);
    expect(emitted[a]).toEqual({ allOf: [{ $ref: 1 }], type: ["object"] });
    expect(emitted[1]).toEqual({ anyOf: [{}, { type: ["null"] }] });
    expect(emitted[c]).toEqual({});
  });

  it("works on a dereferenced document, where one object stands for a component, cycles included", () => {
    const node: Record<string, unknown> = { type: "object", properties: {} };
    (node.properties as Record<string, unknown>).next = node;
    const list = { type: "object", properties: { head: node, tail: node } };
    const table = schemaTable(spec({ Node: node, List: list }));

    const index = table.add(list, "body");

    expect(index).toBe(0);
    expect(rows(table)).toEqual([
      { type: ["object"], properties: { head: { $ref: 1 }, tail: { $ref: 1 } } },
      { type: ["object"], properties: { next: { $ref: 1 } } },
    ]);
  });

  it("writes a field named __proto__ as a field, not as the prototype of the schema literal", () => {
    const table = schemaTable(spec({}));

    table.add({ type: "object", properties: JSON.parse('{"__proto__":{"type":"string"}}') }, "body");

    expect(table.source("")).toContain('"properties":{["__proto__"]:{"type":["string"]}}');
  });

  it("takes boolean schemas anywhere and pointers with empty tokens, and reports a value that is no schema instead of throwing", () => {
    const doc = {
      ...spec({ "": { type: "string" }, Never: false, Any: true }),
      $defs: { "": { x: { type: "integer" } } },
    };
    const table = schemaTable(doc);

    table.add(
      {
        allOf: [true, ref("Any")],
        items: false,
        properties: { a: ref(""), b: { $ref: "#/$defs//x" }, c: ref("Never"), d: null },
      },
      "body",
    );

    expect(rows(table)).toEqual([
      {},
      { type: ["string"] },
      { type: ["integer"] },
      { not: {} },
      {
        allOf: [{}, { $ref: 0 }],
        items: { not: {} },
        properties: { a: { $ref: 1 }, b: { $ref: 2 }, c: { $ref: 3 }, d: {} },
      },
    ]);
    expect(table.unchecked).toEqual([{ where: "body.properties.d", keyword: "schema" }]);
  });

  it("renders the header, the Schema type and one constant per schema, a reference as a function of the constant it names", () => {
    const table = schemaTable(spec({ Pet: { type: "object", properties: { friend: ref("Pet") } } }));
    const pet = table.add(ref("Pet"), "body");
    const count = table.add({ type: "integer" }, "query");
    const at = table.add({ type: "string", format: "date-time" }, "header");
    table.add({ type: "array", uniqueItems: true, items: { type: "number", multipleOf: 0.01 } }, "body");

    const source = table.source("// generated\n\n");

    expect(
      source.startsWith(
        '// generated\n\nimport * as F from "../src/checks/formats.js";\nimport * as K from "../src/checks/keywords.js";\n\n/**',
      ),
    ).toBe(true);
    // a format, multipleOf and uniqueItems name their checks by import: a bundle keeps only those it reaches
    expect(source).toContain(`: Schema = {"type":["string"],"format":F.dateTime};\n`);
    expect(source).toContain(
      `: Schema = {"type":["array"],"uniqueItems":K.unique,"items":{"type":["number"],"multipleOf":[0.01,K.multipleOf]}};\n`,
    );
    expect(table.name(at)).toMatch(/^Inline_/);
    expect(source).toContain("export interface Schema {");
    // an inline schema is named by the first 10 hex digits of the SHA-256 of its text
    const inline = `Inline_${createHash("sha256").update('{"type":["integer"]}').digest("hex").slice(0, 10)}`;
    expect([table.name(pet), table.name(count)]).toEqual(["Pet", inline]);
    expect(source).toContain(
      'export const Pet: Schema = {"type":["object"],"properties":{"friend":{"$ref":() => Pet}}};\n',
    );
    expect(source).toContain(`export const ${inline}: Schema = {"type":["integer"]};\n`);
    expect(source).not.toContain("schemas[");
  });

  it("names each constant by its component or its content, so that adding a schema renames none and changes no other line", () => {
    const components = {
      Cat: { type: "object", properties: { name: { type: "string" } } },
      Dog: { type: "object", properties: { owner: ref("Cat") } },
    };
    const build = (extra: boolean) => {
      const table = schemaTable(spec(components));
      table.add({ type: "string", minLength: 1 }, "first path parameter");
      if (extra) table.add({ anyOf: [ref("Dog"), { type: "null" }] }, "an inserted answer");
      table.add(ref("Cat"), "body");
      table.add({ type: "integer", maximum: 9 }, "query");
      return table.source("").split("\n");
    };
    const before = build(false);
    const after = build(true);

    // the inserted schema's own constant and the component it reaches, nothing else
    expect(after.filter((line) => !before.includes(line))).toEqual([
      "/** `components.schemas.Dog` */",
      'export const Dog: Schema = {"type":["object"],"properties":{"owner":{"$ref":() => Cat}}};',
      expect.stringMatching(
        /^export const Inline_[0-9a-f]{10}: Schema = \{"anyOf":\[\{"\$ref":\(\) => Dog\},\{"type":\["null"\]\}\]\};$/,
      ),
    ]);
    expect(before.filter((line) => !after.includes(line))).toEqual([]);
    // two constants more, each with its comment line and the blank line after it
    expect(after.length - before.length).toBe(2 * 3);
  });
});
