import { describe, expect, it } from "vitest";
import { clashes, deriveName, malformed } from "../../../scripts/lib/generate/client-methods.mjs";

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
      expect(deriveName(method, "/configuration", beside, { readsOne: one })).toBe(name);
    },
  );

  it.each([
    // its GET answers a list of the items below it: a collection, its parameter choosing which
    ["get", true, "objects.list"],
    ["post", true, "objects.create"],
    ["delete", true, "objects.deleteAll"],
    // its GET answers one thing: an item, whatever lies below it
    ["get", false, "objects.retrieve"],
    ["post", false, "objects.update"],
    ["delete", false, "objects.delete"],
  ])("%s /objects/{type}, above /objects/{type}/{id}, its GET answering a list: %s, is %s", (method, many, name) => {
    const beside = new Map([
      ["/objects/{type}", ["get", "post", "delete"]],
      ["/objects/{type}/{id}", ["get", "delete"]],
    ]);
    expect(deriveName(method, "/objects/{type}", beside, { readsMany: many })).toBe(name);
    expect(deriveName(method, "/objects/{type}/{id}", beside, { readsMany: many })).toBe(
      method === "get" ? "objects.retrieve" : method === "delete" ? "objects.delete" : "objects.update",
    );
  });

  it.each([
    // a path's variant (`path#name`) is the method its fragment names, on its path's groups
    ["post", "/v1/conversations#stream", "conversations.stream"],
    ["get", "/files/{file_id}#get_shared_link", "files.getSharedLink"],
    ["get", "/#status", "api.status"],
  ])("the variant %s %s is %s", (method, path, name) => {
    const beside = new Map([
      ["/v1/conversations", ["post"]],
      ["/files/{file_id}", ["get", "delete"]],
    ]);
    expect(deriveName(method, path, beside, { version: "v1" })).toBe(name);
  });

  it("keeps JavaScript's own names and the client's raw property out of the way", () => {
    expect(deriveName("get", "/constructor/{id}")).toBe("constructorResource.retrieve");
    expect(deriveName("get", "/raw")).toBe("api.raw.retrieve");
    expect(deriveName("get", "/")).toBe("api.retrieve");
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
