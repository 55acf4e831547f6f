import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigurationError, createClient, DEFAULT_BASE_URL } from "../src/index.js";
import { resolveConfig } from "../src/config.js";

afterEach(() => vi.unstubAllEnvs());

describe("configuration", () => {
  it("refuses to create a client without an API key, before anything is sent", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "");

    expect(() => createClient()).toThrow(ConfigurationError);
    expect(() => createClient()).toThrow(/BROWSER_CLOUD_API_KEY/);
  });

  it("falls back to BROWSER_CLOUD_API_KEY and BROWSER_CLOUD_BASE_URL", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "from-env");
    vi.stubEnv("BROWSER_CLOUD_BASE_URL", "http://127.0.0.1:9999/");

    expect(resolveConfig({})).toMatchObject({ apiKey: "from-env", baseUrl: "http://127.0.0.1:9999" });
  });

  it("prefers options over the environment", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "from-env");
    vi.stubEnv("BROWSER_CLOUD_BASE_URL", "http://127.0.0.1:9999");

    expect(resolveConfig({ apiKey: "opt", baseUrl: "https://example.test" })).toMatchObject({ apiKey: "opt", baseUrl: "https://example.test" });
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
    expect(() => createClient({ apiKey: "k", baseUrl: "http://api.example.test", allowInsecureHttp: true })).not.toThrow();
  });

  it.each(["http://localhost:4010", "http://127.0.0.1:4010", "http://127.9.9.9", "http://[::1]:4010"])("allows plain http to loopback (%s)", (baseUrl) => {
    expect(() => createClient({ apiKey: "k", baseUrl })).not.toThrow();
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

  it("defaults to a 60 s timeout per attempt and 2 retries", () => {
    expect(resolveConfig({ apiKey: "k" })).toMatchObject({ timeoutMs: 60_000, maxRetries: 2 });
  });
});
