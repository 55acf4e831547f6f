// The corpus's documents whose operations answer a sequence of JSON texts (JSON Lines, NDJSON, a JSON
// text sequence, application/stream+json) and no JSON beside it, found by that structure in the
// document as published: each generated in a copy of the project and type-checked, and every such
// operation called through the mock with strict answers, its items read one by one. Which operations
// those are is read from the document here, by media types written out in this file.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { copyFor, corpus, type Document, published } from "../../support/corpus.js";
import { walkEveryOperation } from "../../support/mock-walk.js";

type Json = any;
const SEQUENCES = new Set([
  "application/jsonl",
  "application/x-jsonl",
  "application/jsonlines",
  "application/x-jsonlines",
  "application/x-ndjson",
  "application/ndjson",
  "application/json-seq",
  "application/stream+json",
]);
const JSON_TYPE = /^application\/(.+\+)?json$/i;

/** `[METHOD, path]` of each operation whose first 2xx answer is a sequence, with no other JSON beside it. */
function sequenceAnswers(doc: Json): [string, string][] {
  const deref = (node: Json): Json => {
    let at = node;
    for (let hops = 0; typeof at?.$ref === "string" && hops < 32; hops++)
      at = at.$ref
        .slice(2)
        .split("/")
        .reduce((n: Json, t: string) => n?.[decodeURIComponent(t).replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    return at;
  };
  return Object.entries<Json>(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries<Json>(deref(item) ?? {}).flatMap(([method, op]): [string, string][] => {
      const status = Object.keys(op?.responses ?? {})
        .filter((s) => /^2\d\d$/.test(s))
        .sort()[0];
      const types = Object.keys(deref(status && op.responses[status])?.content ?? {}).map((t) => t.toLowerCase());
      const sequence = types.some((t) => SEQUENCES.has(t));
      const json = types.some((t) => JSON_TYPE.test(t) && !SEQUENCES.has(t));
      return sequence && !json ? [[method.toUpperCase(), path]] : [];
    }),
  );
}

const found: [Document, [string, string][]][] = [];
for (const doc of corpus()) {
  const answers = sequenceAnswers((await published(doc)).parsed);
  if (answers.length) found.push([doc, answers]);
}

describe.skipIf(!found.length)("the corpus's documents that answer a sequence of JSON texts", () => {
  it.each(found.map(([doc, answers]) => [doc.name, doc, answers] as const))(
    "%s: each such answer is an ItemStream, whose items the mock sends and the client reads, checked",
    async (_, doc, answers) => {
      const copy = copyFor(doc);
      try {
        execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: copy.dir, env: toolEnv(), stdio: "pipe" });
        execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "."], { cwd: copy.dir });
        expect(readFileSync(join(copy.dir, "generated/resources.ts"), "utf8")).toContain("Promise<ItemStream<");
        const spec = JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
        const wanted = new Set(answers.map(([method, path]) => `${method} ${path}`));
        const operations = readOperations(spec).operations.filter((op) => wanted.has(`${op.method} ${op.path}`));

        expect(operations.map((op) => [op.method, op.path, op.success.kind])).toEqual(
          answers.map(([method, path]) => [method, path, "sequence"]),
        );

        const { createClient } = await import(join(copy.dir, "src/index.ts"));
        const mock = await mockServer({ port: 0, say: () => {} });
        try {
          await mock.serve(JSON.stringify(spec));
          const client = createClient({ apiKey: "k", baseUrl: mock.url, maxRetries: 0, strictAnswers: true });
          const results = await walkEveryOperation(client, spec, operations);

          expect(results.map((r) => [r.where, r.kind, r.ok, r.cause])).toEqual(
            results.map((r) => [r.where, "stream", true, undefined]),
          );
          expect(results.every((r) => (r.events ?? 0) > 0)).toBe(true);
        } finally {
          await mock.close();
        }
      } finally {
        copy.remove();
      }
    },
    240_000,
  );
});
