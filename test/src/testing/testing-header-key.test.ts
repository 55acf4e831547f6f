// mockFetch keeps the key out of what it records whatever scheme carries it: here the document's
// scheme is a header of its own (an `apiKey` scheme `in: header`), given in place of this project's
// bearer token. The oracle: the recorded headers, written out.
import { describe, expect, it, vi } from "vitest";
import { createClient } from "../../../src/index.js";
import { mockFetch } from "../../../src/testing/index.js";

// by path: the scheme given here is none the generated module's own type allows
vi.mock("../../../generated/meta.js", async (original) => ({
  ...(await original<object>()),
  AUTH: { kind: "header", name: "X-Api-Key" },
  SCHEMES: [{ kind: "header", name: "X-Api-Key" }],
}));

const KEY = "sk-header-5b8e";
const BASE = "https://api.example.test/v2";

describe("mockFetch, a key carried in a header of its own", () => {
  it("records the key's header as redacted", async () => {
    const LIMITS = { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: null };
    const fetch = mockFetch({ "organization.limits.retrieve": { body: LIMITS } }, { baseUrl: BASE });
    const client = createClient({ apiKey: KEY, baseUrl: BASE, fetch, maxRetries: 0 });

    await client.organization.limits.retrieve();

    const [call] = fetch.calls;
    expect(call?.headers["x-api-key"]).toBe("[redacted]");
    expect(call?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(fetch.calls)).not.toContain(KEY);
  });

  it("records a query parameter of the header's name as sent: only a key carried in the query is redacted there", async () => {
    const fetch = mockFetch({ "organization.limits.retrieve": {} }, { baseUrl: BASE });

    await fetch(new Request(`${BASE}/org/limits?X-Api-Key=shown&q=1`));

    expect(fetch.calls.map((c) => c.query)).toEqual([{ "X-Api-Key": "shown", q: "1" }]);
  });
});
