import { describe, expect, it } from "vitest";
import { BufferedResponse } from "../../../src/core/buffered-response.js";
import { AnswerMismatchError } from "../../../src/core/errors.js";
import { result } from "../../../src/client/response.js";

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
