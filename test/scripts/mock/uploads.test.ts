// Form bodies read back into the document's shape, from the bytes the client's own encoders write
// (src/uploads/form-body.ts, src/uploads/url-encoded.ts): the expected shapes are literals.
import { describe, expect, it } from "vitest";
import { FILE, formFields as readFormBody } from "../../../scripts/lib/mock/uploads.mjs";
import { documentChecker } from "../../../scripts/lib/spec/checker.mjs";
import { formBody } from "../../../src/uploads/form-body.js";
import { urlEncodedBody } from "../../../src/uploads/url-encoded.js";
import { FILES_UPLOAD, fixtureDocument } from "../../support/schema-fixtures.js";

const spec = fixtureDocument(
  {},
  {
    Upload: {
      ...FILES_UPLOAD,
      properties: {
        ...FILES_UPLOAD.properties,
        meta: { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
        overwrite: { type: "boolean" },
      },
    },
    Form: {
      type: "object",
      properties: {
        Tags: { type: "array", items: { type: "string" } },
        Ids: { type: "array", items: { type: "integer" } },
        Words: { type: "array", items: { type: "string" } },
        Count: { type: "integer" },
        Enabled: { type: "boolean" },
        Note: { type: ["string", "null"] },
        Address: { type: "object", properties: { city: { type: "string" }, zip: { type: "integer" } } },
        Point: { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } },
        Stops: { type: "array", items: { $ref: "#/components/schemas/Stop" } },
      },
    },
    Stop: { type: "object", properties: { city: { type: "string" }, n: { type: "integer" } } },
    Route: { type: "object", properties: { stops: { type: "array", items: { $ref: "#/components/schemas/Stop" } } } },
  },
);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const checker = await documentChecker(spec);
/** The mock's reading of a form body, with the document's checker's reader of fields. */
const formFields = (type: string, bytes: Buffer, schema: unknown, encoding?: Record<string, object>) =>
  readFormBody(checker.formFields, type, bytes, schema, encoding);

/** The bytes and Content-Type a fetch would send for `body`. */
async function wire(body: FormData | URLSearchParams): Promise<{ type: string; bytes: Buffer }> {
  const request = new Request("http://mock/", { method: "POST", body });
  return { type: request.headers.get("content-type")!, bytes: Buffer.from(await request.arrayBuffer()) };
}

describe("form bodies read into the document's shape", () => {
  it("reads a multipart form's bracket names, indexes in order, files as FILE, numbers and booleans by their schema, a JSON part parsed", async () => {
    const issues: any[] = [];
    const form = formBody(
      {
        files: [
          { file: new Blob(["a"]), dest_path: "/tmp/a.txt", mode: 644 },
          { file: new Blob(["b"]), dest_path: "/tmp/b.txt" },
        ],
        meta: { tags: ["x", "y"] },
        overwrite: true,
      },
      { files: ["files[][file]"], brackets: ["files"], json: ["meta"] },
      undefined,
      issues,
    )!;
    expect(issues).toEqual([]);
    const { type, bytes } = await wire(form);

    expect(await formFields(type, bytes, ref("Upload"))).toEqual({
      files: [
        { file: FILE, dest_path: "/tmp/a.txt", mode: 644 },
        { file: FILE, dest_path: "/tmp/b.txt" },
      ],
      meta: { tags: ["x", "y"] },
      overwrite: true,
    });
  });

  it("reads a urlencoded body as its encoding declares: repeated keys, commas, spaces, pipes, bracket names, an object as key,value pairs", async () => {
    const encoding = {
      Ids: { explode: false },
      Words: { style: "spaceDelimited" as const },
      Point: { explode: false },
    };
    const issues: any[] = [];
    const params = urlEncodedBody(
      {
        Tags: ["a", "b"],
        Ids: [1, 2, 3],
        Words: ["hello", "world"],
        Count: 7,
        Enabled: false,
        Note: null,
        Address: { city: "Paris", zip: 75001 },
        Point: { x: 1, y: 2 },
      },
      encoding,
      undefined,
      issues,
    )!;
    expect(issues).toEqual([]);
    const { type, bytes } = await wire(params);

    expect(await formFields(type, bytes, ref("Form"), encoding)).toEqual({
      Tags: ["a", "b"],
      Ids: [1, 2, 3],
      Words: ["hello", "world"],
      Count: 7,
      Enabled: false,
      // null goes as an empty value, which a field that may be text reads as text
      Note: "",
      Address: { city: "Paris", zip: 75001 },
      Point: { x: 1, y: 2 },
    });
  });

  it("reads an array of objects as the client sends it: under each item's index in a urlencoded form, as one JSON part in a multipart form", async () => {
    const stops = [
      { city: "Paris", n: 1 },
      { city: "Rome", n: 2 },
    ];
    const issues: any[] = [];
    const params = urlEncodedBody({ Stops: stops }, {}, undefined, issues)!;
    const form = formBody({ stops }, { files: [], json: ["stops"] }, undefined, issues)!;
    expect(issues).toEqual([]);
    const urlencoded = await wire(params);
    const multipart = await wire(form);

    expect(decodeURIComponent(urlencoded.bytes.toString())).toBe(
      "Stops[0][city]=Paris&Stops[0][n]=1&Stops[1][city]=Rome&Stops[1][n]=2",
    );
    expect(await formFields(urlencoded.type, urlencoded.bytes, ref("Form"))).toEqual({ Stops: stops });
    expect(await formFields(multipart.type, multipart.bytes, ref("Route"))).toEqual({ stops });
  });

  it("keeps a text that is no number as text, one value of an array as a one-item array, and refuses bytes that are no form", async () => {
    const bytes = Buffer.from("Count=seven&Tags=only");

    expect(await formFields("application/x-www-form-urlencoded", bytes, ref("Form"))).toEqual({
      Count: "seven",
      Tags: ["only"],
    });
    expect(
      await formFields("multipart/form-data; boundary=nothing", Buffer.from("garbage"), ref("Upload")),
    ).toBeUndefined();
    expect(await formFields("application/json", Buffer.from("{}"), ref("Form"))).toBeUndefined();
  });

  it("reads a field named __proto__ as a field, and changes no object's prototype", async () => {
    const bytes = Buffer.from("__proto__[polluted]=yes&Count=1");

    const fields = await formFields("application/x-www-form-urlencoded", bytes, ref("Form"));

    expect(Object.getOwnPropertyDescriptor(fields, "__proto__")?.value).toEqual({ polluted: "yes" });
    expect(fields?.Count).toBe(1);
    expect(Object.hasOwn(Object.prototype, "polluted")).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
