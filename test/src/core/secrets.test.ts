import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { BrowserCloudError, createClient, type ClientOptions, type RequestOptions } from "../../../src/index.js";
import { faultServer, hang, LIMITS, reply, reset } from "../../support/fault-server.js";

const TOKEN = "sk-live-7d3f0b9e51c2a8";

/** Every way a token could leak out of an error: message, stack, inspection, serialization, cause chain. */
function exposed(err: unknown): string {
  const e = err as Error;
  return [e.message, e.stack, inspect(e, { depth: 10, showHidden: true }), JSON.stringify(e), String(e)].join("\n");
}

describe("the token", () => {
  it("appears in no error, whatever went wrong", async () => {
    const server = await faultServer(
      reply(401, { code: "unauthorized", message: "bad token" }),
      reply(502, "<html>bad gateway</html>"),
      reset,
      hang,
    );
    // the short timeout only where the server hangs: on a loaded machine an answered request may
    // take longer than 100 ms to be read, and the server's steps would then shift
    const client = createClient({ apiKey: TOKEN, baseUrl: server.url, maxRetries: 0, timeoutMs: 30_000 });

    const errors = [
      await client.organization.limits.retrieve().catch((e) => e),
      await client.deployments.delete("dep_1").catch((e) => e),
      await client.browsers.computer.clickMouse("brs_1", { x: 1, y: 1 }).catch((e) => e),
      await client.auth.connections.delete("conn_1", { timeoutMs: 100 }).catch((e) => e),
      await client.browsers.computer.clickMouse("", { x: -1, y: 1 }).catch((e) => e),
    ];

    expect(errors.map((e) => e.name)).toEqual([
      "AuthenticationError",
      "InternalServerError",
      "ConnectionError",
      "ConnectionTimeoutError",
      "ValidationError",
    ]);
    for (const err of errors) expect(exposed(err)).not.toContain(TOKEN);
  });

  it("does not show when the client is printed or serialized", () => {
    const client = createClient({ apiKey: TOKEN, baseUrl: "http://127.0.0.1:4010" });

    expect(inspect(client, { depth: 20, showHidden: true })).not.toContain(TOKEN);
    expect(JSON.stringify(client) ?? "").not.toContain(TOKEN);
    expect(String(client)).not.toContain(TOKEN);
  });

  it("is sent as a bearer token, and a call's headers cannot replace it", async () => {
    const server = await faultServer(reply(204));
    const client = createClient({ apiKey: TOKEN, baseUrl: server.url, headers: { authorization: "Bearer other" } });

    await client.deployments.delete("dep_1", { headers: { Authorization: "Bearer stolen", "X-Request-Id": "r-1" } });

    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.requests[0]?.headers["x-request-id"]).toBe("r-1");
  });

  it("appears in no error from a hostile configuration or call options, each a BrowserCloudError, and nothing is sent", async () => {
    const server = await faultServer(reply(200, LIMITS));
    const cases: [ClientOptions, RequestOptions?][] = [
      [{ apiKey: `${TOKEN}\n` }],
      [{ apiKey: `${TOKEN}\u0000` }],
      [{ apiKey: `Bearer ${TOKEN}` }],
      [{ apiKey: `${TOKEN}☃` }],
      [{ apiKey: TOKEN, baseUrl: `https://user:${TOKEN}@api.example.test` }],
      [{ apiKey: TOKEN, baseUrl: `http://${TOKEN}@127.0.0.1:4010` }],
      [{ apiKey: TOKEN, headers: { "X-Proxy-Key": `${TOKEN}\r\n` } }],
      [{ apiKey: TOKEN, headers: { "X-Proxy-Key": `${TOKEN}€` } }],
      [{ apiKey: TOKEN }, { headers: { "X-Proxy-Key": `${TOKEN}\n` } }],
      [{ apiKey: TOKEN }, { headers: { "Content-Length": "0", "X-Proxy-Key": TOKEN } }],
    ];

    const errors: unknown[] = [];
    for (const [options, callOptions] of cases) {
      try {
        await createClient({ baseUrl: server.url, ...options }).organization.limits.retrieve(callOptions);
        errors.push(undefined);
      } catch (err) {
        errors.push(err);
      }
    }

    expect(errors.map((e) => (e as Error | undefined)?.name)).toEqual([
      ...Array(8).fill("ConfigurationError"),
      "ValidationError",
      "ValidationError",
    ]);
    for (const err of errors) {
      expect(err).toBeInstanceOf(BrowserCloudError);
      expect(exposed(err)).not.toContain(TOKEN);
    }
    expect(server.requests).toHaveLength(0);
  });
});
