// check() on objects while Object.prototype holds an enumerable field (a polluted prototype): for...in
// then lists the inherited name too, and the walk tests each name, checking every own field still and
// no inherited one.
import { afterEach, describe, expect, it } from "vitest";
import type { Schema } from "../../../generated/validators.js";
import { check } from "../../../src/checks/check.js";

const POINT: Schema = {
  type: ["object"],
  required: ["x"],
  additionalProperties: false,
  properties: { x: { type: ["integer"] } },
};

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe("an object walked while Object.prototype is polluted", () => {
  it("checks each own field, and takes no inherited one for a field", () => {
    (Object.prototype as Record<string, unknown>).polluted = "yes";

    expect(check(POINT, { x: "1" }, "body")).toEqual([{ path: "body.x", message: "must be integer" }]);
    expect(check(POINT, { x: 1 }, "body")).toEqual([]);
  });
});
