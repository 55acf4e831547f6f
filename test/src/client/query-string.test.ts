// Query parameters written as the document's `style` and `explode` say. The oracle is the table of
// style examples in the OpenAPI Specification (3.1.1, "Style Examples"): `color` as the array
// ["blue", "black", "brown"] and as the object { R: 100, G: 200, B: 150 }.
import createFetchClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { method, type Connection } from "../../../src/client/method.js";
import { styledQuery, wholeQuery } from "../../../src/client/query-string.js";
import { faultServer, reply } from "../../support/fault-server.js";

const color = ["blue", "black", "brown"];
const rgb = { R: 100, G: 200, B: 150 };

describe("a query written as the document's style says", () => {
  it.each([
    ["form, explode false, array", { style: "form", explode: false }, color, "color=blue,black,brown"],
    ["form, explode true, array", { style: "form" }, color, "color=blue&color=black&color=brown"],
    ["spaceDelimited, array", { style: "spaceDelimited", explode: false }, color, "color=blue%20black%20brown"],
    ["pipeDelimited, array", { style: "pipeDelimited", explode: false }, color, "color=blue|black|brown"],
    ["form, explode false, object", { style: "form", explode: false }, rgb, "color=R,100,G,200,B,150"],
    ["form, explode true, object", { style: "form" }, rgb, "R=100&G=200&B=150"],
    ["deepObject, object", { style: "deepObject" }, rgb, "color[R]=100&color[G]=200&color[B]=150"],
  ] as const)("%s", (_, how, value, written) => {
    expect(styledQuery({ color: how })({ color: value })).toBe(written);
  });

  it("writes a parameter it names no style for as openapi-fetch does, and leaves out what is empty or absent", () => {
    const serializer = styledQuery({ ids: { explode: false } });

    expect(serializer({ ids: [1, 2], tags: ["a", "b"], filter: { state: "open" }, q: "x y", gone: undefined })).toBe(
      "ids=1,2&tags=a&tags=b&filter[state]=open&q=x%20y",
    );
    expect(serializer({ ids: [], filter: {}, none: null })).toBe("");
    expect(serializer({ a: 1, filter: {}, b: 2 })).toBe("a=1&b=2");
  });
});

describe("a method whose row says how its query is written", () => {
  const direct = (baseUrl: string): Connection => ({
    raw: createFetchClient({ baseUrl }) as never,
    readers: {},
    fetchFor: (_op, _limits, state) => async (request) => (state.answer = await fetch(request)),
  });
  const row: Operation = {
    name: "events.list",
    method: "GET",
    path: "/events",
    query: {} as never,
    status: 200,
    answer: "empty",
    idempotent: true,
  };

  it("sends each parameter as its style says, the others as openapi-fetch writes them", async () => {
    const server = await faultServer(reply(204, ""));
    // as the generated table writes it: the row brings the writer of its query
    const styled: Operation = {
      ...row,
      queryStyles: { filter: {}, ids: { explode: false } },
      readers: { styledQuery },
    };
    const query = { filter: { user_id: "u 1" }, ids: ["a", "b"], type: "user", tags: ["x", "y"] };

    await method(styled, direct(server.url))(query);
    await method(row, direct(server.url))(query);

    expect(server.requests.map((r) => r.url)).toEqual([
      "/events?user_id=u%201&ids=a,b&type=user&tags=x&tags=y",
      "/events?filter[user_id]=u%201&ids=a&ids=b&type=user&tags=x&tags=y",
    ]);
  });

  it("writes OpenAPI 3.2's querystring from one value with the writer its row or its client brings", async () => {
    const server = await faultServer(reply(204, ""));
    const whole: Operation = { ...row, querystring: { name: "filter", type: "application/json" } };

    await method({ ...whole, readers: { wholeQuery } }, direct(server.url))({ n: [1, 2] });
    await method(whole, { ...direct(server.url), readers: { wholeQuery } })({ state: "open" });
    const err = await method(whole, direct(server.url))({ n: 1 }).catch((e: unknown) => e);

    expect(server.requests.map((r) => r.url)).toEqual([
      "/events?%7B%22n%22%3A%5B1%2C2%5D%7D",
      "/events?%7B%22state%22%3A%22open%22%7D",
    ]);
    expect((err as Error).message).toBe("events.list: no query writer; run npm run generate");
  });

  it("fails loudly when its row brings no writer of its query, naming the command that writes it, and sends nothing", async () => {
    const server = await faultServer(reply(204, ""));
    const bare: Operation = { ...row, queryStyles: { ids: { explode: false } } };

    const err = await method(bare, direct(server.url))({ ids: ["a"] }).catch((e: unknown) => e);

    expect((err as Error).message).toBe("events.list: no query writer; run npm run generate");
    expect(server.requests).toHaveLength(0);
  });
});

