import { getEventListeners } from "node:events";
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ApiError, ConnectionTimeoutError, NotFoundError, RedirectError, ResponseTooLargeError, UserAbortError } from "../src/index.js";
import { compressed, countingFetch, faultServer, flood, hang, LIMITS, redirect, reply, reset, type Step } from "./support/fault-server.js";

const MiB = 1024 * 1024;
const CLICK = { x: 1, y: 2 };

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

describe("timeouts", () => {
  it("bounds each attempt by timeoutMs and fails with ConnectionTimeoutError", async () => {
    const server = await faultServer(hang);

    const err = await server.client({ timeoutMs: 100, maxRetries: 1 }).organization.limits.retrieve().catch((e) => e);

    expect(err).toBeInstanceOf(ConnectionTimeoutError);
    expect(err.maybePerformed).toBe(true);
    expect(server.requests).toHaveLength(2);
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

    expect(timers()).toBe(before);
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

  it("sends nothing when the signal has already fired", async () => {
    const server = await faultServer(reply(200));

    await expect(server.client().browsers.computer.clickMouse("brs_1", { x: 1, y: 1 }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(UserAbortError);
    expect(server.requests).toHaveLength(0);
  });

  it("adds no lasting listener to a long-lived signal passed to many calls", async () => {
    const server = await faultServer(reply(200, LIMITS));
    const client = server.client();
    const signal = new AbortController().signal;

    for (let i = 0; i < 1_000; i++) await client.organization.limits.retrieve({ signal });

    expect(getEventListeners(signal, "abort")).toHaveLength(0);
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
    const server = await faultServer(reply(503, undefined, { "retry-after-ms": "1" }), reply(404, { code: "not_found", message: "no such deployment" }));

    await expect(server.client().deployments.delete("dep_1")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("logging", () => {
  it("writes one line per attempt with method, path, outcome, attempt and time, and no header value", async () => {
    const server = await faultServer(reply(503, undefined, { "retry-after-ms": "1" }), reply(200, LIMITS));
    const lines: string[] = [];

    await server.client({ logger: { debug: (line) => lines.push(line) }, headers: { "X-Trace": "trace-secret-42" } }).organization.limits.retrieve();

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
});

describe("redirects", () => {
  const senders = {
    "the global fetch": {},
    "a custom fetch": { fetch: (request: Request) => fetch(request) },
  };

  for (const [via, options] of Object.entries(senders)) {
    it.each([301, 302, 303, 307, 308])(`refuses a %i answer to the click with RedirectError and sends nothing anywhere else (${via})`, async (status) => {
      const elsewhere = await faultServer(reply(200));
      const server = await faultServer(redirect(status, `${elsewhere.url}/browsers/brs_1/computer/click_mouse?sig=abc`));

      const err = await server.client({ ...options, headers: { "X-Team-Secret": "team-7" } }).browsers.computer.clickMouse("brs_1", CLICK).catch((e) => e);

      expect(err).toBeInstanceOf(RedirectError);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status, location: `${elsewhere.url}/browsers/brs_1/computer/click_mouse?sig=abc` });
      expect(err.message).toBe(`${status} redirect to ${elsewhere.url}/browsers/brs_1/computer/click_mouse not followed: it would send the request again, maybe elsewhere; point baseUrl at the address that answers.`);
      expect(server.requests.map((r) => r.method)).toEqual(["POST"]);
      expect(elsewhere.requests).toHaveLength(0);
    });
  }

  it("sends a click answered 307 to its own address once, not over and over", async () => {
    const server = await faultServer(redirect(307, "/browsers/brs_1/computer/click_mouse"));

    const err = await server.client().browsers.computer.clickMouse("brs_1", CLICK).catch((e) => e);

    expect(err).toBeInstanceOf(RedirectError);
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry an idempotent call answered with a redirect", async () => {
    const server = await faultServer(redirect(302, "/elsewhere"), reply(200, LIMITS));

    const err = await server.client().organization.limits.retrieve().catch((e) => e);

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

    const err = await server.client({ fetch: opaque }).browsers.computer.clickMouse("brs_1", CLICK).catch((e) => e);

    expect(err).toBeInstanceOf(RedirectError);
    expect(err).toMatchObject({ status: 0, location: undefined });
    expect(calls).toBe(1);
  });
});

describe("answer size", () => {
  it("stops reading an endless 2xx at the default 16 MiB, drops the connection and does not retry", async () => {
    const body = flood(200, 256 * MiB);
    const server = await faultServer(body.step);

    const err = await server.client().organization.limits.retrieve().catch((e) => e);

    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err).toMatchObject({ limit: 16 * MiB, status: 200 });
    expect(err.message).toBe("The answer (status 200) is larger than maxResponseBytes, 16777216 bytes; pass a larger maxResponseBytes to createClient or to the call to accept it.");
    await until(() => body.dropped);
    // what the client read, plus what socket buffers held when it let go
    expect(body.written).toBeLessThan(32 * MiB);
    expect(server.requests).toHaveLength(1);
  });

  it("bounds an error answer's body too, with the call's maxResponseBytes, and does not retry it", async () => {
    const body = flood(500, 64 * MiB);
    const server = await faultServer(body.step);
    const counter = countingFetch();

    const err = await server.client({ fetch: counter.fetch }).organization.limits.retrieve({ maxResponseBytes: MiB }).catch((e) => e);

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

    const err = await server.client({ maxResponseBytes: MiB, timeoutMs: 5_000 }).organization.limits.retrieve().catch((e) => e);

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
    await expect(client.organization.limits.retrieve({ maxResponseBytes: size - 1 })).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(server.requests).toHaveLength(2);
  });

  const zeros = Buffer.alloc(64 * MiB);
  const bombs = {
    gzip: () => gzipSync(zeros),
    deflate: () => deflateSync(zeros),
    br: () => brotliCompressSync(zeros, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
  it.each(Object.keys(bombs) as (keyof typeof bombs)[])("applies the limit to the decompressed size of a %s bomb", async (encoding) => {
    const bomb = bombs[encoding]();
    const server = await faultServer(compressed(encoding, bomb));
    const counter = countingFetch();

    const err = await server.client({ fetch: counter.fetch, maxResponseBytes: MiB }).organization.limits.retrieve().catch((e) => e);

    expect(bomb.length).toBeLessThan(MiB / 8);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(counter.read).toBeGreaterThan(MiB);
    expect(counter.read).toBeLessThanOrEqual(MiB + 256 * 1024);
    expect(server.requests).toHaveLength(1);
  });
});

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}
