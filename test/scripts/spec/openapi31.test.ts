// The 3.1 view of an OpenAPI 3.2 document, which openapi-typescript, Prism and the generator read:
// what it keeps in a 3.1 form, what it drops, each named in a line. Expected views and lines are
// written out here, from the 3.2 and 3.1 specifications.
import { describe, expect, it } from "vitest";
import { operationAt, operationsOf } from "../../../scripts/lib/spec/document.mjs";
import { kept, openapi31 } from "../../../scripts/lib/spec/openapi31.mjs";

const INFO = { title: "Pets", version: "1.0.0" };
const VERSION_LINE =
  "#/openapi: 3.2.0, which openapi-typescript and Prism do not read; the types, the client and the mock read it as 3.1.1, as the lines below say; generated/openapi.json keeps it as written";
const ok = { "200": { description: "ok" } };
const op = (operationId: string) => ({ operationId, responses: ok });

describe("the 3.1 view of a document", () => {
  it("is a 3.0 or 3.1 document itself, the same object, with no line", () => {
    const doc = { openapi: "3.1.0", info: INFO, paths: { "/pets": { get: op("listPets") } } };
    const doc30 = { openapi: "3.0.3", info: INFO, paths: {} };

    expect(openapi31(doc)).toEqual({ spec: doc, changes: [], unsupported: [] });
    expect(openapi31(doc).spec).toBe(doc);
    expect(openapi31(doc30).spec).toBe(doc30);
  });

  it("declares 3.1.1 for a 3.2 document, names the change, and leaves the document as it was", () => {
    const doc = { openapi: "3.2.0", info: INFO, paths: { "/pets": { get: op("listPets") } } };

    const { spec, changes, unsupported } = openapi31(doc);

    expect(spec).toEqual({ openapi: "3.1.1", info: INFO, paths: { "/pets": { get: op("listPets") } } });
    expect(changes).toEqual([VERSION_LINE]);
    expect(unsupported).toEqual([]);
    expect(doc.openapi).toBe("3.2.0");
  });
});

