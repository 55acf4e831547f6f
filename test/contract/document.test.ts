// Every operation of this checkout's document (generated/openapi.json, whatever openapi/ holds)
// through the client against the mock serving it, as the corpus stage scores another team's
// document (test/documents/score.ts): each method called with inputs sampled from the document's
// schemas and strict about its answers, every list walked, every stream read; once with the
// document's examples and once without them. For this project's own document,
// test/contract/operations.test.ts also holds each call to what reached the wire.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOperations } from "../../scripts/lib/generate/read-operations.mjs";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { withoutExamples } from "../../scripts/lib/spec/examples.mjs";
import { createClient } from "../../src/index.js";
import { walkEveryOperation, type WalkResult } from "../support/mock-walk.js";

const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
const operations = readOperations(spec).operations;

let mock: { url: string; serve(text: string): Promise<void>; close(): Promise<void> };
beforeAll(async () => {
  mock = await mockServer({ port: 0, say: () => {} });
}, 60_000);
afterAll(async () => {
  await mock?.close();
});

/** Every operation of `document` called against the mock serving it; what did not work, one line each. */
async function failures(document: unknown): Promise<string[]> {
  await mock.serve(JSON.stringify(document));
  // any key: user:password fits basic auth as well as a bearer token or an API key
  const client = createClient({ apiKey: "contract:token", baseUrl: mock.url, maxRetries: 0, strictAnswers: true });
  const results: WalkResult[] = await walkEveryOperation(client, document, readOperations(document).operations);
  expect(results).toHaveLength(operations.length);
  return results.filter((r) => !r.ok).map((r) => `${r.where}: ${r.cause}`);
}

describe("every operation of the document, against the mock", () => {
  it("works as the document is written: each call answered as the document says, each list walked, each stream read", async () => {
    expect(await failures(spec)).toEqual([]);
  }, 600_000);

  it("works without the document's examples, on values sampled from its schemas", async () => {
    expect(await failures(withoutExamples(spec))).toEqual([]);
  }, 600_000);
});
