import { describe, expect, it } from "vitest";
import { BUDGETS, judge, verdictLine } from "../../../scripts/bench/budgets.mjs";

describe("the bench's budgets (scripts/bench/budgets.mjs)", () => {
  it("holds the project's goals as fixed numbers", () => {
    const goals = Object.fromEntries(BUDGETS.map((b) => [b.key, b.max]));

    expect(goals).toEqual({
      "requests.get": 1.1,
      "requests.click": 1.1,
      "bundle.repo": 10_240,
      "bundle.json3": 10_240,
      "bundle.all": 19_968,
      "checker.answer": 0.5,
      "pipeline.build": 1.5,
      "pipeline.dev": 0.5,
      "growth.regenerate": 1.5,
      "growth.dev": 0.5,
      "growth.mock": 1.5,
      "growth.typecheck": 4,
      "growth.tests": 2,
      "scale.generate": 1.5,
      "scale.memory": 2,
      "scale.dts": 2,
      "scale.typecheck": 2,
      "scale.bundle": 2,
      "scale.marginal": 2.5,
      "scale.docs": 1.5,
      "scale.html": 1.5,
      "streams.rate": 1.25,
      "streams.heap": 8_388_608,
      "pages.walk": 1.1,
    });
  });

  it("shows a figure that rounds to its goal from the wrong side to three places, so that its verdict reads true", () => {
    expect(judge("requests.get", 1.1034).text).toBe(
      "≤ 1.10x: 1.103x MISS, against hand-written safe fetch, in the same rounds",
    );
    expect(judge("requests.get", 1.1).text).toBe(
      "≤ 1.10x: 1.10x PASS, against hand-written safe fetch, in the same rounds",
    );
    expect(judge("requests.get", 1.0981).text).toBe(
      "≤ 1.10x: 1.098x PASS, against hand-written safe fetch, in the same rounds",
    );
    expect(judge("streams.heap", 8 * 1024 * 1024 + 1).text).toBe(
      "≤ 8.0 MiB (8388608 B): 8.0 MiB (8388609 B) MISS, against a fixed goal",
    );
    expect(verdictLine([{ ...judge("requests.get", 1.1034), note: undefined }])).toBe(
      `verdict: MISS, 1 of 1 budgets missed:\n  GET /org/limits per request, this client / hand-written safe fetch: 1.103x > 1.10x${", against hand-written safe fetch, in the same rounds"}`,
    );
  });

  it("passes a figure at its goal and misses one a byte over, or one that could not be measured", () => {
    expect(judge("bundle.repo", 10_240)).toMatchObject({
      pass: true,
      text: expect.stringMatching(/^≤ 10\.0 KB \(10240 B\): 10\.0 KB \(10240 B\) PASS, against a fixed goal/),
    });
    expect(judge("bundle.repo", 10_241)).toMatchObject({
      pass: false,
      text: expect.stringMatching(/^≤ 10\.0 KB \(10240 B\): 10\.0 KB \(10241 B\) MISS, against a fixed goal/),
    });
    expect(judge("growth.dev", 0.4, false)).toMatchObject({
      pass: false,
      text: "≤ 0.50x: failed or not measured MISS, against one `node scripts/generate.mjs` on the same tree, same run",
    });
    expect(() => judge("bundle.typo", 1)).toThrow(/no budget bundle.typo/);
  });

  it("ends in MISS, naming each miss with its note, when any budget is missed", () => {
    const met = judge("requests.get", 1.05);
    const missed = judge("bundle.all", 22_408);

    expect(verdictLine([met])).toBe("verdict: PASS, 1 of 1 budgets met");
    expect(verdictLine([met, missed])).toMatch(
      /^verdict: MISS, 1 of 2 budgets missed:\n {2}consumer bundle calling all 133 operations of the synthetic spec \(standalone functions\), gzip -9: below the vendor's SDK: 21\.9 KB \(22408 B\) > 19\.5 KB \(19968 B\)/,
    );
  });
});
