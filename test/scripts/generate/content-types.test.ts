// A document whose request bodies are offered as several media types, generated into a client:
// what generate prints and writes in each row, the body typed as the union of every media type's (a
// strict consumer compiles a Blob upload where a multipart form is offered, and not where it is
// not), and each media type sent through the real mock (Prism behind the project's proxy), which
// checks each against the schema of the media type it came as.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockServer } from "../../../scripts/lib/mock/proxy.mjs";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { strictConsumerErrors } from "../../support/strict-consumer.js";

const ENTRIES = ["redocly.yaml", "lint", "scripts", "src", "package.json", "tsconfig.json", "tsconfig.build.json"];

// a team's program: every media type of each body, typed; what no media type takes does not compile
const CONSUMER = `import { createClient } from "./dist/src/index.js";
const client = createClient({ apiKey: "k" });
const pdf = new Blob(["%PDF-1.7"], { type: "application/pdf" });
const to = { name: "Ada", city: "Paris" };
const uploaded = await client.letters.create({ to, file: pdf, copies: 2 });
const linked = await client.letters.create({ to, file_url: "https://files.mail.example/a.pdf" });
await client.letters.create({ to, file_url: "https://files.mail.example/a.pdf" }, { contentType: "application/x-www-form-urlencoded" });
await client.notes.put("note_1", { text: "Hello" });
await client.notes.put("note_1", "Hello", { contentType: "text/plain" });
await client.notes.put("note_1", pdf);
await client.notes.put("note_1", new Uint8Array([1, 2]), { contentType: "application/octet-stream" });
const pages: number = uploaded.pages + linked.pages;
// @ts-expect-error a media type the operation does not offer
await client.letters.create({ to, file: pdf }, { contentType: "text/plain" });
// @ts-expect-error a file where no media type of the operation takes one
await client.tags.create({ name: "urgent", file: pdf });
// @ts-expect-error an operation of one media type takes no contentType
await client.tags.create({ name: "urgent" }, { contentType: "application/json" });
// @ts-expect-error a file where the JSON body wants an address
await client.letters.create({ to, file_url: pdf });
console.log(pages);
`;

// each row's method, as MethodOf types it from the row and the spec's types, is exactly the method
// the resource tree declares (a narrower body would still be assignable to a declared method)
const EXACT = `import type { Operation, operations } from "./generated/operations.js";
import type { Resources } from "./generated/resources.js";
import type { MethodAt, MethodOf } from "./src/client/method-type.js";
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Exact<E> = E extends Operation ? Same<MethodOf<E>, MethodAt<Resources, E["name"]>> : never;
// one entry whose method differs makes Exact<…> boolean, and this never
export const exact: [Exact<(typeof operations)[number]>] extends [true] ? true : never = true;
`;

let dir: string;
let remove: () => void;
let report: string[];
let mock: { url: string; serve(spec: string): Promise<void>; close(): Promise<void> };
let client: any;
let ValidationError: any;

beforeAll(async () => {
  ({ dir, remove } = copyRepo({
    entries: ENTRIES,
    prefix: "content-types-",
    document: fileURLToPath(new URL("../fixtures/content-types", import.meta.url)),
  }));
  report = execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: dir, encoding: "utf8", env: toolEnv() })
    .split("\n")
    .filter(Boolean);
  mock = await mockServer({ port: 0, say: () => {} });
  await mock.serve(readFileSync(join(dir, "generated/openapi.json"), "utf8"));
  const lib = await import(join(dir, "src/index.ts"));
  client = lib.createClient({ apiKey: "contract-token", baseUrl: mock.url, maxRetries: 0 });
  ValidationError = lib.ValidationError;
}, 180_000);

afterAll(async () => {
  await mock?.close();
  remove?.();
});

