import { getEventListeners } from "node:events";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  ApiError,
  ConnectionError,
  ConnectionTimeoutError,
  NotFoundError,
  RedirectError,
  ResponseTooLargeError,
  UserAbortError,
} from "../../../src/index.js";
import {
  compressed,
  countingFetch,
  faultServer,
  flood,
  hang,
  LIMITS,
  redirect,
  reply,
  reset,
  type Step,
} from "../../support/fault-server.js";

// a factory cannot use an import: vi.mock runs before them
vi.mock(import("../../../src/core/retry.js"), async (original) =>
  (await import("../../support/quick-backoff.js")).quickBackoff(original),
);

const MiB = 1024 * 1024;
const CLICK = { x: 1, y: 2 };

// a collection on demand: what a long-read stream meets sooner or later
setFlagsFromString("--expose-gc");
const gc: () => void = runInNewContext("gc");

async function collect(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 10));
  }
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

// the transport called directly, as the raw client and the methods call it
const settings = { timeoutMs: 1_000, maxRetries: 2, maxResponseBytes: 1024 };
const send = async (...args: Parameters<typeof import("../../../src/core/transport.js").send>) =>
  (await import("../../../src/core/transport.js")).send(...args);

describe("timeouts", () => {
  it("ends an answer whose body never ends at timeoutMs, though a collection ran while it was read", async () => {
    const server = await faultServer((res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write("[");
    });

    const sending = send({ ...settings, timeoutMs: 300, maxRetries: 0 }, new Request(`${server.url}/org/limits`), {});
    const failed = sending.catch((e) => e);
    await until(() => server.requests.length > 0);
    await collect();

    expect(await failed).toBeInstanceOf(ConnectionTimeoutError);
  });

  it("bounds each attempt by timeoutMs and fails with ConnectionTimeoutError", async () => {
    const server = await faultServer(hang);
    // the attempts as they leave the client: on a loaded machine the server may not have read a
    // request before its 100 ms are up
    const sent: string[] = [];
    const fetch = (request: Request) => (
      sent.push(`${request.method} ${new URL(request.url).pathname}`), globalThis.fetch(request)
    );

    const err = await server
      .client({ timeoutMs: 100, maxRetries: 1, fetch })
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(ConnectionTimeoutError);
    expect(err.maybePerformed).toBe(true);
    expect(sent).toEqual(["GET /org/limits", "GET /org/limits"]);
  });

  it("takes timeoutMs from each call over the client's", async () => {
    const server = await faultServer(hang);
    const client = server.client({ timeoutMs: 60_000, maxRetries: 0 });

    await expect(client.organization.limits.retrieve({ timeoutMs: 50 })).rejects.toBeInstanceOf(ConnectionTimeoutError);
  });

  it("leaves no timer behind once a call is done, so a script can exit", async () => {
    const server = await faultServer(reply(200, LIMITS), reply(503), reply(204));
    const client = server.client({ timeoutMs: 600_000 });
    const before = timers();

    await client.organization.limits.retrieve();
    await client.deployments.delete("dep_1", { maxRetries: 0 }).catch(() => {});

    // a timer of the test runner may end meanwhile; one of the client's must not outlive the call
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it("says an error may have acted when an earlier attempt timed out", async () => {
    const server = await faultServer(hang, reply(409, { code: "conflict", message: "busy" }));

    const err = await server
      .client({ timeoutMs: 100 })
      .deployments.delete("dep_1")
      .catch((e) => e);

    expect(err.status).toBe(409);
    expect(err.maybePerformed).toBe(true);
  });
});

describe("cancellation", () => {
  it("ends an in-flight call at once with UserAbortError and does not retry it", async () => {
    const server = await faultServer(hang);
    const controller = new AbortController();

    const call = server.client().organization.limits.retrieve({ signal: controller.signal });
    await until(() => server.requests.length === 1);
    controller.abort();

    await expect(call).rejects.toBeInstanceOf(UserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  it("ends a call during its backoff wait", async () => {
    const server = await faultServer(reply(503, undefined, { "Retry-After": "30" }), reply(200, LIMITS));
    const controller = new AbortController();

    const call = server.client().organization.limits.retrieve({ signal: controller.signal });
    await until(() => server.requests.length === 1);
    setTimeout(() => controller.abort(), 50);

    await expect(call).rejects.toBeInstanceOf(UserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  it("ends a call whose signal fired before its backoff wait began, without waiting it out", async () => {
    const server = await faultServer(reply(503, undefined, { "Retry-After": "30" }), reply(200, LIMITS));
    const controller = new AbortController();
    // the logger runs after each attempt, before the wait: a signal that fires there finds no wait yet
    const logger = { debug: () => controller.abort() };

    const err = await server
      .client({ logger })
      .organization.limits.retrieve({ signal: controller.signal })
      .catch((e) => e);

    expect(err).toBeInstanceOf(UserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  it("sends nothing when the signal has already fired", async () => {
    const server = await faultServer(reply(200));

    await expect(
      server.client().browsers.computer.clickMouse("brs_1", { x: 1, y: 1 }, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(UserAbortError);
    expect(server.requests).toHaveLength(0);
  });

  it("adds no lasting listener to a long-lived signal passed to many calls", async () => {
    const server = await faultServer(reply(200, LIMITS));
    const client = server.client();
    const signal = new AbortController().signal;

    for (let i = 0; i < 1_000; i++) await client.organization.limits.retrieve({ signal });

    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("rejects a call whose signal had fired with that signal's reason as the cause", async () => {
    const server = await faultServer(reply(200));
    const reason = new Error("caller left");

    const err = await server
      .client()
      .organization.limits.retrieve({ signal: AbortSignal.abort(reason) })
      .catch((e) => e);

    expect(err).toBeInstanceOf(UserAbortError);
    expect(err.cause).toBe(reason);
  });

  it("says an abort after a refusal's headers did not act", async () => {
    const server = await faultServer((res) => {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.write('{"code":');
    });
    const controller = new AbortController();

    const call = send(settings, new Request(`${server.url}/org/limits`, { signal: controller.signal }), {});
    await until(() => server.requests.length === 1);
    setTimeout(() => controller.abort(), 50);
    const err = await call.catch((e) => e);

    expect(err).toBeInstanceOf(UserAbortError);
    expect(err.maybePerformed).toBe(false);
  });
});

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

describe("redirects", () => {
  const senders = {
    "the global fetch": {},
    "a custom fetch": { fetch: (request: Request) => fetch(request) },
  };

  for (const [via, options] of Object.entries(senders)) {
    it.each([301, 302, 303, 307, 308])(
      `refuses a %i answer to the click with RedirectError and sends nothing anywhere else (${via})`,
      async (status) => {
        const elsewhere = await faultServer(reply(200));
        const server = await faultServer(
          redirect(status, `${elsewhere.url}/browsers/brs_1/computer/click_mouse?sig=abc`),
        );

        const err = await server
          .client({ ...options, headers: { "X-Team-Secret": "team-7" } })
          .browsers.computer.clickMouse("brs_1", CLICK)
          .catch((e) => e);

        expect(err).toBeInstanceOf(RedirectError);
        expect(err).toBeInstanceOf(ApiError);
        expect(err).toMatchObject({ status, location: `${elsewhere.url}/browsers/brs_1/computer/click_mouse?sig=abc` });
        expect(err.message).toBe(
          `${status} redirect to ${elsewhere.url}/browsers/brs_1/computer/click_mouse not followed: it would send the request again, maybe elsewhere; point baseUrl at the address that answers.`,
        );
        expect(server.requests.map((r) => r.method)).toEqual(["POST"]);
        expect(elsewhere.requests).toHaveLength(0);
      },
    );
  }

  it("sends a click answered 307 to its own address once, not over and over", async () => {
    const server = await faultServer(redirect(307, "/browsers/brs_1/computer/click_mouse"));

    const err = await server
      .client()
      .browsers.computer.clickMouse("brs_1", CLICK)
      .catch((e) => e);

    expect(err).toBeInstanceOf(RedirectError);
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry an idempotent call answered with a redirect", async () => {
    const server = await faultServer(redirect(302, "/elsewhere"), reply(200, LIMITS));

    const err = await server
      .client()
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toMatchObject({ name: "RedirectError", status: 302, location: "/elsewhere" });
    expect(server.requests.map((r) => r.url)).toEqual(["/org/limits"]);
  });

  it("hands the redirect itself to the raw client, unfollowed", async () => {
    const server = await faultServer(redirect(308, "/v2/org/limits"));

    const { response, error } = await server.client().raw.GET("/org/limits");

    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/v2/org/limits");
    expect(error).toBe('<a href="/v2/org/limits">moved</a>');
    expect(server.requests).toHaveLength(1);
  });

  it("turns a browser's opaque redirect (status 0) into RedirectError without sending again", async () => {
    const server = await faultServer(reply(200));
    let calls = 0;
    const opaque = async () => {
      calls++;
      return Object.defineProperty(Response.error(), "type", { value: "opaqueredirect" });
    };

    const err = await server
      .client({ fetch: opaque })
      .browsers.computer.clickMouse("brs_1", CLICK)
      .catch((e) => e);

    expect(err).toBeInstanceOf(RedirectError);
    expect(err).toMatchObject({ status: 0, location: undefined });
    expect(calls).toBe(1);
  });
});

describe("answer size", () => {
  it("stops reading an endless 2xx at the default 16 MiB, drops the connection and does not retry", async () => {
    const body = flood(200, 256 * MiB);
    const server = await faultServer(body.step);

    const err = await server
      .client()
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err).toMatchObject({ limit: 16 * MiB, status: 200 });
    expect(err.message).toBe(
      "The answer (status 200) is larger than maxResponseBytes, 16777216 bytes; pass a larger maxResponseBytes to createClient or to the call to accept it.",
    );
    await until(() => body.dropped);
    // what the client read, plus what socket buffers held when it let go
    expect(body.written).toBeLessThan(32 * MiB);
    expect(server.requests).toHaveLength(1);
  });

  it("bounds an error answer's body too, with the call's maxResponseBytes, and does not retry it", async () => {
    const body = flood(500, 64 * MiB);
    const server = await faultServer(body.step);
    const counter = countingFetch();

    const err = await server
      .client({ fetch: counter.fetch })
      .organization.limits.retrieve({ maxResponseBytes: MiB })
      .catch((e) => e);

    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err).toMatchObject({ limit: MiB, status: 500 });
    expect(counter.read).toBeGreaterThan(MiB);
    expect(counter.read).toBeLessThanOrEqual(MiB + 256 * 1024);
    await until(() => body.dropped);
    expect(server.requests).toHaveLength(1);
  });

  it("fails before reading a body whose Content-Length is above the limit", async () => {
    let closed = false;
    const declared: Step = (res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(2 * MiB) }).flushHeaders();
      res.on("close", () => (closed = true));
    };
    const server = await faultServer(declared);

    const err = await server
      .client({ maxResponseBytes: MiB, timeoutMs: 5_000 })
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.limit).toBe(MiB);
    await until(() => closed);
    expect(server.requests).toHaveLength(1);
  });

  it("accepts an answer of exactly maxResponseBytes and refuses one byte more", async () => {
    const size = JSON.stringify(LIMITS).length;
    const server = await faultServer(reply(200, LIMITS));
    const client = server.client();

    await expect(client.organization.limits.retrieve({ maxResponseBytes: size })).resolves.toEqual(LIMITS);
    await expect(client.organization.limits.retrieve({ maxResponseBytes: size - 1 })).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    expect(server.requests).toHaveLength(2);
  });

  const zeros = Buffer.alloc(64 * MiB);
  const bombs = {
    gzip: () => gzipSync(zeros),
    deflate: () => deflateSync(zeros),
    br: () => brotliCompressSync(zeros, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
  it.each(Object.keys(bombs) as (keyof typeof bombs)[])(
    "applies the limit to the decompressed size of a %s bomb",
    async (encoding) => {
      const bomb = bombs[encoding]();
      const server = await faultServer(compressed(encoding, bomb));
      const counter = countingFetch();

      const err = await server
        .client({ fetch: counter.fetch, maxResponseBytes: MiB })
        .organization.limits.retrieve()
        .catch((e) => e);

      expect(bomb.length).toBeLessThan(MiB / 8);
      expect(err).toBeInstanceOf(ResponseTooLargeError);
      expect(counter.read).toBeGreaterThan(MiB);
      expect(counter.read).toBeLessThanOrEqual(MiB + 256 * 1024);
      expect(server.requests).toHaveLength(1);
    },
  );

  it("bounds a raw call's 2xx answer by maxResponseBytes", async () => {
    const server = await faultServer(reply(200, { pad: "x".repeat(200) }));

    const err = await server
      .client({ maxResponseBytes: 100 })
      .raw.GET("/org/limits")
      .catch((e) => e);

    expect(err).toBeInstanceOf(ResponseTooLargeError);
  });
});

describe("a signal shared by many calls", () => {
  it("adds one listener to it, so 50 concurrent calls raise no MaxListenersExceededWarning", async () => {
    const held: (() => void)[] = [];
    // holds every answer until all 50 are in flight, then answers 503 once each, then 200
    const gate: Step = (res, _req, n) => {
      if (n >= 50) return reply(200, LIMITS)(res, _req, n);
      held.push(() => reply(503, undefined, { "retry-after-ms": "20" })(res, _req, n));
      if (held.length === 50) held.forEach((answer) => answer());
    };
    const server = await faultServer(gate);
    const client = server.client();
    const signal = new AbortController().signal;
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const calls = Array.from({ length: 50 }, () => client.organization.limits.retrieve({ signal }));
      await until(() => server.requests.length === 50);
      const during = getEventListeners(signal, "abort").length;

      await Promise.all(calls);
      await new Promise((r) => setImmediate(r));

      expect(during).toBe(1);
      expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
      expect(getEventListeners(signal, "abort")).toHaveLength(0);
      expect(server.requests).toHaveLength(100);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("ends every call sharing it, in flight and in backoff, with UserAbortError, and raises no warning", async () => {
    const server = await faultServer((res, req, n) =>
      (n % 2 ? hang : reply(503, undefined, { "Retry-After": "30" }))(res, req, n),
    );
    const controller = new AbortController();
    const client = server.client();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const calls = Array.from({ length: 20 }, () =>
        client.organization.limits.retrieve({ signal: controller.signal }).catch((e) => e),
      );
      await until(() => server.requests.length === 20);
      controller.abort();
      const errors = await Promise.all(calls);
      await new Promise((r) => setImmediate(r));

      expect(errors.every((e) => e instanceof UserAbortError)).toBe(true);
      expect(server.requests).toHaveLength(20);
      expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
      expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
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

function withHeader(headers: Headers, name: string, value: string): Headers {
  const copy = new Headers(headers);
  copy.set(name, value);
  return copy;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe("streamed answers", () => {
  const settings = { timeoutMs: 300, maxRetries: 0, maxResponseBytes: 64 };
  const events: Step = (res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write("data: one\n\n");
  };

  it("hands an event stream over as soon as its headers arrive, past timeoutMs and maxResponseBytes", async () => {
    const server = await faultServer(events);
    const { send } = await import("../../../src/core/transport.js");

    const response = await send(settings, new Request(`${server.url}/events`), { stream: true });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    await new Promise((r) => setTimeout(r, 400));

    expect(first).toBe("data: one\n\n");
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    await reader.cancel();
  });

  // after a collection too: the runtime's request follows the caller's signal only through a weak
  // reference, and nobody but the transport holds the request, so it must keep it while the body is read
  it.each([
    ["at once", async () => {}],
    ["after the request it went out with was collected", collect],
  ])("ends the stream when the caller's signal fires %s", async (_, meanwhile) => {
    const server = await faultServer(events);
    const { send } = await import("../../../src/core/transport.js");
    const controller = new AbortController();

    const response = await send(settings, new Request(`${server.url}/events`, { signal: controller.signal }), {
      stream: true,
    });
    const reader = response.body!.getReader();
    await reader.read();
    await meanwhile();
    controller.abort();

    await expect(reader.read()).rejects.toBeDefined();
  });

  it("ends the stream of a call with its own fetch when the caller's signal fires after a collection", async () => {
    const server = await faultServer(events);
    const { send } = await import("../../../src/core/transport.js");
    const controller = new AbortController();

    // as a method sends with the client's fetch option: the request it hands that fetch is held by nobody else
    const response = await send(
      { ...settings, fetch: (request: Request) => globalThis.fetch(request) },
      new Request(`${server.url}/events`),
      { stream: true },
      { body: undefined, signal: controller.signal },
    );
    const reader = response.body!.getReader();
    await reader.read();
    await collect();
    controller.abort();

    await expect(reader.read()).rejects.toBeDefined();
  });

  it("leaves no listener on the caller's signal once a streamed answer is read to its end", async () => {
    const server = await faultServer((res) =>
      res.writeHead(200, { "Content-Type": "application/octet-stream" }).end("bytes"),
    );
    const request = new Request(`${server.url}/file`, { signal: new AbortController().signal });

    const response = await send(settings, request, { stream: true });
    expect(getEventListeners(request.signal, "abort")).toHaveLength(1);
    expect(await response.text()).toBe("bytes");

    expect(getEventListeners(request.signal, "abort")).toHaveLength(0);
  });

  it("hands over a streamed answer of a call without a signal, readable to its end", async () => {
    const server = await faultServer((res) =>
      res.writeHead(200, { "Content-Type": "application/octet-stream" }).end("bytes"),
    );

    // as a method's fetch hands over the request openapi-fetch built: no signal in it, the call's state beside it
    const request = new Request(`${server.url}/file`);

    const response = await send(settings, request, { stream: true }, { body: undefined });

    expect(await response.text()).toBe("bytes");
  });
});

describe("waits between attempts", () => {
  it("asks the backoff for retry 0, then 1: the wait doubles from the first", async () => {
    const { backoffMs } = await import("../../../src/core/retry.js");
    vi.mocked(backoffMs).mockClear();
    const server = await faultServer(reset, reset, reply(200, LIMITS));

    await send(settings, new Request(`${server.url}/org/limits`), {});

    expect(vi.mocked(backoffMs).mock.calls.map(([retry]) => retry)).toEqual([0, 1]);
  });

  it("waits out an advised wait of exactly 60 s, and fails at once on a longer one", async () => {
    const at60 = await faultServer(reply(503, undefined, { "Retry-After": "60" }), reply(200, LIMITS));
    const at61 = await faultServer(reply(503, undefined, { "Retry-After": "61" }), reply(200, LIMITS));
    const controller = new AbortController();

    const waiting = at60
      .client()
      .organization.limits.retrieve({ signal: controller.signal })
      .catch((e) => e);
    await until(() => at60.requests.length === 1);
    setTimeout(() => controller.abort(), 50);
    const longer = await at61
      .client()
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(await waiting).toBeInstanceOf(UserAbortError);
    expect(longer).toBeInstanceOf(ApiError);
    expect(longer.status).toBe(503);
  });
});
