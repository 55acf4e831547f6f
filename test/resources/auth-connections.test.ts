import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/index.js";
import { declaredErrors, mockClient, prefer } from "../support/contract.js";

describe("auth.connections.delete", () => {
  it("resolves to undefined when the connection is deleted (204)", async () => {
    await expect(mockClient().auth.connections.delete("conn_8f3k2m9p")).resolves.toBeUndefined();
  });

  it("declares 404 besides the 401 and 500 every operation has", () => {
    expect(declaredErrors("deleteAuthConnection").map((e) => e.status)).toEqual([401, 404, 500]);
  });

  for (const { status, example } of declaredErrors("deleteAuthConnection")) {
    it(`throws an ApiError carrying the body's code and message on ${status}`, async () => {
      const call = mockClient().auth.connections.delete("conn_8f3k2m9p", prefer(status));

      await expect(call).rejects.toBeInstanceOf(ApiError);
      await expect(call).rejects.toMatchObject({ status, code: example.code, body: example });
      await expect(call).rejects.toThrow(example.message);
    });
  }
});
