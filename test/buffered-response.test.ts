import { describe, expect, it } from "vitest";
import { BufferedResponse } from "../src/buffered-response.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const from = new Response(null, { status: 201, statusText: "Created", headers: { "content-type": "application/json", "x-id": "7" } });

describe("BufferedResponse", () => {
  it("keeps the status, status text and headers of the answer it was read from", () => {
    const response = new BufferedResponse(bytes("{}"), from);

    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.ok, response.headers.get("x-id")]).toEqual([201, "Created", true, "7"]);
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
    expect(() => response.clone()).toThrow(TypeError);
    expect(await copy.text()).toBe("once");
  });

  it("has a null body when nothing was read, and reads as empty text", async () => {
    const response = new BufferedResponse(null, new Response(null, { status: 204 }));

    expect(response.body).toBeNull();
    expect(await response.text()).toBe("");
  });
});