describe("the 3.1 view of what OpenAPI 3.2 adds", () => {
  it("inlines a reference to components.mediaTypes, reads a sequence's itemSchema as an array's items, an event stream's as one event, and drops the component map", () => {
    const pet = { $ref: "#/components/schemas/Pet" };
    const doc = {
      openapi: "3.2.0",
      info: INFO,
      paths: {
        "/pets": {
          put: {
            requestBody: {
              content: {
                "application/json": { schema: pet },
                "application/jsonl": { $ref: "#/components/mediaTypes/PetLines" },
              },
            },
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": { $ref: "#/components/mediaTypes/PetJson" },
                  "text/event-stream": { itemSchema: pet },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: { Pet: { type: "object" } },
        mediaTypes: {
          PetLines: { description: "one pet a line", itemSchema: pet },
          PetJson: { schema: pet, example: { name: "Rex" } },
          Unused: { schema: { type: "string" } },
        },
      },
    };

    const { spec, changes } = openapi31(doc);

    expect(spec).toEqual({
      openapi: "3.1.1",
      info: INFO,
      paths: {
        "/pets": {
          put: {
            requestBody: {
              content: {
                "application/json": { schema: pet },
                "application/jsonl": { schema: { type: "array", items: pet } },
              },
            },
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": { schema: pet, example: { name: "Rex" } },
                  // an item schema that names no field of an event describes its data
                  "text/event-stream": {
                    schema: {
                      type: "object",
                      required: ["data"],
                      properties: {
                        data: pet,
                        event: { type: "string" },
                        id: { type: "string" },
                        retry: { type: "integer", minimum: 0 },
                      },
                    },
                    "x-event-data": { json: true },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { Pet: { type: "object" } } },
    });
    expect(changes).toEqual([
      VERSION_LINE,
      "#/paths/~1pets/put/requestBody/content/application~1jsonl: itemSchema (3.2) read as the items of an array schema, as a 3.1 document describes a sequence of JSON texts",
      "#/paths/~1pets/put/requestBody/content/application~1jsonl: description (3.2) dropped",
      "#/paths/~1pets/put/responses/200/content/text~1event-stream: itemSchema (3.2) read as the schema of one event as the client hands it out, each kind's data as its content (any event: JSON, which the item schema describes, naming no field of an event); which data is JSON kept as x-event-data",
      "#/components/mediaTypes/PetLines: reusable media types are 3.2; inlined at its 1 reference",
      "#/components/mediaTypes/PetJson: reusable media types are 3.2; inlined at its 1 reference",
      "#/components/mediaTypes/Unused: reusable media types are 3.2; referenced nowhere, dropped",
    ]);
    expect(doc.components.mediaTypes.PetLines.itemSchema).toEqual(pet);
  });

  it("inlines a media type whose own content refers back to it once, and names the loop", () => {
    const loop = { $ref: "#/components/mediaTypes/Loop" };
    const part = (content: object) => ({
      part: { headers: { "X-Part": { content: { "application/json": content } } } },
    });
    const doc = {
      openapi: "3.2.0",
      info: INFO,
      paths: { "/a": { get: { responses: { "200": { description: "ok", content: { "application/json": loop } } } } } },
      components: { mediaTypes: { Loop: { schema: { type: "object" }, encoding: part(loop) } } },
    };

    const { spec, changes } = openapi31(doc);

    expect(spec.paths["/a"].get.responses["200"].content).toEqual({
      "application/json": { schema: { type: "object" }, encoding: part({}) },
    });
    expect(changes).toEqual([
      VERSION_LINE,
      "#/paths/~1a/get/responses/200/content/application~1json/encoding/part/headers/X-Part/content/application~1json: $ref #/components/mediaTypes/Loop reaches itself through its own content; read as any value",
      "#/components/mediaTypes/Loop: reusable media types are 3.2; inlined at its 1 reference",
    ]);
  });

  it("moves a path's query and additional operations to stand-ins, and leaves out the rest, a line each", () => {
    const id = { name: "id", in: "path", required: true, schema: { type: "string" } };
    const doc = {
      openapi: "3.2.0",
      info: INFO,
      paths: {
        "/pets/{id}": {
          parameters: [id],
          get: op("getPet"),
          query: op("queryPet"),
          additionalOperations: {
            COPY: op("copyPet"),
            purge: op("purgePet"),
            GET: op("getAgain"),
            CONNECT: op("tunnel"),
            "NO METHOD": op("spaced"),
          },
          post: {
            ...op("watchPet"),
            callbacks: { onChange: { "{$request.body#/url}": { query: op("queryChange"), post: op("change") } } },
          },
        },
        "/linked": { $ref: "#/components/pathItems/Linked" },
      },
      components: { pathItems: { Shared: { query: op("queryShared") }, Linked: { query: op("queryLinked") } } },
    };

    const { spec, changes, unsupported } = openapi31(doc);

    expect(spec.paths).toEqual({
      "/pets/{id}": {
        parameters: [id],
        get: op("getPet"),
        post: { ...op("watchPet"), callbacks: { onChange: { "{$request.body#/url}": { post: op("change") } } } },
      },
      "/linked": { $ref: "#/components/pathItems/Linked" },
    });
    // each operation 3.1 has no field for is the post of a path item of its own, its path's parameters beside it
    const standIn = (method: string, path: string, operationId: string, parameters?: unknown[]) => ({
      "x-stand-in-for": { method, path },
      ...(parameters ? { parameters } : {}),
      post: op(operationId),
    });
    expect(spec.components).toEqual({
      pathItems: {
        Shared: {},
        Linked: {},
        "QUERY /pets/{id}": standIn("QUERY", "/pets/{id}", "queryPet", [id]),
        "COPY /pets/{id}": standIn("COPY", "/pets/{id}", "copyPet", [id]),
        "PURGE /pets/{id}": standIn("PURGE", "/pets/{id}", "purgePet", [id]),
        "QUERY /linked": standIn("QUERY", "/linked", "queryLinked"),
      },
    });
    const moved = (where: string, method: string, key: string, note = "") =>
      `#/paths/${where}/${key}: ${method} (3.2) has no field in 3.1: a method of the client, sent as ${method}${note}; its types are read from a stand-in path item, #/components/pathItems/${method} ${where}, whose post it is`;
    expect(changes).toEqual([
      VERSION_LINE,
      moved("~1pets~1{id}", "QUERY", "query"),
      moved("~1pets~1{id}", "COPY", "additionalOperations/COPY"),
      moved("~1pets~1{id}", "PURGE", "additionalOperations/purge", " (methods are sent in capitals)"),
      moved("~1linked", "QUERY", "query"),
    ]);
    const leftOut = "left out of the client, its types and the mock";
    const outside =
      "of a path item outside paths (a webhook, a callback, or one no path references) is no method of the client; left out";
    expect(unsupported).toEqual([
      `GET /pets/{id} (#/paths/~1pets~1{id}/additionalOperations/GET): the method of the path item's own get field, which 3.2 forbids in additionalOperations; ${leftOut}`,
      `CONNECT /pets/{id} (#/paths/~1pets~1{id}/additionalOperations/CONNECT): a method fetch refuses to send; ${leftOut}`,
      `NO METHOD /pets/{id} (#/paths/~1pets~1{id}/additionalOperations/NO METHOD): no HTTP method (a method is a token: letters, digits and !#$%&'*+.^_\`|~-); ${leftOut}`,
      `#/paths/~1pets~1{id}/post/callbacks/onChange/{$request.body#~1url}/query: QUERY ${outside}`,
      `#/components/pathItems/Shared/query: QUERY ${outside}`,
    ]);
  });

  it("reads a document's operations alike as written and in its view: the eight fields, then QUERY and the others", () => {
    const doc = {
      openapi: "3.2.0",
      info: INFO,
      paths: {
        "/pets": { query: op("queryPets"), get: op("listPets"), additionalOperations: { COPY: op("copyPets") } },
        "/notes": { $ref: "#/components/pathItems/Notes" },
      },
      components: { pathItems: { Notes: { additionalOperations: { purge: op("purge"), TRACK: op("track") } } } },
    };
    const list = (spec: unknown) => operationsOf(spec).map(({ method, path, op }) => [method, path, op.operationId]);
    const expected = [
      ["get", "/pets", "listPets"],
      ["QUERY", "/pets", "queryPets"],
      ["COPY", "/pets", "copyPets"],
      ["PURGE", "/notes", "purge"],
    ];

    expect(list(doc)).toEqual(expected);
    expect(list(openapi31(doc).spec)).toEqual(expected);
    expect(operationAt(openapi31(doc).spec, "purge", "/notes")).toEqual(op("purge"));
    expect(operationAt(doc, "COPY", "/pets")).toEqual(op("copyPets"));
    expect(operationAt(doc, "LOCK", "/pets")).toBeUndefined();
  });

  it("reads a querystring parameter, and a reference to one, as a query parameter of its schema, marked; one of no media type is left out", () => {
    const page = { name: "page", in: "query", schema: { type: "integer" } };
    const form = { type: "object", properties: { name: { type: "string" } } };
    const doc = {
      openapi: "3.2.0",
      info: INFO,
      paths: {
        "/search": {
          parameters: [
            {
              in: "querystring",
              name: "filter",
              required: true,
              content: { "application/x-www-form-urlencoded": { schema: form, example: { name: "Rex" } } },
            },
            { $ref: "#/components/parameters/Q" },
            { in: "querystring", name: "none", content: {} },
            page,
          ],
          get: op("search"),
        },
      },
      components: {
        parameters: { Q: { in: "querystring", name: "q", content: { "application/json": { schema: {} } } } },
      },
    };

    const { spec, changes, unsupported } = openapi31(doc);

    const q = { name: "q", in: "query", schema: {}, "x-querystring": "application/json" };
    expect(spec.paths).toEqual({
      "/search": {
        parameters: [
          {
            name: "filter",
            required: true,
            in: "query",
            schema: form,
            example: { name: "Rex" },
            "x-querystring": "application/x-www-form-urlencoded",
          },
          q,
          page,
        ],
        get: op("search"),
      },
    });
    expect(spec.components).toEqual({ parameters: { Q: q } });
    expect(changes).toEqual([
      VERSION_LINE,
      "#/paths/~1search/parameters/0: querystring parameter filter (3.2: the whole query string, application/x-www-form-urlencoded) read as a query parameter of its schema, marked x-querystring: the method's query argument, checked, sent as application/x-www-form-urlencoded writes it",
      "#/paths/~1search/parameters/1: querystring parameter q (3.2: the whole query string, application/json) read as a query parameter of its schema, marked x-querystring: the method's query argument, checked, sent as application/json writes it",
      "#/components/parameters/Q: querystring parameter q (3.2: the whole query string, application/json) read as a query parameter of its schema, marked x-querystring: the method's query argument, checked, sent as application/json writes it",
    ]);
    expect(unsupported).toEqual([
      "#/paths/~1search/parameters/2: querystring parameter none names no media type; left out",
    ]);
  });

  it("keeps the 3.2 fields of security schemes as extensions generate reads: the device flow, the metadata URL, deprecated", () => {
    const credentials = { tokenUrl: "https://auth.example/token", scopes: { read: "read pets" } };
    const doc = {
      openapi: "3.2.0",
      info: INFO,
      paths: {},
      components: {
        securitySchemes: {
          device: {
            type: "oauth2",
            oauth2MetadataUrl: "https://auth.example/.well-known/oauth-authorization-server",
            flows: {
              deviceAuthorization: { deviceAuthorizationUrl: "https://auth.example/device", ...credentials },
              clientCredentials: credentials,
            },
          },
          old: { type: "http", scheme: "basic", deprecated: true },
        },
      },
    };

    const { spec, changes } = openapi31(doc);

    const device = { deviceAuthorizationUrl: "https://auth.example/device", ...credentials };
    expect(spec.components.securitySchemes).toEqual({
      device: {
        type: "oauth2",
        "x-oauth2-metadata-url": "https://auth.example/.well-known/oauth-authorization-server",
        flows: { "x-device-authorization": device, clientCredentials: credentials },
      },
      old: { type: "http", scheme: "basic", "x-deprecated": true },
    });
    expect(changes).toEqual([
      VERSION_LINE,
      "#/components/securitySchemes/device/flows: deviceAuthorization (3.2, the OAuth device flow) kept as x-device-authorization, which generate names; the client obtains no token itself",
      "#/components/securitySchemes/device: oauth2MetadataUrl (3.2) kept as x-oauth2-metadata-url, which generate names",
      "#/components/securitySchemes/old: deprecated (3.2) kept as x-deprecated, which generate names",
    ]);
    // the generator reads them where they were and where the view keeps them alike
    for (const field of ["deprecated", "oauth2MetadataUrl"] as const)
      for (const [name, scheme] of Object.entries<object>(doc.components.securitySchemes))
        expect(kept(spec.components.securitySchemes[name], field), `${name} ${field}`).toEqual(kept(scheme, field));
    expect(kept(spec.components.securitySchemes.device.flows, "deviceAuthorization")).toEqual(device);
  });

  it("keeps what 3.1 can say of the rest, and drops what it cannot, a line each", () => {
    const doc = {
      openapi: "3.2.1",
      $self: "https://pets.example/openapi.json",
      info: INFO,
      servers: [{ url: "https://pets.example", name: "production" }],
      tags: [
        { name: "pets", summary: "Pets", kind: "nav" },
        { name: "cats", parent: "pets", description: "Cats" },
      ],
      paths: {
        "/pets": {
          get: {
            parameters: [{ name: "session", in: "cookie", style: "cookie", schema: { type: "string" } }],
            responses: {
              "200": {
                summary: "The pets",
                content: {
                  "multipart/mixed": {
                    schema: { type: "object" },
                    encoding: { part: { contentType: "multipart/mixed", prefixEncoding: [{}], itemEncoding: {} } },
                    examples: {
                      one: { dataValue: { name: "Rex" }, serializedValue: '{"name":"Rex"}' },
                      two: { value: { name: "Tom" }, dataValue: { name: "Tom" } },
                    },
                  },
                },
              },
              "404": { summary: "No pet", description: "Not found" },
              default: {},
            },
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            type: "object",
            discriminator: { propertyName: "kind", defaultMapping: "Pet" },
            properties: {
              id: { type: "string", xml: { nodeType: "attribute" } },
              name: { type: "string", xml: { nodeType: "text" } },
            },
          },
        },
      },
    };

    const { spec, changes, unsupported } = openapi31(doc);

    expect(spec).toEqual({
      openapi: "3.1.1",
      info: INFO,
      servers: [{ url: "https://pets.example" }],
      tags: [
        { name: "pets", "x-kind": "nav" },
        { name: "cats", description: "Cats", "x-parent": "pets" },
      ],
      paths: {
        "/pets": {
          get: {
            parameters: [{ name: "session", in: "cookie", schema: { type: "string" } }],
            responses: {
              "200": {
                description: "The pets",
                content: {
                  "multipart/mixed": {
                    schema: { type: "object" },
                    encoding: { part: { contentType: "multipart/mixed" } },
                    examples: { one: { value: { name: "Rex" } }, two: { value: { name: "Tom" } } },
                  },
                },
              },
              "404": { description: "Not found" },
              default: { description: "" },
            },
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            type: "object",
            discriminator: { propertyName: "kind", "x-default-mapping": "Pet" },
            properties: {
              id: { type: "string", xml: { attribute: true } },
              name: { type: "string", xml: {} },
            },
          },
        },
      },
    });
    expect(changes).toEqual([
      VERSION_LINE.replace("3.2.0", "3.2.1"),
      "#/$self: the document's own URI (3.2) dropped; its $refs are read from where its files are",
      "#/servers/0: name (3.2) dropped",
      "#/tags/0: kind (3.2) kept as x-kind: a tag's parent nests the client's groups (client-methods.mjs tagGroups)",
      "#/tags/0: summary (3.2) dropped",
      "#/tags/1: parent (3.2) kept as x-parent: a tag's parent nests the client's groups (client-methods.mjs tagGroups)",
      "#/paths/~1pets/get/parameters/0: style cookie (3.2) dropped; read as form, 3.1's one style of a cookie",
      "#/paths/~1pets/get/responses/200: summary (3.2) read as its description, which 3.1 requires",
      "#/paths/~1pets/get/responses/200/content/multipart~1mixed/encoding/part: prefixEncoding, itemEncoding (3.2) dropped",
      "#/paths/~1pets/get/responses/200/content/multipart~1mixed/examples/one: dataValue (3.2) read as value",
      "#/paths/~1pets/get/responses/200/content/multipart~1mixed/examples/one: serializedValue (3.2) dropped",
      "#/paths/~1pets/get/responses/200/content/multipart~1mixed/examples/two: dataValue (3.2) dropped beside its value",
      "#/paths/~1pets/get/responses/404: summary (3.2) dropped",
      "#/paths/~1pets/get/responses/default: no description (3.2 makes it optional, 3.1 requires it); read as an empty one",
      '#/components/schemas/Pet/discriminator: defaultMapping "Pet" (3.2) kept as x-default-mapping: the checks read a value whose tag no mapping names, or that has none, by the schema it names',
      "#/components/schemas/Pet/properties/id/xml: nodeType attribute (3.2) read as attribute: true",
      '#/components/schemas/Pet/properties/name/xml: nodeType "text" (3.2) dropped; read as 3.1\'s element',
    ]);
    expect(unsupported).toEqual([]);
  });
});
