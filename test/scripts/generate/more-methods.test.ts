// The corpus's documents whose path items hold what OpenAPI 3.2 adds to 3.1's eight methods (`query`,
// `additionalOperations`), found by that structure in the document as published: each generated in a
// copy of the project, type-checked, a strict user of every method compiled against its package,
// and every method called through the mock behind a recording proxy. The methods expected are read
// from the document here, not from the generator: each `query` is a QUERY, each `additionalOperations`
// key the method it names.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withExampleInputs } from "../../../scripts/lib/generate/example-inputs.mjs";
import { consumerProgram } from "../../../scripts/lib/generate/examples.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";
import { pathMatcher } from "../../../src/core/path-template.js";
import { copyFor, corpus, type Document, published } from "../../support/corpus.js";
import { walkEveryOperation } from "../../support/mock-walk.js";
import { recordingProxy } from "../../support/recording-proxy.js";
import { strictConsumerErrors } from "../../support/strict-consumer.js";

type Json = any;

/** `[method, path]` of each operation a path item holds beyond 3.1's eight fields, as the document writes them. */
function moreMethods(doc: Json): [string, string][] {
  return Object.entries<Json>(doc.paths ?? {}).flatMap(([path, item]) => [
    ...(item?.query ? [["QUERY", path] as [string, string]] : []),
    ...Object.keys(item?.additionalOperations ?? {}).map((key): [string, string] => [key, path]),
  ]);
}

const found: [Document, [string, string][]][] = [];
for (const doc of corpus()) {
  const methods = moreMethods((await published(doc)).parsed);
  if (methods.length) found.push([doc, methods]);
}

describe.skipIf(!found.length)("the corpus's documents with QUERY or additionalOperations", () => {
  it.each(found.map(([doc, methods]) => [doc.name, doc, methods] as const))(
    "%s: each is a method, compiled strictly, sent as itself and answered by the mock",
    async (_, doc, methods) => {
      const copy = copyFor(doc);
      try {
        execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: copy.dir, env: toolEnv(), stdio: "pipe" });
        execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "."], { cwd: copy.dir });
        const spec = JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
        const { operations } = readOperations(spec);
        const called = withExampleInputs(operations, await createSampler(spec)).operations;
        const program = consumerProgram(called, { from: "./dist/src/index.js", baseUrl: '"http://127.0.0.1:4010"' });

        expect(operations.map((op) => [op.method, op.path])).toEqual(expect.arrayContaining(methods));
        expect(strictConsumerErrors(copy.dir, program)).toBe("");

        const { createClient } = await import(join(copy.dir, "src/index.ts"));
        const mock = await mockServer({ port: 0, say: () => {} });
        const proxy = await recordingProxy(mock.url);
        try {
          await mock.serve(JSON.stringify(spec));
          const client = createClient({ apiKey: "k", baseUrl: proxy.url, maxRetries: 0, strictAnswers: true });
          const results = await walkEveryOperation(client, spec, operations);

          expect(results.filter((r) => !r.ok).map((r) => `${r.where}: ${r.cause}`)).toEqual([]);
          // what reached the mock: each method as the document names it, at its path, answered 2xx
          const reached = methods.map(([method, path]) => {
            const match = pathMatcher([path]);
            const sent = proxy.requests.find((r) => r.method === method && match(r.target.split("?")[0]!));
            return [method, path, sent && Math.floor(sent.status / 100)];
          });
          expect(reached).toEqual(methods.map(([method, path]) => [method, path, 2]));
        } finally {
          await proxy.close();
          await mock.close();
        }
      } finally {
        copy.remove();
      }
    },
    240_000,
  );
});
