// What the methods of one client share (src/client/client.ts `connect`), for a document whose own
// security is none: a key only where an operation asks for one, only the client's own credential
// ever sent, and the address a page came from, against which its next link is followed. What the
// server received is the oracle.
import { describe, expect, it, vi } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { clientOf } from "../../../src/client/client.js";
import { ConfigurationError } from "../../../src/index.js";
import { PagePromise } from "../../../src/lists/pages.js";
import { faultServer, reply } from "../../support/fault-server.js";
import { all } from "../../support/iterate.js";

vi.mock("../../../generated/meta.js", async (original) => ({
  ...(await original<object>()),
  AUTH: { kind: "none" },
  SCHEMES: [{ kind: "none" }],
}));

const KEY = "sk-connection-3c9d";
const health: Operation = { name: "health.check", method: "GET", path: "/health", status: 200, answer: "json" };
const account: Operation = { ...health, name: "account.get", path: "/account", security: { kind: "bearer" } };
const widgets: Operation = {
  name: "widgets.list",
  method: "GET",
  path: "/widgets",
  status: 200,
  answer: "json",
  page: { style: "link" },
};
type Call = (options?: { headers?: Record<string, string> }) => Promise<unknown>;

describe("a client of a document whose security is none", () => {
  it("needs no key where no operation asks for one, and sends none", async () => {
    const server = await faultServer(reply(200, "{}"));
    const c = clientOf({ baseUrl: server.url }, [health]) as unknown as { health: { check: Call } };

    await c.health.check();

    expect(server.requests.map((r) => [r.url, r.headers.authorization])).toEqual([["/health", undefined]]);
  });

  it("needs a key where one operation asks for one", () => {
    expect(() => clientOf({ baseUrl: "http://127.0.0.1:9" }, [health, account])).toThrow(ConfigurationError);
    expect(() => clientOf({ baseUrl: "http://127.0.0.1:9" }, [health, account])).toThrow(/^No API key/);
  });

  it("sends no Authorization but its own: neither the client's headers nor a call's reach the server", async () => {
    const server = await faultServer(reply(200, "{}"));
    const c = clientOf({ apiKey: KEY, baseUrl: server.url, headers: { Authorization: "Bearer client-side" } }, [
      health,
      account,
    ]) as unknown as { health: { check: Call }; account: { get: Call } };

    await c.health.check({ headers: { authorization: "Bearer call-side" } });
    await c.account.get({ headers: { AUTHORIZATION: "Bearer call-side" } });

    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, `Bearer ${KEY}`]);
  });
});

describe("a list walked through the client", () => {
  it("follows a relative next link against the address its page came from", async () => {
    const server = await faultServer(
      reply(200, '[{"id":"w1"}]', { "Content-Type": "application/json", Link: '<?cursor=c2>; rel="next"' }),
      reply(200, '[{"id":"w2"}]', { "Content-Type": "application/json" }),
    );
    const c = clientOf({ baseUrl: `${server.url}/v1` }, [widgets], { PageList: PagePromise }) as unknown as {
      widgets: { list(): AsyncIterable<unknown> };
    };

    expect(await all(c.widgets.list())).toEqual([{ id: "w1" }, { id: "w2" }]);
    expect(server.requests.map((r) => r.url)).toEqual(["/v1/widgets", "/v1/widgets?cursor=c2"]);
  });
});
