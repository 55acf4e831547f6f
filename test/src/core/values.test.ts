// The pieces every check of a caller's input shares (src/core/values.ts), called directly; the
// messages they make are asserted through createClient, the calls, lists and streams elsewhere.
import { describe, expect, it } from "vitest";
import { charAt, headerBreak, headerProblem, isObject, mustBe, show } from "../../../src/core/values.js";

describe("headerBreak", () => {
  it("takes tab, space to tilde and 0x80 to 0xff", () => {
    expect(["", "evt_41", "a\tb", " ~", "\u0080\u00ff"].map(headerBreak)).toEqual([-1, -1, -1, -1, -1]);
  });

  it("finds other control characters, DEL and anything past 0xff, wherever it stands", () => {
    expect(["a\nb", "\r", "\u0000", "\u001f", "x\u007f", "\u0100", "ok\u{1F600}"].map(headerBreak)).toEqual([
      1, 0, 0, 0, 1, 0, 2,
    ]);
  });
});

describe("headerProblem", () => {
  it("takes header text, and names the first character a header cannot carry without showing the value", () => {
    expect(headerProblem("Bearer sk-1")).toBeUndefined();
    expect(headerProblem("sk-1\r\nX-Injected: 1")).toBe(
      "holds U+000D at index 4, which a header cannot carry (the value is not shown)",
    );
    // a character past the basic plane is named whole
    expect(headerProblem("ok\u{1F600}")).toBe(
      "holds U+1F600 at index 2, which a header cannot carry (the value is not shown)",
    );
  });

  it("refuses what is not a string, showing it", () => {
    expect([3, null, {}, ["a"]].map(headerProblem)).toEqual([
      "must be a string (got 3)",
      "must be a string (got null)",
      "must be a string (got object)",
      "must be a string (got object)",
    ]);
  });
});

describe("show, mustBe and charAt", () => {
  it("quote a string and cut it at 100 characters, and show an object or function by its type only", () => {
    expect(show("x".repeat(101))).toBe(`"${"x".repeat(100)}…"`);
    expect([show(1.5), show(undefined), show(() => "secret"), show({ key: "secret" })]).toEqual([
      "1.5",
      "undefined",
      "function",
      "object",
    ]);
    expect(mustBe("a boolean", "false")).toBe('must be a boolean (got "false")');
    expect(charAt("a\u20acb", 1)).toBe("U+20AC at index 1");
  });
});

describe("isObject", () => {
  it("is true of an object and false of null, an array and every other value", () => {
    expect([{}, Object.create(null), new Date()].every(isObject)).toBe(true);
    expect([null, [], "{}", 1, undefined, () => {}].some(isObject)).toBe(false);
  });
});
