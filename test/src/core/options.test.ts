// The one table of options and its checker (src/core/options.ts), called directly: every kind of
// rule, the order of the problems and what is left unchecked. createClient's, a call's, a list's, a
// stream's and mockFetch's own tests assert the same messages through them.
import { describe, expect, it } from "vitest";
import { checkOptions } from "../../../src/core/options.js";

describe("checkOptions", () => {
  it.each([
    ["timeoutMs", 0, "must be > 0 and <= 2147483647 ms (got 0)"],
    ["idleTimeoutMs", 2 ** 31, "must be > 0 and <= 2147483647 ms (got 2147483648)"],
    ["maxRetries", -1, "must be a whole number >= 0 (got -1)"],
    ["maxResponseBytes", Number.POSITIVE_INFINITY, "must be a whole number >= 0 (got Infinity)"],
    ["maxReconnects", "3", 'must be a whole number >= 0 (got "3")'],
    ["maxEventSize", 0, "must be a whole number >= 1 (got 0)"],
    ["maxCalls", 2 ** 53, "must be a whole number >= 1 (got 9007199254740992)"],
    ["maxPages", 0.5, "must be a whole number >= 1, or Infinity (got 0.5)"],
    ["maxItems", Number.NEGATIVE_INFINITY, "must be a whole number >= 1, or Infinity (got -Infinity)"],
    ["allowInsecureHttp", "false", 'must be a boolean (got "false")'],
    ["strictAnswers", 1, "must be a boolean (got 1)"],
    ["fetch", {}, "must be a function (got object)"],
    ["signal", {}, "must be an AbortSignal (got object)"],
    ["signal", null, "must be an AbortSignal (got null)"],
    ["headers", [], "must be an object (got object)"],
    ["lastEventId", 7, "must be a string (got 7)"],
  ])("refuses %s %o: %s", (name, value, message) => {
    expect(checkOptions({ [name]: value }, [name], "options.")).toEqual([{ path: `options.${name}`, message }]);
  });

  it.each([
    ["timeoutMs", 2 ** 31 - 1],
    ["maxRetries", 0],
    ["maxEventSize", 1],
    ["maxPages", Number.POSITIVE_INFINITY],
    ["maxItems", 1],
    ["strictAnswers", false],
    ["dangerouslyAllowBrowser", null],
    ["onAnswerMismatch", () => {}],
    ["logger", console],
    ["logger", null],
    ["signal", new AbortController().signal],
    ["headers", { "X-Team": "qa", "X-Trace": undefined }],
    ["lastEventId", "evt_41"],
  ])("takes %s %o", (name, value) => {
    expect(checkOptions({ [name]: value }, [name])).toEqual([]);
  });

  it("names the logger's debug method, and shows a logger without one as itself", () => {
    expect(checkOptions({ logger: { debug: "console" } }, ["logger"])).toEqual([
      { path: "logger.debug", message: 'must be a function (got "console")' },
    ]);
    expect(checkOptions({ logger: true }, ["logger"])).toEqual([
      { path: "logger.debug", message: "must be a function (got true)" },
    ]);
  });

  it("checks each header by name, and never shows a header's value", () => {
    const issues = checkOptions(
      { headers: { "X Team": "qa", Host: "a", "X-Key": "sk-1\nX: 1", "X-Count": 3 } },
      ["headers"],
      "options.",
    );

    expect(issues).toEqual([
      { path: 'options.headers["X Team"]', message: "is not a header name" },
      { path: 'options.headers["Host"]', message: "is written by the transport; remove it" },
      {
        path: 'options.headers["X-Key"]',
        message: "holds U+000A at index 4, which a header cannot carry (the value is not shown)",
      },
      { path: 'options.headers["X-Count"]', message: "must be a string (got 3)" },
    ]);
  });

  it("reports in the order the caller names the options, only those named, and leaves undefined ones to their defaults", () => {
    const given = { maxItems: 0, maxPages: 0, timeoutMs: undefined, maxRetries: -1 };

    expect(checkOptions(given, ["maxPages", "timeoutMs", "maxItems"]).map((i) => i.path)).toEqual([
      "maxPages",
      "maxItems",
    ]);
  });

  it("holds an option the table does not name, a header option, to header text", () => {
    expect(checkOptions({ teamId: "a\u0000", region: 5, zone: "eu" }, ["teamId", "region", "zone"])).toEqual([
      { path: "teamId", message: "holds U+0000 at index 1, which a header cannot carry (the value is not shown)" },
      { path: "region", message: "must be a string (got 5)" },
    ]);
  });

  it("adds to the list it is given", () => {
    const out = [{ path: "options", message: "first" }];

    expect(checkOptions({ maxCalls: 0 }, ["maxCalls"], "", out)).toBe(out);
    expect(out.map((i) => i.path)).toEqual(["options", "maxCalls"]);
  });
});
