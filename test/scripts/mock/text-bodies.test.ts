// Request bodies Prism cannot read, read by the mock's proxy as the client writes them: NDJSON from
// an array (each line a JSON value, together the array the schema describes) and a boolean or number
// sent as text. A body that breaks its schema is still refused; one that keeps it is answered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";

const doc = {
  openapi: "3.1.0",
  info: { title: "bodies", version: "1.0.0" },
  paths: {
    "/_bulk": {
      post: {
        requestBody: {
          required: true,
          content: {
            "application/x-ndjson": {
              schema: {
                type: "array",
                items: { type: "object", required: ["index"], properties: { index: { type: "string" } } },
              },
            },
          },
        },
        responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
    "/settings/cutoff": {
      put: {
        requestBody: { required: true, content: { "text/plain": { schema: { type: "integer", minimum: 0 } } } },
        responses: { "204": { description: "set" } },
      },
    },
  },
};

describe("the mock reads bodies Prism cannot", { timeout: 90_000 }, () => {
  let mock: Awaited<ReturnType<typeof mockServer>>;
  beforeAll(async () => {
    mock = await mockServer({ port: 0, say: () => {} });
    await mock.serve(JSON.stringify(doc));
  });
  afterAll(() => mock?.close());
  const post = async (path: string, type: string, body: string, method = "POST") => {
    const response = await fetch(`${mock.url}${path}`, { method, headers: { "content-type": type }, body });
    await response.arrayBuffer();
    return response.status;
  };

  it("answers NDJSON lines that together are the array its schema describes, and refuses those that are not", async () => {
    expect(await post("/_bulk", "application/x-ndjson", '{"index":"a"}\n{"index":"b"}\n')).toBe(200);
    expect(await post("/_bulk", "application/x-ndjson", '{"index":"a"}\n{"index":3}\n')).toBe(422);
    expect(await post("/_bulk", "application/x-ndjson", '{"index":"a"}\nnot json\n')).toBe(422);
  });

  it("answers a number sent as text that its schema takes, and refuses one it does not", async () => {
    expect(await post("/settings/cutoff", "text/plain", "150", "PUT")).toBe(204);
    expect(await post("/settings/cutoff", "text/plain", "-3", "PUT")).toBe(422);
    expect(await post("/settings/cutoff", "text/plain", "soon", "PUT")).toBe(422);
  });
});
