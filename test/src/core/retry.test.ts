import { describe, expect, it, vi } from "vitest";
import { freePort } from "../../../scripts/lib/mock/prism.mjs";
import {
  ConflictError,
  createClient,
  ConnectionError,
  ConnectionTimeoutError,
  InternalServerError,
  RateLimitError,
} from "../../../src/index.js";
import { failedBeforeSending, IDEMPOTENT_METHODS, isRetryable } from "../../../src/core/retry.js";
import { faultServer, hang, LIMITS, reply, reset } from "../../support/fault-server.js";
import { QUICK_BACKOFF_MS } from "../../support/quick-backoff.js";

// a factory cannot use an import: vi.mock runs before them
vi.mock(import("../../../src/core/retry.js"), async (original) =>
  (await import("../../support/quick-backoff.js")).quickBackoff(original),
);
// the schedule itself, which the calls in this file wait only a short copy of
const { backoffMs, retryAfterMs } =
  await vi.importActual<typeof import("../../../src/core/retry.js")>("../../../src/core/retry.js");

const CLICK = { x: 10, y: 20 };
const soon = { "retry-after-ms": "10" };

describe("retry policy", () => {
  it("takes as idempotent the methods the IANA HTTP Method Registry marks so, QUERY among them, and no other", () => {
    // the registry (https://www.iana.org/assignments/http-methods), method -> idempotent, written out
    // here; PRI, the HTTP/2 connection preface, is no request a client sends
    const REGISTRY: Record<string, boolean> = {
      ACL: true,
      "BASELINE-CONTROL": true,
      BIND: true,
      CHECKIN: true,
      CHECKOUT: true,
      CONNECT: false,
      COPY: true,
      DELETE: true,
      GET: true,
      HEAD: true,
      LABEL: true,
      LINK: true,
      LOCK: false,
      MERGE: true,
      MKACTIVITY: true,
      MKCALENDAR: true,
      MKCOL: true,
      MKREDIRECTREF: true,
      MKWORKSPACE: true,
      MOVE: true,
      OPTIONS: true,
      ORDERPATCH: true,
      PATCH: false,
      POST: false,
      PROPFIND: true,
      PROPPATCH: true,
      PUT: true,
      QUERY: true,
      REBIND: true,
      REPORT: true,
      SEARCH: true,
      TRACE: true,
      UNBIND: true,
      UNCHECKOUT: true,
      UNLINK: true,
      UNLOCK: true,
      UPDATE: true,
      UPDATEREDIRECTREF: true,
      "VERSION-CONTROL": true,
    };

    for (const [method, idempotent] of Object.entries(REGISTRY))
      expect([method, IDEMPOTENT_METHODS.has(method)]).toEqual([method, idempotent]);
    expect(IDEMPOTENT_METHODS.size).toBe(Object.values(REGISTRY).filter(Boolean).length);
    // a method the registry does not list, and one not in capitals (methods are case-sensitive), are POST's kind
    for (const method of ["PURGE", "copy", "query"]) expect(IDEMPOTENT_METHODS.has(method)).toBe(false);
  });

  it("retries a GET after 503 and succeeds on the next answer", async () => {
    const server = await faultServer(reply(503), reply(200, LIMITS));

    await expect(server.client().organization.limits.retrieve()).resolves.toEqual(LIMITS);
    expect(server.requests).toHaveLength(2);
  });

  it.each([408, 429, 500, 502, 503, 504])("retries a DELETE after %i", async (status) => {
    const server = await faultServer(reply(status, undefined, soon), reply(204));

    await server.client().deployments.delete("dep_1");

    expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
  });

  it("does not retry a 409: a conflict is the caller's to resolve", async () => {
    const server = await faultServer(reply(409, { code: "conflict", message: "busy" }));

    await expect(server.client().deployments.delete("dep_1")).rejects.toBeInstanceOf(ConflictError);
    expect(server.requests).toHaveLength(1);
  });

  it("gives up after maxRetries and throws the last answer's error", async () => {
    const server = await faultServer(reply(503, { code: "unavailable", message: "down" }, soon));

    await expect(server.client().organization.limits.retrieve()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(3);
  });

  it("takes maxRetries from the client and from each call", async () => {
    const server = await faultServer(reply(503, undefined, soon));
    const client = server.client({ maxRetries: 4 });

    await client.organization.limits.retrieve().catch(() => {});
    expect(server.requests).toHaveLength(5);
    await client.organization.limits.retrieve({ maxRetries: 0 }).catch(() => {});
    expect(server.requests).toHaveLength(6);
  });

  it("waits the backoff before each retry, doubling it", async () => {
    const server = await faultServer(reset, reset, reply(200, LIMITS));

    await expect(server.client().organization.limits.retrieve()).resolves.toEqual(LIMITS);

    // by the wall clock a timer may fire up to a millisecond early
    const [first, second, third] = server.requests.map((r) => r.at);
    expect(second! - first!).toBeGreaterThanOrEqual(QUICK_BACKOFF_MS - 1);
    expect(third! - second!).toBeGreaterThanOrEqual(2 * QUICK_BACKOFF_MS - 1);
  });

  it("retries a GET that timed out, and one whose connection was reset", async () => {
    const server = await faultServer(hang, reset, reply(200, LIMITS));

    await expect(server.client({ timeoutMs: 150 }).organization.limits.retrieve()).resolves.toEqual(LIMITS);
    expect(server.requests).toHaveLength(3);
  });

  describe("a click, which is not idempotent", () => {
    it("is never sent twice after a 500", async () => {
      const server = await faultServer(reply(500, { code: "internal_error", message: "oops" }), reply(200));

      const err = await server
        .client()
        .browsers.computer.clickMouse("brs_1", CLICK)
        .catch((e) => e);

      expect(err).toBeInstanceOf(InternalServerError);
      expect(server.requests).toHaveLength(1);
    });

    it("is never sent twice after a timeout, and says it may have clicked", async () => {
      const server = await faultServer(hang, reply(200));

      const err = await server
        .client({ timeoutMs: 150 })
        .browsers.computer.clickMouse("brs_1", CLICK)
        .catch((e) => e);

      expect(err).toBeInstanceOf(ConnectionTimeoutError);
      expect(err.maybePerformed).toBe(true);
      expect(server.requests).toHaveLength(1);
    });

    it("is never sent twice after the connection was reset", async () => {
      const server = await faultServer(reset, reply(200));

      const err = await server
        .client()
        .browsers.computer.clickMouse("brs_1", CLICK)
        .catch((e) => e);

      expect(err).toBeInstanceOf(ConnectionError);
      expect(err.maybePerformed).toBe(true);
      expect(server.requests).toHaveLength(1);
    });

    it("is sent again after a 429, since the service did not act on it", async () => {
      const server = await faultServer(reply(429, { code: "rate_limited", message: "slow down" }, soon), reply(200));

      await server.client().browsers.computer.clickMouse("brs_1", CLICK);

      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]?.body).toBe(JSON.stringify(CLICK));
    });

    it("is sent again when the connection was refused before anything was sent", async () => {
      const server = await faultServer(reply(200));
      let calls = 0;
      const refusedOnce = (request: Request) => {
        if (calls++ === 0)
          return Promise.reject(
            new TypeError("fetch failed", {
              cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
            }),
          );
        return fetch(request);
      };

      await server.client({ fetch: refusedOnce }).browsers.computer.clickMouse("brs_1", CLICK);

      expect(calls).toBe(2);
      expect(server.requests).toHaveLength(1);
    });

    it("fails with maybePerformed false when nothing listens at the address", async () => {
      const closed = `http://127.0.0.1:${await freePort()}`;

      const err = await createClient({ apiKey: "k", baseUrl: closed, maxRetries: 0 })
        .browsers.computer.clickMouse("brs_1", CLICK)
        .catch((e) => e);

      expect(err).toBeInstanceOf(ConnectionError);
      expect(err.maybePerformed).toBe(false);
    });

    it.each(["ETIMEDOUT", "ECONNRESET", undefined])(
      "is not sent again after an unexplained network error (%s)",
      async (code) => {
        const server = await faultServer(reply(200));
        let calls = 0;
        const failing = () => {
          calls++;
          return Promise.reject(
            new TypeError("fetch failed", { cause: code ? Object.assign(new Error(code), { code }) : undefined }),
          );
        };

        const err = await server
          .client({ fetch: failing })
          .browsers.computer.clickMouse("brs_1", CLICK)
          .catch((e) => e);

        expect(err).toBeInstanceOf(ConnectionError);
        expect(err.maybePerformed).toBe(true);
        expect(calls).toBe(1);
      },
    );

    // Node's fetch puts the system error in `cause`; with happy eyeballs, one per address tried
    const nodeFailure = (cause: unknown) => new TypeError("fetch failed", { cause });
    const each = (...codes: unknown[]) =>
      nodeFailure(
        Object.assign(new AggregateError(codes.map((code) => Object.assign(new Error(String(code)), { code }))), {
          code: undefined,
        }),
      );

    it.each([
      ["refused", nodeFailure({ code: "ECONNREFUSED" })],
      ["the host not found", nodeFailure({ code: "ENOTFOUND" })],
      ["the resolver not answering", nodeFailure({ code: "EAI_AGAIN" })],
      ["a header undici will not write", nodeFailure({ code: "UND_ERR_INVALID_ARG" })],
      ["a request undici does not support", nodeFailure({ code: "UND_ERR_NOT_SUPPORTED" })],
      ["a port fetch blocks", nodeFailure({ message: "bad port" })],
      ["Deno 1 without net permission", Object.assign(new Error("Requires net access"), { name: "PermissionDenied" })],
      ["every address refused", each("ECONNREFUSED", "ECONNREFUSED")],
    ])("knows nothing was sent on Node when %s", (_what, error) => {
      expect(failedBeforeSending(error)).toBe(true);
    });

    it.each([
      ["a reset", nodeFailure({ code: "ECONNRESET" })],
      ["one address refused, the other reset", each("ECONNREFUSED", "ECONNRESET")],
      ["an empty list of addresses", each()],
      ["a list holding no error", nodeFailure({ errors: [null] })],
      ["no cause at all", new TypeError("fetch failed")],
      ["nothing thrown", undefined],
    ])("does not claim nothing was sent on Node after %s", (_what, error) => {
      expect(failedBeforeSending(error)).toBe(false);
    });
  });

  describe("on each runtime, from the error its fetch throws", () => {
    // the shapes each runtime was seen to throw for a closed port and for a reset after sending
    const refusedOn: [string, () => unknown][] = [
      [
        "Bun 1.4 (code on the error)",
        () =>
          Object.assign(new TypeError("ECONNREFUSED: Unable to connect. Is the computer able to access the url?"), {
            code: "ECONNREFUSED",
            errno: 0,
            path: "http://127.0.0.1:9999/x",
          }),
      ],
      [
        "Bun 1.3 (ConnectionRefused)",
        () =>
          Object.assign(new TypeError("Unable to connect. Is the computer able to access the url?"), {
            code: "ConnectionRefused",
            errno: 0,
          }),
      ],
      [
        "Deno 2 (the connect stage in the cause)",
        () =>
          new TypeError("fetch failed", {
            cause: new Error(
              "error sending request for url (http://127.0.0.1:9999/x): client error (Connect): tcp connect error: Connection refused (os error 111)",
            ),
          }),
      ],
      [
        "Deno 2 without net permission (NotCapable)",
        () =>
          Object.assign(new Error('Requires net access to "127.0.0.1:9999", run again with the --allow-net flag'), {
            name: "NotCapable",
          }),
      ],
    ];
    const maybeSentOn: [string, () => unknown][] = [
      [
        "Bun (a reset)",
        () =>
          Object.assign(new TypeError("ECONNRESET: The socket connection was closed unexpectedly."), {
            code: "ECONNRESET",
            errno: 0,
          }),
      ],
      [
        "Deno (a reset)",
        () => new TypeError("fetch failed", { cause: new Error("Connection reset by peer (os error 104)") }),
      ],
      [
        "Deno (closed after the connect stage)",
        () =>
          new TypeError("fetch failed", {
            cause: new Error(
              "error sending request for url (http://127.0.0.1:9999/x): client error (SendRequest): connection closed before message completed",
            ),
          }),
      ],
      [
        "workerd (refused and reset look alike)",
        () => Object.assign(new Error("Network connection lost."), { remote: true, retryable: true }),
      ],
    ];

    it.each(refusedOn)("sends a click again after a refusal on %s", async (_runtime, thrown) => {
      const server = await faultServer(reply(200));
      let calls = 0;
      const refusedOnce = (request: Request) => (calls++ === 0 ? Promise.reject(thrown()) : fetch(request));

      await server.client({ fetch: refusedOnce }).browsers.computer.clickMouse("brs_1", CLICK);

      expect(calls).toBe(2);
      expect(server.requests.map((r) => r.body)).toEqual([JSON.stringify(CLICK)]);
    });

    it.each(maybeSentOn)(
      "does not send a click again, and says it may have clicked, after %s",
      async (_runtime, thrown) => {
        const server = await faultServer(reply(200));
        let calls = 0;
        const failing = () => {
          calls++;
          return Promise.reject(thrown());
        };

        const err = await server
          .client({ fetch: failing })
          .browsers.computer.clickMouse("brs_1", CLICK)
          .catch((e) => e);

        expect(err).toBeInstanceOf(ConnectionError);
        expect(err.maybePerformed).toBe(true);
        expect(calls).toBe(1);
      },
    );
  });

  describe("advised waits", () => {
    it("honours Retry-After in seconds", async () => {
      const server = await faultServer(reply(429, undefined, { "Retry-After": "1" }), reply(200, LIMITS));

      await server.client().organization.limits.retrieve();

      const [first, second] = server.requests;
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    });

    it("honours Retry-After as an HTTP date", async () => {
      const at = new Date(Date.now() + 2_000).toUTCString();
      const server = await faultServer(reply(503, undefined, { "Retry-After": at }), reply(200, LIMITS));

      await server.client().organization.limits.retrieve();

      const [first, second] = server.requests;
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    });

    it("honours retry-after-ms over Retry-After", async () => {
      const server = await faultServer(
        reply(429, undefined, { "retry-after-ms": "5", "Retry-After": "30" }),
        reply(200, LIMITS),
      );

      await server.client().organization.limits.retrieve();

      const [first, second] = server.requests;
      expect(second!.at - first!.at).toBeLessThan(25_000);
    });

    it("does not wait longer than 60 s: fails at once, saying how long to wait", async () => {
      const server = await faultServer(
        reply(429, { code: "rate_limited", message: "come back later" }, { "Retry-After": "120" }),
        reply(200, LIMITS),
      );

      const err = await server
        .client()
        .organization.limits.retrieve()
        .catch((e) => e);

      expect(err).toBeInstanceOf(RateLimitError);
      expect(err.retryAfterMs).toBe(120_000);
      expect(server.requests).toHaveLength(1);
    });
  });

  it.each([
    ["retry-after-ms of 0", 0, { "retry-after-ms": "0" }],
    ["retry-after-ms with a fraction", 250.5, { "retry-after-ms": "250.5" }],
    ["a negative retry-after-ms and no Retry-After", undefined, { "retry-after-ms": "-1" }],
    ["a negative retry-after-ms, then Retry-After", 2_000, { "retry-after-ms": "-1", "Retry-After": "2" }],
    ["retry-after-ms that is no number, then Retry-After", 3_000, { "retry-after-ms": "soon", "Retry-After": "3" }],
    ["Retry-After of 0", 0, { "Retry-After": "0" }],
    ["Retry-After with blanks around it", 4_000, { "Retry-After": "  4 " }],
    ["Retry-After of all blanks", undefined, { "Retry-After": "   " }],
    ["a negative Retry-After", undefined, { "Retry-After": "-5" }],
    ["Retry-After as a date in the past", 0, { "Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT" }],
    ["Retry-After that is neither", undefined, { "Retry-After": "later" }],
    ["no advice", undefined, {}],
  ])("reads %s as %s ms", (_, ms, headers) => {
    expect(retryAfterMs(new Headers(headers))).toBe(ms);
  });

  it("backs off from 0.5 s, doubling, up to 8 s, with up to 25 % jitter", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoffMs(n, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect([0, 1, 4].map((n) => backoffMs(n, () => 1))).toEqual([375, 750, 6000]);
    for (let n = 0; n < 100; n++) {
      const wait = backoffMs(0);
      expect(wait).toBeGreaterThan(374);
      expect(wait).toBeLessThanOrEqual(500);
    }
  });

  it("retries an idempotent operation after any failure, another only when it certainly did not act", () => {
    // a timeout is a connection that was sent
    const sent = { kind: "connection", sent: true } as const;
    const notSent = { kind: "connection", sent: false } as const;
    const status = (s: number) => ({ kind: "status", status: s }) as const;

    expect([sent, notSent, status(503), status(409), status(400)].map((o) => isRetryable(true, o))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(
      [sent, notSent, status(429), status(500), status(503), status(408)].map((o) => isRetryable(false, o)),
    ).toEqual([false, true, true, false, false, false]);
  });
});
