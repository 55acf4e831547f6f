import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUNDLE } from "../../../scripts/lib/shared/paths.mjs";
import { repairSpec as repairDocument } from "../../../scripts/lib/spec/repair.mjs";

/** The repaired document, read as deep as the documents these tests build. */
const repairSpec = (doc: unknown): { spec: any; defects: string[] } => repairDocument(doc);

/** A document of one operation answering `schema`, with `schemas` as its components. */
function answering(schema: unknown, schemas: Record<string, unknown> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1.0.0" },
    paths: {
      "/a": { get: { responses: { "200": { description: "ok", content: { "application/json": { schema } } } } } },
    },
    components: { schemas },
  };
}
const AT = "#/paths/~1a/get/responses/200/content/application~1json/schema";

describe("repairSpec", () => {
  it("leaves this project's own document as it is, naming nothing", () => {
    const spec = JSON.parse(readFileSync(BUNDLE, "utf8"));

    const { spec: repaired, defects } = repairSpec(spec);

    expect(defects).toEqual([]);
    expect(repaired).toEqual(spec);
  });

  it("describes a required field the properties never describe as any value, and names it", () => {
    const doc = answering({
      type: "object",
      required: ["endpoint", "token"],
      properties: { token: { type: "string" } },
    });
    // a required field only an allOf sibling describes is no defect of this schema
    const split = answering({ allOf: [{ required: ["a"] }, { properties: { a: { type: "string" } } }] });
    // one its allOf does not describe either is
    const composed = answering({ allOf: [{ properties: { name: { type: "string" } } }], required: ["name", "method"] });

    const { spec: repaired, defects } = repairSpec(doc);

    expect(defects).toEqual([
      `${AT}/required: names endpoint, which properties never describe; described as any value`,
    ]);
    expect(repaired.paths["/a"].get.responses["200"].content["application/json"].schema.properties).toEqual({
      token: { type: "string" },
      endpoint: {},
    });
    expect(repairSpec(split).defects).toEqual([]);
    expect(repairSpec(composed).defects).toEqual([
      `${AT}/required: names method, which properties never describe; described as any value`,
    ]);
  });

  it("keeps a $ref into a oneOf it reads as anyOf on the node it named", () => {
    // two branches one value can match both of (an object with id and name): read as anyOf
    const Agent = {
      oneOf: [
        { type: "object", required: ["id"], properties: { id: { type: "string" } } },
        { type: "object", required: ["name"], properties: { name: { type: "string", maxLength: 9 } } },
      ],
    };
    const Run = { type: "object", properties: { by: { $ref: "#/components/schemas/Agent/oneOf/1/properties/name" } } };
    const doc = answering({ $ref: "#/components/schemas/Run" }, { Agent, Run });

    const { spec: repaired, defects } = repairSpec(doc);

    expect(defects.some((line) => line.startsWith("#/components/schemas/Agent/oneOf: "))).toBe(true);
    expect(repaired.components.schemas.Agent.anyOf).toHaveLength(2);
    expect(repaired.components.schemas.Run.properties.by).toEqual({
      $ref: "#/components/schemas/Agent/anyOf/1/properties/name",
    });
  });

  it("reads a template the same as another but for its parameters' names as that one, its parameters renamed", () => {
    const ok = { "200": { description: "ok" } };
    const shared = { name: "connector_id", in: "path", required: true, schema: { type: "string" } };
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1.0.0" },
      paths: {
        "/v1/connectors/{connector_id_or_name}": {
          parameters: [{ name: "connector_id_or_name", in: "path", required: true, schema: { type: "string" } }],
          get: { responses: ok },
        },
        "/v1/connectors/{connector_id}": {
          delete: { parameters: [{ $ref: "#/components/parameters/Connector" }], responses: ok },
          get: { responses: ok },
        },
      },
      components: { parameters: { Connector: shared } },
    };

    const { spec: repaired, defects } = repairSpec(doc);

    expect(defects).toEqual([
      "#/paths/~1v1~1connectors~1{connector_id}: the same template as /v1/connectors/{connector_id_or_name} but for its parameters' names, so no router tells them apart; its DELETE read as /v1/connectors/{connector_id_or_name}'s; its GET stays, which a router sends to /v1/connectors/{connector_id_or_name}'s",
    ]);
    expect(repaired.paths["/v1/connectors/{connector_id_or_name}"].delete).toEqual({
      parameters: [{ ...shared, name: "connector_id_or_name" }],
      responses: ok,
    });
    expect(Object.keys(repaired.paths["/v1/connectors/{connector_id}"])).toEqual(["get"]);
    // the shared parameter is copied, not changed
    expect(repaired.components.parameters.Connector).toEqual(shared);
  });

  it("reads an allOf that only wraps a discriminated schema as its $ref, so the types keep its tag (hf-tgi's grammar)", () => {
    const Grammar = {
      oneOf: [
        { type: "object", required: ["type"], properties: { type: { type: "string", enum: ["json"] } } },
        { type: "object", required: ["type"], properties: { type: { type: "string", enum: ["regex"] } } },
      ],
      discriminator: { propertyName: "type" },
    };
    const Params = {
      type: "object",
      properties: {
        grammar: { anyOf: [{ allOf: [{ $ref: "#/components/schemas/Grammar" }], description: "d" }, { type: "null" }] },
        // a real subtype adds fields of its own: left as it is
        json: { allOf: [{ $ref: "#/components/schemas/Grammar" }], properties: { strict: { type: "boolean" } } },
      },
    };
    const { spec: repaired, defects } = repairSpec(
      answering({ $ref: "#/components/schemas/Params" }, { Grammar, Params }),
    );

    expect(defects).toEqual([
      "#/components/schemas/Params/properties/grammar/anyOf/0/allOf: wraps #/components/schemas/Grammar alone, which has a discriminator, so the types would read it as a subtype without its tag; read as the $ref itself",
    ]);
    expect(repaired.components.schemas.Params.properties.grammar.anyOf[0]).toEqual({
      $ref: "#/components/schemas/Grammar",
      description: "d",
    });
    expect(repaired.components.schemas.Params.properties.json).toEqual(Params.properties.json);
  });

  it("reads a GET or HEAD without the request body fetch cannot send, naming the operation that takes it", () => {
    const body = { content: { "application/json": { schema: { type: "object" } } } };
    const ok = { "200": { description: "ok" } };
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1.0.0" },
      paths: {
        "/_search": { get: { requestBody: body, responses: ok }, post: { requestBody: body, responses: ok } },
        "/probe": { head: { requestBody: body, responses: ok }, delete: { requestBody: body, responses: ok } },
      },
    };

    const { spec: repaired, defects } = repairSpec(doc);

    expect(defects).toEqual([
      "#/paths/~1_search/get/requestBody: a GET request cannot carry a body in fetch; left out, so the method sends none (POST /_search takes the same body)",
      "#/paths/~1probe/head/requestBody: a HEAD request cannot carry a body in fetch; left out, so the method sends none (DELETE /probe takes the same body)",
    ]);
    // the GET keeps which operation of its path sends that body, which names it (name-clashes.mjs)
    expect(repaired.paths["/_search"].get).toEqual({ responses: ok, "x-request-body-sent-by": "post" });
    expect(repaired.paths["/probe"].head).toEqual({ responses: ok, "x-request-body-sent-by": "delete" });
    expect(repaired.paths["/_search"].post.requestBody).toEqual(body);
    // fetch sends a DELETE's body
    expect(repaired.paths["/probe"].delete.requestBody).toEqual(body);
  });

  it("reads a 204 answer that declares content as empty; a shared answer keeps its content where others use it", () => {
    const content = { "application/json": { schema: { type: "object" } } };
    const doc = {
      openapi: "3.1.0",
      info: { title: "t", version: "1.0.0" },
      paths: {
        "/a": { delete: { responses: { "204": { description: "gone", content } } } },
        "/b": {
          delete: { responses: { "204": { $ref: "#/components/responses/Done" } } },
          post: { responses: { "200": { $ref: "#/components/responses/Done" } } },
        },
      },
      components: { responses: { Done: { description: "done", content } } },
    };

    const { spec: repaired, defects } = repairSpec(doc);

    expect(defects).toEqual([
      "#/paths/~1a/delete/responses/204/content: a 204 answer carries no body; read as empty",
      "#/paths/~1b/delete/responses/204/content: a 204 answer carries no body; read as empty",
    ]);
    expect(repaired.paths["/a"].delete.responses["204"]).toEqual({ description: "gone" });
    expect(repaired.paths["/b"].delete.responses["204"]).toEqual({ description: "done" });
    expect(repaired.paths["/b"].post.responses["200"]).toEqual({ $ref: "#/components/responses/Done" });
    expect(repaired.components.responses.Done).toEqual({ description: "done", content });
  });

  it("reads a schema $ref that names nothing as any value, naming it; fails on any other, saying where it is and the fix", () => {
    const doc = answering(
      { type: "object", properties: { a: { $ref: "#/components/schemas/Missing", description: "kept" } } },
      { Present: { type: "string" } },
    );

    const { spec: repaired, defects } = repairSpec(doc);

    expect(defects).toEqual([
      `${AT}/properties/a/$ref: #/components/schemas/Missing names nothing in the document; read as any value`,
    ]);
    expect(repaired.paths["/a"].get.responses["200"].content["application/json"].schema.properties.a).toEqual({
      description: "kept",
    });
    const answer = { $ref: "#/components/responses/Missing" };
    const other = { ...answering({}), paths: { "/a": { get: { responses: { "200": answer } } } } };
    expect(() => repairSpec(other)).toThrow(
      "#/paths/~1a/get/responses/200/$ref: #/components/responses/Missing names nothing in the document; fix: point it at an existing component",
    );
  });

  it("reads boolean schemas as objects every reader takes, and leaves additionalProperties: false alone", () => {
    const doc = answering({
      type: "object",
      additionalProperties: false,
      properties: { gone: false, any: true, list: { type: "array", items: false } },
      anyOf: [true, false],
    });

    const { spec, defects } = repairSpec(doc);

    expect(spec.paths["/a"].get.responses["200"].content["application/json"].schema).toEqual({
      type: "object",
      additionalProperties: false,
      properties: { gone: { not: {} }, any: {}, list: { type: "array", maxItems: 0 } },
      anyOf: [{}],
    });
    expect(defects).toEqual([
      `${AT}/anyOf: boolean schema false in anyOf matches nothing; dropped`,
      `${AT}/anyOf/0: boolean schema true; read as {} (anything)`,
      `${AT}/properties/gone: boolean schema false; read as { not: {} } (nothing)`,
      `${AT}/properties/any: boolean schema true; read as {} (anything)`,
      `${AT}/properties/list/items: items: false; read as maxItems: 0`,
    ]);
  });

  it("keeps oneOf where its branches are told apart by a const, a type or a closed object", () => {
    const doc = answering({
      oneOf: [
        { type: "object", required: ["kind"], properties: { kind: { const: "a" } } },
        { type: "object", required: ["kind"], properties: { kind: { const: "b" } } },
        { type: "string" },
        { type: "object", additionalProperties: false, properties: { only: { type: "string" } } },
      ],
    });

    const { spec, defects } = repairSpec(doc);

    expect(defects).toEqual([]);
    expect(spec.paths["/a"].get.responses["200"].content["application/json"].schema.oneOf).toHaveLength(4);
  });

  it("maps a discriminator without mapping from the value each branch pins, by const or a one-value enum", () => {
    const doc = answering(
      {
        oneOf: [
          { $ref: "#/components/schemas/Developer" },
          { $ref: "#/components/schemas/User" },
          { $ref: "#/components/schemas/tool" },
        ],
        discriminator: { propertyName: "role" },
      },
      {
        Developer: {
          type: "object",
          required: ["role"],
          properties: { role: { type: "string", enum: ["developer"] } },
        },
        User: { type: "object", required: ["role"], properties: { role: { const: "user" } } },
        // its name is the value it sends: the mapping OpenAPI implies is right for it
        tool: { type: "object", required: ["role"], properties: { role: { const: "tool" } } },
      },
    );

    const { spec, defects } = repairSpec(doc);

    expect(spec.paths["/a"].get.responses["200"].content["application/json"].schema.discriminator).toEqual({
      propertyName: "role",
      mapping: { developer: "#/components/schemas/Developer", user: "#/components/schemas/User" },
    });
    expect(defects).toEqual([
      `${AT}/discriminator: no mapping, so role is read as the branches' names ("Developer", "User"), but they pin it to "developer", "user"; the branches' own values win: mapped "developer" to #/components/schemas/Developer, "user" to #/components/schemas/User`,
    ]);
  });

  it("leaves a discriminator alone where no branch pins one value of its own that its name is not", () => {
    const discriminated = (schemas: Record<string, unknown>) =>
      answering(
        {
          // anyOf: branches one value can match both of are oneOf's defect, not the discriminator's
          anyOf: Object.keys(schemas).map((name) => ({ $ref: `#/components/schemas/${name}` })),
          discriminator: { propertyName: "kind" },
        },
        Object.fromEntries(
          Object.entries(schemas).map(([name, kind]) => [
            name,
            { type: "object", required: ["kind"], properties: { kind } },
          ]),
        ),
      );
    // any kind, two kinds, a number, and a name that is the value it sends
    const unpinned = discriminated({
      A: { type: "string" },
      B: { enum: ["b", "bee"] },
      C: { const: 3 },
      cat: { const: "cat" },
    });
    // two branches pinning one value: it cannot tell them apart
    const twins = discriminated({ X: { const: "same" }, Y: { enum: ["same"] } });

    for (const doc of [unpinned, twins]) {
      const { spec, defects } = repairSpec(doc);

      expect(defects).toEqual([]);
      expect(spec).toEqual(doc);
    }
  });

  it("names a mapping that disagrees with the values its branches pin, and maps the branches' own values instead", () => {
    const doc = answering(
      {
        oneOf: [
          { $ref: "#/components/schemas/Text" },
          { $ref: "#/components/schemas/JsonSchema" },
          { $ref: "#/components/schemas/JsonObject" },
        ],
        discriminator: {
          propertyName: "type",
          mapping: { Text: "#/components/schemas/Text", json: "#/components/schemas/JsonSchema" },
        },
      },
      {
        Text: { type: "object", required: ["type"], properties: { type: { const: "text" } } },
        JsonSchema: { type: "object", required: ["type"], properties: { type: { enum: ["json_schema"] } } },
        JsonObject: { type: "object", required: ["type"], properties: { type: { enum: ["json_object"] } } },
      },
    );

    const { spec, defects } = repairSpec(doc);

    expect(spec.paths["/a"].get.responses["200"].content["application/json"].schema.discriminator.mapping).toEqual({
      text: "#/components/schemas/Text",
      json_schema: "#/components/schemas/JsonSchema",
      json_object: "#/components/schemas/JsonObject",
    });
    expect(defects).toEqual([
      `${AT}/discriminator/mapping/Text: names #/components/schemas/Text, whose type is "text"; the branch's own value wins: mapped "text" to #/components/schemas/Text instead`,
      `${AT}/discriminator/mapping/json: names #/components/schemas/JsonSchema, whose type is "json_schema"; the branch's own value wins: mapped "json_schema" to #/components/schemas/JsonSchema instead`,
      `${AT}/discriminator/mapping: no entry for #/components/schemas/JsonObject, so type is read as the branches' names ("JsonObject"), but they pin it to "json_object"; the branches' own values win: mapped "json_object" to #/components/schemas/JsonObject`,
    ]);
  });

  it("reads nullable as 3.1 writes it in an OpenAPI 3.0 document without naming it, and names it in a 3.1 one", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string", nullable: true }, b: { type: "integer", nullable: false } },
    };
    const repaired = {
      type: "object",
      properties: { a: { type: ["string", "null"] }, b: { type: "integer" } },
    };
    const v30 = { ...answering(structuredClone(schema)), openapi: "3.0.3" };

    const in30 = repairSpec(v30);
    const in31 = repairSpec(answering(structuredClone(schema)));

    expect(in30.defects).toEqual([]);
    expect(in30.spec.paths["/a"].get.responses["200"].content["application/json"].schema).toEqual(repaired);
    expect(in31.defects).toEqual([
      `${AT}/properties/a/nullable: nullable: true is OpenAPI 3.0; read as type ["string","null"]`,
      `${AT}/properties/b/nullable: nullable: false is OpenAPI 3.0 and means nothing in 3.1; dropped`,
    ]);
    expect(in31.spec.paths["/a"].get.responses["200"].content["application/json"].schema).toEqual(repaired);
  });

  it("drops a format its own lengths leave no room for (a uuid of 24 characters), naming it, and keeps one they allow", () => {
    const doc = answering({
      type: "object",
      properties: {
        contact: { type: "string", format: "uuid", minLength: 24, maxLength: 24 },
        day: { type: "string", format: "date", maxLength: 8 },
        id: { type: "string", format: "uuid", maxLength: 36 },
        at: { type: "string", format: "date-time", minLength: 20, maxLength: 64 },
      },
    });

    const { spec: repaired, defects } = repairSpec(doc);

    const props = repaired.paths["/a"].get.responses["200"].content["application/json"].schema.properties;
    expect(props.contact).toEqual({ type: "string", minLength: 24, maxLength: 24 });
    expect(props.day).toEqual({ type: "string", maxLength: 8 });
    expect(props.id.format).toBe("uuid");
    expect(props.at.format).toBe("date-time");
    expect(defects).toEqual([
      `${AT}/properties/contact/format: uuid is 36 to 45 characters, which minLength 24 and maxLength 24 leave no room for, so no value passes; the format is dropped, the lengths kept`,
      `${AT}/properties/day/format: date is 10 characters, which minLength 0 and maxLength 8 leave no room for, so no value passes; the format is dropped, the lengths kept`,
    ]);
  });

  it("does not change the document it is given", () => {
    const doc = answering({ type: "string", nullable: true });
    const before = structuredClone(doc);

    const { spec } = repairSpec(doc);

    expect(doc).toEqual(before);
    expect(spec.paths["/a"].get.responses["200"].content["application/json"].schema).toEqual({
      type: ["string", "null"],
    });
  });
});

