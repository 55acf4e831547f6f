import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/index.js";
import { apiBaseUrl, declaredErrors, mockClient, prefer } from "../support/contract.js";

describe("browsers.computer.clickMouse", () => {
  it("resolves to undefined when the mouse action is performed", async () => {
    const result = await mockClient().browsers.computer.clickMouse("brs_2x7q9kd4m1", { x: 640, y: 360 });

    expect(result).toBeUndefined();
  });

  it("accepts every optional field the schema defines", async () => {
    const click = mockClient().browsers.computer.clickMouse("brs_2x7q9kd4m1", {
      x: 0,
      y: 0,
      button: "forward",
      click_type: "down",
      hold_keys: ["Shift", "Alt"],
      num_clicks: 3,
    });

    await expect(click).resolves.toBeUndefined();
  });

  it("declares 400 and 404 besides the 401 and 500 every operation has", () => {
    expect(declaredErrors("clickMouse").map((e) => e.status)).toEqual([400, 401, 404, 500]);
  });

  for (const { status, example } of declaredErrors("clickMouse")) {
    it(`throws an ApiError carrying the body's code and message on ${status}`, async () => {
      const call = mockClient().browsers.computer.clickMouse("brs_2x7q9kd4m1", { x: 1, y: 1 }, prefer(status));

      await expect(call).rejects.toBeInstanceOf(ApiError);
      await expect(call).rejects.toMatchObject({ status, code: example.code, details: example.details, body: example });
      await expect(call).rejects.toThrow(example.message);
    });
  }

  it("answers 400 with the Error shape when the raw client sends a body that breaks the schema", async () => {
    const { response, error } = await mockClient().raw.POST("/browsers/{id}/computer/click_mouse", {
      params: { path: { id: "brs_2x7q9kd4m1" } },
      // type-correct, but the schema says coordinates are non-negative
      body: { x: -5, y: 10 },
    });

    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: "bad_request", details: [{ code: "invalid_input" }] });
    expect(typeof (error as { message: unknown }).message).toBe("string");
  });

  it("answers 400 when a required coordinate is missing", async () => {
    const response = await fetch(`${apiBaseUrl()}/browsers/brs_2x7q9kd4m1/computer/click_mouse`, {
      method: "POST",
      headers: { Authorization: "Bearer test-token", "Content-Type": "application/json" },
      body: JSON.stringify({ x: 5 }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "bad_request" });
  });
});
