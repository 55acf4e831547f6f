import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ConfigurationError,
  ConnectionError,
  createClient,
  DEFAULT_BASE_URL,
  ValidationError,
} from "../../../src/index.js";
import { resolveConfig } from "../../../src/core/config.js";
import { faultServer, LIMITS, reply } from "../../support/fault-server.js";

const KEY = "sk-live-5b8e2d1f";

/** The message of what `create` throws, which must be a ConfigurationError. */
function refusal(create: () => unknown): string {
  let thrown: unknown;
  try {
    create();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(ConfigurationError);
  return (thrown as Error).message;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("configuration", () => {
  it("refuses to create a client without an API key, before anything is sent", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "");

    expect(() => createClient()).toThrow(ConfigurationError);
    expect(() => createClient()).toThrow(/BROWSER_CLOUD_API_KEY/);
  });

  it("requires a key by the document's own scheme when given no schemes, and none where every scheme sends none", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "");

    expect(() => resolveConfig({})).toThrow(
      /^No API key: pass createClient\(\{ apiKey \}\) or set BROWSER_CLOUD_API_KEY\.$/,
    );
    expect(resolveConfig({}, [{ kind: "none" }]).apiKey).toBe("");
    expect(() => resolveConfig({}, [{ kind: "none" }, { kind: "bearer" }])).toThrow(/^No API key/);
  });

  it("refuses a key HTTP basic authentication cannot send, naming where it came from, never the key", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "env-key-without-colon");

    expect(() => resolveConfig({ apiKey: "opt-key-without-colon" }, [{ kind: "basic" }])).toThrow(
      'apiKey must be "user:password" for HTTP Basic authentication, the two joined by ":" (the key is not shown)',
    );
    expect(() => resolveConfig({}, [{ kind: "basic" }])).toThrow(/^BROWSER_CLOUD_API_KEY must be "user:password"/);
    expect(resolveConfig({ apiKey: "user:secret" }, [{ kind: "basic" }]).apiKey).toBe("user:secret");
  });

  it("falls back to BROWSER_CLOUD_API_KEY and BROWSER_CLOUD_BASE_URL", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "from-env");
    vi.stubEnv("BROWSER_CLOUD_BASE_URL", "http://127.0.0.1:9999/");

    expect(resolveConfig({})).toMatchObject({ apiKey: "from-env", baseUrl: "http://127.0.0.1:9999" });
  });

  it("reads an environment value without the spaces around it, and one of spaces alone as unset", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "  from-env\t");
    vi.stubEnv("BROWSER_CLOUD_BASE_URL", " \t ");

    expect(resolveConfig({})).toMatchObject({ apiKey: "from-env", baseUrl: "https://api.onkernel.com" });
  });

  it("prefers options over the environment", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "from-env");
    vi.stubEnv("BROWSER_CLOUD_BASE_URL", "http://127.0.0.1:9999");

    expect(resolveConfig({ apiKey: "opt", baseUrl: "https://example.test" })).toMatchObject({
      apiKey: "opt",
      baseUrl: "https://example.test",
    });
  });

  it("defaults the base address to the spec's server", () => {
    vi.stubEnv("BROWSER_CLOUD_BASE_URL", "");

    expect(resolveConfig({ apiKey: "k" }).baseUrl).toBe("https://api.onkernel.com");
    expect(DEFAULT_BASE_URL).toBe("https://api.onkernel.com");
  });

  it("refuses a base address that is not an http(s) URL", () => {
    expect(() => resolveConfig({ apiKey: "k", baseUrl: "not a url" })).toThrow(ConfigurationError);
    expect(() => resolveConfig({ apiKey: "k", baseUrl: "ftp://example.test" })).toThrow(ConfigurationError);
  });

  it("refuses plain http to a remote host, which would send the key in clear text", () => {
    expect(() => createClient({ apiKey: "k", baseUrl: "http://api.example.test" })).toThrow(ConfigurationError);
    expect(() => createClient({ apiKey: "k", baseUrl: "http://10.0.0.5:8080" })).toThrow(/clear text/);
  });

  it("allows plain http to a remote host only with allowInsecureHttp", () => {
    expect(() =>
      createClient({ apiKey: "k", baseUrl: "http://api.example.test", allowInsecureHttp: true }),
    ).not.toThrow();
  });

  it.each(["http://localhost.example.test", "http://notlocalhost", "http://127.0.0.1.example.test"])(
    "takes %s for a remote host, not loopback",
    (baseUrl) => {
      expect(refusal(() => createClient({ apiKey: "k", baseUrl }))).toMatch(/clear text/);
    },
  );

  it.each([
    "http://localhost:4010",
    "http://127.0.0.1:4010",
    "http://127.9.9.9",
    "http://127.100.200.255",
    "http://LOCALHOST",
    "http://[::1]:4010",
  ])("allows plain http to loopback (%s)", (baseUrl) => {
    expect(() => createClient({ apiKey: "k", baseUrl })).not.toThrow();
  });

  // Deno has a window and no document; a DOM emulation may have a document and no window
  it.each([["window"], ["document"]])("takes a runtime with a %s alone for no web page", (name) => {
    vi.stubGlobal(name, {});
    try {
      expect(() => createClient({ apiKey: "k" })).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("refuses to run in a web page unless dangerouslyAllowBrowser is set", () => {
    vi.stubGlobal("window", {});
    vi.stubGlobal("document", {});
    try {
      expect(() => createClient({ apiKey: "k" })).toThrow(ConfigurationError);
      expect(() => createClient({ apiKey: "k" })).toThrow(/browser/);
      expect(() => createClient({ apiKey: "k", dangerouslyAllowBrowser: true })).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    [{ timeoutMs: 0 }],
    [{ timeoutMs: -1 }],
    [{ timeoutMs: Number.NaN }],
    [{ maxRetries: -1 }],
    [{ maxRetries: 1.5 }],
  ])("refuses unusable limits %o", (limits) => {
    expect(() => createClient({ apiKey: "k", ...limits })).toThrow(ConfigurationError);
  });

  it("defaults to a 60 s timeout per attempt, 2 retries and answers of up to 16 MiB", () => {
    expect(resolveConfig({ apiKey: "k" })).toMatchObject({
      timeoutMs: 60_000,
      maxRetries: 2,
      maxResponseBytes: 16 * 1024 * 1024,
    });
  });

  describe("the API key", () => {
    it.each([
      ["a line feed", `${KEY}\n`, "U+000A at index 16"],
      ["a carriage return", `${KEY}\rX-Injected: 1`, "U+000D at index 16"],
      ["a NUL", `${KEY}\u0000`, "U+0000 at index 16"],
      ["only spaces", "    ", "U+0020 at index 0"],
      ["a space inside", `sk live`, "U+0020 at index 2"],
      ["a character outside ASCII", `${KEY}é`, "U+00E9 at index 16"],
    ])("is refused when it holds %s, and the message does not show it", (_what, apiKey, where) => {
      const message = refusal(() => createClient({ apiKey }));

      expect(message).toBe(`apiKey holds ${where}; a key is printable ASCII without spaces (the key is not shown)`);
      expect(message).not.toContain("sk");
    });

    it("names BROWSER_CLOUD_API_KEY when the bad key came from there", () => {
      vi.stubEnv("BROWSER_CLOUD_API_KEY", `${KEY}\r\ntail`);

      expect(refusal(() => createClient())).toBe(
        "BROWSER_CLOUD_API_KEY holds U+000D at index 16; a key is printable ASCII without spaces (the key is not shown)",
      );
    });

    it("is refused when it is not a string", () => {
      expect(refusal(() => createClient({ apiKey: 42 as unknown as string }))).toBe("apiKey must be a string (got 42)");
    });
  });

  describe("the base address", () => {
    it.each([
      [
        "https://api.example.test/#frag",
        'baseUrl must not have a query or fragment (got "https://api.example.test/…")',
      ],
      [
        "https://api.example.test/v1?q=1",
        'baseUrl must not have a query or fragment (got "https://api.example.test/v1…")',
      ],
      ["https://api.example.test/?", 'baseUrl must not have a query or fragment (got "https://api.example.test/…")'],
      ["http://127.0.0.1:9", 'baseUrl has port 9, which fetch refuses (got "http://127.0.0.1:9/")'],
      [
        "https://api.example.test:6667/v1",
        'baseUrl has port 6667, which fetch refuses (got "https://api.example.test:6667/v1")',
      ],
      ["ftp://example.test", 'baseUrl must be an https URL (got "ftp://example.test")'],
      ["not a url", 'baseUrl must be an https URL (got "not a url")'],
      ["xhttps://api.example.test", 'baseUrl must be an https URL (got "xhttps://api.example.test")'],
      ["ftp://admin:hunter2@example.test/v1", 'baseUrl must be an https URL (got "example.test/v1")'],
      [42, "baseUrl must be an https URL (got 42)"],
    ])("refuses %s, naming the option and the value", (baseUrl, message) => {
      expect(refusal(() => createClient({ apiKey: KEY, baseUrl: baseUrl as string }))).toBe(message);
    });

    it.each([
      "https://admin:hunter2@api.example.test",
      "https://admin@api.example.test",
      "https://:hunter2@api.example.test",
    ])("refuses userinfo without repeating it (%s)", (baseUrl) => {
      const message = refusal(() => createClient({ apiKey: KEY, baseUrl }));

      expect(message).toBe(
        'baseUrl must not hold userinfo (user or password before "@", not shown); the key goes in apiKey',
      );
      expect(message).not.toMatch(/admin|hunter2/);
    });

    it("drops every slash at the end", () => {
      expect(resolveConfig({ apiKey: KEY, baseUrl: "https://api.example.test/v1///" }).baseUrl).toBe(
        "https://api.example.test/v1",
      );
    });

    it("shows a value of up to 100 characters whole, and a longer one cut at 100", () => {
      const hundred = `ftp://${"a".repeat(94)}`;

      expect(refusal(() => createClient({ apiKey: KEY, baseUrl: hundred }))).toBe(
        `baseUrl must be an https URL (got "${hundred}")`,
      );
      expect(refusal(() => createClient({ apiKey: KEY, baseUrl: `${hundred}bc` }))).toBe(
        `baseUrl must be an https URL (got "${hundred}…")`,
      );
    });

    it("names BROWSER_CLOUD_BASE_URL when the bad address came from there", () => {
      vi.stubEnv("BROWSER_CLOUD_BASE_URL", "https://api.example.test/#/");

      expect(refusal(() => createClient({ apiKey: KEY }))).toBe(
        'BROWSER_CLOUD_BASE_URL must not have a query or fragment (got "https://api.example.test/…")',
      );
    });
  });

  describe("limits", () => {
    it("names only the option that is wrong, with the value given", () => {
      expect(refusal(() => createClient({ apiKey: KEY, maxRetries: 1.5 }))).toBe(
        "maxRetries must be a whole number >= 0 (got 1.5)",
      );
      expect(refusal(() => createClient({ apiKey: KEY, timeoutMs: "100" as unknown as number }))).toBe(
        'timeoutMs must be > 0 and <= 2147483647 ms (got "100")',
      );
      expect(refusal(() => createClient({ apiKey: KEY, timeoutMs: 0, maxResponseBytes: -1 }))).toBe(
        "timeoutMs must be > 0 and <= 2147483647 ms (got 0); maxResponseBytes must be a whole number >= 0 (got -1)",
      );
    });

    it("refuses a timeoutMs above 2^31 - 1 ms, which a timer would cut to 1 ms", () => {
      expect(refusal(() => createClient({ apiKey: KEY, timeoutMs: 2 ** 31 }))).toBe(
        "timeoutMs must be > 0 and <= 2147483647 ms (got 2147483648)",
      );
      expect(resolveConfig({ apiKey: KEY, timeoutMs: 2 ** 31 - 1 }).timeoutMs).toBe(2 ** 31 - 1);
    });

    it.each([Number.POSITIVE_INFINITY, 1.5, -1, "1024"])("refuses maxResponseBytes %s", (maxResponseBytes) => {
      expect(refusal(() => createClient({ apiKey: KEY, maxResponseBytes: maxResponseBytes as number }))).toMatch(
        /^maxResponseBytes must be a whole number >= 0 \(got /,
      );
    });
  });

  describe("headers", () => {
    it.each([
      [
        { "X-Trace": "a\r\nX-Injected: 1" },
        'headers["X-Trace"] holds U+000D at index 1, which a header cannot carry (the value is not shown)',
      ],
      [
        { "X-Trace": "t-\u0001" },
        'headers["X-Trace"] holds U+0001 at index 2, which a header cannot carry (the value is not shown)',
      ],
      [
        { "X-Team": "Zürich-€" },
        'headers["X-Team"] holds U+20AC at index 7, which a header cannot carry (the value is not shown)',
      ],
      [{ "X Team": "qa" }, 'headers["X Team"] is not a header name'],
      [{ "X-Tëam": "qa" }, 'headers["X-Tëam"] is not a header name'],
      [{ "Content-Length": "0" }, 'headers["Content-Length"] is written by the transport; remove it'],
      [{ "transfer-encoding": "chunked" }, 'headers["transfer-encoding"] is written by the transport; remove it'],
      [{ "X-Count": 3 }, 'headers["X-Count"] must be a string (got 3)'],
    ])("refuses %o in createClient, naming the header", (headers, message) => {
      expect(refusal(() => createClient({ apiKey: KEY, headers: headers as unknown as Record<string, string> }))).toBe(
        message,
      );
    });

    it.each([
      "Connection",
      "content-length",
      "Expect",
      "HOST",
      "Keep-Alive",
      "Proxy-Connection",
      "TE",
      "Trailer",
      "Transfer-Encoding",
      "Upgrade",
    ])("refuses %s, which the transport writes", (name) => {
      expect(refusal(() => createClient({ apiKey: KEY, headers: { [name]: "x" } }))).toBe(
        `headers[${JSON.stringify(name)}] is written by the transport; remove it`,
      );
    });

    it("refuses headers that are not an object", () => {
      expect(
        refusal(() => createClient({ apiKey: KEY, headers: "X-Team: qa" as unknown as Record<string, string> })),
      ).toBe('headers must be an object (got "X-Team: qa")');
    });

    it("takes a header whose value is undefined as not given, and sends the others", async () => {
      const server = await faultServer(reply(200, LIMITS));

      await server
        .client({ headers: { "X-Trace": undefined, "X-Team": "qa" } as unknown as Record<string, string> })
        .organization.limits.retrieve();

      expect(server.requests[0]!.headers["x-team"]).toBe("qa");
      expect(Object.keys(server.requests[0]!.headers)).not.toContain("x-trace");
    });

    it("shows a function given for a value by its type, never by its source text", () => {
      const headers = () => ({ Authorization: "Bearer sk-in-source" });

      expect(refusal(() => createClient({ apiKey: KEY, headers: headers as unknown as Record<string, string> }))).toBe(
        "headers must be an object (got function)",
      );
    });
  });
  describe("the other options", () => {
    it.each([
      [{ fetch: "https://proxy.example.test" }, 'fetch must be a function (got "https://proxy.example.test")'],
      [{ logger: {} }, "logger.debug must be a function (got object)"],
      [{ logger: { debug: "console" } }, 'logger.debug must be a function (got "console")'],
      [{ logger: true }, "logger.debug must be a function (got true)"],
      [{ allowInsecureHttp: "false" }, 'allowInsecureHttp must be a boolean (got "false")'],
      [{ dangerouslyAllowBrowser: 1 }, "dangerouslyAllowBrowser must be a boolean (got 1)"],
      [{ strictAnswers: "true" }, 'strictAnswers must be a boolean (got "true")'],
      [{ onAnswerMismatch: "console.warn" }, 'onAnswerMismatch must be a function (got "console.warn")'],
      [
        { fetch: 5, logger: "console", allowInsecureHttp: "yes", maxRetries: 1.5 },
        'maxRetries must be a whole number >= 0 (got 1.5); allowInsecureHttp must be a boolean (got "yes"); fetch must be a function (got 5); logger.debug must be a function (got "console")',
      ],
    ])("refuses %o, naming the option and the value given", (given, message) => {
      expect(refusal(() => createClient({ apiKey: KEY, ...(given as object) }))).toBe(message);
    });

    it("refuses options that are not an object", () => {
      expect(refusal(() => createClient("sk-live-5b8e2d1f" as never))).toBe(
        'options must be an object (got "sk-live-5b8e2d1f")',
      );
    });
  });
});

describe("debug logging from the environment", () => {
  it("sends one line per attempt to console.debug when BROWSER_CLOUD_LOG=debug", async () => {
    vi.stubEnv("BROWSER_CLOUD_LOG", "debug");
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const server = await faultServer(reply(503), reply(200, LIMITS));

    await server.client({ maxRetries: 1 }).organization.limits.retrieve();

    expect(debug.mock.calls.map(([line]) => String(line).replace(/\d+ ms\)$/, "<ms> ms)"))).toEqual([
      "browser-cloud-client: GET /org/limits -> 503 (attempt 1/2, <ms> ms)",
      "browser-cloud-client: GET /org/limits -> 200 (attempt 2/2, <ms> ms)",
    ]);
    expect(debug.mock.calls.join("\n")).not.toContain("sk-test");
  });

  it.each(["", "off"])("logs nothing when BROWSER_CLOUD_LOG is %o", async (value) => {
    vi.stubEnv("BROWSER_CLOUD_LOG", value);
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const server = await faultServer(reply(200, LIMITS));

    await server.client().organization.limits.retrieve();

    expect(debug).not.toHaveBeenCalled();
  });

  it("prefers the logger option over BROWSER_CLOUD_LOG", async () => {
    vi.stubEnv("BROWSER_CLOUD_LOG", "debug");
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const lines: string[] = [];
    const server = await faultServer(reply(204));

    await server.client({ logger: { debug: (line) => lines.push(line) } }).deployments.delete("dep_1");

    expect(lines).toHaveLength(1);
    expect(debug).not.toHaveBeenCalled();
  });

  it("refuses an unknown BROWSER_CLOUD_LOG value, naming the variable and the value, and sends nothing", async () => {
    vi.stubEnv("BROWSER_CLOUD_LOG", "verbose");
    const server = await faultServer(reply(200, LIMITS));

    expect(refusal(() => server.client())).toBe('BROWSER_CLOUD_LOG must be "debug" or "off" (got "verbose")');
    expect(server.requests).toHaveLength(0);
  });
});

describe("a call's options", () => {
  it.each([
    [
      "Content-Length",
      { "Content-Length": "0" },
      'options.headers["Content-Length"] is written by the transport; remove it',
    ],
    [
      "Transfer-Encoding",
      { "Transfer-Encoding": "chunked" },
      'options.headers["Transfer-Encoding"] is written by the transport; remove it',
    ],
    ["Connection", { Connection: "upgrade" }, 'options.headers["Connection"] is written by the transport; remove it'],
    ["Host", { Host: "evil.test" }, 'options.headers["Host"] is written by the transport; remove it'],
    ["Expect", { Expect: "100-continue" }, 'options.headers["Expect"] is written by the transport; remove it'],
    [
      "a line break",
      { "X-Trace": "a\nb" },
      'options.headers["X-Trace"] holds U+000A at index 1, which a header cannot carry (the value is not shown)',
    ],
    [
      "a character outside Latin-1",
      { "X-Trace": "☃" },
      'options.headers["X-Trace"] holds U+2603 at index 0, which a header cannot carry (the value is not shown)',
    ],
  ])("refuses a header with %s at once with ValidationError and sends nothing", async (_what, headers, message) => {
    const server = await faultServer(reply(200));

    const err = await server
      .client({ timeoutMs: 5_000 })
      .browsers.computer.clickMouse("brs_1", { x: 1, y: 1 }, { headers })
      .catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([
      { path: message.slice(0, message.indexOf(" ")), message: message.slice(message.indexOf(" ") + 1) },
    ]);
    expect(err.message).toBe(`Invalid input: ${message}`);
    expect(server.requests).toHaveLength(0);
  });

  it("lists every option that cannot work, each with the value given", async () => {
    const server = await faultServer(reply(200, LIMITS));

    const err = await server
      .client()
      .organization.limits.retrieve({
        timeoutMs: 2 ** 31,
        maxRetries: 1.5,
        maxResponseBytes: -1,
        signal: "soon" as unknown as AbortSignal,
      })
      .catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([
      { path: "options.timeoutMs", message: "must be > 0 and <= 2147483647 ms (got 2147483648)" },
      { path: "options.maxRetries", message: "must be a whole number >= 0 (got 1.5)" },
      { path: "options.maxResponseBytes", message: "must be a whole number >= 0 (got -1)" },
      { path: "options.signal", message: 'must be an AbortSignal (got "soon")' },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses options that are not an object", async () => {
    const server = await faultServer(reply(204));

    const err = await server
      .client()
      .deployments.delete("dep_1", 5 as never)
      .catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toBe("Invalid input: options must be an object (got 5)");
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a call's signal that is not an AbortSignal, with ConnectionError nowhere", async () => {
    const server = await faultServer(reply(200, LIMITS));

    const err = await server
      .client()
      .organization.limits.retrieve({ signal: {} as AbortSignal })
      .catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err).not.toBeInstanceOf(ConnectionError);
    expect(server.requests).toHaveLength(0);
  });
});
