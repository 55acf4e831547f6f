// npm run generate on an OpenAPI 3.2 document (test/scripts/fixtures/openapi-3.2/): the client is
// built from its 3.1 view, each change printed once; what the client cannot send is left out and
// named; generated/openapi.json keeps the document as written. Its QUERY and additionalOperations
// are methods: sent as themselves, QUERY and COPY again after a 503 (idempotent by their RFCs), a
// POST and LOCK not (a scripted server counts them), and answered by the mock.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { faultServer, reply } from "../../support/fault-server.js";
import { recordingProxy } from "../../support/recording-proxy.js";
import { strictConsumerErrors } from "../../support/strict-consumer.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/openapi-3.2", import.meta.url));
const ENTRIES = [
  "redocly.yaml",
  "lint",
  "scripts",
  "src",
  "package.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "README.md",
  "examples",
];

// what generate prints about the view, as the 3.2 and 3.1 specifications tell them apart
const VIEW_LINES = [
  "generate: read as 3.1: #/openapi: 3.2.0, which openapi-typescript and Prism do not read; the types, the client and the mock read it as 3.1.1, as the lines below say; generated/openapi.json keeps it as written",
  "generate: read as 3.1: #/servers/0: name (3.2) dropped",
  "generate: read as 3.1: #/tags/0: kind (3.2) kept as x-kind: a tag's parent nests the client's groups (client-methods.mjs tagGroups)",
  "generate: read as 3.1: #/tags/0: summary (3.2) dropped",
  "generate: read as 3.1: #/tags/1: parent (3.2) kept as x-parent, kind (3.2) kept as x-kind: a tag's parent nests the client's groups (client-methods.mjs tagGroups)",
  "generate: read as 3.1: #/tags/1: summary (3.2) dropped",
  "generate: read as 3.1: #/tags/2: kind (3.2) kept as x-kind: a tag's parent nests the client's groups (client-methods.mjs tagGroups)",
  "generate: read as 3.1: #/tags/2: summary (3.2) dropped",
  "generate: read as 3.1: #/paths/~1pets/get/responses/200: summary (3.2) read as its description, which 3.1 requires",
  "generate: read as 3.1: #/paths/~1pets/get/responses/200/content/application~1jsonl: itemSchema (3.2) read as the items of an array schema, as a 3.1 document describes a sequence of JSON texts",
  "generate: read as 3.1: #/paths/~1pets/put/requestBody/content/application~1x-ndjson: itemSchema (3.2) read as the items of an array schema, as a 3.1 document describes a sequence of JSON texts",
  "generate: read as 3.1: #/paths/~1pets~1export/get/responses/200/content/application~1jsonl: itemSchema (3.2) read as the items of an array schema, as a 3.1 document describes a sequence of JSON texts",
  'generate: read as 3.1: #/paths/~1pets~1events/get/responses/200/content/text~1event-stream: itemSchema (3.2) read as the schema of one event as the client hands it out, each kind\'s data as its content ("note": text; "adopted": JSON; "counted": JSON); which data is JSON kept as x-event-data',
  "generate: read as 3.1: #/paths/~1pets~1feed/get/responses/200/content/text~1event-stream: itemSchema (3.2) read as the schema of one event as the client hands it out, each kind's data as its content (any event: JSON); which data is JSON kept as x-event-data",
  "generate: read as 3.1: #/paths/~1pets~1lookup/get/parameters/0: querystring parameter selector (3.2: the whole query string, application/json) read as a query parameter of its schema, marked x-querystring: the method's query argument, checked, sent as application/json writes it",
  "generate: read as 3.1: #/paths/~1search/parameters/0: querystring parameter filter (3.2: the whole query string, application/x-www-form-urlencoded) read as a query parameter of its schema, marked x-querystring: the method's query argument, checked, sent as application/x-www-form-urlencoded writes it",
  "generate: read as 3.1: #/components/securitySchemes/device/flows: deviceAuthorization (3.2, the OAuth device flow) kept as x-device-authorization, which generate names; the client obtains no token itself",
  "generate: read as 3.1: #/components/securitySchemes/device: deprecated (3.2) kept as x-deprecated, oauth2MetadataUrl (3.2) kept as x-oauth2-metadata-url, which generate names",
  "generate: read as 3.1: #/components/mediaTypes/PetLines: reusable media types are 3.2; inlined at its 3 references",
  "generate: read as 3.1: #/paths/~1pets/query: QUERY (3.2) has no field in 3.1: a method of the client, sent as QUERY; its types are read from a stand-in path item, #/components/pathItems/QUERY ~1pets, whose post it is",
  "generate: read as 3.1: #/paths/~1pets~1{id}/additionalOperations/COPY: COPY (3.2) has no field in 3.1: a method of the client, sent as COPY; its types are read from a stand-in path item, #/components/pathItems/COPY ~1pets~1{id}, whose post it is",
  "generate: read as 3.1: #/paths/~1pets~1{id}/additionalOperations/LOCK: LOCK (3.2) has no field in 3.1: a method of the client, sent as LOCK; its types are read from a stand-in path item, #/components/pathItems/LOCK ~1pets~1{id}, whose post it is",
];
// PUT /pets offers its body as JSON and as x-ndjson too: both are checked, so neither is named here;
// a querystring is the method's query argument (openapi32-querystring.test.ts)
const LEFT_OUT: string[] = [];

