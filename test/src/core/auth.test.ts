import { describe, expect, it } from "vitest";
import { apiBaseUrl, declaredErrors, operation } from "../../support/contract.js";

const calls = [
  { operationId: "getOrgLimits", path: "/org/limits" },
  { operationId: "clickMouse", path: "/browsers/brs_2x7q9kd4m1/computer/click_mouse", body: { x: 1, y: 1 } },
  { operationId: "deleteAuthConnection", path: "/auth/connections/conn_8f3k2m9p" },
  { operationId: "deleteDeployment", path: "/deployments/dep_5n1v7c2x" },
];

describe("bearer authentication", () => {
  for (const { operationId, path, body } of calls) {
    it(`${operationId} answers 401 with the Error shape when no Authorization header is sent`, async () => {
      const { method } = operation(operationId);
      const unauthorized = declaredErrors(operationId).find((e) => e.status === 401);

      const response = await fetch(apiBaseUrl() + path, {
        method,
        headers: body ? { "Content-Type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      });

      expect(response.status).toBe(401);
      const error = await response.json();
      expect(error).toEqual(unauthorized?.example);
      expect(error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });
  }
});
