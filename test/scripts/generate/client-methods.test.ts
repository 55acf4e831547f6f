import { describe, expect, it } from "vitest";
import { assignNames, clashes, deriveName, malformed } from "../../../scripts/lib/generate/client-methods.mjs";

describe("a client name derived from path and method", () => {
  const paths = new Map([
    ["/keys", ["get", "post"]],
    ["/keys/{id}", ["get", "patch", "put", "delete"]],
    ["/keys/{id}/rotate", ["post"]],
    ["/browsers/{id}/replays", ["get", "post"]],
    ["/browsers/{id}/replays/{replay_id}", ["get"]],
    ["/browsers/{id}/computer/click_mouse", ["post"]],
    ["/browsers/{id}/fs/read_file", ["get"]],
    ["/browsers/{id}/fs/write_file", ["put"]],
    ["/browsers/{id}/fs/delete_file", ["delete"]],
    ["/browsers/{id}/fs/tree", ["get"]],
    ["/browsers/{id}/logs", ["get"]],
    ["/browsers/{id}/logs/stream", ["get"]],
    ["/browsers/{id}/viewport", ["put"]],
    ["/extensions/from_chrome_store", ["get"]],
    ["/profiles/{id}/download", ["get"]],
    ["/org", ["get", "patch"]],
    ["/org/limits", ["get", "patch"]],
    ["/invocations/{id}/browsers", ["get", "delete"]],
    ["/audit-logs", ["get"]],
    ["/audit-logs/search", ["post"]],
    ["/things/{id}/doThis", ["post"]],
  ]);

  it.each([
    // items and collections by REST habit
    ["get", "/keys", "keys.list"],
    ["post", "/keys", "keys.create"],
    ["get", "/keys/{id}", "keys.retrieve"],
    ["patch", "/keys/{id}", "keys.update"],
    ["put", "/keys/{id}", "keys.replace"],
    ["delete", "/keys/{id}", "keys.delete"],
    ["GET", "/keys", "keys.list"],
    ["get", "/browsers/{id}/replays", "browsers.replays.list"],
    ["post", "/browsers/{id}/replays", "browsers.replays.create"],
    ["get", "/audit-logs", "auditLogs.list"],
    ["get", "/browsers/{id}/logs", "browsers.logs.list"],
    // action leaves: verbs on their parent
    ["post", "/keys/{id}/rotate", "keys.rotate"],
    ["post", "/browsers/{id}/computer/click_mouse", "browsers.computer.clickMouse"],
    ["get", "/browsers/{id}/fs/read_file", "browsers.fs.readFile"],
    ["put", "/browsers/{id}/fs/write_file", "browsers.fs.writeFile"],
    ["delete", "/browsers/{id}/fs/delete_file", "browsers.fs.deleteFile"],
    ["get", "/browsers/{id}/logs/stream", "browsers.logs.stream"],
    ["get", "/extensions/from_chrome_store", "extensions.fromChromeStore"],
    ["get", "/profiles/{id}/download", "profiles.download"],
    ["post", "/audit-logs/search", "auditLogs.search"],
    ["post", "/things/{id}/doThis", "things.doThis"],
    // one thing, read and changed as a whole
    ["get", "/org", "org.retrieve"],
    ["get", "/org/limits", "org.limits.retrieve"],
    ["patch", "/org/limits", "org.limits.update"],
    ["get", "/browsers/{id}/fs/tree", "browsers.fs.tree.retrieve"],
    ["put", "/browsers/{id}/viewport", "browsers.viewport.update"],
    ["get", "/invocations/{id}/browsers", "invocations.browsers.retrieve"],
    ["delete", "/invocations/{id}/browsers", "invocations.browsers.delete"],
  ])("%s %s is %s", (method, path, name) => {
    expect(deriveName(method, path, paths)).toBe(name);
  });

  it.each([
    // many services change an item with POST: a hand-written SDK calls it update
    ["post", "/things/{thing_id}", [["/things/{thing_id}", ["get", "post", "delete"]]], "things.update"],
    // beside a PUT or a PATCH, which change it, a POST on the item makes something
    ["post", "/things/{id}", [["/things/{id}", ["post", "patch"]]], "things.create"],
    ["put", "/things/{id}", [["/things/{id}", ["put"]]], "things.update"],
    ["put", "/things/{id}", [["/things/{id}", ["put", "patch"]]], "things.replace"],
  ])("%s %s, beside %j, is %s", (method, path, beside, name) => {
    expect(deriveName(method, path, new Map(beside as [string, string[]][]))).toBe(name);
  });

  it.each([
    // a GET that answers one thing beside a POST: the POST changes it (`/v1/Configuration`)
    ["get", true, "configuration.retrieve"],
    ["post", true, "configuration.update"],
    // a GET that answers a list beside a POST: a collection
    ["get", false, "configuration.list"],
    ["post", false, "configuration.create"],
  ])(
    "%s /configuration beside GET and POST and paths below it, its GET answering one thing: %s, is %s",
    (method, one, name) => {
      const beside = new Map([
        ["/configuration", ["get", "post"]],
        ["/configuration/webhooks", ["get", "post"]],
      ]);
      expect(deriveName(method, "/configuration", beside, undefined, one)).toBe(name);
    },
  );

  it("keeps JavaScript's own names and the client's raw property out of the way", () => {
    expect(deriveName("get", "/constructor/{id}")).toBe("constructorResource.retrieve");
    expect(deriveName("get", "/raw")).toBe("api.raw.retrieve");
    expect(deriveName("get", "/")).toBe("api.retrieve");
  });
});

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
      "widgets.getRetrieve",
      "widgets.retrieve2",
    ]);
    expect(derived).toHaveLength(5);
    expect(resolved).toEqual([
      "GET /things/export: things.export was taken; named things.retrieveExport",
      "GET /widgets/: widgets.retrieve was taken; named widgets.getRetrieve",
      "GET /widgets//: widgets.retrieve was taken; named widgets.retrieve2",
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

  it("never names a method like a group of other methods: the action leaf becomes a resource", () => {
    const { names, resolved } = assignNames([
      { method: "POST", path: "/a/{id}/b", operationId: "doB" },
      { method: "GET", path: "/z", given: "a.b.c" },
    ]);

    expect(names).toEqual(["a.b.create", "a.b.c"]);
    expect(resolved).toEqual(["POST /a/{id}/b: a.b was taken; named a.b.create"]);
  });

  it("never puts a method under a name that is a method itself", () => {
    const { names } = assignNames([
      { method: "GET", path: "/p/{id}/export" },
      { method: "GET", path: "/p/export" },
    ]);

    expect(names).toEqual(["p.export", "p.retrieveExport"]);
  });
});

