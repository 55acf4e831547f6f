// The error class each status is thrown as, named by the one table the client and the generator share.
import { describe, expect, it } from "vitest";
import { errorClassName } from "../../../src/core/policy.js";

describe("the error class of a status", () => {
  it.each([
    [302, "RedirectError"],
    [400, "BadRequestError"],
    [404, "NotFoundError"],
    [418, "ApiError"],
    [499, "ApiError"],
    [500, "InternalServerError"],
    [503, "InternalServerError"],
  ])("of %i is %s", (status, name) => {
    expect(errorClassName(status)).toBe(name);
  });
});
