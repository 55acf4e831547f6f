import { describe, expect, it } from "vitest";
import { everyVerdict, judge } from "../../../scripts/bench/budgets.mjs";
import { maxRssOf } from "../../../scripts/bench/peers.mjs";

describe("the peak memory a timed tool reports (scripts/bench/peers.mjs)", () => {
  it("reads the KiB line max-rss.cjs writes as bytes, wherever it falls in the output", () => {
    expect(maxRssOf("✨ openapi-typescript 7.13.0\n\nbench-max-rss-kib: 144292\n")).toBe(144_292 * 1024);
    expect(maxRssOf("bench-max-rss-kib: 1\nafter")).toBe(1024);
  });

  it("reads nothing from output without the line, or with the line broken", () => {
    expect(maxRssOf("killed\n")).toBeUndefined();
    expect(maxRssOf("bench-max-rss-kib: \n")).toBeUndefined();
    expect(maxRssOf("xbench-max-rss-kib: 12\n")).toBeUndefined();
  });
});

describe("the bench's closing list of budgets (scripts/bench/budgets.mjs)", () => {
  it("prints each verdict with its figure, its goal, its peer and the figures beside it", () => {
    const verdicts = [
      judge("growth.regenerate", 1.92, true, "4.9 s; the tools alone 2.6 s"),
      judge("growth.dev", undefined, false),
    ];

    expect(everyVerdict(verdicts)).toEqual([
      "MISS growth.regenerate: 1.92x (goal ≤ 1.50x), against openapi-typescript + redocly build-docs alone, same run (4.9 s; the tools alone 2.6 s)",
      "MISS growth.dev: failed or not measured (goal ≤ 0.50x), against one `node scripts/generate.mjs` on the same tree, same run",
    ]);
  });
});
