import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  BrowserCloudError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from "../src/index.js";
import { faultServer, reply, truncated } from "./support/fault-server.js";

const ERROR = { code: "bad_request", message: "coordinates must be non-negative", details: [{ code: "invalid_input", message: "x: must be >= 0" }], inner_error: { code: "upstream", message: "host" } };

describe("errors", () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
    [599, InternalServerError],
  ])("turns a %i answer into %o, an ApiError under the one root", async (status, Class) => {
    const server = await faultServer(reply(status, ERROR));

    const call = server.client({ maxRetries: 0 }).organization.limits.retrieve();

    await expect(call).rejects.toBeInstanceOf(Class);
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toBeInstanceOf(BrowserCloudError);
    await expect(call).rejects.toMatchObject({ status, code: "bad_request", details: ERROR.details, innerError: ERROR.inner_error, body: ERROR });
  });

  it("makes a plain ApiError of a status with no class of its own", async () => {
    const server = await faultServer(reply(418, ERROR));

    const err = await server.client().organization.limits.retrieve().catch((e) => e);

    expect(err.constructor).toBe(ApiError);
    expect(err.status).toBe(418);
  });

  it("gives the status as message when the error body is empty", async () => {
    const server = await faultServer(reply(401));

    const err = await server.client().deployments.delete("dep_1").catch((e) => e);

    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ status: 401, code: undefined, body: undefined });
    expect(err.message).toBe("401 Unauthorized");
  });

  it("falls back to the status and a short text snippet for an HTML page from a proxy", async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>${"<p>upstream</p>".repeat(100)}</body></html>`;
    const server = await faultServer(reply(502, page));

    const err = await server.client({ maxRetries: 0 }).deployments.delete("dep_1").catch((e) => e);

    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.body).toBe(page);
    expect(err.code).toBeUndefined();
    expect(err.message).toMatch(/^502 Bad Gateway: 502 Bad Gateway Bad Gateway upstream/);
    expect(err.message.length).toBeLessThan(260);
  });

  it("keeps a JSON error body that is not the Error shape as text", async () => {
    const server = await faultServer(reply(500, { error: "boom" }));

    const err = await server.client({ maxRetries: 0 }).organization.limits.retrieve().catch((e) => e);

    expect(err).toMatchObject({ status: 500, code: undefined, body: '{"error":"boom"}' });
  });

  it("throws a BrowserCloudError, not a SyntaxError, when a 2xx body is not JSON", async () => {
    const server = await faultServer(reply(200, "<html>maintenance</html>"));

    const err = await server.client().organization.limits.retrieve().catch((e) => e);

    expect(err).toBeInstanceOf(BrowserCloudError);
    expect(err).not.toBeInstanceOf(SyntaxError);
    expect(err.cause).toBeInstanceOf(SyntaxError);
  });

  it("throws a BrowserCloudError when a 2xx body is JSON but not the OrgLimits the spec promises", async () => {
    const server = await faultServer(reply(200, { max_concurrent_sessions: "many" }));

    const err = await server.client().organization.limits.retrieve().catch((e) => e);

    expect(err).toBeInstanceOf(BrowserCloudError);
    expect(err.message).toMatch(/response.max_concurrent_sessions must be integer/);
    expect(err.message).toMatch(/response.default_project_max_concurrent_sessions is required/);
  });

  it("accepts fields the spec does not know yet", async () => {
    const newer = { max_concurrent_sessions: 50, default_project_max_concurrent_sessions: null, max_auth_connections: 5 };
    const server = await faultServer(reply(200, newer));

    await expect(server.client().organization.limits.retrieve()).resolves.toEqual(newer);
  });

  it("treats a truncated 2xx body as a broken connection, not as bad JSON", async () => {
    const server = await faultServer(truncated);

    const err = await server.client({ maxRetries: 0 }).organization.limits.retrieve().catch((e) => e);

    expect(err.name).toBe("ConnectionError");
    expect(err.maybePerformed).toBe(true);
  });

  describe("a hostile error body", () => {
    afterEach(() => vi.restoreAllMocks());

    it("keeps only the first 8 KiB of a large one, with its full length", async () => {
      const page = `<html><body>${"<p>upstream timed out</p>".repeat(40_000)}</body></html>`;
      const server = await faultServer(reply(502, page));

      const err = await server.client({ maxRetries: 0 }).deployments.delete("dep_1").catch((e) => e);

      expect(err).toBeInstanceOf(InternalServerError);
      expect(err.body).toBe(page.slice(0, 8192));
      expect(err.bodyLength).toBe(page.length);
      expect(err.message).toMatch(/^502 Bad Gateway: upstream timed out upstream timed out/);
      expect(err.message.length).toBeLessThan(260);
      expect(server.requests).toHaveLength(1);
    });

    it("does not parse a large JSON error body, whatever its shape", async () => {
      const body = { code: "bad_request", message: "too many problems", details: Array.from({ length: 20_000 }, (_, i) => ({ code: "invalid_input", message: `field ${i}` })) };
      const text = JSON.stringify(body);
      const server = await faultServer(reply(400, body));

      const err = await server.client().browsers.computer.clickMouse("brs_1", { x: 1, y: 1 }).catch((e) => e);

      expect(err).toBeInstanceOf(BadRequestError);
      expect(err).toMatchObject({ status: 400, code: undefined, details: undefined, body: text.slice(0, 8192), bodyLength: text.length });
      expect(err.message).toMatch(/^400 Bad Request: \{"code":"bad_request","message":"too many problems"/);
    });

    it("keeps the bytes as received, not re-serialized, for a body nested 100 000 levels deep", async () => {
      const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
      const server = await faultServer(reply(500, deep, { "Content-Type": "application/json" }));

      const err = await server.client({ maxRetries: 0 }).organization.limits.retrieve().catch((e) => e);

      expect(err).toBeInstanceOf(InternalServerError);
      expect(err).toMatchObject({ body: deep.slice(0, 8192), bodyLength: 200_000 });
    });

    it("runs no regular expression over more than the first 1 KiB of a 200 KB body of '<'", async () => {
      const body = "<".repeat(200_000);
      const server = await faultServer(reply(502, body));
      const exec = RegExp.prototype.exec;
      const scanned: number[] = [];
      vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, input: string) {
        scanned.push(String(input).length);
        // a backtracking scan of the whole body takes tens of seconds: refuse it at once
        if (String(input).length > 4096) throw new Error(`a regular expression ran over ${String(input).length} characters`);
        return exec.call(this, input);
      });

      const err = await server.client({ maxRetries: 0 }).deployments.delete("dep_1").catch((e) => e);
      vi.restoreAllMocks();

      expect(err).toBeInstanceOf(InternalServerError);
      expect(err.message).toBe(`502 Bad Gateway: ${"<".repeat(200)}…`);
      expect(scanned).toContain(1024);
      expect(Math.max(...scanned)).toBeLessThanOrEqual(1024);
    });
  });
});
