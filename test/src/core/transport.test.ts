// When a request fails or may have acted: a delete whose outcome was unknown, what is logged, requests a
// raw-client middleware made, requests fetch refuses before sending, and connection errors.
import { describe, expect, it, vi } from "vitest";
import { ConnectionError, ConnectionTimeoutError, NotFoundError, RedirectError } from "../../../src/index.js";
import { faultServer, hang, LIMITS, redirect, reply, reset } from "../../support/fault-server.js";
import { send, until } from "../../support/transport.js";

// a factory cannot use an import: vi.mock runs before them
vi.mock(import("../../../src/core/retry.js"), async (original) =>
  (await import("../../support/quick-backoff.js")).quickBackoff(original),
);

// the transport called directly, as the raw client and the methods call it
const settings = { timeoutMs: 1_000, maxRetries: 2, maxResponseBytes: 1024 };
const CLICK = { x: 1, y: 2 };

function withHeader(headers: Headers, name: string, value: string): Headers {
  const copy = new Headers(headers);
  copy.set(name, value);
  return copy;
}

describe("deletes whose outcome was unknown", () => {
  it("succeed when the retry after a timeout finds the resource gone", async () => {
    const server = await faultServer(hang, reply(404, { code: "not_found", message: "gone" }));

    await expect(server.client({ timeoutMs: 100 }).deployments.delete("dep_1")).resolves.toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it("succeed when the retry after a reset connection finds the resource gone", async () => {
    const server = await faultServer(reset, reply(404, { code: "not_found", message: "gone" }));

    await expect(server.client().auth.connections.delete("conn_1")).resolves.toBeUndefined();
  });

  it("still fail with NotFoundError when the first answer is 404", async () => {
    const server = await faultServer(reply(404, { code: "not_found", message: "no such deployment" }));

    await expect(server.client().deployments.delete("dep_1")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("still fail with NotFoundError when the earlier failure was an answer, not an unknown", async () => {
    const server = await faultServer(
      reply(503, undefined, { "retry-after-ms": "1" }),
      reply(404, { code: "not_found", message: "no such deployment" }),
    );

    await expect(server.client().deployments.delete("dep_1")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("treats a 404 as success only for a DELETE whose earlier attempt may have worked", async () => {
    const gone = reply(404, { code: "not_found", message: "gone" });
    const afterTimeout = await faultServer(hang, gone);
    const firstAnswer = await faultServer(gone);

    const get = await afterTimeout
      .client({ timeoutMs: 100 })
      .organization.limits.retrieve()
      .catch((e) => e);
    const raw = await firstAnswer.client().raw.DELETE("/deployments/{id}", { params: { path: { id: "dep_1" } } });

    expect(get).toBeInstanceOf(NotFoundError);
    expect(raw.response.status).toBe(404);
  });

  it("answers such a DELETE with a 204 that keeps the 404's headers", async () => {
    const server = await faultServer(
      hang,
      reply(404, { code: "not_found", message: "gone" }, { "X-Request-Id": "req_9" }),
    );

    const { response } = await server
      .client({ timeoutMs: 100 })
      .raw.DELETE("/deployments/{id}", { params: { path: { id: "dep_1" } } });

    expect([response.status, response.headers.get("x-request-id")]).toEqual([204, "req_9"]);
  });
});

describe("logging", () => {
  it("writes one line per attempt with method, path, outcome, attempt and time, and no header value", async () => {
    const server = await faultServer(reply(503, undefined, { "retry-after-ms": "1" }), reply(200, LIMITS));
    const lines: string[] = [];

    await server
      .client({ logger: { debug: (line) => lines.push(line) }, headers: { "X-Trace": "trace-secret-42" } })
      .organization.limits.retrieve();

    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/GET \/org\/limits -> 503 \(attempt 1\/3, \d+ ms\)/);
    expect(lines[1]).toMatch(/GET \/org\/limits -> 200 \(attempt 2\/3, \d+ ms\)/);
    expect(lines.join("\n")).not.toMatch(/sk-test-4f9a7c1e|trace-secret-42|Bearer/);
  });

  it("logs nothing by default", async () => {
    const server = await faultServer(reply(200, LIMITS));
    const seen: unknown[] = [];
    const original = console.debug;
    console.debug = (...args: unknown[]) => seen.push(args);
    try {
      await server.client().organization.limits.retrieve();
    } finally {
      console.debug = original;
    }

    expect(seen).toEqual([]);
  });

  it("logs an abort as such, and each attempt's time as a duration", async () => {
    const server = await faultServer(hang);
    const lines: string[] = [];
    const controller = new AbortController();

    const call = server
      .client({ logger: { debug: (line) => lines.push(line) } })
      .organization.limits.retrieve({ signal: controller.signal });
    await until(() => server.requests.length === 1);
    controller.abort();
    await call.catch(() => {});

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^browser-cloud-client: GET \/org\/limits -> aborted by caller \(attempt 1\/3, \d{1,4} ms\)$/,
    );
  });
});

describe("requests made by a raw-client middleware", () => {
  it("hands the middleware a real Request, which it can clone and read, for raw calls and methods alike", async () => {
    const server = await faultServer(reply(200, LIMITS), reply(200));
    const client = server.client();
    const seen: { isRequest: boolean; method: string; body: string }[] = [];
    client.raw.use({
      onRequest: async ({ request }) => {
        seen.push({
          isRequest: request instanceof Request,
          method: request.method,
          body: await request.clone().text(),
        });
      },
    });

    const { data } = await client.raw.GET("/org/limits");
    await client.browsers.computer.clickMouse("brs_1", CLICK);

    expect(data).toEqual(LIMITS);
    expect(seen).toEqual([
      { isRequest: true, method: "GET", body: "" },
      { isRequest: true, method: "POST", body: JSON.stringify(CLICK) },
    ]);
    expect(server.requests.map((r) => r.body)).toEqual(["", JSON.stringify(CLICK)]);
  });

  it("are sent through the same transport when a middleware returns a new Request", async () => {
    const server = await faultServer(reply(503, undefined, { "retry-after-ms": "1" }), reply(200, LIMITS));
    const client = server.client();
    client.raw.use({
      onRequest: ({ request }) =>
        new Request(request.url, { method: request.method, headers: withHeader(request.headers, "X-Trace", "t-1") }),
    });

    await expect(client.organization.limits.retrieve()).resolves.toEqual(LIMITS);

    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((r) => r.headers["x-trace"])).toEqual(["t-1", "t-1"]);
    expect(server.requests[1]?.headers.authorization).toBe("Bearer sk-test-4f9a7c1e");
  });

  it("send the body a middleware's new Request holds, not the one the method built", async () => {
    const server = await faultServer(reply(200));
    const client = server.client();
    client.raw.use({
      onRequest: ({ request }) =>
        new Request(request.url, { method: request.method, headers: request.headers, body: '{"x":7,"y":9}' }),
    });

    await client.browsers.computer.clickMouse("brs_1", CLICK);

    expect(server.requests.map((r) => r.body)).toEqual(['{"x":7,"y":9}']);
  });

  it("send the method's body with what a middleware set on the Request in place", async () => {
    const server = await faultServer(reply(200));
    const client = server.client();
    client.raw.use({ onRequest: ({ request }) => void request.headers.set("X-Trace", "t-2") });

    await client.browsers.computer.clickMouse("brs_1", CLICK);

    expect(server.requests.map((r) => [r.method, r.headers["x-trace"], r.body])).toEqual([
      ["POST", "t-2", JSON.stringify(CLICK)],
    ]);
  });

  it("are not followed through a redirect either", async () => {
    const elsewhere = await faultServer(reply(200));
    const server = await faultServer(redirect(307, `${elsewhere.url}/x`));
    const client = server.client();
    client.raw.use({
      onRequest: ({ request }) =>
        new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body as BodyInit,
          duplex: "half",
        } as RequestInit),
    });

    const err = await client.browsers.computer.clickMouse("brs_1", CLICK).catch((e) => e);

    expect(err).toBeInstanceOf(RedirectError);
    expect(server.requests).toHaveLength(1);
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe("requests fetch refuses before sending", () => {
  it.each([
    ["a port fetch blocks", (request: Request) => new Request("http://127.0.0.1:10080/org/limits", request)],
    [
      "a header undici will not write",
      (request: Request) => new Request(request.url, { headers: withHeader(request.headers, "X-Ctl", "a\u0001b") }),
    ],
  ])("report %s as certainly not performed", async (_what, rewrite) => {
    const server = await faultServer(reply(200, LIMITS));
    const client = server.client({ maxRetries: 0 });
    client.raw.use({ onRequest: ({ request }) => rewrite(request) });

    const err = await client.organization.limits.retrieve().catch((e) => e);

    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.maybePerformed).toBe(false);
    expect(err.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/org\/limits: could not connect: /);
    expect(server.requests).toHaveLength(0);
  });
});

describe("connection errors", () => {
  it("name the method and the address, without the query", async () => {
    const server = await faultServer(reset);
    const client = server.client({ maxRetries: 0 });
    client.raw.use({ onRequest: ({ request }) => new Request(`${request.url}?signature=s3cr3t`, request) });

    const err = await client.organization.limits.retrieve().catch((e) => e);

    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message.startsWith(`GET ${server.url}/org/limits: the connection failed: `)).toBe(true);
    expect(err.message).not.toContain("s3cr3t");
    expect(server.requests).toHaveLength(1);
  });

  it("name the address of a timed-out attempt", async () => {
    const server = await faultServer(hang);

    const err = await server
      .client({ timeoutMs: 50, maxRetries: 0 })
      .deployments.delete("dep_1")
      .catch((e) => e);

    expect(err).toBeInstanceOf(ConnectionTimeoutError);
    expect(err.message).toBe(`DELETE ${server.url}/deployments/dep_1: no answer within 50 ms.`);
  });

  it("names the default port of the address a connection failed to, and the system's code when there is one", async () => {
    const refused = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    const failing = (error: unknown) => ({ ...settings, maxRetries: 0, fetch: () => Promise.reject(error) });

    const https = await send(failing(refused), new Request("https://api.example.com/org/limits?key=k"), {}).catch(
      (e) => e,
    );
    const http = await send(
      failing(new TypeError("fetch failed")),
      new Request("http://127.0.0.1/org/limits"),
      {},
    ).catch((e) => e);
    const bare = await send(failing(undefined), new Request("http://127.0.0.1:8080/org/limits"), {}).catch((e) => e);

    expect(https.message).toBe(
      "GET https://api.example.com:443/org/limits: could not connect: fetch failed (ECONNREFUSED)",
    );
    expect(http.message).toBe("GET http://127.0.0.1:80/org/limits: the connection failed: fetch failed");
    expect(bare).toBeInstanceOf(ConnectionError);
    expect(bare.message).toBe("GET http://127.0.0.1:8080/org/limits: the connection failed: undefined");
  });
});
