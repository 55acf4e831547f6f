// Named properties beside additionalProperties: JSON Schema holds only the other keys to
// additionalProperties, so a value whose named property is not of the additional properties' type
// is valid, and its type must take it (opensearch's `Suggester`, `text: string` beside suggesters
// by name, did not compile in a strict user). The oracle is TypeScript itself, compiling values the
// schema allows and values it refuses against the types openapi-typescript writes with the hook.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { namedBesideIndex } from "../../../scripts/lib/generate/type-hooks.mjs";

const dir = mkdtempSync(join(tmpdir(), "index-signatures-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec = {
  openapi: "3.1.0",
  info: { title: "t", version: "1.0.0" },
  paths: {},
  components: {
    schemas: {
      Field: { type: "object", properties: { prefix: { type: "string" } } },
      Suggester: {
        type: "object",
        properties: { text: { type: "string" }, size: { type: "integer" } },
        additionalProperties: { $ref: "#/components/schemas/Field" },
      },
      Tagged: {
        type: "object",
        required: ["kind"],
        properties: { kind: { const: "tagged" } },
        patternProperties: { "^x-": { type: "boolean" } },
      },
      Plain: { type: "object", additionalProperties: { type: "number" } },
    },
  },
};

/** TypeScript's errors for `program` beside the types openapi-typescript writes for `spec`. */
async function errors(program: string, hook?: typeof namedBesideIndex): Promise<string[]> {
  const types = astToString(await openapiTS(structuredClone(spec) as never, { silent: true, postTransform: hook }));
  writeFileSync(join(dir, "schema.ts"), types);
  writeFileSync(join(dir, "use.ts"), `import type { components } from "./schema.js";\n${program}`);
  const compiled = ts.createProgram([join(dir, "use.ts")], {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    types: [],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts"],
  });
  return ts.getPreEmitDiagnostics(compiled).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

type S = "Suggester" | "Tagged" | "Plain";
const value = (schema: S, literal: string, name = "v") =>
  `export const ${name}: components["schemas"]["${schema}"] = ${literal};\n`;

describe("named properties beside additionalProperties in the generated types", () => {
  it("takes a value whose named properties are not of the additional properties' type", async () => {
    const program =
      value("Suggester", `{ text: "x", size: 3, byName: { prefix: "p" } }`, "a") +
      value("Tagged", `{ kind: "tagged", "x-on": true }`, "b");

    expect(await errors(program, namedBesideIndex)).toEqual([]);
    // without the hook, the named properties are held to the index signature
    expect((await errors(program)).join("\n")).toMatch(/incompatible with index signature/);
  });

  it("still refuses an additional property the schema refuses, and a named one of the wrong type", async () => {
    const refused = await errors(
      value("Suggester", `{ byName: true }`, "a") +
        value("Suggester", `{ text: 3 }`, "b") +
        value("Plain", `{ n: "not a number" }`, "c"),
      namedBesideIndex,
    );

    expect(refused).toHaveLength(3);
  });
});
