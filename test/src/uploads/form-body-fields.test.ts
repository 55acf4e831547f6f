// formBody and givenBody called directly: the form each field becomes, and what is refused before
// anything is built. test/src/uploads/form-body.test.ts sends the same through a generated client.
import { describe, expect, it } from "vitest";
import type { Schema } from "../../../generated/validators.js";
import type { ValidationIssue } from "../../../src/core/errors.js";
import { givenBody, formBody, type FormShape } from "../../../src/uploads/form-body.js";

// an upload's fields, as generated/validators.ts writes a schema: a file is a string there
const UPLOAD: Schema = {
  type: ["object"],
  required: ["zip_file"],
  properties: {
    zip_file: { type: ["string"] },
    dest: { type: ["string"], minLength: 1 },
    tags: { type: ["array"], items: { type: ["string"] } },
    meta: { type: ["object"] },
    count: { type: ["integer"] },
    note: { type: ["string", "null"] },
    files: {
      type: ["array"],
      items: { type: ["object"], properties: { file: { type: ["string"] }, dest_path: { type: ["string"] } } },
    },
    config: { type: ["object"] },
  },
};
const SHAPE: FormShape = { files: ["zip_file", "files[][file]"], brackets: ["files"], json: ["config"] };
const zip = () => new Blob(["PK\u0003\u0004"], { type: "application/zip" });

/** The form built from `fields`, and the issues; the form as [name, text or file name] pairs. */
function build(fields: unknown, shape: FormShape = SHAPE, schema: Schema | null = UPLOAD) {
  const issues: ValidationIssue[] = [];
  const form = formBody(fields, shape, schema ?? undefined, issues);
  const pairs: [string, string][] = [];
  form?.forEach((value, name) =>
    pairs.push([name, typeof value === "string" ? value : `file ${value.name} (${value.type})`]),
  );
  const entries = form ? pairs : undefined;
  return { form, entries, issues };
}

