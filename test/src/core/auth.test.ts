import { describe, expect, it } from "vitest";
import { credentialOf, keyProblem } from "../../../src/core/auth.js";
import { withQueryParameter } from "../../../src/core/key-in-query.js";
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

describe("credentialOf", () => {
  it("carries the key as each scheme says", () => {
    expect(credentialOf({ kind: "bearer" }, "sk-1")).toEqual({ header: ["Authorization", "Bearer sk-1"] });
    // base64 of "user:p@ss:word", worked out apart from the client; the password may hold a ":"
    expect(credentialOf({ kind: "basic" }, "user:p@ss:word")).toEqual({
      header: ["Authorization", "Basic dXNlcjpwQHNzOndvcmQ="],
    });
    expect(credentialOf({ kind: "header", name: "X-Api-Key" }, "sk-1")).toEqual({ header: ["X-Api-Key", "sk-1"] });
    expect(credentialOf({ kind: "query", name: "api_key" }, "sk-1")).toEqual({ query: ["api_key", "sk-1"] });
    expect(credentialOf({ kind: "none" }, "sk-1")).toBeUndefined();
  });
});

describe("withQueryParameter", () => {
  it("reads a query or a fragment at the very start of what it is given", () => {
    expect(withQueryParameter("?a=1", "key", "k")).toBe("?a=1&key=k");
    expect(withQueryParameter("#top", "key", "k")).toBe("?key=k#top");
    expect(withQueryParameter("?key=old#top", "key", "k")).toBe("?key=k#top");
  });

  it("drops a parameter of the name written with + for a space, and one whose name is no valid percent-encoding as written", () => {
    expect(withQueryParameter("https://a.test/x?api+key=old&b=2", "api key", "k")).toBe(
      "https://a.test/x?b=2&api%20key=k",
    );
    expect(withQueryParameter("https://a.test/x?%zz=old&b=2", "%zz", "k")).toBe("https://a.test/x?b=2&%25zz=k");
    expect(withQueryParameter("https://a.test/x?%zz=kept", "key", "k")).toBe("https://a.test/x?%zz=kept&key=k");
  });

  it("adds the parameter last, percent-encoded, keeping the others as written and dropping one of the same name", () => {
    expect(withQueryParameter("https://a.test/x", "key", "k:1")).toBe("https://a.test/x?key=k%3A1");
    expect(withQueryParameter("https://a.test/x?q=a%20b&tag=1+2", "key", "k")).toBe(
      "https://a.test/x?q=a%20b&tag=1+2&key=k",
    );
    expect(withQueryParameter("https://a.test/x?key=forged&q=1&k%65y=forged2", "key", "k")).toBe(
      "https://a.test/x?q=1&key=k",
    );
    expect(withQueryParameter("https://a.test/x?q=1#top", "api key", "k")).toBe("https://a.test/x?q=1&api%20key=k#top");
  });
});

describe("keyProblem", () => {
  it("asks for user:password where a scheme is HTTP basic auth, and nothing of other keys", () => {
    expect(keyProblem("tok-1", [{ kind: "bearer" }, { kind: "basic" }])).toBe(
      'must be "user:password" for HTTP Basic authentication, the two joined by ":" (the key is not shown)',
    );
    expect(keyProblem("AC1:tok-1", [{ kind: "basic" }])).toBe("");
    expect(keyProblem("tok-1", [{ kind: "bearer" }, { kind: "header", name: "X-Api-Key" }])).toBe("");
  });
});
