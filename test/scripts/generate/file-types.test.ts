// Which fields the generated types make a Blob: a file of a multipart form or of a bytes body, never
// a field of a JSON body, which JSON can only carry as text (Resend's `Attachment.content` is
// `format: binary` in a JSON body: typed Blob, its strict user could not send the string it takes).
import openapiTS, { astToString } from "openapi-typescript";
import { describe, expect, it } from "vitest";
import { formComponents } from "../../../scripts/lib/generate/multipart.mjs";
import { fileAsBlob } from "../../../scripts/lib/generate/render.mjs";

const binary = { type: "string", format: "binary" };
const body = (media: string, schema: object) => ({
  requestBody: { content: { [media]: { schema } } },
  responses: { "204": { description: "done" } },
});
const spec = {
  openapi: "3.1.0",
  info: { title: "t", version: "1.0.0" },
  paths: {
    "/emails": { post: body("application/json", { $ref: "#/components/schemas/Email" }) },
    "/notes": { post: body("application/json", { type: "object", properties: { raw: binary } }) },
    "/uploads": { post: body("multipart/form-data", { $ref: "#/components/schemas/Upload" }) },
    "/bytes": { put: body("application/octet-stream", binary) },
  },
  components: {
    schemas: {
      Email: { type: "object", properties: { attachment: { $ref: "#/components/schemas/Attachment" } } },
      Attachment: { type: "object", properties: { content: binary } },
      Upload: { type: "object", properties: { file: binary } },
    },
  },
};

describe("file fields in the generated types", () => {
  it("types a form's and a bytes body's file as Blob, a JSON body's binary string as string", async () => {
    const types = astToString(
      await openapiTS(structuredClone(spec) as never, { silent: true, transform: fileAsBlob(formComponents(spec)) }),
    )
      .replace(/\/\*\*[^*]*\*\//g, "")
      .replace(/\s+/g, " ");

    expect(types).toMatch(/Attachment: \{ content\?: string; \}/);
    expect(types).toMatch(/"application\/json": \{ raw\?: string; \}/);
    expect(types).toMatch(/Upload: \{ file\?: Blob; \}/);
    expect(types).toMatch(/"application\/octet-stream": Blob;/);
  });
});
