// mockFetch keeps the key out of what it records when the document's scheme carries it in the query
// (an `apiKey` scheme `in: query`), given in place of this project's bearer token: the recorded
// query shows it redacted, and every other parameter as sent.
import { describe, expect, it } from "vitest";
import { vi } from "vitest";
import { createClient } from "../../../src/index.js";
import { mockFetch } from "../../../src/testing/index.js";

// by path: the scheme given here is none the generated module's own type allows
vi.mock("../../../generated/meta.js", async (original) => ({
  ...(await original<object>()),
  AUTH: { kind: "query", name: "api_key" },
  SCHEMES: [{ kind: "query", name: "api_key" }],
  // as the generator writes it for a document with such a scheme
  KEY_IN_QUERY: (await import("../../../src/core/key-in-query.js")).keyInQuery,
}));

const KEY = "sk-query-3a7d";
const BASE = "https://api.example.test/v2";
const LIMITS = { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: null };

describe("mockFetch, a key carried in the query", () => {
  it("records the key's parameter as redacted and the others as sent, in no header", async () => {
    const fetch = mockFetch({ "organization.limits.retrieve": { body: LIMITS } }, { baseUrl: BASE });
    const client = createClient({ apiKey: KEY, baseUrl: BASE, fetch, maxRetries: 0 });

    await client.organization.limits.retrieve();
    await client.raw.GET("/org/limits", { params: { query: { api_keys: "all" } } as never });

    expect(fetch.calls.map((c) => c.query)).toEqual([
      { api_key: "[redacted]" },
      { api_keys: "all", api_key: "[redacted]" },
    ]);
    expect(fetch.calls[0]?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(fetch.calls)).not.toContain(KEY);
  });
});
