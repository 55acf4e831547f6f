// The mock on other services' documents (../shared/documents/), as they are and with every example
// taken out: each document in a copy of the project, generated, served by `mockServer` as `npm run
// mock` serves it, and every operation called through the copy's client, strict about answers.
// Prints, per document, the calls answered with success, the lists walked 3 pages without a repeated
// item, the streams that yielded every declared kind, and each failure. `npm run test:documents`.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { readOperations } from "../../scripts/lib/generate/read-operations.mjs";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { withoutExamples } from "../../scripts/lib/spec/document.mjs";
import { CASES, copyFor, DOCUMENTS } from "../support/document-copy.js";
import { walkEveryOperation, walkReport, type WalkResult } from "../support/mock-walk.js";

const RESULTS = join(root, "test-results/documents");
const exec = promisify(execFile);
// npm's own variables from the `npm run` around us would point the nested npm at this checkout
const env = Object.fromEntries(Object.entries(toolEnv()).filter(([name]) => !/^npm_/i.test(name)));

describe.skipIf(!existsSync(DOCUMENTS))("the mock on the shared documents", () => {
  mkdirSync(RESULTS, { recursive: true });

  describe.each(CASES)("$name", (doc) => {
    let copy: { dir: string; remove: () => void } | undefined;
    afterAll(() => copy?.remove());

    it.each([
      ["as written", false],
      ["with every example taken out", true],
    ])("answers every call, walks every list, reads every stream kind, %s", async (how, strip) => {
      if (!copy) {
        copy = copyFor(doc);
        await exec(process.execPath, ["scripts/generate.mjs"], { cwd: copy.dir, env, maxBuffer: 256 << 20 });
      }
      const spec = JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
      const served = strip ? withoutExamples(spec) : spec;
      const { operations } = readOperations(served);
      const { createClient } = await import(join(copy.dir, "src/index.ts"));
      const said: string[] = [];
      const mock = await mockServer({ port: 0, say: (line) => said.push(line) });
      let results: WalkResult[];
      const started = performance.now();
      try {
        await mock.serve(JSON.stringify(served));
        const client = createClient({
          apiKey: "documents:token",
          baseUrl: mock.url,
          maxRetries: 0,
          strictAnswers: true,
        });
        results = await walkEveryOperation(client, served, operations);
      } finally {
        await mock.close();
      }
      const report = [
        `mock, ${how}: ${operations.length} operations in ${Math.round(performance.now() - started)} ms`,
        ...walkReport(results),
        `mock log: ${said.length} lines`,
        ...said.map((line) => `  ${line}`),
      ];
      writeFileSync(join(RESULTS, `${doc.name}.mock${strip ? "-no-examples" : ""}.txt`), `${report.join("\n")}\n`);
      for (const line of report.slice(0, 4)) console.log(`documents: ${doc.name}: ${line}`);

      expect(results.filter((r) => !r.ok).map((r) => `${r.where}: ${r.cause}`)).toEqual([]);
    });
  });
});
