// npm run generate on an OpenAPI 3.2 document (test/scripts/fixtures/openapi-3.2/): the client is
// built from its 3.1 view, each change printed once; what the client cannot send is left out and
// named; generated/openapi.json keeps the document as written.
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { strictConsumerErrors } from "../../support/strict-consumer.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/openapi-3.2", import.meta.url));
const ENTRIES = ["redocly.yaml", "lint", "scripts", "src", "package.json", "tsconfig.json", "tsconfig.build.json"];

// what generate prints about the view, as the 3.2 and 3.1 specifications tell them apart
const VIEW_LINES = [
  "generate: read as 3.1: #/openapi: 3.2.0, which openapi-typescript and Prism do not read; the types, the client and the mock read it as 3.1.1, as the lines below say; generated/openapi.json keeps it as written",
  "generate: read as 3.1: #/servers/0: name (3.2) dropped",
  "generate: read as 3.1: #/tags/0: summary, kind (3.2) dropped",
  "generate: read as 3.1: #/paths/~1pets/get/responses/200: summary (3.2) read as its description, which 3.1 requires",
  "generate: read as 3.1: #/paths/~1pets/get/responses/200/content/application~1jsonl: itemSchema (3.2) dropped; no schema is left, so the content is any value",
  "generate: read as 3.1: #/paths/~1pets/put/requestBody/content/application~1x-ndjson: itemSchema (3.2) dropped; no schema is left, so the content is any value",
  "generate: read as 3.1: #/components/securitySchemes/device/flows: deviceAuthorization (3.2, the OAuth device flow) dropped; the client obtains no token itself",
  "generate: read as 3.1: #/components/securitySchemes/device: deprecated, oauth2MetadataUrl (3.2) dropped",
  "generate: read as 3.1: #/components/mediaTypes/PetLines: reusable media types are 3.2; inlined at its 2 references",
];
const LEFT_OUT = [
  "generate: not expressed yet: QUERY /pets: openapi-fetch sends only GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE (its request() takes no other method); left out of the client, its types and the mock",
  "generate: not expressed yet: #/paths/~1search/parameters/0: querystring parameter filter (3.2: the whole query string, application/x-www-form-urlencoded) is not a method argument; dropped from the types and the mock",
  // PUT /pets offers its body as JSON and as x-ndjson too: that one goes as given
  "generate: not expressed yet: PUT /pets: request body application/x-ndjson is passed through as given (FormData, Blob, string), unchecked",
];

// a user's program: the operations 3.1 can say are methods, typed
const CONSUMER = `import { createClient, type Pet } from "./dist/src/index.js";
const client = createClient({ apiKey: "k" });
const pets: Pet[] = await client.pets.retrieve();
await client.pets.update([{ name: "Rex" }]);
await client.search.retrieve();
// @ts-expect-error a Pet has a name
const nameless: Pet = {};
console.log(pets, nameless);
`;

let copy: { dir: string; remove: () => void };
let output: string[];

beforeAll(() => {
  copy = copyRepo({ entries: ENTRIES, prefix: "openapi-3.2-" });
  cpSync(FIXTURE, join(copy.dir, "openapi"), { recursive: true });
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

  it("builds the client and its types from the view: the methods 3.1 can say, without the QUERY operation", () => {
    const operations = generated("operations.ts");

    expect(operations).toContain("export const listPets = ");
    expect(operations).toContain("export const replacePets = ");
    expect(operations).toContain("export const search = ");
    expect(operations).not.toContain("queryPets");
    expect(generated("schema.d.ts")).not.toMatch(/mediaTypes|querystring|queryPets/);
    expect(typecheck()).toBe("");
    expect(strictConsumerErrors(copy.dir, CONSUMER)).toBe("");
  }, 120_000);

  it("keeps the document as written in generated/openapi.json", () => {
    const spec = JSON.parse(generated("openapi.json"));

    expect(spec.openapi).toBe("3.2.0");
    expect(spec.paths["/pets"].query.operationId).toBe("queryPets");
    expect(spec.paths["/search"].parameters[0].in).toBe("querystring");
    expect(spec.components.mediaTypes.PetLines).toEqual({ itemSchema: { $ref: "#/components/schemas/Pet" } });
    expect(spec.components.securitySchemes.device.flows.deviceAuthorization.scopes).toEqual({ read: "read pets" });
  });
});
