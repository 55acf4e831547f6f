import { describe, expect, it } from "vitest";
import { apiErrorFrom, MAX_ERROR_BODY_BYTES } from "../../../src/core/error-answer.js";
import { readError } from "../../../src/core/error-body.js";

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

  it('names the status text, else "error", where a JSON body with a message has no code', () => {
    const plain = apiErrorFrom(new Response(null, { status: 400 }), { message: "bad x" });
    const named = apiErrorFrom(new Response(null, { status: 400, statusText: "Bad Request" }), { message: "bad x" });

    expect(plain.message).toBe("400 error: bad x");
    expect(named.message).toBe("400 Bad Request: bad x");
  });

  it('says "error" where a JSON body with no message comes without a status text', () => {
    expect(apiErrorFrom(new Response(null, { status: 409 }), { code: "conflict" }).message).toBe("409 error");
  });

  it("quotes a code of exactly 200 characters whole, and cuts a longer one there", () => {
    const exact = apiErrorFrom(new Response(null, { status: 400 }), { code: "c".repeat(200), message: "m" });
    const longer = apiErrorFrom(new Response(null, { status: 400 }), { code: "c".repeat(201), message: "m" });

    expect(exact.message).toBe(`400 ${"c".repeat(200)}: m`);
    expect(longer.message).toBe(`400 ${"c".repeat(200)}…: m`);
  });

  it("keeps no body where JSON the operation does not declare came with no text of it", () => {
    const err = apiErrorFrom(
      new Response(null, { status: 400 }),
      { code: "x", message: "m" },
      undefined,
      {},
      () => false,
    );

    expect(err.body).toBeUndefined();
    expect(err.code).toBe("x");
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
