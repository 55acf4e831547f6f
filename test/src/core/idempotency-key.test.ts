import { describe, expect, it, vi } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { callHeaders } from "../../../src/client/call-headers.js";
import { clientOf } from "../../../src/client/client.js";
import { InternalServerError } from "../../../src/index.js";
import { faultServer, hang, reply, type FaultServer } from "../../support/fault-server.js";

// a factory cannot use an import: vi.mock runs before them
vi.mock(import("../../../src/core/retry.js"), async (original) =>
  (await import("../../support/quick-backoff.js")).quickBackoff(original),
);

// a POST that declares an Idempotency-Key header parameter, as the generator writes its row, and
// one that declares none
const FIXTURES = vi.hoisted((): Operation[] => [
  {
    name: "emails.send",
    method: "POST",
    path: "/emails",
    status: 200,
    answer: "json",
    idempotent: true,
    idempotencyKey: "Idempotency-Key",
  },
  { name: "notes.create", method: "POST", path: "/notes", status: 200, answer: "json", idempotent: false },
]);
// the raw client finds a request's operation in the generated table, which the fixtures join
vi.mock("../../../generated/operations.js", async (original) => {
  const table = await original<typeof import("../../../generated/operations.js")>();
  return { ...table, operations: [...table.operations, ...FIXTURES] };
});

const NO_WAIT = { "Retry-After": "0" };
const BOOM = { code: "internal_error", message: "boom" };
const TIMEOUT_MS = 300;
// what crypto.randomUUID() writes: a version 4 UUID, lower case
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// neither row takes a body or a query: the options come first
type Send = (options?: { headers?: Record<string, string> }) => Promise<unknown>;
const methods = (server: FaultServer) =>
  clientOf({ apiKey: "sk-test-4f9a7c1e", baseUrl: server.url, timeoutMs: TIMEOUT_MS }, FIXTURES, {
    callHeaders,
  }) as unknown as {
    emails: { send: Send };
    notes: { create: Send };
  };
// the fixture paths are not in the typed paths of the spec
const raw = (server: FaultServer) =>
  server.client({ timeoutMs: TIMEOUT_MS }).raw as unknown as {
    POST: (path: string, init: object) => Promise<{ data?: unknown; response: Response }>;
  };
const keys = (server: FaultServer) => server.requests.map((r) => r.headers["idempotency-key"]);

describe("an operation that declares an Idempotency-Key header", () => {
  it("is sent again after 500 with the same new key, and resolves", async () => {
    const server = await faultServer(reply(500, BOOM, NO_WAIT), reply(200, { id: "e_1" }));

    expect(await methods(server).emails.send()).toEqual({ id: "e_1" });

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /emails", "POST /emails"]);
    const [first, second] = keys(server);
    expect(first).toMatch(UUID_V4);
    expect(second).toBe(first);
  });

  it("is sent again after a timeout with the same key", async () => {
    const server = await faultServer(hang, reply(200, { id: "e_1" }));

    expect(await methods(server).emails.send()).toEqual({ id: "e_1" });

    const [first, second] = keys(server);
    expect(server.requests).toHaveLength(2);
    expect(first).toMatch(UUID_V4);
    expect(second).toBe(first);
  });

  it("sends the caller's own key unchanged on every attempt, whatever the case of its name", async () => {
    const server = await faultServer(reply(500, BOOM, NO_WAIT), reply(200, { id: "e_1" }));

    await methods(server).emails.send({ headers: { "idempotency-KEY": "order-42" } });

    // one header each: a second key would reach the server joined to the first with ", "
    expect(keys(server)).toEqual(["order-42", "order-42"]);
  });

  it("gives two calls two different keys", async () => {
    const server = await faultServer(reply(200, { id: "e_1" }));
    const client = methods(server);

    await client.emails.send();
    await client.emails.send();

    const [first, second] = keys(server);
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(second).not.toBe(first);
  });
});

describe("a POST that declares no Idempotency-Key header", () => {
  it("is sent once after 500, with no key", async () => {
    const server = await faultServer(reply(500, BOOM, NO_WAIT), reply(200, { id: "n_1" }));

    const err = await methods(server)
      .notes.create()
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
    expect(keys(server)).toEqual([undefined]);
  });
});

describe("the raw client, for an operation that declares an Idempotency-Key header", () => {
  it("sends the request again after 500 with the same new key", async () => {
    const server = await faultServer(reply(500, BOOM, NO_WAIT), reply(200, { id: "e_1" }));

    const { data, response } = await raw(server).POST("/emails", {});

    expect(response.status).toBe(200);
    expect(data).toEqual({ id: "e_1" });
    const [first, second] = keys(server);
    expect(server.requests).toHaveLength(2);
    expect(first).toMatch(UUID_V4);
    expect(second).toBe(first);
  });

  it("sends the caller's own key unchanged on every attempt", async () => {
    const server = await faultServer(reply(500, BOOM, NO_WAIT), reply(200, { id: "e_1" }));

    await raw(server).POST("/emails", { headers: { "IDEMPOTENCY-key": "order-42" } });

    expect(keys(server)).toEqual(["order-42", "order-42"]);
  });

  it("sends a POST without a declared key once after 500, with no key", async () => {
    const server = await faultServer(reply(500, BOOM, NO_WAIT), reply(200, { id: "n_1" }));

    const { response } = await raw(server).POST("/notes", {});

    expect(response.status).toBe(500);
    expect(keys(server)).toEqual([undefined]);
  });
});
