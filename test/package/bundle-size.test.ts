import { describe, expect, it } from "vitest";
import { BUDGET_GZIP_BYTES, consumerBundleSize } from "../../scripts/bundle-size.mjs";

describe("a consumer's bundle of this client", () => {
  it("stays within its 6.75 KiB gzip budget when a program calls all four operations", async () => {
    const { gzip, code } = await consumerBundleSize("client");

    // the bundle really holds the client: an empty one would pass the budget too
    expect(code).toContain("/browsers/{id}/computer/click_mouse");
    expect(code).toContain("/org/limits");
    expect(BUDGET_GZIP_BYTES).toBe(6912);
    expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it("imports no Node built-in, so it runs in browsers, workers and edge runtimes", async () => {
    const { code, externalImports } = await consumerBundleSize("client");

    expect(externalImports).toEqual([]);
    expect(code).not.toMatch(/(from|import\(|require\()\s*["']node:/);
  });
});