describe("formBody", () => {
  it.each([
    ["text", "PK.."],
    ["null", null],
    ["an array", [zip()]],
    ["a Blob", zip()],
  ])("refuses %s in place of the form's fields, before building anything", (_, fields) => {
    expect(build(fields)).toEqual({
      form: undefined,
      entries: undefined,
      issues: [{ path: "body", message: "must be an object of the form's fields, or a FormData" }],
    });
  });

  it("takes a FormData's entries as the fields: read into the schema's shape, checked, and built again", () => {
    const given = new FormData();
    given.append("zip_file", zip(), "ext.zip");
    given.append("count", "3");
    given.append("tags", "a");
    given.append("tags", "b");
    given.append("files[0][dest_path]", "/tmp/a");
    given.append("files[0][file]", zip(), "a.zip");
    const wrong = new FormData();
    wrong.append("zip_file", zip());
    wrong.append("count", "three");

    expect(build(given).entries).toEqual([
      ["zip_file", "file ext.zip (application/zip)"],
      ["count", "3"],
      ["tags", "a"],
      ["tags", "b"],
      ["files[0][dest_path]", "/tmp/a"],
      ["files[0][file]", "file a.zip (application/zip)"],
    ]);
    expect(build(wrong).issues).toEqual([{ path: "body.count", message: "must be integer" }]);
  });

  it("sends each field as the spec names it: files as parts, scalars as text, null as empty, arrays repeated", () => {
    const { entries, issues } = build({
      zip_file: zip(),
      dest: "/tmp",
      tags: ["a", "b"],
      meta: { k: 1 },
      count: 3,
      note: null,
    });

    expect(issues).toEqual([]);
    expect(entries).toEqual([
      ["zip_file", "file zip_file (application/zip)"],
      ["dest", "/tmp"],
      ["tags", "a"],
      ["tags", "b"],
      ["meta", '{"k":1}'],
      ["count", "3"],
      ["note", ""],
    ]);
  });

  it("checks a file against its field's schema as a string that is not empty, and sends text that reads as the stand-in as text", () => {
    const nonEmpty: Schema = {
      ...UPLOAD,
      properties: { ...UPLOAD.properties, zip_file: { type: ["string"], minLength: 1 } },
    };

    const { entries, issues } = build({ zip_file: zip(), dest: "(file)", note: "" }, SHAPE, nonEmpty);

    expect(issues).toEqual([]);
    expect(entries).toEqual([
      ["zip_file", "file zip_file (application/zip)"],
      ["dest", "(file)"],
      ["note", ""],
    ]);
  });

  it("names a file part by the File's own name, else by its field", () => {
    const { entries } = build({
      zip_file: new File(["PK"], "site.zip", { type: "application/zip" }),
      files: [{ file: zip() }, { file: new File(["PK"], "", { type: "application/zip" }) }],
    });

    expect(entries).toEqual([
      ["zip_file", "file site.zip (application/zip)"],
      ["files[0][file]", "file file (application/zip)"],
      ["files[1][file]", "file file (application/zip)"],
    ]);
  });

  it("sends the file's bytes as they are", async () => {
    const part = build({ zip_file: zip() }).form!.get("zip_file") as Blob;

    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
  });

  it("sends bracket fields as bracket names, and a JSON field as one application/json part", async () => {
    const { form, entries } = build({
      zip_file: zip(),
      files: [{ file: zip(), dest_path: "a.txt" }, { dest_path: "b.txt" }],
      config: { retries: 2 },
    });

    expect(entries).toEqual([
      ["zip_file", "file zip_file (application/zip)"],
      ["files[0][file]", "file file (application/zip)"],
      ["files[0][dest_path]", "a.txt"],
      ["files[1][dest_path]", "b.txt"],
      ["config", "file config.json (application/json)"],
    ]);
    expect(await (form!.get("config") as Blob).text()).toBe('{"retries":2}');
  });

  it("refuses a file where the spec has none, and a value where it wants a file, naming each by its path", () => {
    const { form, issues } = build({ zip_file: "PK..", dest: zip(), files: [{ file: "a", dest_path: zip() }] });

    expect(form).toBeUndefined();
    expect(issues).toEqual([
      { path: "body.zip_file", message: "must be a Blob or File (fs.openAsBlob(path) for a file on disk)" },
      { path: "body.dest", message: "is a file where the spec has no file: pass the value itself" },
      { path: "body.files[0].file", message: "must be a Blob or File (fs.openAsBlob(path) for a file on disk)" },
      { path: "body.files[0].dest_path", message: "is a file where the spec has no file: pass the value itself" },
    ]);
  });

  it("sends an array of files as repeated parts, each named by its field, not its position", () => {
    const { entries } = build({ docs: [zip(), zip()], 7: zip() }, { files: ["docs[]", "7"] }, null);

    expect(entries).toEqual([
      // a field whose name is a number gives no name: "file"
      ["7", "file file (application/zip)"],
      ["docs", "file docs (application/zip)"],
      ["docs", "file docs (application/zip)"],
    ]);
  });

  it("names a file by a field whose name has digits in it, and past the tenth position", () => {
    const { entries } = build(
      { page2: [zip()], "2nd": [zip()], scans: Array.from({ length: 11 }, zip) },
      { files: ["page2[]", "2nd[]", "scans[]"] },
      null,
    );

    expect(entries).toEqual([
      ["page2", "file page2 (application/zip)"],
      ["2nd", "file 2nd (application/zip)"],
      ...Array.from({ length: 11 }, () => ["scans", "file scans (application/zip)"]),
    ]);
  });

  it("sends a null inside a bracket field as an empty value", () => {
    expect(build({ zip_file: zip(), files: [{ dest_path: null }] }, SHAPE, null).entries).toEqual([
      ["zip_file", "file zip_file (application/zip)"],
      ["files[0][dest_path]", ""],
    ]);
  });

  it("lets an optional file be left out", () => {
    expect(build({ zip_file: zip(), files: [{ file: undefined, dest_path: "a" }] }).entries).toEqual([
      ["zip_file", "file zip_file (application/zip)"],
      ["files[0][dest_path]", "a"],
    ]);
  });

  it("checks every other field against the schema, and builds nothing when one is wrong", () => {
    expect(build({ zip_file: zip(), dest: "", count: 1.5 })).toEqual({
      form: undefined,
      entries: undefined,
      issues: [
        { path: "body.dest", message: "must have at least 1 character" },
        { path: "body.count", message: "must be integer" },
      ],
    });
    // what JSON cannot carry is refused first, and the schema is not asked about the rest
    expect(build({ zip_file: zip(), at: new Date(0), count: 1.5 }).issues).toEqual([
      { path: "body.at", message: "is a Date: pass date.toISOString()" },
    ]);
    // a missing file is a missing field: the schema requires it
    expect(build({ dest: "/tmp" }).issues).toEqual([{ path: "body.zip_file", message: "is required" }]);
  });

  it("builds without a schema to check, and refuses what JSON cannot carry even then", () => {
    expect(build({ zip_file: zip(), count: "3" }, SHAPE, null).entries).toEqual([
      ["zip_file", "file zip_file (application/zip)"],
      ["count", "3"],
    ]);
    expect(build({ zip_file: zip(), at: new Date(0), n: Number.NaN }, SHAPE, null).issues).toEqual([
      { path: "body.at", message: "is a Date: pass date.toISOString()" },
      { path: "body.n", message: "is NaN: pass a finite number" },
    ]);
  });

  it("looks for files 65 levels down and no deeper, and leaves class instances to the snapshot's refusal", () => {
    const shape: FormShape = { files: ["zip_file"] };
    const nest = (levels: number) => {
      let value: unknown = zip();
      for (let i = 0; i < levels; i++) value = { d: value };
      return value;
    };

    // meta is level 0: a file at level 65 is still found, and refused where the spec has none
    expect(build({ zip_file: zip(), meta: nest(65) }, shape, null).issues).toEqual([
      { path: `body.meta${".d".repeat(65)}`, message: "is a file where the spec has no file: pass the value itself" },
    ]);
    // one level deeper it is not looked for: the snapshot refuses it as the object it is
    expect(build({ zip_file: zip(), meta: nest(66) }, shape, null).issues).toEqual([
      { path: `body.meta${".d".repeat(66)}`, message: "is a Blob: pass a plain object" },
    ]);
    // arrays count as levels too
    let listed: unknown = zip();
    for (let i = 0; i < 66; i++) listed = [listed];
    expect(build({ zip_file: zip(), meta: listed }, shape, null).issues).toEqual([
      { path: `body.meta${"[0]".repeat(66)}`, message: "is a Blob: pass a plain object" },
    ]);
    expect(build({ zip_file: zip(), meta: new Map() }, shape, null).issues).toEqual([
      { path: "body.meta", message: "is a Map: pass a plain object" },
    ]);
    expect(
      build({ zip_file: zip(), meta: Object.assign(Object.create(null), { k: zip() }) }, shape, null).issues,
    ).toEqual([{ path: "body.meta.k", message: "is a file where the spec has no file: pass the value itself" }]);
  });
});