// a user's program: every operation is a method, typed, QUERY and COPY by their stand-ins
const CONSUMER = `import { createClient, type ItemStream, type Pet } from "./dist/src/index.js";
const client = createClient({ apiKey: "k" });
const pets: Pet[] = await client.pets.list();
await client.pets.replace([{ name: "Rex" }]);
// JSON Lines items as they come: an async iterable of pets, sent as application/x-ndjson
async function* herd() {
  yield { name: "Rex" };
}
await client.pets.replace(herd());
// @ts-expect-error an item of the stream is a pet, whose name is text
await client.pets.replace((async function* () { yield { name: 7 }; })());
const found: Pet[] = await client.pets.query({ name: "Rex" });
const copy: Pet = await client.pets.copy("p_1");
const locked: void = await client.pets.lock("p_1");
// the tag adoptions, whose parent is pets, nests its operations there; staff, an audience, groups nothing
const adopted: Pet = await client.pets.adoptions.create({ name: "Rex" });
const adoptions: Pet[] = await client.pets.adoptions.list();
const sheltered: Pet[] = await client.pets.adoptions.shelters.list("s_1");
console.log(adoptions, sheltered);
await client.search.retrieve();
// a sequence of JSON items, by 3.2's itemSchema (JSON Lines) or an array schema (a JSON text sequence)
const lines: ItemStream<Pet> = await client.pets.export({ idleTimeoutMs: 5_000, maxEventSize: 1024 });
for await (const pet of lines) console.log(pet.name.length);
const changes: ItemStream<Pet> = await client.pets.changes.retrieve();
// @ts-expect-error an item is a Pet, no text
for await (const text of changes) console.log(text.length);
// @ts-expect-error a sequence cannot be resumed: no lastEventId
await client.pets.export({ lastEventId: "1" });
// @ts-expect-error a QUERY takes its body, whose name is text
await client.pets.query({ name: 7 });
// @ts-expect-error the body is required
await client.pets.query();
// @ts-expect-error a COPY takes the id
await client.pets.copy();
// @ts-expect-error a QUERY answers pets
const text: string = await client.pets.query({});
// @ts-expect-error a Pet has a name
const nameless: Pet = {};
console.log(pets, found, copy, locked, adopted, text, nameless);
`;
const NO_WAIT = { "Retry-After": "0" };
const REX = { name: "Rex" };

let copy: { dir: string; remove: () => void };
let output: string[];

beforeAll(() => {
  copy = copyRepo({ entries: ENTRIES, prefix: "openapi-3.2-", document: FIXTURE });
  output = execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: copy.dir, encoding: "utf8", env: toolEnv() })
    .trimEnd()
    .split("\n");
}, 120_000);
afterAll(() => copy.remove());

const generated = (file: string) => readFileSync(join(copy.dir, "generated", file), "utf8");
/** What `tsc -p .` says of the copy's src/ and generated/: "" when they compile. */
function typecheck(): string {
  try {
    return execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "."], {
      cwd: copy.dir,
      encoding: "utf8",
    });
  } catch (err) {
    return (err as { stdout: string }).stdout;
  }
}

