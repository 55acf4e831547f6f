import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/index.js";
import { declaredErrors, mockClient, prefer } from "../support/contract.js";

describe("organization.limits.retrieve", () => {
  it("returns the organization's limits with both fields present", async () => {
    const limits = await mockClient().organization.limits.retrieve();

    expect(limits).toEqual({ max_concurrent_sessions: 50, default_project_max_concurrent_sessions: 10 });
  });

  it("declares exactly the 401 and 500 errors the interface names", () => {
    expect(declaredErrors("getOrgLimits").map((e) => e.status)).toEqual([401, 500]);
  });

  for (const { status, example } of declaredErrors("getOrgLimits")) {
    it(`throws an ApiError carrying the body's code and message on ${status}`, async () => {
      const call = mockClient().organization.limits.retrieve(prefer(status));

      await expect(call).rejects.toBeInstanceOf(ApiError);
      await expect(call).rejects.toMatchObject({ status, code: example.code, body: example });
      await expect(call).rejects.toThrow(example.message);
    });
  }
});
