import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/index.js";
import { declaredErrors, mockClient, prefer } from "../support/contract.js";

describe("deployments.delete", () => {
  it("resolves to undefined when the deployment is stopped and marked for deletion (204)", async () => {
    await expect(mockClient().deployments.delete("dep_5n1v7c2x")).resolves.toBeUndefined();
  });

  it("declares 404 besides the 401 and 500 every operation has", () => {
    expect(declaredErrors("deleteDeployment").map((e) => e.status)).toEqual([401, 404, 500]);
  });

  for (const { status, example } of declaredErrors("deleteDeployment")) {
    it(`throws an ApiError carrying the body's code and message on ${status}`, async () => {
      const call = mockClient().deployments.delete("dep_5n1v7c2x", prefer(status));

      await expect(call).rejects.toBeInstanceOf(ApiError);
      await expect(call).rejects.toMatchObject({ status, code: example.code, innerError: example.inner_error, body: example });
      await expect(call).rejects.toThrow(example.message);
    });
  }
});
