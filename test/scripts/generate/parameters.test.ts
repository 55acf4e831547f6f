import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { generateOnce } from "../../support/generate-once.js";

// a document whose path parameters carry a pattern and a minimum, and whose operations declare
// header parameters (an enum, a uuid, and an Accept that OpenAPI says to ignore)
const FIXTURE = fileURLToPath(new URL("../fixtures/parameters", import.meta.url));
// the fixture's OrderId schema, as the checks hold it
const ORDER_ID = { type: ["string"], pattern: "^(0|[1-9][0-9]*)$" };
const UUID = "9b2f6c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b";

let copy: { dir: string; remove: () => void };
let operations: any[];
let schemas: unknown[];
let createClient: any;
let ValidationError: any;

beforeAll(async () => {
  copy = copyRepo({
    entries: ["src", "scripts", "lint", "package.json", "redocly.yaml", "tsconfig.json"],
    prefix: "parameters-",
    document: FIXTURE,
  });
  generateOnce(copy.dir);
  ({ operations } = await import(join(copy.dir, "generated/operations.ts")));
  schemas = Object.values(await import(join(copy.dir, "generated/validators.ts")));
  ({ createClient, ValidationError } = await import(join(copy.dir, "src/index.ts")));
}, 120_000);

afterAll(() => copy?.remove());

/** A client whose fetch records each request that reaches it and answers as the fixture's operations do. */
function recorded() {
  const sent: { method: string; path: string; headers: Headers }[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname, headers: request.headers });
    return request.method === "DELETE"
      ? new Response(null, { status: 204 })
      : Response.json({ id: url.pathname.split("/")[2] });
  };
  return { sent, client: createClient({ apiKey: "k", baseUrl: "https://api.example.com", fetch, maxRetries: 0 }) };
}

/** The issues of the ValidationError `call` rejects with. */
async function issuesOf(call: Promise<unknown>): Promise<unknown> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ValidationError);
  return (err as { issues: unknown }).issues;
}

describe("a document's path and header parameters, generated into a client", () => {
  it("are written into the table by reference, a shared schema once", () => {
    const retrieve = operations.find((op) => op.name === "orders.retrieve");
    const remove = operations.find((op) => op.name === "orders.lines.delete");

    expect(Object.keys(retrieve.pathSchemas)).toEqual(["order_id"]);
    expect(Object.keys(remove.pathSchemas)).toEqual(["order_id", "line"]);
    expect(remove.pathSchemas.order_id).toBe(retrieve.pathSchemas.order_id);
    expect(retrieve.pathSchemas.order_id).toEqual(ORDER_ID);
    expect(schemas.filter((s) => JSON.stringify(s) === JSON.stringify(ORDER_ID))).toHaveLength(1);
    expect(schemas).toContain(retrieve.pathSchemas.order_id);
    expect(remove.pathSchemas.line).toEqual({ type: ["integer"], minimum: 1 });
    expect(Object.keys(retrieve.headerSchemas)).toEqual(["X-Mode"]);
    expect(retrieve.headerSchemas["X-Mode"]).toEqual({ type: ["string"], enum: ["fast", "safe"] });
    // Accept is left out: OpenAPI says to ignore a header parameter of that name
    expect(Object.keys(remove.headerSchemas)).toEqual(["X-Request-Id"]);
  });

  it("leave the path parameters' names to the template, whose order the methods take them in", async () => {
    const remove = operations.find((op) => op.name === "orders.lines.delete");
    const { sent, client } = recorded();

    expect(remove.path).toBe("/orders/{order_id}/lines/{line}");
    expect("params" in remove).toBe(false);
    await client.orders.lines.delete("12", "3", { headers: { "X-Request-Id": UUID } });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /orders/12/lines/3"]);
  });

  it("refuse a path parameter that breaks its pattern, naming it, and send nothing", async () => {
    const { sent, client } = recorded();

    expect(await issuesOf(client.orders.retrieve("01"))).toEqual([
      { path: "path.order_id", message: "must match /^(0|[1-9][0-9]*)$/" },
    ]);
    expect(await issuesOf(client.orders.retrieve("ord_12"))).toEqual([
      { path: "path.order_id", message: "must match /^(0|[1-9][0-9]*)$/" },
    ]);
    expect(sent).toEqual([]);
  });

  it("read an integer path parameter from its text, and refuse one under its minimum or not a whole number", async () => {
    const { sent, client } = recorded();

    expect(await issuesOf(client.orders.lines.delete("12", "0"))).toEqual([
      { path: "path.line", message: "must be >= 1" },
    ]);
    expect(await issuesOf(client.orders.lines.delete("12", "1.5"))).toEqual([
      { path: "path.line", message: "must be integer" },
    ]);
    expect(await issuesOf(client.orders.lines.delete("12", "first"))).toEqual([
      { path: "path.line", message: "must be integer" },
    ]);
    expect(sent).toEqual([]);
  });

  it("refuse a declared header outside its enum, whatever the case of its name, and send nothing", async () => {
    const { sent, client } = recorded();

    expect(await issuesOf(client.orders.retrieve("12", { headers: { "X-Mode": "slow" } }))).toEqual([
      { path: "header.X-Mode", message: 'must be one of: "fast", "safe"' },
    ]);
    expect(await issuesOf(client.orders.retrieve("12", { headers: { "x-mode": "SAFE" } }))).toEqual([
      { path: "header.X-Mode", message: 'must be one of: "fast", "safe"' },
    ]);
    expect(sent).toEqual([]);
  });

  it("list every wrong parameter of a call in one error", async () => {
    const { sent, client } = recorded();

    expect(
      await issuesOf(client.orders.lines.delete("007", "0", { headers: { "X-Request-Id": "request-1" } })),
    ).toEqual([
      { path: "path.order_id", message: "must match /^(0|[1-9][0-9]*)$/" },
      { path: "path.line", message: "must be >= 1" },
      { path: "header.X-Request-Id", message: "must be uuid" },
    ]);
    expect(sent).toEqual([]);
  });

  it("keep the id safety check before the schema: one issue for an id that cannot be sent at all", async () => {
    const { sent, client } = recorded();

    expect(await issuesOf(client.orders.retrieve(".."))).toEqual([
      { path: "path.order_id", message: 'must not be ".."' },
    ]);
    expect(await issuesOf(client.orders.retrieve(12))).toEqual([
      { path: "path.order_id", message: "must be a string" },
    ]);
    expect(sent).toEqual([]);
  });

  it("send right values as given", async () => {
    const { sent, client } = recorded();

    await expect(client.orders.retrieve("12", { headers: { "x-mode": "safe" } })).resolves.toEqual({ id: "12" });
    await client.orders.lines.delete("0", "7", { headers: { "X-Request-Id": UUID } });

    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /orders/12", "DELETE /orders/0/lines/7"]);
    expect(sent[0]!.headers.get("x-mode")).toBe("safe");
    expect(sent[1]!.headers.get("x-request-id")).toBe(UUID);
  });

  it("leave a header alone on an operation that does not declare it", async () => {
    const { sent, client } = recorded();

    await client.orders.lines.delete("12", "1", { headers: { "X-Mode": "slow" } });

    expect(sent.map((r) => `${r.method} ${r.path} ${r.headers.get("x-mode")}`)).toEqual([
      "DELETE /orders/12/lines/1 slow",
    ]);
  });
});
