// A whole document's names: a clash between two derived names resolved by what tells the two
// operations apart (openapi/paths/README.md's rule table), never by an HTTP method put before the
// name or a path parameter's name pasted in.
import { describe, expect, it } from "vitest";
import { assignNames } from "../../../scripts/lib/generate/name-clashes.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { repairSpec } from "../../../scripts/lib/spec/repair.mjs";
import { pastedNames } from "../../documents/oracles.js";

/** Operations written as `METHOD /path`. */
const ops = (...lines: string[]) =>
  lines.map((line) => {
    const [method, path] = line.split(" ");
    return { method: method!, path: path! };
  });
const json = (ref: string) => ({ status: 200, kind: "json", schema: { $ref: `#/components/schemas/${ref}` } });

describe("names for a whole document", () => {
  it("keeps every given name, derives the rest, and resolves a clash with a readable name, then a number", () => {
    const { names, derived, resolved } = assignNames([
      { method: "GET", path: "/org/limits", given: "organization.limits.retrieve" },
      { method: "GET", path: "/things/{id}/export", operationId: "exportThing" },
      { method: "GET", path: "/things/export", operationId: "exportAllThings" },
      { method: "GET", path: "/widgets" },
      { method: "GET", path: "/widgets/", operationId: "listAllWidgets" },
      { method: "GET", path: "/widgets//" },
    ]);

    expect(names).toEqual([
      "organization.limits.retrieve",
      "things.export",
      "things.retrieveExport",
      "widgets.retrieve",
      "widgets.retrieve2",
      "widgets.retrieve3",
    ]);
    expect(derived).toHaveLength(5);
    expect(resolved).toEqual([
      "GET /things/export: things.export was taken; named things.retrieveExport",
      "GET /widgets/: widgets.retrieve was taken; named widgets.retrieve2",
      "GET /widgets//: widgets.retrieve was taken; named widgets.retrieve3",
    ]);
  });

  it("names a resource's method after its leaf when the plain name is taken, never after the operationId", () => {
    const { names, resolved } = assignNames([
      { method: "GET", path: "/invocations/{id}/browsers", operationId: "listInvocationBrowsers" },
      { method: "GET", path: "/z", given: "invocations.browsers.retrieve" },
    ]);

    expect(names).toEqual(["invocations.retrieveBrowsers", "invocations.browsers.retrieve"]);
    expect(resolved).toEqual([
      "GET /invocations/{id}/browsers: invocations.browsers was taken; named invocations.retrieveBrowsers",
    ]);
  });

  it("never joins a method named as its HTTP method to a word of the path: that reads as the method put before it", () => {
    const { names } = assignNames([
      { method: "DELETE", path: "/invocations/{id}/browsers" },
      { method: "GET", path: "/z", given: "invocations.browsers.delete" },
    ]);

    expect(names).toEqual(["invocations.browsers.delete2", "invocations.browsers.delete"]);
  });

  it("never names a method like a group of other methods: the action leaf becomes a resource", () => {
    const { names, resolved } = assignNames([
      { method: "POST", path: "/a/{id}/b", operationId: "doB" },
      { method: "GET", path: "/z", given: "a.b.c" },
    ]);

    expect(names).toEqual(["a.b.create", "a.b.c"]);
    expect(resolved).toEqual(["POST /a/{id}/b: a.b was taken; named a.b.create"]);
  });

  it("never puts a method under a name that is a method itself", () => {
    const { names } = assignNames(ops("GET /p/{id}/export", "GET /p/export"));

    expect(names).toEqual(["p.export", "p.retrieveExport"]);
  });
});

describe("a document's version segment", () => {
  it("is no group where the document has one version, and stays where two stand side by side", () => {
    const { names } = assignNames(
      ops(
        "GET /v2/droplets",
        "GET /v2/droplets/{droplet_id}",
        "POST /v1/messages",
        "GET /v1/images/{id}",
        "GET /v2/images/{id}",
      ),
    );

    expect(names).toEqual([
      "droplets.list",
      "droplets.retrieve",
      "messages.create",
      "v1.images.retrieve",
      "v2.images.retrieve",
    ]);
  });

  it("leaves a path whose first segment only looks like a version alone", () => {
    expect(assignNames(ops("GET /vault/{id}", "GET /v1beta1/keys")).names).toEqual(["vault.retrieve", "keys.retrieve"]);
  });

  it("is judged on a variant's path without its #name", () => {
    expect(
      assignNames(ops("POST /v1/conversations", "POST /v1/conversations#stream", "GET /v2/conversations")).names,
    ).toEqual(["v1.conversations.create", "v1.conversations.stream", "v2.conversations.retrieve"]);
  });
});

