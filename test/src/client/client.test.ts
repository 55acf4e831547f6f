import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { clientOf } from "../../../src/client/client.js";
import { openEventStream } from "../../../src/streams/event-stream.js";
import { ApiError, createClient, InternalServerError } from "../../../src/index.js";
import { faultServer, LIMITS, reply } from "../../support/fault-server.js";

const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));

describe("createClient", () => {
  it("sends User-Agent browser-cloud-client/<version>", async () => {
    const server = await faultServer(reply(200, LIMITS));

    await server.client().organization.limits.retrieve();

    expect(server.requests[0]?.headers["user-agent"]).toBe(`browser-cloud-client/${pkg.version}`);
  });

  it("sends the client's headers with every call", async () => {
    const server = await faultServer(reply(204));

    await server.client({ headers: { "X-Team": "qa" } }).deployments.delete("dep_1");

    expect(server.requests[0]?.headers["x-team"]).toBe("qa");
  });

  it("sends the click body as JSON, exactly as given", async () => {
    const server = await faultServer(reply(200));
    const body = { x: 3, y: 4, button: "right" as const, hold_keys: ["Control"] };

    await server.client().browsers.computer.clickMouse("brs_1", body);

    expect(server.requests[0]).toMatchObject({
      method: "POST",
      url: "/browsers/brs_1/computer/click_mouse",
      body: JSON.stringify(body),
    });
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("uses an injected fetch, called with a Request", async () => {
    const server = await faultServer(reply(200, LIMITS));
    const seen: unknown[] = [];

    await server.client({ fetch: (request) => (seen.push(request), fetch(request)) }).organization.limits.retrieve();

    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(Request);
    expect((seen[0] as Request).headers.get("authorization")).toBe("Bearer sk-test-4f9a7c1e");
  });

  describe("raw", () => {
    it("shares the client's auth and retries, and returns errors instead of throwing", async () => {
      const server = await faultServer(
        reply(503, undefined, { "retry-after-ms": "1" }),
        reply(500, { code: "internal_error", message: "still down" }),
      );

      const { data, error, response } = await server.client({ maxRetries: 1 }).raw.GET("/org/limits");

      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]?.headers.authorization).toBe("Bearer sk-test-4f9a7c1e");
      expect(data).toBeUndefined();
      expect(response.status).toBe(500);
      expect(error).toEqual({ code: "internal_error", message: "still down" });
    });

    it("does no input checks of its own", async () => {
      const server = await faultServer(
        reply(400, { code: "bad_request", message: "coordinates must be non-negative" }),
      );

      const { response } = await server
        .client()
        .raw.POST("/browsers/{id}/computer/click_mouse", { params: { path: { id: "brs_1" } }, body: { x: -1, y: 0 } });

      expect(response.status).toBe(400);
      expect(server.requests).toHaveLength(1);
    });

    it("keeps a call's error classes apart from the raw answer", async () => {
      const server = await faultServer(reply(500, { code: "internal_error", message: "down" }));

      const err = await server
        .client({ maxRetries: 0 })
        .organization.limits.retrieve()
        .catch((e) => e);

      expect(err).toBeInstanceOf(InternalServerError);
      expect(err).toBeInstanceOf(ApiError);
    });
  });

  it("throws ConfigurationError synchronously and sends nothing without a key", async () => {
    const server = await faultServer(reply(200, LIMITS));
    let sent = 0;
    const counting = (request: Request) => (sent++, fetch(request));
    const previous = process.env.BROWSER_CLOUD_API_KEY;
    delete process.env.BROWSER_CLOUD_API_KEY;
    try {
      expect(() => createClient({ baseUrl: server.url, fetch: counting })).toThrow(/No API key/);
    } finally {
      if (previous !== undefined) process.env.BROWSER_CLOUD_API_KEY = previous;
    }
    expect(sent).toBe(0);
  });
});

describe("a client made in a web page (dangerouslyAllowBrowser)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("leaves User-Agent to the browser, which refuses to let a page set it", async () => {
    const server = await faultServer(reply(200, LIMITS));
    vi.stubGlobal("window", {});
    vi.stubGlobal("document", {});

    await server.client({ dangerouslyAllowBrowser: true }).organization.limits.retrieve();

    expect(server.requests[0]?.headers["user-agent"]).not.toMatch(/^browser-cloud-client\//);
  });
});

describe("per-call options", () => {
  it("may be null, as a JavaScript caller may pass them: the client's own apply", async () => {
    const server = await faultServer(reply(200, LIMITS));

    await expect(server.client().organization.limits.retrieve(null as never)).resolves.toEqual(LIMITS);
    expect(server.requests).toHaveLength(1);
  });

  it("refuse a signal that is null, before sending", async () => {
    const server = await faultServer(reply(200, LIMITS));

    const err = await server
      .client()
      .organization.limits.retrieve({ signal: null as never })
      .catch((e) => e);

    expect(err.issues).toEqual([{ path: "options.signal", message: "must be an AbortSignal (got null)" }]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("middleware on the raw client", () => {
  it("sees the methods' requests while registered, and none once ejected", async () => {
    const server = await faultServer(reply(200, LIMITS));
    const client = server.client();
    const seen: string[] = [];
    const middleware = {
      onRequest: ({ request }: { request: Request }) => void seen.push(new URL(request.url).pathname),
    };

    client.raw.use(middleware);
    await client.organization.limits.retrieve();
    client.raw.eject(middleware);
    await client.organization.limits.retrieve();

    expect(seen).toEqual(["/org/limits"]);
    expect(server.requests).toHaveLength(2);
  });
});

describe("answers handed over unread", () => {
  // 64 bytes of body, four times the client's maxResponseBytes below
  const body = `data: ${"x".repeat(56)}\n\n`;
  const download: Operation = {
    name: "files.download",
    method: "GET",
    path: "/files/{id}",
    params: ["id"],
    status: 200,
    answer: "other",
    idempotent: true,
  };
  const follow: Operation = {
    name: "events.follow",
    method: "GET",
    path: "/events/{id}",
    params: ["id"],
    status: 200,
    answer: "stream",
    idempotent: true,
  };
  const client = (url: string) =>
    clientOf(
      { apiKey: "sk-test", baseUrl: url, maxResponseBytes: 16 },
      [download, follow],
      openEventStream,
    ) as unknown as {
      files: { download(id: string): Promise<Response> };
      events: { follow(id: string): Promise<AsyncIterable<{ data: unknown }> & { close(): void }> };
    };

  it("are not held to maxResponseBytes: a download is the caller's to read", async () => {
    const server = await faultServer((res) =>
      res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(body),
    );

    const response = await client(server.url).files.download("f1");

    expect(await response.text()).toBe(body);
  });

  it("are not held to maxResponseBytes: an event stream is read event by event", async () => {
    const server = await faultServer((res) => res.writeHead(200, { "Content-Type": "text/event-stream" }).end(body));

    const stream = await client(server.url).events.follow("e1");
    const events: unknown[] = [];
    for await (const event of stream) events.push(event.data);

    expect(events).toEqual(["x".repeat(56)]);
  });
});
