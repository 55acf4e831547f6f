import { afterEach, describe, expect, it, vi } from "vitest";
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
import { apiErrorFrom, MAX_ERROR_BODY_BYTES, readError } from "../../../src/core/errors.js";
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

describe("the error built from an answer (apiErrorFrom)", () => {
  const encoder = new TextEncoder();

  it("keeps an error body of exactly 8 KiB whole, as parsed", () => {
    const parsed = { code: "too_big", message: "m".repeat(8192 - 31) };
    const raw = encoder.encode(JSON.stringify(parsed));

    const err = apiErrorFrom(new Response(null, { status: 422 }), parsed, raw);

    expect(raw.byteLength).toBe(8192);
    expect(MAX_ERROR_BODY_BYTES).toBe(8192);
    expect(err.body).toEqual(parsed);
    expect(err.code).toBe("too_big");
    expect(err.bodyLength).toBe(8192);
  });

  it("counts a body a middleware handed over as text by its length", () => {
    const err = apiErrorFrom(new Response(null, { status: 503 }), "upstream timed out");

    expect(err).toMatchObject({ status: 503, body: "upstream timed out", bodyLength: 18 });
  });

  it('says "error" where the answer has no status text', () => {
    const err = apiErrorFrom(new Response(null, { status: 599 }), "  <b>upstream</b>\n\n  down ");

    expect(err.message).toBe("599 error: upstream down");
  });

  it("keeps a JSON body of null as its text", () => {
    const err = apiErrorFrom(new Response(null, { status: 502 }), null, encoder.encode("null"));

    expect(err).toMatchObject({ status: 502, body: "null", code: undefined, message: "502 error: null" });
  });

  it("keeps the first 8 KiB of a long text a middleware handed over, and its whole length", () => {
    const err = apiErrorFrom(new Response(null, { status: 500 }), "x".repeat(10_000));

    expect(err.body).toBe("x".repeat(8192));
    expect(err.bodyLength).toBe(10_000);
  });

  it("quotes a text of exactly 200 characters whole, and cuts a longer one there", () => {
    const exact = apiErrorFrom(new Response(null, { status: 500 }), "y".repeat(200));
    const longer = apiErrorFrom(new Response(null, { status: 500 }), "y".repeat(201));

    expect(exact.message).toBe(`500 error: ${"y".repeat(200)}`);
    expect(longer.message).toBe(`500 error: ${"y".repeat(200)}…`);
  });

  it("falls back to the status when a body with a code has no message", () => {
    const err = apiErrorFrom(new Response(null, { status: 409, statusText: "Conflict" }), { code: "conflict" });

    expect(err.message).toBe("409 Conflict");
    expect(err.code).toBe("conflict");
  });

  it.each([
    [{ code: "bad_request", message: "x is missing" }, "bad_request", "x is missing"],
    [{ code: 1015, message: "slow down" }, "1015", "slow down"],
    [{ code: null, message: "down" }, undefined, "down"],
    [{ code: Number.NaN, message: "" }, undefined, undefined],
    [
      { error: { message: "bad key", type: "invalid_request_error", code: "invalid_api_key" } },
      "invalid_api_key",
      "bad key",
    ],
    [
      { error: { message: "bad model", type: "invalid_request_error", code: null } },
      "invalid_request_error",
      "bad model",
    ],
    [{ error: { code: 7 } }, "7", undefined],
    [
      { type: "https://example.test/p/gone", title: "Gone", detail: "it went" },
      "https://example.test/p/gone",
      "it went",
    ],
    [{ type: "about:blank", title: "Not Found", status: 404 }, undefined, "Not Found"],
    [
      {
        errors: [
          { code: "taken", message: "is taken" },
          { code: "short", message: "too short" },
        ],
      },
      "taken",
      "is taken",
    ],
    [{ errors: [{ code: 42 }] }, "42", undefined],
    [{ id: "not_found", message: "no such droplet", request_id: "r-1" }, undefined, "no such droplet"],
    [{ message: "top", error: { message: "inner", code: "inner_code" } }, "inner_code", "top"],
    [{ error: "boom", errors: "many", type: 3 }, undefined, undefined],
    [[{ code: "in_a_list", message: "a list" }], undefined, undefined],
  ])("reads code and message from %j by the README's rules", (body, code, message) => {
    expect(readError(body)).toEqual({ code, message });
  });

  it("says the code and message it read, each cut short, and never the rest of the body", () => {
    const long = apiErrorFrom(new Response(null, { status: 400 }), {
      code: "c".repeat(201),
      message: "m".repeat(1025),
    });
    const echo = { token: "sk-live-7d3f0b9e51c2a8" };
    const quiet = apiErrorFrom(
      new Response(null, { status: 403, statusText: "Forbidden" }),
      echo,
      encoder.encode(JSON.stringify(echo)),
    );

    expect(long.message).toBe(`400 ${"c".repeat(200)}…: ${"m".repeat(1024)}…`);
    expect(long.code).toBe("c".repeat(201));
    expect(quiet.message).toBe("403 Forbidden");
  });

  it("keeps JSON the operation does not declare as text, its code and message read all the same", () => {
    const parsed = { code: "gw", message: "from a gateway", details: ["d"] };
    const raw = encoder.encode(JSON.stringify(parsed));

    const refused = apiErrorFrom(new Response(null, { status: 502 }), parsed, raw, {}, () => false);
    const declared = apiErrorFrom(new Response(null, { status: 502 }), parsed, raw, {}, () => true);

    expect(refused).toMatchObject({ body: JSON.stringify(parsed), code: "gw", message: "502 gw: from a gateway" });
    expect(refused.details).toBeUndefined();
    expect(declared).toMatchObject({ body: parsed, code: "gw", details: ["d"] });
  });

  it("says a redirect was not followed, with its address cut at 200 characters and without its query", () => {
    const long = `https://elsewhere.example/${"p".repeat(300)}`;
    const withQuery = apiErrorFrom(
      new Response(null, { status: 302, headers: { location: "https://elsewhere.example/login?sig=s3cret#x" } }),
      undefined,
    );
    const cut = apiErrorFrom(new Response(null, { status: 307, headers: { location: long } }), undefined);
    const bare = apiErrorFrom(new Response(null, { status: 303 }), undefined);

    expect(withQuery.message).toBe(
      "302 redirect to https://elsewhere.example/login not followed: it would send the request again, maybe elsewhere; point baseUrl at the address that answers.",
    );
    expect(cut.message).toBe(
      `307 redirect to ${long.slice(0, 200)} not followed: it would send the request again, maybe elsewhere; point baseUrl at the address that answers.`,
    );
    expect(bare.message).toBe(
      "303 redirect not followed: it would send the request again, maybe elsewhere; point baseUrl at the address that answers.",
    );
  });
});