describe("npm run generate on an OpenAPI 3.2 document", () => {
  it("prints each change of its 3.1 view once, and each part left out of the client", () => {
    expect(output.filter((line) => line.startsWith("generate: read as 3.1: "))).toEqual(VIEW_LINES);
    expect(output.filter((line) => line.startsWith("generate: not expressed yet: "))).toEqual(LEFT_OUT);
  });

  it("names what 3.2 says of a security scheme the view keeps as extensions: deprecated, its metadata, the device flow", () => {
    expect(output.filter((line) => line.startsWith("generate: auth: scheme "))).toEqual([
      "generate: auth: scheme device: deprecated (3.2); authorization server metadata at https://pets.example/.well-known/oauth-authorization-server; the device authorization flow (token at https://pets.example/token); the client takes a token obtained by it as apiKey",
    ]);
  });

  it("builds the client and its types from the view: QUERY and COPY methods too, typed by their stand-ins", () => {
    const operations = generated("operations.ts");

    expect(operations).toContain("export const listPets = ");
    expect(operations).toContain("export const replacePets = ");
    expect(operations).toContain("export const search = ");
    // the rows as Biome lays them out, each read without its layout (spaces, line breaks, trailing commas)
    const rows = operations.replace(/\s+/g, "").replace(/,([\]}])/g, "$1");
    expect(rows).toContain('exportconstqueryPets={name:"pets.query",method:"QUERY",path:"/pets",');
    expect(rows).toContain('exportconstcopyPet={name:"pets.copy",method:"COPY",path:"/pets/{id}",');
    // QUERY is idempotent by the runtime's own rule (RFC 9110's methods and QUERY), COPY by the IANA
    // registry's, which its row says: the standalone functions' bundle carries no registry
    const row = (name: string) => rows.split("exportconst").find((text) => text.startsWith(`${name}=`));
    expect([row("queryPets")?.includes("idempotent:"), row("copyPet")?.includes("idempotent:true")]).toEqual([
      false,
      true,
    ]);
    expect(generated("schema.d.ts")).toContain('"QUERY /pets": {');
    expect(generated("schema.d.ts")).not.toMatch(/mediaTypes|"querystring"/);
    expect(typecheck()).toBe("");
    expect(strictConsumerErrors(copy.dir, CONSUMER)).toBe("");
  }, 120_000);

  it("sends QUERY, COPY and LOCK as themselves; after a 503 QUERY and COPY go again, the POST and LOCK do not", async () => {
    const { createClient } = await import(join(copy.dir, "src/index.ts"));
    const call = async (method: string, args: unknown[], answer: unknown) => {
      const server = await faultServer(reply(503, { message: "busy" }, NO_WAIT), reply(200, answer));
      const client = createClient({ apiKey: "k", baseUrl: server.url });
      const outcome = await method
        .split(".")
        .reduce(
          (at: any, key) => at[key],
          client,
        )(...args)
        .then(
          (data: unknown) => ({ data }),
          (err: { status?: number }) => ({ status: err.status }),
        );
      return { outcome, sent: server.requests.map((r) => [r.method, r.url, r.headers["content-type"], r.body]) };
    };

    expect(await call("pets.query", [REX], [REX])).toEqual({
      outcome: { data: [REX] },
      sent: [
        ["QUERY", "/pets", "application/json", '{"name":"Rex"}'],
        ["QUERY", "/pets", "application/json", '{"name":"Rex"}'],
      ],
    });
    expect(await call("pets.copy", ["p_1"], REX)).toEqual({
      outcome: { data: REX },
      sent: [
        ["COPY", "/pets/p_1", undefined, ""],
        ["COPY", "/pets/p_1", undefined, ""],
      ],
    });
    expect(await call("pets.adoptions.create", [REX], REX)).toEqual({
      outcome: { status: 503 },
      sent: [["POST", "/adoptions", "application/json", '{"name":"Rex"}']],
    });
    expect(await call("pets.lock", ["p_1"], undefined)).toEqual({
      outcome: { status: 503 },
      sent: [["LOCK", "/pets/p_1", undefined, ""]],
    });
  });

  it("is answered by the mock: QUERY's body checked by Prism at its stand-in, COPY and LOCK routed, JSON Lines streamed", async () => {
    const { createClient } = await import(join(copy.dir, "src/index.ts"));
    const mock = await mockServer({ port: 0, say: () => {} });
    try {
      await mock.serve(generated("openapi.json"));
      const client = createClient({ apiKey: "k", baseUrl: mock.url, maxRetries: 0, strictAnswers: true });

      const found = await client.pets.query(REX);
      const copied = await client.pets.copy("p_1");
      await expect(client.pets.lock("p_1")).resolves.toBeUndefined();
      // JSON Lines items sent as they come, read by the mock's proxy as the client writes them
      await expect(
        client.pets.replace(
          (async function* () {
            yield REX;
            yield REX;
          })(),
        ),
      ).resolves.toBeUndefined();
      // a body the document refuses, sent by hand: Prism reads it against the QUERY's own schema
      const refused = await fetch(`${mock.url}/pets`, {
        method: "QUERY",
        headers: { authorization: "Bearer k", "content-type": "application/json" },
        body: JSON.stringify({ name: 7 }),
      });

      expect(Array.isArray(found)).toBe(true);
      expect(typeof copied.name).toBe("string");
      expect([400, 422]).toContain(refused.status);
    } finally {
      await mock.close();
    }
  }, 60_000);

  it("reads a sequence of JSON items from the mock, item by item: one of each kind its item schema describes, checked", async () => {
    const { createClient } = await import(join(copy.dir, "src/index.ts"));
    const mock = await mockServer({ port: 0, say: () => {} });
    const proxy = await recordingProxy(mock.url);
    try {
      await mock.serve(generated("openapi.json"));
      const client = createClient({ apiKey: "k", baseUrl: proxy.url, maxRetries: 0, strictAnswers: true });
      const read = async (stream: AsyncIterable<unknown>) => {
        const items = [];
        for await (const item of stream) items.push(item);
        return items;
      };

      const exported = await read(await client.pets.export());
      const changes = await read(await client.pets.changes.retrieve());

      // a Pet has a name; the mock sends one of each kind, and a Pet is one kind
      for (const items of [exported, changes]) {
        expect(items).toHaveLength(1);
        expect(typeof (items[0] as { name: unknown }).name).toBe("string");
      }
      // as it goes over the wire: each JSON text after a record separator (RFC 7464), or on a line of its own
      const wire = async (path: string) => {
        const answer = await fetch(`${mock.url}${path}`, { headers: { authorization: "Bearer k" } });
        return [answer.headers.get("content-type"), await answer.text()];
      };
      expect(await wire("/pets/changes")).toEqual(["application/json-seq", `\u001e${JSON.stringify(changes[0])}\n`]);
      expect(await wire("/pets/export")).toEqual(["application/jsonl", `${JSON.stringify(exported[0])}\n`]);
      expect(proxy.requests.map((r) => [r.method, r.target, r.headers.accept])).toEqual([
        ["GET", "/pets/export", "application/jsonl, application/json;q=0.9"],
        ["GET", "/pets/changes", "application/json-seq, application/json;q=0.9"],
      ]);
    } finally {
      await proxy.close();
      await mock.close();
    }
  }, 60_000);

  it("says in the README's retry table which of its methods are sent again: COPY by its RFC, LOCK not", () => {
    const readme = readFileSync(join(copy.dir, "README.md"), "utf8");
    const row = readme.split("\n").find((line) => line.startsWith("| which operations |")) ?? "";
    const [, idempotent = "", other = ""] = row.split(" | ");

    expect(idempotent).toContain("QUERY");
    expect(idempotent).toContain("may name: `COPY /pets/{id}` (`pets.copy`);");
    expect(other).toContain(
      "(LOCK, or one the registry does not list: `LOCK /pets/{id}` (`pets.lock`)) without such a key",
    );
  });

  it("keeps the document as written in generated/openapi.json", () => {
    const spec = JSON.parse(generated("openapi.json"));

    expect(spec.openapi).toBe("3.2.0");
    expect(spec.paths["/pets"].query.operationId).toBe("queryPets");
    expect(spec.paths["/search"].parameters[0].in).toBe("querystring");
    expect(spec.components.mediaTypes.PetLines).toEqual({ itemSchema: { $ref: "#/components/schemas/Pet" } });
    expect(spec.components.securitySchemes.device.flows.deviceAuthorization.scopes).toEqual({ read: "read pets" });
  });
});
