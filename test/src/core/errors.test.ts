import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  AnswerMismatchError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  BrowserCloudError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  ConnectionTimeoutError,
  createClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  UnprocessableEntityError,
  UserAbortError,
  ValidationError,
  type AnswerMismatch,
} from "../../../src/index.js";
import { faultServer, hang, reply, reset, truncated } from "../../support/fault-server.js";

const ERROR = {
  code: "bad_request",
  message: "coordinates must be non-negative",
  details: [{ code: "invalid_input", message: "x: must be >= 0" }],
  inner_error: { code: "upstream", message: "host" },
};

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
    await expect(call).rejects.toMatchObject({
      status,
      code: "bad_request",
      details: ERROR.details,
      innerError: ERROR.inner_error,
      body: ERROR,
    });
  });

  it("makes a plain ApiError of a status with no class of its own", async () => {
    const server = await faultServer(reply(418, ERROR));

    const err = await server
      .client()
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err.constructor).toBe(ApiError);
    expect(err.status).toBe(418);
  });

  it("gives the status as message when the error body is empty", async () => {
    const server = await faultServer(reply(401));

    const err = await server
      .client()
      .deployments.delete("dep_1")
      .catch((e) => e);

    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ status: 401, code: undefined, body: undefined });
    expect(err.message).toBe("401 Unauthorized");
  });

  it("falls back to the status and a short text snippet for an HTML page from a proxy", async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>${"<p>upstream</p>".repeat(100)}</body></html>`;
    const server = await faultServer(reply(502, page));

    const err = await server
      .client({ maxRetries: 0 })
      .deployments.delete("dep_1")
      .catch((e) => e);

    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.body).toBe(page);
    expect(err.code).toBeUndefined();
    expect(err.message).toMatch(/^502 Bad Gateway: 502 Bad Gateway Bad Gateway upstream/);
    expect(err.message.length).toBeLessThan(260);
  });

  it("keeps a JSON error body that is not the Error shape as text", async () => {
    const server = await faultServer(reply(500, { error: "boom" }));

    const err = await server
      .client({ maxRetries: 0 })
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toMatchObject({ status: 500, code: undefined, body: '{"error":"boom"}' });
  });

  it("returns a 2xx answer that breaks the spec, and reports it to onAnswerMismatch and the logger", async () => {
    const drifted = { max_concurrent_sessions: "many" };
    const server = await faultServer(reply(200, drifted));
    const reports: AnswerMismatch[] = [];
    const lines: string[] = [];
    const client = server.client({
      onAnswerMismatch: (m) => reports.push(m),
      logger: { debug: (line) => lines.push(line) },
    });

    await expect(client.organization.limits.retrieve()).resolves.toEqual(drifted);

    expect(reports).toHaveLength(1);
    expect(reports[0]!.operation).toBe("organization.limits.retrieve");
    expect(reports[0]!.data).toEqual(drifted);
    expect(reports[0]!.response.status).toBe(200);
    // in whatever order the schema checker finds them
    expect(reports[0]!.issues).toHaveLength(2);
    expect(reports[0]!.issues).toEqual(
      expect.arrayContaining([
        { path: "response.max_concurrent_sessions", message: "must be integer" },
        { path: "response.default_project_max_concurrent_sessions", message: "is required" },
      ]),
    );
    const drift = lines.filter((l) => l.includes("not what the spec promises"));
    expect(drift).toHaveLength(1);
    expect(drift[0]).toMatch(
      /^browser-cloud-client: The answer to organization\.limits\.retrieve \(status 200\) is not what the spec promises: /,
    );
    expect(drift[0]).toContain("response.max_concurrent_sessions must be integer");
    expect(drift[0]).toContain("response.default_project_max_concurrent_sessions is required");
  });

  it("throws AnswerMismatchError with the data, the response and the issues when strictAnswers is set", async () => {
    const drifted = { max_concurrent_sessions: "many", default_project_max_concurrent_sessions: null };
    const server = await faultServer(reply(200, drifted, { "x-request-id": "req_9" }));
    const reports: unknown[] = [];

    const err = await server
      .client({ strictAnswers: true, onAnswerMismatch: (m) => reports.push(m) })
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(AnswerMismatchError);
    expect(err).toBeInstanceOf(BrowserCloudError);
    expect(err.data).toEqual(drifted);
    expect(err.response.headers.get("x-request-id")).toBe("req_9");
    expect(err.issues).toEqual([{ path: "response.max_concurrent_sessions", message: "must be integer" }]);
    expect(err.maybePerformed).toBe(true);
    expect(err.message).toBe(
      "The answer to organization.limits.retrieve (status 200) is not what the spec promises: response.max_concurrent_sessions must be integer",
    );
    expect(reports).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("throws AnswerMismatchError carrying the text when a 2xx body is not JSON, strict or not", async () => {
    const server = await faultServer(reply(200, "<html>maintenance</html>"));

    const err = await server
      .client()
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(AnswerMismatchError);
    expect(err).not.toBeInstanceOf(SyntaxError);
    expect(err.data).toBe("<html>maintenance</html>");
    expect(err.response.status).toBe(200);
    expect(err.issues[0].path).toBe("response");
    expect(err.issues[0].message).toMatch(/^is not JSON: /);
    expect(err.maybePerformed).toBe(true);
    expect(err.cause).toBeInstanceOf(SyntaxError);
  });

  it("accepts fields the spec does not know yet", async () => {
    const newer = {
      max_concurrent_sessions: 50,
      default_project_max_concurrent_sessions: null,
      max_auth_connections: 5,
    };
    const server = await faultServer(reply(200, newer));

    await expect(server.client().organization.limits.retrieve()).resolves.toEqual(newer);
  });

  it("treats a truncated 2xx body as a broken connection, not as bad JSON", async () => {
    const server = await faultServer(truncated);

    const err = await server
      .client({ maxRetries: 0 })
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err.name).toBe("ConnectionError");
    expect(err.maybePerformed).toBe(true);
  });

  describe("a hostile error body", () => {
    afterEach(() => vi.restoreAllMocks());

    it("keeps only the first 8 KiB of a large one, with its full length", async () => {
      const page = `<html><body>${"<p>upstream timed out</p>".repeat(40_000)}</body></html>`;
      const server = await faultServer(reply(502, page));

      const err = await server
        .client({ maxRetries: 0 })
        .deployments.delete("dep_1")
        .catch((e) => e);

      expect(err).toBeInstanceOf(InternalServerError);
      expect(err.body).toBe(page.slice(0, 8192));
      expect(err.bodyLength).toBe(page.length);
      expect(err.message).toMatch(/^502 Bad Gateway: upstream timed out upstream timed out/);
      expect(err.message.length).toBeLessThan(260);
      expect(server.requests).toHaveLength(1);
    });

    it("does not parse a large JSON error body, whatever its shape", async () => {
      const body = {
        code: "bad_request",
        message: "too many problems",
        details: Array.from({ length: 20_000 }, (_, i) => ({ code: "invalid_input", message: `field ${i}` })),
      };
      const text = JSON.stringify(body);
      const server = await faultServer(reply(400, body));

      const err = await server
        .client()
        .browsers.computer.clickMouse("brs_1", { x: 1, y: 1 })
        .catch((e) => e);

      expect(err).toBeInstanceOf(BadRequestError);
      expect(err).toMatchObject({
        status: 400,
        code: undefined,
        details: undefined,
        body: text.slice(0, 8192),
        bodyLength: text.length,
      });
      expect(err.message).toMatch(/^400 Bad Request: \{"code":"bad_request","message":"too many problems"/);
    });

    it("keeps the bytes as received, not re-serialized, for a body nested 100 000 levels deep", async () => {
      const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
      const server = await faultServer(reply(500, deep, { "Content-Type": "application/json" }));

      const err = await server
        .client({ maxRetries: 0 })
        .organization.limits.retrieve()
        .catch((e) => e);

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
        if (String(input).length > 4096)
          throw new Error(`a regular expression ran over ${String(input).length} characters`);
        return exec.call(this, input);
      });

      const err = await server
        .client({ maxRetries: 0 })
        .deployments.delete("dep_1")
        .catch((e) => e);
      vi.restoreAllMocks();

      expect(err).toBeInstanceOf(InternalServerError);
      expect(err.message).toBe(`502 Bad Gateway: ${"<".repeat(200)}…`);
      expect(scanned).toContain(1024);
      expect(Math.max(...scanned)).toBeLessThanOrEqual(1024);
    });
  });
});

describe("maybePerformed", () => {
  const CLICK = { x: 1, y: 2 };
  const big = JSON.stringify({ code: "x", message: "y".repeat(200) });

  it("is true for a 5xx answer to a click, which is not retried", async () => {
    const server = await faultServer(reply(503, { code: "unavailable", message: "try later" }));

    const err = await server
      .client()
      .browsers.computer.clickMouse("brs_1", CLICK)
      .catch((e) => e);

    expect(err).toBeInstanceOf(InternalServerError);
    expect(err.maybePerformed).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it.each([400, 404, 409, 422, 429])("is false for a %i refusal on the first attempt", async (status) => {
    const server = await faultServer(reply(status, { code: "no", message: "refused" }));

    const err = await server
      .client({ maxRetries: 0 })
      .browsers.computer.clickMouse("brs_1", CLICK)
      .catch((e) => e);

    expect(err).toBeInstanceOf(ApiError);
    expect(err.maybePerformed).toBe(false);
  });

  it.each([
    [400, BadRequestError],
    [409, ConflictError],
  ])("is true for a %i refusal that follows a 5xx attempt of the same call", async (status, Class) => {
    const server = await faultServer(
      reply(503, undefined, { "retry-after-ms": "1" }),
      reply(status, { code: "refused", message: "state changed" }),
    );

    const err = await server
      .client()
      .deployments.delete("dep_1")
      .catch((e) => e);

    expect(err).toBeInstanceOf(Class);
    expect(err.maybePerformed).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it("is true for a redirect, which may come after acting (303 See Other)", async () => {
    const server = await faultServer(reply(303, undefined, { location: "/browsers/brs_1" }));

    const err = await server
      .client()
      .browsers.computer.clickMouse("brs_1", CLICK)
      .catch((e) => e);

    expect(err).toBeInstanceOf(RedirectError);
    expect(err.maybePerformed).toBe(true);
  });

  it.each([
    [200, true],
    [404, false],
    [500, true],
  ])("of ResponseTooLargeError after a %i is %s", async (status, expected) => {
    const server = await faultServer(reply(status, big, { "content-type": "application/json" }));

    const err = await server
      .client({ maxRetries: 0, maxResponseBytes: 64 })
      .browsers.computer.clickMouse("brs_1", CLICK)
      .catch((e) => e);

    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.status).toBe(status);
    expect(err.maybePerformed).toBe(expected);
  });

  it("is true for a connection that broke after sending, and for a timeout", async () => {
    const broken = await faultServer(reset);
    const slow = await faultServer(hang);

    const reset_ = await broken
      .client()
      .browsers.computer.clickMouse("brs_1", CLICK)
      .catch((e) => e);
    const timeout = await slow
      .client({ timeoutMs: 50 })
      .browsers.computer.clickMouse("brs_1", CLICK)
      .catch((e) => e);

    expect(reset_).toBeInstanceOf(ConnectionError);
    expect(reset_.maybePerformed).toBe(true);
    expect(timeout).toBeInstanceOf(ConnectionTimeoutError);
    expect(timeout.maybePerformed).toBe(true);
  });

  // a refused connection (false) is covered in retry.test.ts

  it("of UserAbortError is false before sending and true once the request was out", async () => {
    const server = await faultServer(hang);
    const client = server.client();
    const before = new AbortController();
    before.abort();
    const during = new AbortController();

    const early = await client.browsers.computer.clickMouse("brs_1", CLICK, { signal: before.signal }).catch((e) => e);
    const pending = client.browsers.computer.clickMouse("brs_1", CLICK, { signal: during.signal }).catch((e) => e);
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    during.abort();
    const late = await pending;

    expect(early).toBeInstanceOf(UserAbortError);
    expect(early.maybePerformed).toBe(false);
    expect(late).toBeInstanceOf(UserAbortError);
    expect(late.maybePerformed).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("of UserAbortError during the wait after a 5xx attempt is true", async () => {
    const server = await faultServer(reply(503, undefined, { "retry-after": "30" }));
    const controller = new AbortController();

    const pending = server
      .client()
      .deployments.delete("dep_1", { signal: controller.signal })
      .catch((e) => e);
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    const err = await pending;

    expect(err).toBeInstanceOf(UserAbortError);
    expect(err.maybePerformed).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("is true for an answer too large that follows a 5xx attempt, though its own status is a refusal", async () => {
    const server = await faultServer(
      reply(500, undefined, { "retry-after-ms": "1" }),
      reply(429, { code: "slow_down", message: "x".repeat(4096) }),
    );

    const err = await server
      .client({ maxRetries: 1, maxResponseBytes: 1024 })
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err.status).toBe(429);
    expect(err.maybePerformed).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it("is false for ValidationError and ConfigurationError: nothing was sent", async () => {
    const server = await faultServer(reply(200));

    const invalid = await server
      .client()
      .browsers.computer.clickMouse("brs_1", { x: -1, y: 2 })
      .catch((e) => e);
    let config: unknown;
    try {
      createClient({ apiKey: "k", baseUrl: "ftp://example.com" });
    } catch (err) {
      config = err;
    }

    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid.maybePerformed).toBe(false);
    expect(config).toBeInstanceOf(ConfigurationError);
    expect((config as ConfigurationError).maybePerformed).toBe(false);
    expect(server.requests).toHaveLength(0);
  });
});

describe("each class", () => {
  const headers = new Headers();
  it.each([
    [new BrowserCloudError("m"), "BrowserCloudError"],
    [new ConfigurationError("m"), "ConfigurationError"],
    [new ValidationError([]), "ValidationError"],
    [new AnswerMismatchError("group.read", [], null, new Response(null)), "AnswerMismatchError"],
    [new UserAbortError(), "UserAbortError"],
    [new ConnectionError("m", { maybePerformed: false }), "ConnectionError"],
    [new ConnectionTimeoutError("m", { maybePerformed: true }), "ConnectionTimeoutError"],
    [new ResponseTooLargeError(1, 200), "ResponseTooLargeError"],
    [new ApiError(418, headers, undefined, "m"), "ApiError"],
    [new RedirectError(303, headers, undefined, "m"), "RedirectError"],
    [new BadRequestError(400, headers, undefined, "m"), "BadRequestError"],
    [new AuthenticationError(401, headers, undefined, "m"), "AuthenticationError"],
    [new PermissionDeniedError(403, headers, undefined, "m"), "PermissionDeniedError"],
    [new NotFoundError(404, headers, undefined, "m"), "NotFoundError"],
    [new ConflictError(409, headers, undefined, "m"), "ConflictError"],
    [new UnprocessableEntityError(422, headers, undefined, "m"), "UnprocessableEntityError"],
    [new RateLimitError(429, headers, undefined, "m"), "RateLimitError"],
    [new InternalServerError(500, headers, undefined, "m"), "InternalServerError"],
  ])("names itself in its name and its text: %s", (err, name) => {
    expect(err.name).toBe(name);
    expect(String(err).startsWith(`${name}: `) || String(err) === name).toBe(true);
  });

  it.each([
    [ConfigurationError, "ConfigurationError", BrowserCloudError],
    [ConnectionTimeoutError, "ConnectionTimeoutError", ConnectionError],
    [BadRequestError, "BadRequestError", ApiError],
    [AuthenticationError, "AuthenticationError", ApiError],
    [PermissionDeniedError, "PermissionDeniedError", ApiError],
    [NotFoundError, "NotFoundError", ApiError],
    [ConflictError, "ConflictError", ApiError],
    [UnprocessableEntityError, "UnprocessableEntityError", ApiError],
    [RateLimitError, "RateLimitError", ApiError],
    [InternalServerError, "InternalServerError", ApiError],
  ] as const)("is a class of its own, %o, named as its instances, whose base is %s", (Class, name, Base) => {
    const err = new (Class as unknown as new (...args: unknown[]) => Error)(404, headers, undefined, "m");
    const siblings = [BadRequestError, NotFoundError, InternalServerError, ConfigurationError].filter(
      (other) => other !== Class,
    );

    expect(Class.name).toBe(name);
    expect(Object.getPrototypeOf(Class)).toBe(Base);
    expect(err).toBeInstanceOf(Class);
    expect(siblings.filter((other) => err instanceof other)).toEqual([]);
  });

  it("types an error instanceof a status's class as an ApiError, status and all", () => {
    const err: unknown = new NotFoundError(404, headers, undefined, "m");

    if (!(err instanceof NotFoundError)) throw new Error("not a NotFoundError");
    expectTypeOf(err).toEqualTypeOf<NotFoundError>();
    expectTypeOf(err.status).toEqualTypeOf<number>();
    expectTypeOf<NotFoundError>().toMatchTypeOf<ApiError>();
    expect(err.status).toBe(404);
  });

  it("has no cause unless one was given, and keeps the one given", () => {
    const cause = new Error("socket hang up");

    expect("cause" in new BrowserCloudError("m")).toBe(false);
    expect("cause" in new ConnectionError("m", { maybePerformed: false })).toBe(false);
    expect(new ConnectionError("m", { cause, maybePerformed: true }).cause).toBe(cause);
  });

  it("says what a caller's abort was", () => {
    expect(new UserAbortError().message).toBe("The request was aborted by the caller.");
  });

  it("lists every issue in the message, one after another", () => {
    const issues = [
      { path: "body.x", message: "must be >= 0" },
      { path: "id", message: "is required" },
    ];

    expect(new ValidationError(issues).message).toBe("Invalid input: body.x must be >= 0; id is required");
    expect(new AnswerMismatchError("browsers.retrieve", issues, {}, new Response(null, { status: 201 })).message).toBe(
      "The answer to browsers.retrieve (status 201) is not what the spec promises: body.x must be >= 0; id is required",
    );
  });
});