// OpenAPI 3.2's `querystring`: the whole query from one value, as its media type says. The oracles are
// the texts URLSearchParams' form encoding (WHATWG URL, application/x-www-form-urlencoded) and
// encodeURIComponent give, written out.
describe("a whole query written from one value", () => {
  const FORM = "application/x-www-form-urlencoded";

  it.each([
    ["an object's fields, an array repeated", { name: "Rex", tags: ["a", "b"] }, "name=Rex&tags=a&tags=b"],
    ["a space as +, reserved characters escaped", { q: "x y&z=1" }, "q=x+y%26z%3D1"],
    ["an object field as its JSON text", { filter: { state: "open" } }, "filter=%7B%22state%22%3A%22open%22%7D"],
    ["null and undefined fields and items left out", { a: null, b: undefined, c: [1, null, undefined, 2] }, "c=1&c=2"],
    ["numbers and booleans as their text", { n: 1.5, ok: false }, "n=1.5&ok=false"],
    ["an empty object as nothing", {}, ""],
  ])("form: %s", (_, value, written) => {
    expect(wholeQuery(FORM)(value)).toBe(written);
  });

  it.each([
    ["a string, percent-encoded", "a b&c", "a%20b%26c"],
    ["a number", 5, "5"],
    ["an array, as its items joined", [1, 2], "1%2C2"],
    ["null", null, ""],
    ["undefined", undefined, ""],
  ])("form, a value that is no object of fields: %s", (_, value, written) => {
    expect(wholeQuery(FORM)(value)).toBe(written);
  });

  it("reads the form media type whatever its case and parameters, and no longer name as it", () => {
    expect(wholeQuery("Application/X-WWW-Form-URLEncoded; charset=utf-8")({ a: "b c" })).toBe("a=b+c");
    // not the form type: the value's JSON text, as any other type writes an object
    expect(wholeQuery(`${FORM}x`)({ a: "b" })).toBe("%7B%22a%22%3A%22b%22%7D");
    // nor a type whose name only ends in it
    expect(wholeQuery(`vnd.${FORM}`)({ a: "b" })).toBe("%7B%22a%22%3A%22b%22%7D");
  });

  it.each([
    ["application/json", "a b", "%22a%20b%22"],
    ["application/json; charset=utf-8", { n: [1, 2] }, "%7B%22n%22%3A%5B1%2C2%5D%7D"],
    ["application/problem+json", "x", "%22x%22"],
    ["APPLICATION/JSON", true, "true"],
    ["application/json", undefined, ""],
    ["application/jsonx", "a b", "a%20b"],
    ["text/application/json", "a b", "a%20b"],
    ["text/plain", "a b", "a%20b"],
    ["text/plain", { a: 1 }, "%7B%22a%22%3A1%7D"],
    ["text/plain", 7, "7"],
    ["text/plain", undefined, ""],
  ])("%s writes %j as %s", (type, value, written) => {
    expect(wholeQuery(type)(value)).toBe(written);
  });
});
