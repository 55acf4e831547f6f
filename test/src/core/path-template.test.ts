// The one reader of path templates, shared by the client, mockFetch, the mock and the generator.
import { describe, expect, it } from "vitest";
import {
  fillTemplate,
  HTTP_METHODS,
  operationMatcher,
  pathMatcher,
  pathVariant,
  templateParams,
  templatePieces,
} from "../../../src/core/path-template.js";

describe("pathMatcher", () => {
  it("matches the whole path after the base path, one segment per parameter", () => {
    const match = pathMatcher(["/things/{id}/act"], "/v1");

    const paths = [
      "/v1/things/t_1/act",
      "/things/t_1/act",
      "/x/v1/things/t_1/act",
      "/v1/things/t_1/act/more",
      "/v1/things/t_1/t_2/act",
      "/v1/things//act",
      "/v1/v1/things/t_1/act",
    ];
    expect(paths.map((path) => match(path)?.index)).toEqual([
      0,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("reads a base path without the slashes it ends in", () => {
    const match = pathMatcher(["/things/{id}"], "/v1//");

    expect([match("/v1/things/t_1"), match("/v1//things/t_1")]).toEqual([
      { index: 0, params: { id: "t_1" } },
      undefined,
    ]);
  });

  it("finds the operation whose whole template the path is, not one that ends it", () => {
    // the client's base path /v1, then /browsers/x/extensions: never POST /extensions
    const match = pathMatcher(["/extensions", "/browsers/{id}/extensions", "/{kind}/{id}/extensions"], "/v1");

    expect(match("/v1/browsers/x/extensions")).toEqual({ index: 1, params: { id: "x" } });
    expect(match("/v1/extensions")).toEqual({ index: 0, params: {} });
    expect(match("/v1/pools/x/extensions")).toEqual({ index: 2, params: { kind: "pools", id: "x" } });
  });

  it("prefers the template whose first differing segment is literal, whatever the order or the parameter count", () => {
    const match = pathMatcher([
      "/things/{id}/{part}",
      "/things/{id}/stats",
      "/things/mine/{part}",
      "/things/mine/stats",
    ]);

    expect(
      ["/things/mine/stats", "/things/mine/p", "/things/t_1/stats", "/things/t_1/p"].map((path) => match(path)?.index),
    ).toEqual([3, 2, 1, 0]);
    // among equals, the first listed
    expect(pathMatcher(["/a/{x}", "/a/{y}"])("/a/1")).toEqual({ index: 0, params: { x: "1" } });
  });

  it("ranks by segments, whatever the length of a parameter's name or a literal before it", () => {
    // the second segment decides: literal "x" in the second template; read character by character,
    // the first's longer name would put its "{" later and win
    const match = pathMatcher(["/{longname}/{c}/y", "/{a}/x/{b}"]);

    expect(match("/1/x/y")).toEqual({ index: 1, params: { a: "1", b: "y" } });
  });

  it("gives each parameter as the path has it, still percent-encoded, also inside a segment", () => {
    const match = pathMatcher(["/files/{name}.json", "/things/{id}"]);

    expect(match("/things/a%2Fb")).toEqual({ index: 1, params: { id: "a%2Fb" } });
    expect(match("/files/report.v2.json")).toEqual({ index: 0, params: { name: "report.v2" } });
    expect(match("/files/.json")).toBeUndefined();
  });

  it("takes the template's and the base's other characters literally, those special in a regular expression too", () => {
    const match = pathMatcher(["/things+(old)/{id}"], "/v1.2/");

    expect(
      ["/v1.2/things+(old)/t", "/v1x2/things+(old)/t", "/v1.2/thingsss(old)/t", "/v1.2/thingsold/t"].map(
        (path) => match(path) !== undefined,
      ),
    ).toEqual([true, false, false, false]);
  });
});

describe("operationMatcher", () => {
  it("tells methods on one path apart, in any case, and finds nothing for a method the path lacks", () => {
    const ops = [
      { name: "things.get", method: "GET", path: "/things/{id}" },
      { name: "things.delete", method: "delete", path: "/things/{id}" },
      { name: "stats.put", method: "PUT", path: "/things/stats" },
    ];
    const find = operationMatcher(ops, "/v1");

    expect(find("GET", "/v1/things/stats")).toEqual({ operation: ops[0], params: { id: "stats" }, variants: [] });
    expect(find("DELETE", "/v1/things/t_1")?.operation.name).toBe("things.delete");
    expect(find("put", "/v1/things/stats")?.operation.name).toBe("stats.put");
    expect(find("POST", "/v1/things/t_1")).toBeUndefined();
  });
});

describe("a path's variants (path#name)", () => {
  it("split a key at its #: the path a request goes to, and the variant's name", () => {
    expect(pathVariant("/files/{file_id}#get_shared_link")).toEqual({
      path: "/files/{file_id}",
      variant: "get_shared_link",
    });
    expect(pathVariant("/v1/conversations")).toEqual({ path: "/v1/conversations", variant: undefined });
    // a key that is all variant: the path before its # is empty
    expect(pathVariant("#stream")).toEqual({ path: "", variant: "stream" });
  });

  it("are matched on the path without their #name, the plain path first, whatever the order", () => {
    const match = pathMatcher(["/things#stream", "/things", "/files/{id}#link"], "/v1");

    expect(match("/v1/things")).toEqual({ index: 1, params: {} });
    expect(match("/v1/files/f_1")).toEqual({ index: 2, params: { id: "f_1" } });
    expect(match("/v1/things#stream")).toBeUndefined();
  });

  it("are listed beside the plain operation of their method, for the caller to tell apart", () => {
    const ops = [
      { name: "stream", method: "POST", path: "/things#stream" },
      { name: "create", method: "POST", path: "/things" },
      { name: "list", method: "GET", path: "/things" },
      { name: "other", method: "POST", path: "/things/{id}#other" },
    ];
    const find = operationMatcher(ops);

    expect(find("POST", "/things")).toEqual({ operation: ops[1], params: {}, variants: [ops[0]] });
    expect(find("GET", "/things")).toEqual({ operation: ops[2], params: {}, variants: [] });
    expect(find("POST", "/things/t_1")).toEqual({ operation: ops[3], params: { id: "t_1" }, variants: [] });
  });
});

describe("templates", () => {
  it("split, name and fill their parameters", () => {
    expect(templatePieces("/things/{thing_id}/parts/{id}.json")).toEqual([
      "/things/",
      "thing_id",
      "/parts/",
      "id",
      ".json",
    ]);
    expect(templateParams("/things/{thing_id}/parts/{id}")).toEqual(["thing_id", "id"]);
    expect(templateParams("/org/limits")).toEqual([]);
    expect(fillTemplate("{scheme}://api/{v}/x", (name) => name.toUpperCase())).toBe("SCHEME://api/V/x");
  });

  it("list the eight methods of an OpenAPI 3.1 path item", () => {
    expect(HTTP_METHODS).toEqual(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  });
});
