import { describe, expect, it } from "vitest";
import { byMethod, faultServer, LIMITS, reply } from "../../support/fault-server.js";

describe("under load", () => {
  it("completes hundreds of concurrent calls on one client", async () => {
    const server = await faultServer(reply(200, LIMITS));
    const client = server.client();

    const results = await Promise.allSettled(Array.from({ length: 300 }, () => client.organization.limits.retrieve()));

    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(300);
    expect(server.requests).toHaveLength(300);
  });

  it("reuses kept-alive connections for sequential calls instead of opening one per call", async () => {
    const server = await faultServer(byMethod({ GET: reply(200, LIMITS), POST: reply(200), DELETE: reply(204) }));
    const client = server.client();
    const round = async (i: number) => {
      await client.organization.limits.retrieve();
      await client.browsers.computer.clickMouse("brs_1", { x: i, y: i });
      await client.deployments.delete(`dep_${i}`);
    };
    // node's fetch may open a second socket while the first is being returned to its pool
    await round(0);
    await round(1);
    const warm = server.connections;

    for (let i = 2; i < 12; i++) await round(i);

    expect(server.requests).toHaveLength(36);
    expect(warm).toBeLessThanOrEqual(2);
    expect(server.connections).toBe(warm);
  });
});