describe("a clash between derived names", () => {
  it("is never resolved by pasting a path parameter's name or putting the HTTP method before it", () => {
    // equivalent templates: the repair (repair-paths.mjs) joins their methods on one route; one
    // that both give is a second operation of the same route, numbered
    const { names, resolved } = assignNames(ops("GET /things/{id}", "GET /things/{thing_id}"));

    expect(names).toEqual(["things.retrieve", "things.retrieve2"]);
    expect(resolved).toEqual(["GET /things/{thing_id}: things.retrieve was taken; named things.retrieve2"]);
  });

  it("names the same path with more parameters `In` the scope they name", () => {
    const { names, resolved } = assignNames(
      ops(
        "PUT /_bulk",
        "POST /_bulk",
        "PUT /{index}/_bulk",
        "POST /{index}/_bulk",
        "PUT /_scripts/{id}",
        "PUT /_scripts/{id}/{context}",
      ),
    );

    expect(names).toEqual([
      "bulk.replace",
      "bulk.create",
      "bulk.replaceIn",
      "bulk.createIn",
      "scripts.update",
      "scripts.updateIn",
    ]);
    expect(resolved).toEqual([
      "PUT /{index}/_bulk: bulk.replace was taken; named bulk.replaceIn",
      "POST /{index}/_bulk: bulk.create was taken; named bulk.createIn",
      "PUT /_scripts/{id}/{context}: scripts.update was taken; named scripts.updateIn",
    ]);
  });

  it("names the body form of a GET, which fetch cannot send, as the GET's name WithBody, in its scope too", () => {
    const { names } = assignNames([
      { method: "GET", path: "/_search", bodySentBy: "post" },
      { method: "POST", path: "/_search" },
      { method: "GET", path: "/{index}/_search", bodySentBy: "post" },
      { method: "POST", path: "/{index}/_search" },
      // a POST beside a GET that declares no body of its own is named as the table says
      { method: "GET", path: "/registry/subscription" },
      { method: "POST", path: "/registry/subscription" },
    ]);

    expect(names).toEqual([
      "search.list",
      "search.listWithBody",
      "search.listIn",
      "search.listInWithBody",
      "registry.subscription.list",
      "registry.subscription.create",
    ]);
  });

  it("names an item's POST beside its collection's create by what it answers: a copy `From` it, else `At` its address", () => {
    const { names } = assignNames([
      { method: "POST", path: "/designs", success: { ...json("Design"), status: 201 } },
      { method: "GET", path: "/designs/{id}", success: json("Design") },
      { method: "POST", path: "/designs/{id}", success: { ...json("Design"), status: 201 } },
      { method: "PATCH", path: "/designs/{id}", success: json("Design") },
      { method: "POST", path: "/{index}/_doc", success: json("Written") },
      { method: "GET", path: "/{index}/_doc/{id}", success: json("Document") },
      { method: "PUT", path: "/{index}/_doc/{id}", success: json("Written") },
      { method: "POST", path: "/{index}/_doc/{id}", success: json("Written") },
    ]);

    expect(names).toEqual([
      "designs.create",
      "designs.retrieve",
      "designs.createFrom",
      "designs.update",
      "doc.create",
      "doc.retrieve",
      "doc.update",
      "doc.createAt",
    ]);
  });

  it("names an item's method that an action leaf of its collection holds on `One`", () => {
    const { names, resolved } = assignNames(
      ops("POST /indexes/{uid}/documents/delete", "DELETE /indexes/{uid}/documents/{document_id}"),
    );

    expect(names).toEqual(["indexes.documents.delete", "indexes.documents.deleteOne"]);
    expect(resolved).toEqual([
      "DELETE /indexes/{uid}/documents/{document_id}: indexes.documents.delete was taken; named indexes.documents.deleteOne",
    ]);
  });

  it("names each variant of a path from its #name, beside the plain path's method", () => {
    const { names } = assignNames(
      ops(
        "POST /v1/conversations",
        "POST /v1/conversations#stream",
        "GET /files/{file_id}",
        "GET /files/{file_id}#get_shared_link",
      ),
    );

    expect(names).toEqual(["conversations.create", "conversations.stream", "files.retrieve", "files.getSharedLink"]);
  });

  it("names equivalent templates (/a/{x} beside /a/{y}) as one route's, by the table, never by a parameter's name", () => {
    const id = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
    const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } };
    const { spec } = repairSpec({
      openapi: "3.1.0",
      info: { title: "connectors", version: "1.0.0" },
      paths: {
        "/v1/connectors/{connector_id_or_name}": {
          parameters: [id("connector_id_or_name")],
          get: { responses: ok },
          patch: { responses: ok },
        },
        "/v1/connectors/{connector_id}": {
          parameters: [id("connector_id")],
          delete: { responses: ok },
          get: { responses: ok },
        },
      },
    });

    const { operations } = readOperations(spec);

    expect(operations.map((op) => `${op.method} ${op.path} -> ${op.name}`)).toEqual([
      "GET /v1/connectors/{connector_id_or_name} -> connectors.retrieve",
      "DELETE /v1/connectors/{connector_id_or_name} -> connectors.delete",
      "PATCH /v1/connectors/{connector_id_or_name} -> connectors.update",
      // the GET both templates give stays where it is, which a router never reaches: numbered
      "GET /v1/connectors/{connector_id} -> connectors.retrieve2",
    ]);
    expect(pastedNames(operations)).toEqual([]);
  });
});
