import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { operations } from "../../../generated/operations.js";
import {
  BrowserCloudError,
  ConnectionError,
  ConnectionTimeoutError,
  createClient,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ValidationError,
} from "../../../src/index.js";
import { mockFetch, MockFetchError, type OperationName, type Scripts } from "../../../src/testing/index.js";

const LIMITS = { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: null };
const KEY = "sk-test-7d2c9e4a";

const BASE = "https://api.example.test/v2";

/** A client whose every request goes to `fetch`; the address is never reached. */
const clientOf = (fetch: ReturnType<typeof mockFetch>, maxRetries = 2) =>
  createClient({ apiKey: KEY, baseUrl: BASE, fetch, maxRetries });

describe("mockFetch", () => {
  it("answers each operation from its script and records the call, parsed, without the key", async () => {
    const fetch = mockFetch(
      {
        "organization.limits.retrieve": { body: LIMITS },
        "browsers.computer.clickMouse": {},
      },
      { baseUrl: BASE },
    );
    const client = clientOf(fetch);

    const limits = await client.organization.limits.retrieve();
    const click = await client.browsers.computer.clickMouse(
      "brs 1/α",
      { x: 640, y: 360, hold_keys: ["Shift"] },
      { headers: { "X-Trace": "t-1" } },
    );

    expect(limits).toEqual(LIMITS);
    expect(click).toBeUndefined();
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[1]).toEqual({
      operation: "browsers.computer.clickMouse",
      method: "POST",
      path: "/browsers/brs%201%2F%CE%B1/computer/click_mouse",
      params: { id: "brs 1/α" },
      query: {},
      body: { x: 640, y: 360, hold_keys: ["Shift"] },
      headers: expect.objectContaining({
        authorization: "Bearer [redacted]",
        "content-type": "application/json",
        "x-trace": "t-1",
      }),
    });
    expect(JSON.stringify(fetch.calls)).not.toContain(KEY);
  });

  it("answers {} with the operation's success status and no body", async () => {
    const fetch = mockFetch({ "deployments.delete": {}, "auth.connections.delete": {} }, { baseUrl: BASE });

    await expect(clientOf(fetch).deployments.delete("dep_1")).resolves.toBeUndefined();
    await expect(clientOf(fetch).auth.connections.delete("conn_1")).resolves.toBeUndefined();
    expect(fetch.callsTo("deployments.delete").map((c) => c.params)).toEqual([{ id: "dep_1" }]);
  });

  it("turns a scripted error answer into the client's typed error", async () => {
    const fetch = mockFetch(
      { "deployments.delete": { status: 404, body: { code: "not_found", message: "Deployment not found" } } },
      { baseUrl: BASE },
    );

    const err = await clientOf(fetch)
      .deployments.delete("dep_gone")
      .catch((e) => e);

    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, code: "not_found", message: "404 not_found: Deployment not found" });
    expect(fetch.calls).toHaveLength(1);
  });

  it("answers a list one entry per call, the last repeated, so the client's retries show", async () => {
    const fetch = mockFetch(
      {
        "organization.limits.retrieve": [{ status: 503, headers: { "Retry-After": "0" } }, { body: LIMITS }],
        "browsers.computer.clickMouse": [{ status: 500, headers: { "Retry-After": "0" } }, {}],
      },
      { baseUrl: BASE },
    );
    const client = clientOf(fetch);

    const limits = await client.organization.limits.retrieve();
    const click = await client.browsers.computer.clickMouse("brs_1", { x: 1, y: 2 }).catch((e) => e);

    expect(limits).toEqual(LIMITS);
    expect(fetch.callsTo("organization.limits.retrieve")).toHaveLength(2);
    // a click is not idempotent: a 500 may have clicked, so it is not sent again
    expect(click).toBeInstanceOf(InternalServerError);
    expect(fetch.callsTo("browsers.computer.clickMouse")).toHaveLength(1);
  });

  it("passes each call to a function answer, whose throw is a network failure", async () => {
    const seen: string[] = [];
    const fetch = mockFetch(
      {
        "deployments.delete": (call) => {
          seen.push(call.params.id!);
          throw new TypeError("fetch failed");
        },
      },
      { baseUrl: BASE },
    );

    const err = await clientOf(fetch, 0)
      .deployments.delete("dep_1")
      .catch((e) => e);

    expect(err).toBeInstanceOf(ConnectionError);
    expect(seen).toEqual(["dep_1"]);
  });

  it("lets an answer that never comes meet the client's timeout", async () => {
    const fetch = mockFetch({ "organization.limits.retrieve": () => new Promise<never>(() => {}) }, { baseUrl: BASE });

    const err = await clientOf(fetch, 0)
      .organization.limits.retrieve({ timeoutMs: 50 })
      .catch((e) => e);

    expect(err).toBeInstanceOf(ConnectionTimeoutError);
  });

  it("refuses an operation left out of the script with MockFetchError, naming it, and the client does not retry", async () => {
    const fetch = mockFetch({ "deployments.delete": {} }, { baseUrl: BASE });

    const err = await clientOf(fetch)
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(MockFetchError);
    expect(err).toBeInstanceOf(BrowserCloudError);
    expect(err.message).toBe(
      'mockFetch has no answer for organization.limits.retrieve (GET /org/limits); add "organization.limits.retrieve": {} or an answer of your own',
    );
    expect(fetch.calls).toHaveLength(1);
  });

  it("refuses a script for a method the client does not have", () => {
    expect(() => mockFetch({ "deployments.remove": {} } as Scripts, { baseUrl: BASE })).toThrow(
      /"deployments.remove", which is no method of the client; the methods are organization.limits.retrieve, /,
    );
  });

  it("refuses a request that is no operation of the spec", async () => {
    const fetch = mockFetch({}, { baseUrl: BASE });

    const answer = await clientOf(fetch)
      .raw.GET("/org/limits/extra" as "/org/limits")
      .catch((e) => e);

    expect(answer).toBeInstanceOf(MockFetchError);
    expect(answer.message).toBe("mockFetch: no operation of the spec is GET /v2/org/limits/extra");
  });

  it("refuses a body on a status that has none", async () => {
    const fetch = mockFetch(
      { "deployments.delete": { status: 204, body: { code: "x", message: "y" } } },
      { baseUrl: BASE },
    );

    await expect(clientOf(fetch).deployments.delete("dep_1")).rejects.toThrow(
      "mockFetch: the answer for deployments.delete has status 204 and a body; a 204 answer has none",
    );
  });

  it("stops recording past maxCalls with MockFetchError, so a loop in the code under test ends", async () => {
    const fetch = mockFetch({ "deployments.delete": {} }, { maxCalls: 3, baseUrl: BASE });
    const client = clientOf(fetch);

    for (let i = 0; i < 3; i++) await client.deployments.delete(`dep_${i}`);
    const err = await client.deployments.delete("dep_3").catch((e) => e);

    expect(err).toBeInstanceOf(MockFetchError);
    expect(err.message).toBe(
      "mockFetch received more than maxCalls, 3 calls; pass mockFetch(scripts, { maxCalls }) to allow more",
    );
    expect(fetch.calls).toHaveLength(3);
  });

  it.each([0, 1.5, Number.NaN])("refuses maxCalls %s", (maxCalls) => {
    expect(() => mockFetch({}, { maxCalls, baseUrl: BASE })).toThrow(
      new MockFetchError(`maxCalls must be a whole number >= 1 (got ${maxCalls})`),
    );
  });

  it("takes a maxCalls of 1", async () => {
    const fetch = mockFetch({ "deployments.delete": {} }, { maxCalls: 1, baseUrl: BASE });

    await clientOf(fetch).deployments.delete("dep_1");

    expect(fetch.calls).toHaveLength(1);
  });

  it("sees nothing of a call the client refuses for its input", async () => {
    const fetch = mockFetch({ "browsers.computer.clickMouse": {} }, { baseUrl: BASE });

    const err = await clientOf(fetch)
      .browsers.computer.clickMouse("brs_1", { x: -1, y: 0 })
      .catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(fetch.calls).toEqual([]);
  });

  it("serves a Response as given, each call its own copy", async () => {
    const fetch = mockFetch(
      {
        "organization.limits.retrieve": new Response(JSON.stringify(LIMITS), {
          status: 429,
          headers: { "Content-Type": "application/json", "Retry-After": "0" },
        }),
      },
      { baseUrl: BASE },
    );

    const err = await clientOf(fetch, 1)
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(RateLimitError);
    expect(fetch.calls).toHaveLength(2);
  });

  it("records a call without a body as having none, and a body that is not JSON as its text", async () => {
    const fetch = mockFetch(
      { "organization.limits.retrieve": { body: LIMITS }, "browsers.computer.clickMouse": {} },
      { baseUrl: BASE },
    );

    await clientOf(fetch).organization.limits.retrieve();
    await fetch(
      new Request(`${BASE}/browsers/brs_1/computer/click_mouse`, {
        method: "POST",
        body: "42",
        headers: { "Content-Type": "text/plain" },
      }),
    );
    await fetch(
      new Request(`${BASE}/browsers/brs_1/computer/click_mouse`, {
        method: "POST",
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      }),
    );

    expect(fetch.calls.map((c) => [c.params, c.body])).toEqual([
      [{}, undefined],
      [{ id: "brs_1" }, "42"],
      [{ id: "brs_1" }, "{not json"],
    ]);
  });

  it("records the query, decoded, and a path parameter that is no valid percent-encoding as sent", async () => {
    const fetch = mockFetch(
      { "organization.limits.retrieve": { body: LIMITS }, "deployments.delete": {} },
      { baseUrl: BASE },
    );

    await fetch(new Request(`${BASE}/org/limits?a=1&b=x%20y`));
    await fetch(new Request(`${BASE}/deployments/dep%E0%A4%A`, { method: "DELETE" }));

    expect(fetch.calls.map((c) => [c.query, c.params])).toEqual([
      [{ a: "1", b: "x y" }, {}],
      [{}, { id: "dep%E0%A4%A" }],
    ]);
  });

  it("answers with the body and headers scripted: JSON typed as such, text as fetch types it, a type given kept", async () => {
    const fetch = mockFetch(
      {
        "organization.limits.retrieve": [
          { body: LIMITS },
          { body: "plain words" },
          { body: LIMITS, headers: { "Content-Type": "application/problem+json" } },
          { status: 599 },
        ],
      },
      { baseUrl: BASE },
    );
    const answers: Response[] = [];
    for (let i = 0; i < 4; i++) answers.push(await fetch(new Request(`${BASE}/org/limits`)));

    expect(answers.map((r) => [r.status, r.headers.get("content-type")])).toEqual([
      [200, "application/json"],
      [200, "text/plain;charset=UTF-8"],
      [200, "application/problem+json"],
      [599, null],
    ]);
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual([
      JSON.stringify(LIMITS),
      "plain words",
      JSON.stringify(LIMITS),
      "",
    ]);
  });

  it.each([
    [
      [{ status: 199 }],
      "mockFetch: the answer for organization.limits.retrieve has status 199; a status is a whole number from 200 to 599",
    ],
    [
      [{ status: 600 }],
      "mockFetch: the answer for organization.limits.retrieve has status 600; a status is a whole number from 200 to 599",
    ],
    [
      [{ status: 200.5 }],
      "mockFetch: the answer for organization.limits.retrieve has status 200.5; a status is a whole number from 200 to 599",
    ],
    [
      [],
      "mockFetch: the answer for organization.limits.retrieve must be an object, a list or a function (got an empty list)",
    ],
    [
      () => 5,
      "mockFetch: the answer for organization.limits.retrieve must be an object, a list or a function (got number)",
    ],
  ])("refuses the script %o with MockFetchError, saying why", async (script, message) => {
    const fetch = mockFetch(
      { "organization.limits.retrieve": script as Scripts["organization.limits.retrieve"] },
      { baseUrl: BASE },
    );

    const err = await fetch(new Request(`${BASE}/org/limits`)).catch((e) => e);

    expect([err.name, err.message]).toEqual(["MockFetchError", message]);
  });

  it("repeats a list's last answer for every call past its end", async () => {
    const fetch = mockFetch({ "organization.limits.retrieve": [{ status: 201 }, { status: 202 }] }, { baseUrl: BASE });

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(new Request(`${BASE}/org/limits`))).status);

    expect(statuses).toEqual([201, 202, 202, 202]);
  });

  it("serves a scripted Response with its body, a copy for each call", async () => {
    const fetch = mockFetch(
      { "organization.limits.retrieve": new Response("as given", { status: 203, headers: { "X-Mine": "1" } }) },
      { baseUrl: BASE },
    );

    const [first, second] = [
      await fetch(new Request(`${BASE}/org/limits`)),
      await fetch(new Request(`${BASE}/org/limits`)),
    ];

    expect([first.status, first.headers.get("x-mine"), await first.text(), await second.text()]).toEqual([
      203,
      "1",
      "as given",
      "as given",
    ]);
  });

  it("rejects as fetch does for a request whose signal has fired, and leaves no listener on a signal once answered", async () => {
    const fetch = mockFetch({ "organization.limits.retrieve": { body: LIMITS } }, { baseUrl: BASE });
    const reason = new Error("stop");
    const answered = new Request(`${BASE}/org/limits`, { signal: new AbortController().signal });

    const err = await fetch(new Request(`${BASE}/org/limits`, { signal: AbortSignal.abort(reason) })).catch((e) => e);
    await fetch(answered);

    expect(err).toBe(reason);
    expect(getEventListeners(answered.signal, "abort")).toEqual([]);
  });

  it("names every operation of the generated table", () => {
    const names: OperationName[] = operations.map((op) => op.name as OperationName);

    // each name is a key the script accepts: mockFetch refuses any other
    expect(() =>
      mockFetch(Object.fromEntries(names.map((name) => [name, {}])) as Scripts, { baseUrl: BASE }),
    ).not.toThrow();
  });

  it("types each answer's body by its operation", () => {
    const wrong: Scripts = {
      // @ts-expect-error max_concurrent_sessions is a number
      "organization.limits.retrieve": {
        body: { max_concurrent_sessions: "5", default_project_max_concurrent_sessions: null },
      },
    };
    // @ts-expect-error no such method
    const unknown: Scripts = { "deployments.remove": {} };
    const error: Scripts = {
      "organization.limits.retrieve": { status: 500, body: { code: "internal", message: "boom" } },
    };

    expect([wrong, unknown, error]).toHaveLength(3);
  });
});
