// Which query parameters a row says the style of: those the document writes otherwise than
// openapi-fetch does by default (an array's items repeated, an object's fields in brackets),
// read from the schema's structure, its $refs and branches followed.
import { describe, expect, it } from "vitest";
import { queryStyles } from "../../../scripts/lib/generate/query-styles.mjs";

const spec = {
  components: {
    schemas: {
      Ids: { type: "array", items: { type: "string" } },
      ByUser: { type: "object", required: ["user_id"], properties: { user_id: { type: "string" } } },
      ByEmail: { type: "object", required: ["email"], properties: { email: { type: "string" } } },
    },
  },
};
const q = (name: string, schema: object, more: object = {}) => ({ name, in: "query", schema, ...more });

describe("queryStyles", () => {
  it("names an array written joined, and an object written as parameters of its own", () => {
    expect(
      queryStyles(spec, [
        q("ids", { $ref: "#/components/schemas/Ids" }, { explode: false }),
        q("pipes", { type: "array" }, { style: "pipeDelimited" }),
        q("filter", { oneOf: [{ $ref: "#/components/schemas/ByUser" }, { $ref: "#/components/schemas/ByEmail" }] }),
        q("range", { type: "object", additionalProperties: { type: "integer" } }, { style: "form", explode: false }),
      ]),
    ).toEqual({
      ids: { explode: false },
      pipes: { style: "pipeDelimited", explode: false },
      filter: {},
      range: { explode: false },
    });
  });

  it("names nothing openapi-fetch already writes as the document says", () => {
    expect(
      queryStyles(spec, [
        q("tags", { type: "array", items: { type: "string" } }),
        q("spaced", { type: "array" }, { style: "spaceDelimited", explode: true }),
        q("where", { type: "object", properties: { a: { type: "string" } } }, { style: "deepObject", explode: true }),
        q("q", { type: "string", properties: { q: { type: "string" } } }, { explode: false }),
        q("raw", {}, { content: { "application/json": { schema: { type: "object" } } } }),
      ]),
    ).toBeUndefined();
  });
});