// dev checks the examples on every save with validators kept from the saves before: a kept one
// must never answer for a schema that has changed since, however far down its $refs the change is
describe("checkExamples, save after save", () => {
  const broken = (why: string) =>
    `${AT.replace(/\/schema$/, "")}/example: breaks its own schema (${why}); dropped, so the mock and the docs derive one from the schema`;
  /** A document whose answer is a Limits, which holds a Count: the example's field is two $refs down. */
  const saved = (count: unknown) => {
    const doc = answering(
      { $ref: "#/components/schemas/Limits" },
      { Limits: { type: "object", properties: { max: { $ref: "#/components/schemas/Count" } } }, Count: count },
    );
    Object.assign(doc.paths["/a"].get.responses["200"].content["application/json"], { example: { max: 5 } });
    return doc;
  };

  it("drops an example once a component two $refs away changes so that it breaks, and keeps it once it is fixed", () => {
    expect(repairSpec(saved({ type: "integer" })).defects).toEqual([]);
    expect(repairSpec(saved({ type: "string" })).defects).toEqual([broken("/max must be string")]);
    expect(repairSpec(saved({ type: "integer", maximum: 4 })).defects).toEqual([broken("/max must be <= 4")]);
    expect(repairSpec(saved({ type: "integer" })).defects).toEqual([]);
  });

  it("checks the same schemas in another document of the same shape again, after many saves of others", () => {
    for (let save = 0; save < 12; save++)
      expect(repairSpec(saved({ type: "integer", maximum: 100 + save })).defects).toEqual([]);

    expect(repairSpec(saved({ type: "integer", maximum: 100 })).defects).toEqual([]);
    expect(repairSpec(saved({ type: "integer", minimum: 6 })).defects).toEqual([broken("/max must be >= 6")]);
  });
});
