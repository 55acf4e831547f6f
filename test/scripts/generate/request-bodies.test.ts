// requestBody() on small request bodies written here: which media type is the default, what each
// other one carries, and the report lines generate prints.
import { describe, expect, it } from "vitest";
import { offeredMedia, requestBody } from "../../../scripts/lib/generate/request-bodies.mjs";

const spec = {
  components: {
    schemas: { Upload: { type: "object", properties: { file: { type: "string", format: "binary" } } } },
  },
};
const read = (content: Record<string, unknown>, required = true) => {
  const report = { shapes: [] as string[], unsupported: [] as string[] };
  return { body: requestBody(spec, { required, content }, "POST /things", report), ...report };
};

describe("requestBody", () => {
  it("takes JSON as the default wherever the document lists it, the others after it in the document's order", () => {
    const { body, shapes } = read({
      "text/plain": { schema: { type: "string" } },
      "application/json": { schema: { type: "object" }, example: { a: 1 } },
      "multipart/form-data": { schema: { $ref: "#/components/schemas/Upload" } },
    });

    expect(body).toMatchObject({ kind: "json", mediaType: "application/json", required: true, example: { a: 1 } });
    expect(offeredMedia(body).map((m) => [m.kind, m.mediaType])).toEqual([
      ["json", "application/json"],
      ["raw", "text/plain"],
      ["raw", "multipart/form-data"],
    ]);
    expect(body!.others![1]!.form).toEqual({ files: ["file"] });
    expect(shapes.at(-1)).toBe(
      "body POST /things: application/json (default), text/plain, multipart/form-data; chosen by options.contentType or by the value",
    );
  });

  it("takes the first media type listed where none is JSON, each form with its own encoding", () => {
    const { body, unsupported } = read({
      "multipart/form-data": { schema: { $ref: "#/components/schemas/Upload" } },
      "application/x-www-form-urlencoded": {
        schema: { type: "object" },
        encoding: { tags: { style: "pipeDelimited" } },
      },
      "application/xml": { schema: { type: "object" } },
    });

    expect([body!.kind, body!.mediaType, body!.form]).toEqual(["raw", "multipart/form-data", { files: ["file"] }]);
    expect(body!.others!.map((m) => [m.kind, m.mediaType, m.encoding])).toEqual([
      ["urlencoded", "application/x-www-form-urlencoded", { tags: { style: "pipeDelimited" } }],
      ["raw", "application/xml", undefined],
    ]);
    expect(unsupported).toEqual([
      "POST /things: request body application/xml is passed through as given (FormData, Blob, string), unchecked",
    ]);
  });

  it("reads JSON values one after another as lines, a number or boolean as text, and a text of a string as given", () => {
    const kinds = (content: Record<string, unknown>) =>
      offeredMedia(read(content).body).map((m) => [m.mediaType, m.kind]);

    expect(
      kinds({
        "application/x-ndjson": { schema: { type: "array", items: { type: "object" } } },
        "application/jsonl": { schema: { type: "array" } },
        "application/json-seq": { schema: { type: "array" } },
        "application/geo+json-seq": { schema: { type: "array" } },
      }),
    ).toEqual([
      ["application/x-ndjson", "lines"],
      ["application/jsonl", "lines"],
      ["application/json-seq", "lines"],
      ["application/geo+json-seq", "lines"],
    ]);
    expect(
      kinds({
        "text/plain": { schema: { type: "boolean" } },
        "text/csv": { schema: { type: ["integer", "null"] } },
        "text/html": { schema: { type: "string" } },
        "application/xml": { schema: { type: "number" } },
      }),
    ).toEqual([
      ["text/plain", "text"],
      ["text/csv", "text"],
      ["text/html", "raw"],
      ["application/xml", "raw"],
    ]);
  });

  it("reads a body of one media type with no others and no body line, one that names none as bytes, and none without content", () => {
    const one = read({ "application/json": { schema: { type: "object" } } }, false);
    const none = read({});

    expect(one.body).toMatchObject({ kind: "json", required: false });
    expect(one.body!.others).toBeUndefined();
    expect(one.shapes).toEqual([]);
    expect(none.body).toMatchObject({ kind: "raw", mediaType: "application/octet-stream" });
    expect(requestBody(spec, { description: "no content" }, "POST /things", { shapes: [], unsupported: [] })).toBe(
      undefined,
    );
  });
});
