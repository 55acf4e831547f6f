// A list a document gives as something else (`parameters: {…}`, `allOf: {…}`: the defects lint names)
// is read as no list by every reader of the pipeline, never thrown over as a TypeError halfway
// through generate or the mock's start.
import { describe, expect, it } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { foldVariants } from "../../../scripts/lib/mock/fold-variants.mjs";
import { describedProperties } from "../../../scripts/lib/spec/schema-properties.mjs";
import { repairSpec } from "../../../scripts/lib/spec/repair.mjs";

const ok = { 200: { description: "ok" } };
const info = { title: "Lists", version: "1" };

describe("a list that is no list", () => {
  it("adds no property where a schema's allOf is an object", () => {
    const schema = { properties: { a: { type: "string" } }, allOf: { properties: { b: {} } } };
    expect(describedProperties({}, schema)).toEqual([["a", { type: "string" }]]);
  });

  it("is no parameter of a path item, in a document without a security scheme", () => {
    const doc = {
      openapi: "3.1.0",
      info,
      paths: { "/a": { parameters: { name: "x", in: "query" }, get: { operationId: "a", responses: ok } } },
    };
    const [op] = readOperations(doc).operations;
    expect([op?.method, op?.path, op?.queryParams]).toEqual(["GET", "/a", []]);
  });

  it("moves no parameter with an operation of a template the same as another's", () => {
    const doc = {
      openapi: "3.1.0",
      info,
      paths: {
        "/a/{id}": { get: { responses: ok } },
        "/a/{name}": { parameters: { name: "name", in: "path" }, post: { responses: ok } },
      },
    };
    const { spec } = repairSpec(doc) as { spec: { paths: Record<string, Record<string, unknown>> } };
    expect(Object.keys(spec.paths)).toEqual(["/a/{id}"]);
    expect(spec.paths["/a/{id}"]?.post).toEqual({ responses: ok });
  });

  it("adds no parameter when the mock folds a path's variant into it", () => {
    const paths: Record<string, Record<string, Record<string, unknown>>> = {
      "/a": { get: { parameters: { name: "q", in: "query" }, responses: ok } },
      "/a#other": { parameters: { name: "x", in: "query" }, get: { responses: ok } },
    };
    foldVariants({ openapi: "3.1.0", info, paths });
    expect(Object.keys(paths)).toEqual(["/a"]);
    expect(paths["/a"]?.get?.parameters).toEqual([]);
  });
});
