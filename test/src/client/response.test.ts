import { describe, expect, it } from "vitest";
import { BufferedResponse } from "../../../src/core/buffered-response.js";
import type { Schema } from "../../../generated/validators.js";
import { AnswerMismatchError, ApiError } from "../../../src/core/errors.js";
import { answerOf, result } from "../../../src/client/response.js";

// openapi-fetch rejects with the SyntaxError of JSON.parse when a 2xx body is not JSON
const notJson = () => Promise.reject(new SyntaxError("Unexpected token '<'"));

describe("result, for a 2xx body that is not JSON", () => {
  it("carries the text the transport read, and the answer it came with", async () => {
    const answer = new BufferedResponse(new TextEncoder().encode("<html>"), new Response(null, { status: 200 }));

    const err = await result(notJson(), "pages.get", () => answer).catch((e) => e);

    expect(err).toBeInstanceOf(AnswerMismatchError);
    expect(err.response).toBe(answer);
    expect([err.data, err.issues]).toEqual([
      "<html>",
      [{ path: "response", message: "is not JSON: Unexpected token '<'" }],
    ]);
  });

  it("carries no text when the answer was not read by the transport", async () => {
    const err = await result(notJson(), "pages.get", () => new Response("<html>", { status: 201 })).catch((e) => e);

    expect([err.data, err.response.status]).toEqual([undefined, 201]);
  });

  it("stands in a bare 200 when no answer is known", async () => {
    const err = await result(notJson(), "pages.get").catch((e) => e);

    expect(err).toBeInstanceOf(AnswerMismatchError);
    expect([err.data, err.response.status]).toEqual([undefined, 200]);
  });
});

describe("answerOf, for an error answer", () => {
  // the operation's error shape: a code, and a trace only requests carry (writeOnly)
  const ERROR: Schema = {
    type: ["object"],
    required: ["code", "trace"],
    properties: { code: { type: ["string"] }, trace: { type: ["string"], writeOnly: true } },
  };
  const errorOf = (body: unknown, status = 404) => {
    try {
      answerOf({ response: new Response(null, { status }), error: body }, ERROR, 200);
    } catch (e) {
      return e as ApiError;
    }
    throw new Error("no error thrown");
  };

  it("holds the body as parsed where it is the declared error shape, checked as an answer", () => {
    const err = errorOf({ code: "not_found" });

    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.body]).toEqual([404, "not_found", { code: "not_found" }]);
  });

  it("holds no parsed body where it is not the declared shape", () => {
    const err = errorOf({ code: 404 });

    expect([err.status, err.code, err.body]).toEqual([404, "404", undefined]);
  });

  it.each([200, 302])("is no error where the status is the one the operation declares (%i)", (status) => {
    const response = new Response(null, { status });

    expect(answerOf({ response, data: { ok: true } }, ERROR, status)).toEqual({ data: { ok: true }, response });
  });
});
