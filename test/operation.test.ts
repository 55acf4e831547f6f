import { readdirSync, readFileSync } from "node:fs";
import createFetchClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import type { Operation } from "../generated/operations.js";
import { idempotencyOverrides, method, type Call } from "../src/operation.js";
import { result } from "../src/response.js";
import { ValidationError } from "../src/index.js";
import { faultServer, reply } from "./support/fault-server.js";
import { spec } from "./support/contract.js";

const src = new URL("../src/", import.meta.url);

describe("src/", () => {
  it("names no operation, path or schema of the spec: every method comes from the generated table", () => {
    const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    // code only: prose in a comment may use a word that is also a schema's name ("Browser")
    const text = files.map((f) => readFileSync(new URL(f, src), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")).join("\n");
    const ops = Object.entries<Record<string, { operationId?: string; "x-client-method"?: string }>>(spec.paths).flatMap(([path, item]) =>
      Object.values(item)
        .filter((op) => typeof op === "object" && op !== null)
        .flatMap((op) => [path, op.operationId, op["x-client-method"]]),
    );
    // the spec's `Error` shares its name with JavaScript's
    const schemas = Object.keys(spec.components?.schemas ?? {}).filter((name) => name !== "Error");
    const names = [...new Set([...ops, ...schemas].filter((n): n is string => typeof n === "string"))];

    expect(files.length).toBeGreaterThan(5);
    expect(names.filter((name) => new RegExp(`(?<![\\w.])${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?![\\w])`).test(text))).toEqual([]);
  });
});

/** A Call straight through openapi-fetch to `baseUrl`, without the client's transport. */
const direct = (baseUrl: string): Call => (options, _op, run) => result(run(createFetchClient({ baseUrl }) as never, { headers: options?.headers ?? {}, fetch: (r) => fetch(r) }));

const listWidgets: Operation = { name: "widgets.list", method: "GET", path: "/shops/{shop}/widgets", params: ["shop"], query: 0, status: 200, answer: "other", idempotent: true };

describe("a method built from a table entry", () => {
  it("takes path parameters in path order, then the query object, and sends them encoded", async () => {
    const server = await faultServer(reply(200, "{}"));
    const entry: Operation = { ...listWidgets, path: "/shops/{shop}/aisles/{aisle}/widgets", params: ["shop", "aisle"], query: undefined, answer: "json" };

    await method(entry, direct(server.url))("s/1", "a 2");

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /shops/s%2F1/aisles/a%202/widgets"]);
  });

  it("refuses an empty path parameter and sends nothing", async () => {
    const server = await faultServer(reply(200, "{}"));

    const err = (await method({ ...listWidgets, query: undefined }, direct(server.url))("").catch((e: unknown) => e)) as ValidationError;

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([{ path: "shop", message: "must not be empty" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("resolves to the Response itself for an answer that is not JSON, body unread", async () => {
    const server = await faultServer(reply(200, "event: ping\n\n", { "Content-Type": "text/event-stream" }));

    const response = (await method({ ...listWidgets, query: undefined }, direct(server.url))("s1")) as Response;

    expect(response).toBeInstanceOf(Response);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toBe("event: ping\n\n");
  });
});

describe("the raw client's retry policy", () => {
  it("follows an operation's x-idempotent where it overrides the HTTP method, and says nothing elsewhere", () => {
    const table: Operation[] = [
      { name: "runs.create", method: "PUT", path: "/runs/{id}", params: ["id"], status: 200, answer: "empty", idempotent: false },
      { name: "searches.run", method: "POST", path: "/searches", status: 200, answer: "json", idempotent: true },
      { name: "runs.retrieve", method: "GET", path: "/runs/{id}", params: ["id"], status: 200, answer: "json", idempotent: true },
    ];
    const idempotent = idempotencyOverrides(table);

    expect(idempotent("PUT", "https://api.example.com/v1/runs/r_1")).toBe(false);
    expect(idempotent("POST", "https://api.example.com/searches?q=1")).toBe(true);
    expect(idempotent("GET", "https://api.example.com/runs/r_1")).toBeUndefined();
    expect(idempotent("PUT", "https://api.example.com/runs/r_1/extra")).toBeUndefined();
  });
});
