import { describe, expect, it } from "vitest";
import { BufferedResponse, readAll } from "../../../src/core/buffered-response.js";
import { ResponseTooLargeError } from "../../../src/core/errors.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const from = new Response(null, {
  status: 201,
  statusText: "Created",
  headers: { "content-type": "application/json", "x-id": "7" },
});

describe("BufferedResponse", () => {
  it("keeps the status, status text and headers of the answer it was read from", () => {
    const response = new BufferedResponse(bytes("{}"), from);

    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.ok, response.headers.get("x-id")]).toEqual([
      201,
      "Created",
      true,
      "7",
    ]);
  });

  it("answers json(), text(), arrayBuffer() and blob() from the bytes read", async () => {
    const body = '{"max_concurrent_sessions":50}';

    expect(await new BufferedResponse(bytes(body), from).json()).toEqual({ max_concurrent_sessions: 50 });
    expect(await new BufferedResponse(bytes(body), from).text()).toBe(body);
    expect(new TextDecoder().decode(await new BufferedResponse(bytes(body), from).arrayBuffer())).toBe(body);
    const blob = await new BufferedResponse(bytes(body), from).blob();
    expect([blob.type, await blob.text()]).toEqual(["application/json", body]);
  });

  it("answers bytes() with the bytes read, and arrayBuffer() with only those of a view into a larger buffer", async () => {
    const whole = bytes("..view..");
    const view = new Uint8Array(whole.buffer, 2, 4);

    expect(new TextDecoder().decode(await new BufferedResponse(bytes("raw"), from).bytes())).toBe("raw");
    const buffer = await new BufferedResponse(view, from).arrayBuffer();
    expect([buffer.byteLength, new TextDecoder().decode(buffer)]).toEqual([4, "view"]);
  });

  it("refuses a second read as fetch's own Response does", async () => {
    const response = new BufferedResponse(bytes("{}"), from);
    await response.text();

    await expect(response.text()).rejects.toThrow(new TypeError("Body is unusable: Body has already been read"));
  });

  it("streams its body to a reader that asks for the stream", async () => {
    const response = new BufferedResponse(bytes("streamed"), from);

    expect(await new Response(response.body).text()).toBe("streamed");
    expect(response.bodyUsed).toBe(true);
  });

  it("lets the body be read once, as any Response, unless cloned first", async () => {
    const response = new BufferedResponse(bytes("once"), from);
    const copy = response.clone();

    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe("once");
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(new TypeError("Response.clone: Body has already been consumed."));
    expect(await copy.text()).toBe("once");
  });

  it("has a null body when nothing was read, and reads as empty text", async () => {
    const response = new BufferedResponse(null, new Response(null, { status: 204 }));

    expect(response.body).toBeNull();
    expect(await response.text()).toBe("");
  });
});

describe("readAll", () => {
  const answer = (parts: string[], headers: Record<string, string> = {}) =>
    new Response(new ReadableStream({ start: (c) => (parts.forEach((p) => c.enqueue(bytes(p))), c.close()) }), {
      headers,
    });

  it("reads a body of exactly the limit, by its Content-Length and by what arrives", async () => {
    const read = await readAll(answer(["12345", "678"], { "content-length": "8" }), 8);

    expect(await read.text()).toBe("12345678");
  });

  it("refuses a Content-Length one byte over the limit before reading, and a body that grows past it", async () => {
    await expect(readAll(answer(["123456789"], { "content-length": "9" }), 8)).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    );
    await expect(readAll(answer(["12345", "6789"]), 8)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("gives a blob of an answer without a type an empty type", async () => {
    const blob = await (await readAll(answer(["x"]), 8)).blob();

    expect([blob.type, await blob.text()]).toEqual(["", "x"]);
  });
});
