// Query parameters written as the document's `style` and `explode` say. The oracle is the table of
// style examples in the OpenAPI Specification (3.1.1, "Style Examples"): `color` as the array
// ["blue", "black", "brown"] and as the object { R: 100, G: 200, B: 150 }.
import createFetchClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { method, type Connection } from "../../../src/client/method.js";
import { styledQuery } from "../../../src/client/query-string.js";
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

  it("fails loudly when its row brings no writer of its query, naming the command that writes it, and sends nothing", async () => {
    const server = await faultServer(reply(204, ""));
    const bare: Operation = { ...row, queryStyles: { ids: { explode: false } } };

    const err = await method(bare, direct(server.url))({ ids: ["a"] }).catch((e: unknown) => e);

    expect((err as Error).message).toBe("events.list: no query writer; run npm run generate");
    expect(server.requests).toHaveLength(0);
  });
});
