import { describe, expect, it } from "vitest";
import { assignNames, clashes, deriveName, malformed } from "../../scripts/lib/client-methods.mjs";

describe("a client name derived from path and method", () => {
  const paths = new Map([
    ["/keys", ["get", "post"]],
    ["/keys/{id}", ["get", "patch", "put", "delete"]],
    ["/keys/{id}/rotate", ["post"]],
    ["/browsers/{id}/replays", ["get", "post"]],
    ["/browsers/{id}/replays/{replay_id}", ["get"]],
    ["/browsers/{id}/computer/click_mouse", ["post"]],
    ["/audit-logs/search", ["post"]],
  ]);

  it.each([
    ["get", "/keys", "keys.list"],
    ["post", "/keys", "keys.create"],
    ["get", "/keys/{id}", "keys.retrieve"],
    ["patch", "/keys/{id}", "keys.update"],
    ["put", "/keys/{id}", "keys.update"],
    ["delete", "/keys/{id}", "keys.delete"],
    ["post", "/keys/{id}/rotate", "keys.rotate"],
    ["get", "/browsers/{id}/replays", "browsers.replays.list"],
    ["post", "/browsers/{id}/replays", "browsers.replays.create"],
    ["post", "/browsers/{id}/computer/click_mouse", "browsers.computer.clickMouse"],
    ["post", "/audit-logs/search", "auditLogs.search"],
    ["GET", "/keys", "keys.list"],
  ])("%s %s is %s", (method, path, name) => {
    expect(deriveName(method, path, paths)).toBe(name);
  });

  it("keeps JavaScript's own names and the client's raw property out of the way", () => {
    expect(deriveName("get", "/constructor/{id}")).toBe("constructorResource.retrieve");
    expect(deriveName("get", "/raw")).toBe("api.raw.list");
    expect(deriveName("get", "/")).toBe("api.list");
  });
});

describe("names for a whole document", () => {
  it("keeps every given name, derives the rest, and resolves a clash with the operationId, then the method, then a number", () => {
    const { names, derived, resolved } = assignNames([
      { method: "GET", path: "/org/limits", given: "organization.limits.retrieve" },
      { method: "GET", path: "/widgets" },
      { method: "GET", path: "/widgets/", operationId: "listAllWidgets" },
      { method: "GET", path: "/widgets//" },
      { method: "GET", path: "/widgets///" },
    ]);

    expect(names).toEqual(["organization.limits.retrieve", "widgets.list", "widgets.listAllWidgets", "widgets.getList", "widgets.list2"]);
    expect(derived).toHaveLength(4);
    expect(resolved).toEqual([
      "GET /widgets/: widgets.list was taken; named widgets.listAllWidgets",
      "GET /widgets//: widgets.list was taken; named widgets.getList",
      "GET /widgets///: widgets.list was taken; named widgets.list2",
    ]);
  });

  it("never names a method like a group of other methods", () => {
    const { names, resolved } = assignNames([
      { method: "POST", path: "/a/{id}/b", operationId: "doB" },
      { method: "GET", path: "/z", given: "a.b.c" },
    ]);

    expect(names).toEqual(["a.doB", "a.b.c"]);
    expect(resolved).toEqual(["POST /a/{id}/b: a.b was taken; named a.doB"]);
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
