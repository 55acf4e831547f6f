import { describe, expect, it, vi } from "vitest";
import { ConnectionTimeoutError } from "../../../src/index.js";
import { faultServer, hang, LIMITS, reply, reset, type FaultServer } from "../../support/fault-server.js";

// a factory cannot use an import: vi.mock runs before them
vi.mock(import("../../../src/core/retry.js"), async (original) =>
  (await import("../../support/quick-backoff.js")).quickBackoff(original),
);

// the raw client has no table entry at hand: its retry policy comes from the HTTP method, and
// from an operation's x-idempotent where the spec sets one (test/src/client/raw-client-overrides.test.ts);
// each case counts what reached a loopback server
const CLICK = { x: 640, y: 360 };
const NO_WAIT = { "Retry-After": "0" };
// long enough for a busy machine to answer a loopback request (retry.test.ts gets by on 150 ms),
// short enough that the hung attempts do not slow every mutant these tests cover
const TIMEOUT_MS = 300;

const raw = (server: FaultServer) => server.client({ timeoutMs: TIMEOUT_MS }).raw;
const click = (server: FaultServer) =>
  raw(server).POST("/browsers/{id}/computer/click_mouse", { params: { path: { id: "brs_1" } }, body: CLICK });
const limits = (server: FaultServer) => raw(server).GET("/org/limits");
const deleteDeployment = (server: FaultServer) =>
  raw(server).DELETE("/deployments/{id}", { params: { path: { id: "dep_1" } } });
const sent = (server: FaultServer) => server.requests.map((r) => `${r.method} ${r.url}`);

describe("the raw client, for a POST (a click)", () => {
  it("sends a click once when it is answered 500, and hands back the 500", async () => {
    const server = await faultServer(reply(500, { code: "internal_error", message: "boom" }, NO_WAIT), reply(200));

    const { error, response } = await click(server);

    expect(sent(server)).toEqual(["POST /browsers/brs_1/computer/click_mouse"]);
    expect(response.status).toBe(500);
    expect(error).toEqual({ code: "internal_error", message: "boom" });
  });

  it("sends a click once when it is answered 503 with Retry-After: 0", async () => {
    const server = await faultServer(reply(503, { code: "unavailable", message: "later" }, NO_WAIT), reply(200));

    const { response } = await click(server);

    expect(sent(server)).toHaveLength(1);
    expect(response.status).toBe(503);
  });

  it("sends a click once when it times out, and throws ConnectionTimeoutError", async () => {
    const server = await faultServer(hang, reply(200));

    const err = await click(server).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ConnectionTimeoutError);
    expect(err).toMatchObject({ maybePerformed: true });
    expect(sent(server)).toHaveLength(1);
  });

  it("sends a click once when the connection breaks after sending", async () => {
    const server = await faultServer(reset, reply(200));

    await click(server).catch(() => undefined);

    expect(sent(server)).toHaveLength(1);
  });

  it("sends a click again after 429, which says it was not performed", async () => {
    const server = await faultServer(reply(429, { code: "rate_limited", message: "slow down" }, NO_WAIT), reply(200));

    const { response } = await click(server);

    expect(sent(server)).toEqual([
      "POST /browsers/brs_1/computer/click_mouse",
      "POST /browsers/brs_1/computer/click_mouse",
    ]);
    expect(server.requests.map((r) => r.body)).toEqual([JSON.stringify(CLICK), JSON.stringify(CLICK)]);
    expect(response.status).toBe(200);
  });
});

describe("the raw client, for a GET", () => {
  it("retries after 503 and answers the second attempt's body", async () => {
    const server = await faultServer(
      reply(503, { code: "unavailable", message: "later" }, NO_WAIT),
      reply(200, LIMITS),
    );

    const { data, response } = await limits(server);

    expect(sent(server)).toEqual(["GET /org/limits", "GET /org/limits"]);
    expect(response.status).toBe(200);
    expect(data).toEqual(LIMITS);
  });

  it("retries after a timeout", async () => {
    const server = await faultServer(hang, reply(200, LIMITS));

    const { data } = await limits(server);

    expect(sent(server)).toHaveLength(2);
    expect(data).toEqual(LIMITS);
  });

  it("gives up after maxRetries (2): three attempts in all", async () => {
    const server = await faultServer(reply(500, { code: "internal_error", message: "boom" }, NO_WAIT));

    const { response } = await limits(server);

    expect(sent(server)).toHaveLength(3);
    expect(response.status).toBe(500);
  });

  it("does not retry a 409 or another 4xx", async () => {
    for (const status of [409, 400, 404]) {
      const server = await faultServer(reply(status, { code: "no", message: "no" }, NO_WAIT), reply(200, LIMITS));

      const { response } = await limits(server);

      expect([status, sent(server).length]).toEqual([status, 1]);
      expect(response.status).toBe(status);
    }
  });
});

describe("the raw client, for a DELETE", () => {
  it("retries after 500 and after a timeout", async () => {
    const after500 = await faultServer(reply(500, { code: "internal_error", message: "boom" }, NO_WAIT), reply(204));
    const afterTimeout = await faultServer(hang, reply(204));

    expect((await deleteDeployment(after500)).response.status).toBe(204);
    expect((await deleteDeployment(afterTimeout)).response.status).toBe(204);

    expect(sent(after500)).toEqual(["DELETE /deployments/dep_1", "DELETE /deployments/dep_1"]);
    expect(sent(afterTimeout)).toEqual(["DELETE /deployments/dep_1", "DELETE /deployments/dep_1"]);
  });
});
