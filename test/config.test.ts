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

    expect(resolveConfig({})).toEqual({ apiKey: "from-env", baseUrl: "http://127.0.0.1:9999" });
  });

  it("prefers options over the environment", () => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "from-env");
    vi.stubEnv("BROWSER_CLOUD_BASE_URL", "http://127.0.0.1:9999");

    expect(resolveConfig({ apiKey: "opt", baseUrl: "https://example.test" })).toEqual({ apiKey: "opt", baseUrl: "https://example.test" });
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
});
