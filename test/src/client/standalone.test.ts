import { describe, expect, it } from "vitest";
import { createCoreClient, clickMouse, deleteDeployment, getOrgLimits } from "../../../src/operations.js";
import { ConfigurationError, NotFoundError, ValidationError } from "../../../src/index.js";
import { faultServer, LIMITS, reply } from "../../support/fault-server.js";

const KEY = "sk-test-4f9a7c1e";

describe("the standalone functions of browser-cloud-client/operations", () => {
  it("send each operation's request on the client given, with its key, and resolve to the answer", async () => {
    const server = await faultServer(reply(200, LIMITS), reply(200), reply(204));
    const client = createCoreClient({ apiKey: KEY, baseUrl: server.url });
    const body = { x: 3, y: 4, button: "right" as const };

    expect(await getOrgLimits(client)).toEqual(LIMITS);
    expect(await clickMouse(client, "brs_1", body)).toBeUndefined();
    expect(await deleteDeployment(client, "dep/1")).toBeUndefined();

    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      "GET /org/limits ",
      `POST /browsers/brs_1/computer/click_mouse ${JSON.stringify(body)}`,
      "DELETE /deployments/dep%2F1 ",
    ]);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(Array(3).fill(`Bearer ${KEY}`));
  });

  it("check the inputs before sending, as the client's methods do", async () => {
    const server = await faultServer(reply(200));
    const client = createCoreClient({ apiKey: KEY, baseUrl: server.url });

    const err = await clickMouse(client, "brs_1", { x: -1 } as never).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues).toEqual([
      { path: "body.y", message: "is required" },
      { path: "body.x", message: "must be >= 0" },
    ]);
    expect(server.requests).toEqual([]);
  });

  it("throw the status's error class, with the client's retry policy", async () => {
    const server = await faultServer(reply(404, { code: "not_found", message: "no such deployment" }));
    const client = createCoreClient({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 });

    await expect(getOrgLimits(client)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("keep each client's settings apart", async () => {
    const server = await faultServer(reply(204));
    const a = createCoreClient({ apiKey: "sk-a", baseUrl: server.url });
    const b = createCoreClient({ apiKey: "sk-b", baseUrl: server.url, headers: { "X-Team": "qa" } });

    await deleteDeployment(a, "dep_1");
    await deleteDeployment(b, "dep_1");
    await deleteDeployment(a, "dep_2");

    expect(server.requests.map((r) => [r.url, r.headers.authorization, r.headers["x-team"]])).toEqual([
      ["/deployments/dep_1", "Bearer sk-a", undefined],
      ["/deployments/dep_1", "Bearer sk-b", "qa"],
      ["/deployments/dep_2", "Bearer sk-a", undefined],
    ]);
  });

  it("refuse anything but a client of createCoreClient(), naming the fix, and send nothing", async () => {
    expect(() => deleteDeployment({} as never, "dep_1")).toThrow(ConfigurationError);
    expect(() => deleteDeployment({} as never, "dep_1")).toThrow(
      "deployments.delete: pass the client createCoreClient() made as the first argument",
    );
  });

  it("refuse a client without a key, as createClient() does", () => {
    expect(() => createCoreClient({ apiKey: "" })).toThrow(ConfigurationError);
  });
});
