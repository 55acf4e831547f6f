// What the transport does with an answer: a redirect refused, a body read under its cap (compressed
// or not), a streamed body handed on and ended.
import { getEventListeners } from "node:events";
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { ApiError, RedirectError, ResponseTooLargeError } from "../../../src/index.js";
import {
  compressed,
  countingFetch,
  faultServer,
  flood,
  LIMITS,
  redirect,
  reply,
  type Step,
} from "../../support/fault-server.js";
import { collect, send, until } from "../../support/transport.js";

// a factory cannot use an import: vi.mock runs before them
vi.mock(import("../../../src/core/retry.js"), async (original) =>
  (await import("../../support/quick-backoff.js")).quickBackoff(original),
);

const MiB = 1024 * 1024;
const CLICK = { x: 1, y: 2 };

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

describe("a runtime's refusal of a redirect", () => {
  // how each runtime fails a fetch sent with redirect "error" that met a redirect (src/core/transport.ts)
  it.each([
    ["Node (undici): the cause's message", new TypeError("fetch failed", { cause: new Error("unexpected redirect") })],
    ["Bun: the code", Object.assign(new TypeError("fetch failed"), { code: "UnexpectedRedirect" })],
    ["Deno: the message", new TypeError("Encountered redirect while redirect mode is set to 'error'")],
  ])("reads %s as RedirectError, sending once", async (_, refusal) => {
    const server = await faultServer(reply(200));
    let calls = 0;
    const refusing = async () => {
      calls++;
      throw refusal;
    };

    const err = await server
      .client({ fetch: refusing })
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(RedirectError);
    expect(err).toMatchObject({ status: 0 });
    expect(calls).toBe(1);
  });

  it("reads another failure, or one without a message, as a failed connection", async () => {
    const server = await faultServer(reply(200));
    const failures: unknown[] = [new TypeError("unexpected redirect"), { code: "ECONNRESET" }];
    const failing = async () => {
      throw failures.shift();
    };

    const client = server.client({ fetch: failing, maxRetries: 0 });
    const errors = [
      await client.organization.limits.retrieve().catch((e) => e),
      await client.organization.limits.retrieve().catch((e) => e),
    ];

    expect(errors.map((e) => e.name)).toEqual(["ConnectionError", "ConnectionError"]);
  });
});

describe("a redirect answering a form", () => {
  const settings = { timeoutMs: 2000, maxRetries: 0, maxResponseBytes: 1024 };
  const sent = (form: FormData, url: string) =>
    send(settings, new Request(url, { method: "POST" }), {}, { body: form });

  it("is handed over as it came where the form holds text only, and as status 0 where it holds a file", async () => {
    const server = await faultServer(redirect(307, "/elsewhere"), redirect(307, "/elsewhere"));
    const text = new FormData();
    text.append("name", "scan");
    const withFile = new FormData();
    withFile.append("scan", new File(["bytes"], "scan.bin"));

    const answers = [await sent(text, `${server.url}/uploads`), await sent(withFile, `${server.url}/uploads`)];

    // a form with a file goes with redirect "error", which the runtime refuses without showing the answer
    expect(answers.map((a) => [a.status, a.headers.get("location")])).toEqual([
      [307, "/elsewhere"],
      [0, null],
    ]);
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
