import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { faultServer, reply } from "../../support/fault-server.js";
import { generateOnce } from "../../support/generate-once.js";

// a mail service's document: two sending operations declare an Idempotency-Key header (one spells
// it in lower case), one declares it but is marked x-idempotent: false, one declares none
const FIXTURE = fileURLToPath(new URL("../fixtures/idempotency-keys", import.meta.url));
const NO_WAIT = { "Retry-After": "0" };
const BOOM = { code: "internal_error", message: "boom" };

let copy: { dir: string; remove: () => void };
let operations: any[];
let createClient: any;
let readme: string;

beforeAll(async () => {
  copy = copyRepo({
    // the README's generated parts: its retry table, and the programs of examples/ it shows
    entries: ["src", "scripts", "lint", "package.json", "redocly.yaml", "tsconfig.json", "README.md", "examples"],
    prefix: "idempotency-keys-",
    document: FIXTURE,
  });
  generateOnce(copy.dir);
  ({ operations } = await import(join(copy.dir, "generated/operations.ts")));
  ({ createClient } = await import(join(copy.dir, "src/index.ts")));
  readme = readFileSync(join(copy.dir, "README.md"), "utf8");
}, 120_000);

afterAll(() => copy?.remove());

const row = (name: string) => operations.find((op) => op.name === name);

describe("an operation that declares an Idempotency-Key header, generated into a client", () => {
  it("is marked in the table with the header's name as the document spells it, and counts as idempotent", () => {
    expect([row("emails.send").idempotencyKey, row("emails.send").idempotent]).toEqual(["Idempotency-Key", true]);
    expect([row("batches.create").idempotencyKey, row("batches.create").idempotent]).toEqual(["idempotency-key", true]);
    // x-idempotent says otherwise: the key is still sent, the operation not retried after it may have
    // acted, as a POST's rule says, which the row leaves to the runtime
    expect(row("imports.create").idempotencyKey).toBe("Idempotency-Key");
    expect("idempotent" in row("imports.create")).toBe(false);
    expect("idempotencyKey" in row("notes.create")).toBe(false);
    expect("idempotent" in row("notes.create")).toBe(false);
  });

  it("brings the check of its headers (src/client/call-headers.ts) where it declares a key, and only there", () => {
    expect(Object.keys(row("emails.send").readers ?? {})).toEqual(["callHeaders"]);
    expect(row("notes.create").readers).toBeUndefined();
  });

  it("is listed under the keyed rule of the README's retry table", () => {
    const table = readme.slice(readme.indexOf("<!-- retry-policy:start"), readme.indexOf("<!-- retry-policy:end"));

    expect(table).toContain(
      "| which operations | GET, HEAD, OPTIONS, TRACE, PUT, DELETE, QUERY (the last a search that carries a body, safe as GET is); any other method the [IANA HTTP Method Registry](https://www.iana.org/assignments/http-methods) marks idempotent (WebDAV's COPY, MOVE, PROPFIND and others), which an OpenAPI 3.2 document's `additionalOperations` may name (none in this spec); an operation marked `x-idempotent: true` (none in this spec); an operation that declares an `Idempotency-Key` header parameter (in any case), which then carries a new key per call (`crypto.randomUUID()`), the same on each retry, or the one your `headers` give: `POST /emails` (`emails.send`), `POST /batches` (`batches.create`) | POST, PATCH and any other method (LOCK, or one the registry does not list; none in this spec) without such a key; an operation marked `x-idempotent: false`: `POST /imports` (`imports.create`) |",
    );
  });

  it("is sent again after 500 with the same key, and resolves", async () => {
    const server = await faultServer(reply(500, BOOM, NO_WAIT), reply(200, { id: "e_1" }));
    const client = createClient({ apiKey: "k", baseUrl: server.url });

    expect(await client.emails.send({ to: "a@example.com" })).toEqual({ id: "e_1" });

    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("leaves a POST without the header as it was: sent once after 500, with no key", async () => {
    const server = await faultServer(reply(500, BOOM, NO_WAIT), reply(200, { id: "n_1" }));
    const client = createClient({ apiKey: "k", baseUrl: server.url });

    const err = await client.notes.create({ to: "a@example.com" }).catch((e: unknown) => e);

    expect((err as { status?: number }).status).toBe(500);
    expect(server.requests.map((r) => r.headers["idempotency-key"])).toEqual([undefined]);
  });
});
