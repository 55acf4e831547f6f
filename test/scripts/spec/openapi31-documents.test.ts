// The 3.1 view of every OpenAPI 3.2 document of ../shared/documents/ (by what its root file
// declares), held to two readers the view does not decide: openapi-typescript writes types for it
// that TypeScript compiles, and Redocly's 3.1 `struct` rule finds nothing in it that the same rule,
// reading 3.2, does not find in the document as written.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { load } from "js-yaml";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { bundleApi } from "../../../scripts/lib/spec/bundle.mjs";
import { openapi31 } from "../../../scripts/lib/spec/openapi31.mjs";
import { withDeviceFlowScopes } from "../../../scripts/lib/spec/redocly-types.mjs";
import { DOCUMENTS } from "../../support/corpus.js";

interface Indexed {
  name: string;
  folder: string;
  root: string;
}

const INDEX = join(DOCUMENTS, "index.json");
const indexed: Indexed[] = existsSync(INDEX) ? JSON.parse(readFileSync(INDEX, "utf8")).documents : [];
const declared = (doc: Indexed) =>
  String((load(readFileSync(join(DOCUMENTS, doc.folder, doc.root), "utf8")) as { openapi?: unknown })?.openapi ?? "");
const documents = indexed.filter((doc) => /^3\.2(\.|$)/.test(declared(doc)));
const dir = mkdtempSync(join(tmpdir(), "openapi31-documents-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What TypeScript says of a file of types, compiled alone, strictly. */
function compiled(name: string, types: string): string[] {
  const file = join(dir, `${name}.ts`);
  writeFileSync(file, types);
  const program = ts.createProgram([file], { strict: true, noEmit: true, types: [], lib: ["lib.es2022.d.ts"] });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

/** Redocly's `struct` problems of a document (3.1 or 3.2, by its own `openapi`), as `pointer: message`. */
async function structProblems(doc: unknown): Promise<string[]> {
  const config = withDeviceFlowScopes(await createConfig({ rules: { struct: "error" } }));
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: join(dir, "doc.json"), config });
  return problems.map((p) => `${p.location[0]?.pointer}: ${p.message}`);
}

describe.skipIf(!existsSync(INDEX))("the 3.1 view of each OpenAPI 3.2 document of ../shared/documents", () => {
  it("finds the corpus's 3.2 documents by what they declare", () => {
    expect(documents.length).toBeGreaterThan(0);
  });

  it.each(documents.map((doc) => [doc.name, doc] as const))(
    "%s: openapi-typescript types it, the types compile, and it is as valid as the document",
    async (name, doc) => {
      const { spec } = await bundleApi(join(DOCUMENTS, doc.folder, doc.root), await createConfig({}), doc.root);

      const { spec: view } = openapi31(spec);

      expect(view.openapi).toBe("3.1.1");
      const types = astToString(await openapiTS(structuredClone(view), { silent: true }));
      expect(compiled(name, types)).toEqual([]);
      const written = new Set(await structProblems(spec));
      expect((await structProblems(view)).filter((problem) => !written.has(problem))).toEqual([]);
    },
    60_000,
  );
});
