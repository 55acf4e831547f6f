// checkParam() as a request's check: a parameter is something the client sends, so oneOf holds it to
// exactly one branch; and a schema that names no type judges the text as it came.
import { describe, expect, it } from "vitest";
import type { Schema } from "../../../generated/validators.js";
import { checkParam } from "../../../src/checks/check.js";

describe("checkParam", () => {
  it("holds a parameter to exactly one branch of oneOf, as any request", () => {
    const either: Schema = { oneOf: [{ type: ["string"] }, { type: ["string"], minLength: 1 }] };

    expect(checkParam(either, "a", "query.mode")).toEqual([
      { path: "query.mode", message: "must match only one of 2 schemas, matches 2" },
    ]);
  });

  it("judges the text as it came where the schema names no type, though it writes a number", () => {
    expect(checkParam({ enum: ["a", "b"] }, "12", "query.mode")).toEqual([
      { path: "query.mode", message: 'must be one of: "a", "b"' },
    ]);
  });
});