describe("a body offered as several media types, generated", () => {
  it("prints each operation's media types, its default first", () => {
    expect(report.filter((line) => line.startsWith("generate: body "))).toEqual([
      "generate: body POST /letters: application/json (default), application/x-www-form-urlencoded, multipart/form-data; chosen by options.contentType or by the value",
      "generate: body PUT /notes/{id}: application/json (default), text/plain, application/octet-stream; chosen by options.contentType or by the value",
    ]);
  });

  it("writes in a row only what each other media type changes: a schema where it has its own, a form's shape, an encoding", () => {
    const text = readFileSync(join(dir, "generated/operations.ts"), "utf8");
    // the rows as Biome lays them out, read without their layout (spaces, line breaks, trailing commas)
    const rows = text.replace(/\s+/g, "").replace(/,([\]}])/g, "$1");

    expect(rows).toContain(
      'bodies:[{body:"urlencoded",bodyType:"application/x-www-form-urlencoded",encoding:{to:{style:"deepObject"}}},{body:"raw",bodyType:"multipart/form-data",bodySchema:S.LetterUpload,form:{files:["file"],brackets:["to"]}}]',
    );
    expect(rows).toContain(
      'bodies:[{body:"raw",bodyType:"text/plain"},{body:"raw",bodyType:"application/octet-stream"}]',
    );
    // one media type: no bodies, and no media type choice to bring
    const createTag = text.split("\nexport const ").find((row) => row.startsWith("createTag = {"));
    expect(createTag).toBeDefined();
    expect(createTag).not.toMatch(/bodies|pickMedia/);
  });

  it("gives each row's method exactly the type the resource tree declares", () => {
    writeFileSync(join(dir, "exact.ts"), EXACT);
    writeFileSync(
      join(dir, "tsconfig.exact.json"),
      JSON.stringify({ extends: "./tsconfig.json", include: ["exact.ts"] }),
    );
    let tsc = "";
    try {
      execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.exact.json"], {
        cwd: dir,
        encoding: "utf8",
      });
    } catch (err) {
      tsc = (err as { stdout: string }).stdout;
    }
    expect(tsc).toBe("");
  }, 60_000);

  it("types the body as the union of its media types' for a strict consumer, options.contentType as those offered", () => {
    expect(strictConsumerErrors(dir, CONSUMER)).toBe("");
  }, 120_000);
});

describe("each media type, sent through the mock", () => {
  const to = { name: "Ada", city: "Paris" };

  it("is accepted as JSON, as the urlencoded form and as the multipart form, each answered", async () => {
    const answers = [
      await client.letters.create({ to, file_url: "https://files.mail.example/a.pdf" }),
      await client.letters.create(
        { to, file_url: "https://files.mail.example/a.pdf", copies: 2 },
        { contentType: "application/x-www-form-urlencoded" },
      ),
      await client.letters.create({ to, file: new Blob(["%PDF-1.7"]), copies: 2 }),
    ];

    expect(answers).toEqual([
      { id: "ltr_1", pages: 2 },
      { id: "ltr_1", pages: 2 },
      { id: "ltr_1", pages: 2 },
    ]);
  }, 60_000);

  it("is accepted as JSON, text and bytes", async () => {
    await expect(client.notes.put("note_1", { text: "Hello" })).resolves.toBeUndefined();
    await expect(client.notes.put("note_1", "Hello")).resolves.toBeUndefined();
    await expect(
      client.notes.put("note_1", new Uint8Array([1, 2]), { contentType: "application/octet-stream" }),
    ).resolves.toBeUndefined();
  }, 60_000);

  it("is refused by the client before sending when the value breaks the schema of the media type it goes as", async () => {
    const err = await client.letters
      .create({ to, file_url: "https://files.mail.example/a.pdf" }, { contentType: "multipart/form-data" })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([
      { path: "body.file", message: "is required" },
      { path: "body.file_url", message: "is not a known field" },
    ]);
  });

  it("is checked by the mock against the schema of the media type the request names", async () => {
    const send = (type: string, body: string | FormData) =>
      fetch(`${mock.url}/letters`, {
        method: "POST",
        headers: { Authorization: "Bearer contract-token", ...(type ? { "Content-Type": type } : {}) },
        body,
      });
    const upload = new FormData();
    upload.append("to[name]", "Ada");
    upload.append("to[city]", "Paris");
    upload.append("file_url", "https://files.mail.example/a.pdf");

    // valid as the urlencoded form; the same fields as the multipart form lack its file
    const form = await send(
      "application/x-www-form-urlencoded",
      "to[name]=Ada&to[city]=Paris&file_url=https://files.mail.example/a.pdf",
    );
    const multipart = await send("", upload);

    expect(form.status).toBe(200);
    expect(multipart.status).toBe(422);
    expect(await multipart.text()).toMatch(/body.file is required/);
  }, 60_000);
});