describe("givenBody", () => {
  const OCTETS = "application/octet-stream";

  it("takes a Blob, an ArrayBuffer or a view of one as bytes that can be sent again", () => {
    for (const body of [zip(), new ArrayBuffer(4), new Uint8Array(4), new DataView(new ArrayBuffer(2))]) {
      const issues: ValidationIssue[] = [];
      expect([givenBody(body, OCTETS, issues), issues]).toEqual([{ stream: false }, []]);
    }
  });

  it("takes a ReadableStream as a body that can be sent once", () => {
    const issues: ValidationIssue[] = [];

    expect([givenBody(new ReadableStream(), OCTETS, issues), issues]).toEqual([{ stream: true }, []]);
  });

  it("refuses anything but bytes for application/octet-stream, text included", () => {
    for (const body of ["PK..", [1, 2], null, { bytes: [1] }, new URLSearchParams("a=1")]) {
      const issues: ValidationIssue[] = [];
      expect([givenBody(body, "Application/Octet-Stream", issues), issues]).toEqual([
        { stream: false },
        [{ path: "body", message: "must be a Blob, an ArrayBuffer or a view of one, or a ReadableStream of bytes" }],
      ]);
    }
  });

  it("takes text, bytes and forms for any other media type, and refuses what fetch would send as its text", () => {
    for (const body of ["a,b\n", zip(), new Uint8Array(2), new FormData(), new URLSearchParams("a=1")]) {
      const issues: ValidationIssue[] = [];
      expect([givenBody(body, "text/csv", issues), issues]).toEqual([{ stream: false }, []]);
    }
    for (const body of [{ a: 1 }, 12, null, [1]]) {
      const issues: ValidationIssue[] = [];
      givenBody(body, "text/csv", issues);
      expect(issues).toEqual([
        { path: "body", message: "must be text, bytes, a Blob, a stream or a form to go as text/csv" },
      ]);
    }
    // a body the operation gives no media type for
    const issues: ValidationIssue[] = [];
    givenBody({ a: 1 }, undefined, issues);
    expect(issues).toEqual([
      { path: "body", message: "must be text, bytes, a Blob, a stream or a form to go as given" },
    ]);
  });
});
