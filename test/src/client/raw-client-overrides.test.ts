import { describe, expect, it, vi } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { ConnectionTimeoutError } from "../../../src/index.js";
import { faultServer, hang, reply, type FaultServer } from "../../support/fault-server.js";

// a factory cannot use an import: vi.mock runs before them
vi.mock(import("../../../src/core/retry.js"), async (original) =>
  (await import("../../support/quick-backoff.js")).quickBackoff(original),
);

// this project's spec overrides no HTTP method with x-idempotent, so the client is built here
// from its table plus two fixture entries that do, one in each direction
const FIXTURES = vi.hoisted((): Operation[] => [
  {
    name: "jobs.run",
    method: "POST",
    path: "/jobs/{id}/run",
    params: ["id"],
    status: 200,
    answer: "empty",
    idempotent: true,
  },
  {
    name: "leases.release",
    method: "DELETE",
    path: "/leases/{id}",
    params: ["id"],
    status: 204,
    answer: "empty",
    idempotent: false,
  },
]);
// by name: the table is typed as its literal entries, which the fixtures are not among
vi.mock("../../../generated/operations.js", async (original) => {
  const table = await original<typeof import("../../../generated/operations.js")>();
  return { ...table, operations: [...table.operations, ...FIXTURES] };
});

const NO_WAIT = { "Retry-After": "0" };
const TIMEOUT_MS = 300;

// the fixture paths are not in the typed paths of the spec
const raw = (server: FaultServer) =>
  server.client({ timeoutMs: TIMEOUT_MS }).raw as unknown as Record<
    "POST" | "DELETE",
    (path: string, init: object) => Promise<{ response: Response }>
  >;
const sent = (server: FaultServer) => server.requests.map((r) => `${r.method} ${r.url}`);

describe("the raw client, where an operation's x-idempotent overrides its HTTP method", () => {
  it("retries a POST marked x-idempotent: true after 503 and after a timeout", async () => {
    const after503 = await faultServer(reply(503, { code: "unavailable", message: "later" }, NO_WAIT), reply(200));
    const afterTimeout = await faultServer(hang, reply(200));

    expect((await raw(after503).POST("/jobs/{id}/run", { params: { path: { id: "j_1" } } })).response.status).toBe(200);
    expect((await raw(afterTimeout).POST("/jobs/{id}/run", { params: { path: { id: "j_1" } } })).response.status).toBe(
      200,
    );

    expect(sent(after503)).toEqual(["POST /jobs/j_1/run", "POST /jobs/j_1/run"]);
    expect(sent(afterTimeout)).toEqual(["POST /jobs/j_1/run", "POST /jobs/j_1/run"]);
  });

  it("sends a DELETE marked x-idempotent: false once after 500, and once after a timeout", async () => {
    const after500 = await faultServer(reply(500, { code: "internal_error", message: "boom" }, NO_WAIT), reply(204));
    const afterTimeout = await faultServer(hang, reply(204));

    expect((await raw(after500).DELETE("/leases/{id}", { params: { path: { id: "l_1" } } })).response.status).toBe(500);
    const err = await raw(afterTimeout)
      .DELETE("/leases/{id}", { params: { path: { id: "l_1" } } })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ConnectionTimeoutError);
    expect(sent(after500)).toEqual(["DELETE /leases/l_1"]);
    expect(sent(afterTimeout)).toEqual(["DELETE /leases/l_1"]);
  });

  it("keeps the HTTP method's rule for a request to a path the table does not hold", async () => {
    const post = await faultServer(reply(503, { code: "unavailable", message: "later" }, NO_WAIT), reply(200));
    const del = await faultServer(reply(503, { code: "unavailable", message: "later" }, NO_WAIT), reply(204));

    await raw(post).POST("/jobs/{id}/run/extra", { params: { path: { id: "j_1" } } });
    await raw(del).DELETE("/leases/{id}/extra", { params: { path: { id: "l_1" } } });

    expect(sent(post)).toEqual(["POST /jobs/j_1/run/extra"]);
    expect(sent(del)).toEqual(["DELETE /leases/l_1/extra", "DELETE /leases/l_1/extra"]);
  });

  it("still sends the spec's click once after 500", async () => {
    const server = await faultServer(reply(500, { code: "internal_error", message: "boom" }, NO_WAIT), reply(200));

    const { response } = await server
      .client()
      .raw.POST("/browsers/{id}/computer/click_mouse", { params: { path: { id: "brs_1" } }, body: { x: 1, y: 2 } });

    expect(response.status).toBe(500);
    expect(sent(server)).toHaveLength(1);
  });
});
