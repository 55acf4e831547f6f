import { describe, expect, it } from "vitest";
import { countOperations, largest } from "../../../scripts/bench/largest-document.mjs";

describe("the corpus's largest document (scripts/bench/largest-document.mjs)", () => {
  it("counts each path item's operations, not its parameters, summary or servers", () => {
    const document = {
      paths: {
        "/a": { summary: "A", parameters: [], servers: [], get: {}, post: {}, delete: {} },
        "/b": { $ref: "paths/b.yaml" },
        "/c": { $ref: "missing.yaml" },
      },
      webhooks: { ping: { post: {} } },
    };
    const files: Record<string, unknown> = { "paths/b.yaml": { put: {}, patch: {}, description: "B" } };

    expect(countOperations(document, (ref) => files[ref])).toBe(6);
  });

  it("counts OpenAPI 3.2's query and additionalOperations, and nothing in a document without paths", () => {
    expect(
      countOperations(
        { paths: { "/s": { query: {}, additionalOperations: { COPY: {}, LINK: {} } } } },
        () => undefined,
      ),
    ).toBe(3);
    expect(countOperations({ openapi: "3.1.0" }, () => undefined)).toBe(0);
    expect(countOperations(null, () => undefined)).toBe(0);
  });

  it("chooses the document with the most operations, the first of a tie, and none of none", () => {
    const docs = [
      { name: "small", operations: 4 },
      { name: "big", operations: 659 },
      { name: "as big", operations: 659 },
    ];

    expect(largest(docs)?.name).toBe("big");
    expect(largest([])).toBeUndefined();
  });
});
