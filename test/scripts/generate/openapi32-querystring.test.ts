// OpenAPI 3.2's `in: querystring` (test/scripts/fixtures/openapi-3.2/: GET /search, the whole query a
// form, `application/x-www-form-urlencoded`; GET /pets/lookup, JSON text as the whole query): the
// method's query argument typed as the one value, checked, written as its media type says (held to what
// a scripted server read), and answered by the mock, whose Prism checks the form's fields and leaves
// the JSON one unchecked, saying so.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";
import { faultServer, reply } from "../../support/fault-server.js";
import { failure } from "../../support/iterate.js";
import { openapi32Fixture } from "../../support/openapi32-fixture.js";
import { strictConsumerErrors } from "../../support/strict-consumer.js";

const CONSUMER = `import { createClient, type Pet } from "./dist/src/index.js";
const client = createClient({ apiKey: "k" });
await client.search.retrieve({ name: "Rex", limit: 2, tags: ["a", "b"] });
await client.search.retrieve();
const found: Pet[] = await client.pets.lookup.retrieve({ names: ["Rex"] });
// @ts-expect-error the form's limit is a number
await client.search.retrieve({ limit: "2" });
// @ts-expect-error the lookup's querystring is required
await client.pets.lookup.retrieve();
// @ts-expect-error it names the pets as a list of names
await client.pets.lookup.retrieve({ names: "Rex" });
console.log(found);
`;

let copy: Awaited<ReturnType<typeof openapi32Fixture>>;
let createClient: (typeof copy)["lib"]["createClient"];
let ValidationError: (typeof copy)["lib"]["ValidationError"];

beforeAll(async () => {
  copy = await openapi32Fixture("openapi-3.2-querystring-");
  ({ createClient, ValidationError } = copy.lib);
}, 120_000);
afterAll(() => copy?.remove());

describe("OpenAPI 3.2's querystring, the whole query string as one value", () => {
  it("is the method's query argument, typed as the one value its schema describes", () => {
    expect(strictConsumerErrors(copy.dir, CONSUMER)).toBe("");
  }, 120_000);

  it("is written as its media type says: a form's fields as parameters, JSON as its text", async () => {
    const server = await faultServer(reply(204), reply(200, [{ name: "Rex" }]));
    const client = createClient({ apiKey: "k", baseUrl: server.url });

    await client.search.retrieve({ name: "Rex & Tom", limit: 2, tags: ["a", "b"] });
    await client.pets.lookup.retrieve({ names: ["Rex"] });

    expect(server.requests.map((r) => r.url)).toEqual([
      "/search?name=Rex+%26+Tom&limit=2&tags=a&tags=b",
      `/pets/lookup?${encodeURIComponent('{"names":["Rex"]}')}`,
    ]);
    expect(decodeURIComponent(server.requests[1]?.url.split("?")[1] ?? "")).toBe('{"names":["Rex"]}');
  });

  it("is checked against its schema before anything is sent", async () => {
    const server = await faultServer(reply(204));
    const client = createClient({ apiKey: "k", baseUrl: server.url });

    const wrong = await failure(client.search.retrieve({ limit: 0, tags: "a" }));
    const missing = await failure(client.pets.lookup.retrieve());

    expect(wrong).toBeInstanceOf(ValidationError);
    expect((wrong as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual([
      "query.limit",
      "query.tags",
    ]);
    expect(missing).toMatchObject({ issues: [{ path: "query", message: "is required" }] });
    expect(server.requests).toHaveLength(0);
  });

  it("is answered by the mock: Prism checks the form's fields, and the JSON one goes unchecked, as the mock says", async () => {
    const said: string[] = [];
    const mock = await mockServer({ port: 0, say: (line: string) => said.push(line) });
    try {
      await mock.serve(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
      const client = createClient({ apiKey: "k", baseUrl: mock.url, maxRetries: 0, strictAnswers: true });
      const get = (query: string) => fetch(`${mock.url}${query}`, { headers: { authorization: "Bearer k" } });

      await expect(client.search.retrieve({ name: "Rex", limit: 2 })).resolves.toBeUndefined();
      const found = await client.pets.lookup.retrieve({ names: ["Rex"] });
      // sent by hand: a form field its schema refuses, and JSON text no schema holds
      const refused = await get("/search?limit=0");
      const unchecked = await get(`/pets/lookup?${encodeURIComponent('{"names":7}')}`);

      expect(Array.isArray(found)).toBe(true);
      expect([400, 422]).toContain(refused.status);
      expect(unchecked.status).toBe(200);
      expect(said.filter((line) => line.includes("querystring"))).toEqual([
        "dev: the mock does not check GET /pets/lookup: querystring selector (application/json): Prism reads a query string only as parameters, so its view leaves it out",
      ]);
    } finally {
      await mock.close();
    }
  }, 60_000);
});
