// The transport's time: each attempt's timeout, the caller's abort, one signal shared by many calls,
// and the waits between attempts.
import { getEventListeners } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { ApiError, ConnectionTimeoutError, UserAbortError } from "../../../src/index.js";
import { faultServer, hang, LIMITS, reply, reset, type Step } from "../../support/fault-server.js";
import { collect, send, until } from "../../support/transport.js";

// a factory cannot use an import: vi.mock runs before them
vi.mock(import("../../../src/core/retry.js"), async (original) =>
  (await import("../../support/quick-backoff.js")).quickBackoff(original),
);

// the transport called directly, as the raw client and the methods call it
const settings = { timeoutMs: 1_000, maxRetries: 2, maxResponseBytes: 1024 };

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

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
