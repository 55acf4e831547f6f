// mockFetch matches a request to its operation by method and path. This project's spec has no two
// operations on one path, so the table here is one of its own, as a larger spec holds them.
import { describe, expect, it, vi } from "vitest";
import { mockFetch, type Scripts } from "../../../src/testing/index.js";

const { TABLE } = vi.hoisted(() => ({
  TABLE: [
    // a parameter first in the table: /things/stats must still go to its own operation
    {
      name: "things.retrieve",
      method: "GET",
      path: "/things/{id}",
      params: ["id"],
      status: 200,
      answer: "json",
      idempotent: true,
    },
    {
      name: "things.delete",
      method: "DELETE",
      path: "/things/{id}",
      params: ["id"],
      status: 204,
      answer: "empty",
      idempotent: true,
    },
    { name: "things.stats", method: "GET", path: "/things/stats", status: 200, answer: "json", idempotent: true },
  ],
}));
vi.mock(import("../../../generated/operations.js"), () => ({ operations: TABLE as never }));

describe("mockFetch's routes", () => {
  it("sends a literal segment to its own operation before a parameter, and tells methods on one path apart", async () => {
    const fetch = mockFetch(
      {
        "things.retrieve": { body: { id: "t_1" } },
        "things.delete": {},
        "things.stats": { body: { count: 2 } },
      } as unknown as Scripts,
      { baseUrl: "https://api.example.test/v1" },
    );

    await fetch(new Request("https://api.example.test/v1/things/stats"));
    await fetch(new Request("https://api.example.test/v1/things/t_1"));
    await fetch(new Request("https://api.example.test/v1/things/t_1", { method: "DELETE" }));

    expect(fetch.calls.map((c) => [c.operation, c.method, c.params])).toEqual([
      ["things.stats", "GET", {}],
      ["things.retrieve", "GET", { id: "t_1" }],
      ["things.delete", "DELETE", { id: "t_1" }],
    ]);
  });
});
