import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { consumerBundleSize } from "../../scripts/bundle-size.mjs";

// exact facts about what a consumer ships; its size is judged against the goals by `npm run bench`
// (scripts/bench/budgets.mjs), where a miss is reported without blocking every change to src/
const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operations = Object.entries<Record<string, any>>(spec.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({ path, ...item[m] })),
);
/** Every prose text of the spec longer than a phrase: descriptions and summaries, which a bundle has no use for. */
function prose(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => prose(n, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if ((key === "description" || key === "summary") && typeof value === "string" && value.length > 20)
        out.push(value.trim().split("\n")[0]!);
      else prose(value, out);
    }
  }
  return out;
}

describe("a consumer's bundle of this client", () => {
  it("holds the path of every operation of the spec, so it measures the whole client", async () => {
    const { code } = await consumerBundleSize("client");

    expect(operations.length).toBeGreaterThan(0);
    expect(operations.map((op) => op.path).filter((path) => !code.includes(path))).toEqual([]);
  });

  it("ships none of the spec's prose: no description or summary reaches a user's bundle", async () => {
    const { code } = await consumerBundleSize("client");
    const texts = prose(spec);

    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((text) => code.includes(text))).toEqual([]);
  });

  it("imports no Node built-in, so it runs in browsers, workers and edge runtimes", async () => {
    const { code, externalImports } = await consumerBundleSize("client");

    expect(externalImports).toEqual([]);
    expect(code).not.toMatch(/(from|import\(|require\()\s*["']node:/);
  });
});
