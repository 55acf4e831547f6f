// A client option that sets a header (nearly) every operation declares, as generated/meta.ts
// HEADER_OPTIONS names it: here `apiVersion` for `Api-Version`, given in place of this project's
// document, which has none. What the server received is the oracle.
import { describe, expect, it, vi } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { clientOf } from "../../../src/client/client.js";
import { clientHeaders, resolveConfig } from "../../../src/core/config.js";
import { ConfigurationError } from "../../../src/index.js";
import { faultServer, reply } from "../../support/fault-server.js";

// by path: the option given here is none the generated module's own type allows
vi.mock("../../../generated/meta.js", async (original) => ({
  ...(await original<object>()),
  HEADER_OPTIONS: { apiVersion: "Api-Version" },
}));

const KEY = "sk-option-9c2d";
const find: Operation = {
  name: "notes.find",
  method: "GET",
  path: "/notes",
  status: 204,
  answer: "empty",
  idempotent: true,
};

describe("a header option", () => {
  it("sets its header, which the client's own headers override, and nothing when it is not given", () => {
    expect(clientHeaders({ apiKey: KEY, apiVersion: "2024-06-01" } as never)).toEqual({ "Api-Version": "2024-06-01" });
    expect(
      clientHeaders({ apiKey: KEY, apiVersion: "2024-06-01", headers: { "Api-Version": "2025-01-01" } } as never),
    ).toEqual({ "Api-Version": "2025-01-01" });
    expect(clientHeaders({ apiKey: KEY, apiVersion: undefined } as never)).toStrictEqual({});
  });

  it("is refused when it is no header value, naming the option", () => {
    expect(() => resolveConfig({ apiKey: KEY, apiVersion: "2024\r\nX-Injected: 1" } as never)).toThrow(
      ConfigurationError,
    );
    expect(() => resolveConfig({ apiKey: KEY, apiVersion: "2024\r\nX-Injected: 1" } as never)).toThrow(/^apiVersion /);
  });

  it("goes out on every request the client sends", async () => {
    const server = await faultServer(reply(204), reply(204));
    const c = clientOf({ apiKey: KEY, baseUrl: server.url, maxRetries: 0, apiVersion: "2024-06-01" } as never, [
      find,
    ]) as unknown as { notes: { find(): Promise<unknown> } };

    await c.notes.find();
    await c.notes.find();

    expect(server.requests.map((r) => r.headers["api-version"])).toEqual(["2024-06-01", "2024-06-01"]);
  });
});