describe("a document's version segment", () => {
  it("is no group where the document has one version, and stays where two stand side by side", () => {
    const { names } = assignNames([
      { method: "GET", path: "/v2/droplets" },
      { method: "GET", path: "/v2/droplets/{droplet_id}" },
      { method: "POST", path: "/v1/messages" },
      { method: "GET", path: "/v1/images/{id}" },
      { method: "GET", path: "/v2/images/{id}" },
    ]);

    expect(names).toEqual([
      "droplets.list",
      "droplets.retrieve",
      "messages.create",
      "v1.images.retrieve",
      "v2.images.retrieve",
    ]);
  });

  it("leaves a path whose first segment only looks like a version alone", () => {
    expect(
      assignNames([
        { method: "GET", path: "/vault/{id}" },
        { method: "GET", path: "/v1beta1/keys" },
      ]).names,
    ).toEqual(["vault.retrieve", "keys.retrieve"]);
  });
});

describe("a clash between derived names", () => {
  it("is never resolved by pasting a path parameter's name", () => {
    const { names, resolved } = assignNames([
      { method: "GET", path: "/things/{id}" },
      { method: "GET", path: "/things/{thing_id}" },
    ]);

    expect(names).toEqual(["things.retrieve", "things.getRetrieve"]);
    expect(resolved).toEqual(["GET /things/{thing_id}: things.retrieve was taken; named things.getRetrieve"]);
  });
});

describe("the lint rule's judgement of a given name", () => {
  it.each([
    ["browsers.computer.clickMouse", undefined],
    ["Browsers.list", "must be dot-separated camelCase"],
    ["browsers..list", "must be dot-separated camelCase"],
    ["browsers.then", 'the segment "then" is reserved'],
    ["widgets.__proto__.x", "must be dot-separated camelCase"],
    ["a.constructor", 'the segment "constructor" is reserved'],
    ["raw.list", 'the client\'s own "raw" property'],
  ])("%s", (name, why) => {
    const verdict = malformed(name);
    if (why === undefined) expect(verdict).toBeUndefined();
    else expect(verdict).toContain(why);
  });

  it("finds a name given twice, and a method that is also a group", () => {
    expect([...clashes(["a.b", "a.b", "c.d", "c.d.e"]).keys()].sort()).toEqual(["a.b", "c.d"]);
  });
});
