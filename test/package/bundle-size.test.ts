import { describe, expect, it } from "vitest";

interface BundleSize {
  minified: number;
  gzip: number;
  code: string;
  externalImports: string[];
}
interface BundleSizeModule {
  BUDGET_GZIP_BYTES: number;
  consumerBundleSize(consumer?: string): Promise<BundleSize>;
}

// a file URL keeps tsc from asking for a declaration file of the plain .mjs script
const load = async (): Promise<BundleSizeModule> => (await import(new URL("../../scripts/bundle-size.mjs", import.meta.url).href)) as BundleSizeModule;

describe("a consumer's bundle of this client", () => {
  it("stays within its 6.75 KiB gzip budget when a program calls all four operations", async () => {
    const { BUDGET_GZIP_BYTES, consumerBundleSize } = await load();

    const { gzip, code } = await consumerBundleSize("client");

    // the bundle really holds the client: an empty one would pass the budget too
    expect(code).toContain("/browsers/{id}/computer/click_mouse");
    expect(code).toContain("/org/limits");
    expect(BUDGET_GZIP_BYTES).toBe(6912);
    expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it("imports no Node built-in, so it runs in browsers, workers and edge runtimes", async () => {
    const { consumerBundleSize } = await load();

    const { code, externalImports } = await consumerBundleSize("client");

    expect(externalImports).toEqual([]);
    expect(code).not.toMatch(/(from|import\(|require\()\s*["']node:/);
  });
});
