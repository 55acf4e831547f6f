// OpenAPI 3.2 through the whole pipeline, part of `npm test` (its corpus stage): every document of
// ../shared/documents/index.json whose root file declares 3.2, and the synthetic spec written as 3.2
// (scripts/synthetic-spec.mjs --openapi 3.2), each in a copy of the project as a team drops it in:
// lint, generate, type check, pack, a strict user of every method, the docs page, every method against
// the mock (as written and without examples), the stateful round trips (score.ts), held to the
// corpus's goal (scoreboard.ts).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseYaml } from "@redocly/openapi-core";
import { afterAll, describe, expect, it } from "vitest";
import { writeSyntheticSpec } from "../../scripts/synthetic-spec.mjs";
import { corpus, DOCUMENTS, type Document } from "../support/corpus.js";
import { scoreDocument } from "./score.js";
import { shortfalls } from "./scoreboard.js";

/** The version a document's root file declares, read as YAML (which JSON is too). */
const declared = (doc: Document) =>
  String((parseYaml(readFileSync(resolve(DOCUMENTS, doc.folder, doc.root), "utf8")) as any)?.openapi ?? "");

const synthetic = mkdtempSync(join(tmpdir(), "synthetic-3.2-document-"));
const { index } = writeSyntheticSpec(synthetic, { openapi: "3.2" });
const documents: Document[] = [
  ...corpus().filter((doc) => /^3\.2\./.test(declared(doc))),
  { name: "synthetic-3.2", folder: synthetic, root: index.slice(synthetic.length + 1) },
];
afterAll(() => rmSync(synthetic, { recursive: true, force: true }));

describe("every OpenAPI 3.2 document through the pipeline", () => {
  it.concurrent.each(documents)("$name", async (doc) => {
    const score = await scoreDocument(doc, (line) => console.log(`openapi 3.2: ${doc.name}: ${line}`));

    expect(shortfalls(score)).toEqual([]);
    expect(score).toMatchObject({ linted: true, generated: true, typeChecked: true, packed: true });
    expect(score).toMatchObject({ consumerCompiled: true, documented: true });
  });
});
