import { describe, expect, it } from "vitest";
import { BASE_GZIP_BYTES, budgetGzipBytes, consumerBundleSize, OPERATIONS, PER_OPERATION_GZIP_BYTES } from "../../scripts/bundle-size.mjs";

describe("a consumer's bundle of this client", () => {
  it("stays within its budget, a base plus an allowance per operation, when a program calls every operation", async () => {
    const { gzip, code } = await consumerBundleSize("client");

    // the bundle really holds the client: an empty one would pass the budget too
    for (const op of OPERATIONS) expect(code).toContain(op.path);
    expect(budgetGzipBytes(OPERATIONS.length)).toBe(BASE_GZIP_BYTES + PER_OPERATION_GZIP_BYTES * OPERATIONS.length);
    expect(gzip).toBeLessThanOrEqual(budgetGzipBytes(OPERATIONS.length));
  });

  it("imports no Node built-in, so it runs in browsers, workers and edge runtimes", async () => {
    const { code, externalImports } = await consumerBundleSize("client");

    expect(externalImports).toEqual([]);
    expect(code).not.toMatch(/(from|import\(|require\()\s*["']node:/);
  });
});
