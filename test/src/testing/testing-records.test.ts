// mockFetch's refusals of its own options and of requests outside the spec, and what it records of a
// request the client could not have sent itself: a path parameter that is no valid percent-encoding,
// a JSON body that is no JSON. Each mockFetch is called with the Request as a fetch would be.
import { describe, expect, it } from "vitest";
import { mockFetch, MockFetchError } from "../../../src/testing/index.js";

const BASE = "https://api.example.test/v2";
const CLICK = `${BASE}/browsers/brs_1/computer/click_mouse`;
const LIMITS = { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: null };

/** The message of the MockFetchError `run` throws or rejects with. */
async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (err) {
    expect(err).toBeInstanceOf(MockFetchError);
    return (err as Error).message;
  }
  throw new Error("no MockFetchError");
}

describe("mockFetch", () => {
  it("refuses a base URL that is no absolute URL", async () => {
    expect(await refusal(() => mockFetch({}, { baseUrl: "api/v2" }))).toBe(
      'baseUrl must be an absolute URL (got "api/v2")',
    );
  });

  it("refuses a base URL that is no string, whatever it reads as", async () => {
    expect(await refusal(() => mockFetch({}, { baseUrl: new URL(BASE) as never }))).toMatch(
      /^baseUrl must be an absolute URL \(got /,
    );
  });

  it("takes a base URL with trailing slashes as the base path without them", async () => {
    const fetch = mockFetch({ "browsers.computer.clickMouse": {} }, { baseUrl: `${BASE}//` });

    await fetch(new Request(CLICK, { method: "POST" }));

    expect(fetch.calls.map((c) => [c.operation, c.path])).toEqual([
      ["browsers.computer.clickMouse", "/browsers/brs_1/computer/click_mouse"],
    ]);
  });

  it("refuses an answer that is no object, list or function, naming what it is", async () => {
    const fetch = mockFetch({ "browsers.computer.clickMouse": 5 as never }, { baseUrl: BASE });

    expect(await refusal(() => fetch(new Request(CLICK, { method: "POST" })))).toBe(
      "mockFetch: the answer for browsers.computer.clickMouse must be an object, a list or a function (got number)",
    );
  });

  it("refuses a request outside the base path, saying how to pass the client's", async () => {
    const fetch = mockFetch({ "browsers.computer.clickMouse": {} }, { baseUrl: BASE });

    expect(
      await refusal(() =>
        fetch(new Request("https://api.example.test/browsers/brs_1/computer/click_mouse", { method: "POST" })),
      ),
    ).toBe(
      "mockFetch: no operation of the spec is POST /browsers/brs_1/computer/click_mouse (it does not start with the base path /v2; pass mockFetch(scripts, { baseUrl }) for a client with another)",
    );
    // inside the base path, a path of no operation is refused without that hint
    expect(await refusal(() => fetch(new Request(`${BASE}/nothing/here`)))).toBe(
      "mockFetch: no operation of the spec is GET /v2/nothing/here",
    );
  });

  it("records a path parameter that is no valid percent-encoding as it was sent", async () => {
    const fetch = mockFetch({ "browsers.computer.clickMouse": {} }, { baseUrl: BASE });

    await fetch(new Request(`${BASE}/browsers/a%E0%A4%A/computer/click_mouse`, { method: "POST" }));

    expect(fetch.calls.map((c) => c.params)).toEqual([{ id: "a%E0%A4%A" }]);
  });

  it("records a JSON body that is no JSON as its text, and one that is as its value", async () => {
    const fetch = mockFetch({ "browsers.computer.clickMouse": {} }, { baseUrl: BASE });
    const post = (body: string) =>
      fetch(new Request(CLICK, { method: "POST", headers: { "Content-Type": "application/json" }, body }));

    await post("{oops");
    await post('{"x":1}');

    expect(fetch.calls.map((c) => c.body)).toEqual(["{oops", { x: 1 }]);
  });

  it("records a body sent with no Content-Type as its text, even when it reads as JSON", async () => {
    const fetch = mockFetch({ "browsers.computer.clickMouse": {} }, { baseUrl: BASE });

    await fetch(new Request(CLICK, { method: "POST", body: new TextEncoder().encode('{"x":1}') }));

    expect(fetch.calls.map((c) => [c.headers["content-type"], c.body])).toEqual([[undefined, '{"x":1}']]);
  });

  it("answers a body given as data as JSON, and one given as text with no type of its own", async () => {
    const fetch = mockFetch(
      { "organization.limits.retrieve": [{ body: LIMITS }, { body: "plain" }] },
      { baseUrl: BASE },
    );
    const get = () => fetch(new Request(`${BASE}/org/limits`));

    const [data, text] = [await get(), await get()];

    expect([data.headers.get("content-type"), await data.text()]).toEqual(["application/json", JSON.stringify(LIMITS)]);
    expect([text.headers.get("content-type"), await text.text()]).toEqual(["text/plain;charset=UTF-8", "plain"]);
  });
});
