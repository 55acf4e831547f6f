// The operations `npm run init`'s examples show, chosen by their shape, and the programs written
// for them: a safe read, a create, a list walked, a stream read, a call whose 404 is told apart.
import { describe, expect, it } from "vitest";
import { chooseOperations, examplePrograms } from "../../../scripts/lib/init/examples.mjs";
import { identityOf } from "../../../scripts/lib/shared/identity.mjs";

/** An operation as read-operations.mjs describes one, with what a test gives it. */
const op = (name: string, method: string, path: string, more: Record<string, unknown> = {}): any => ({
  name,
  method,
  path,
  pathParams: [],
  queryParams: [],
  headerParams: [],
  body: undefined,
  success: { status: 200, kind: "json" },
  errors: [],
  ...more,
});
const id = { name: "id", required: true, example: "n_1" };
const OPERATIONS = [
  op("notes.update", "POST", "/notes/{id}", {
    pathParams: [id],
    body: { kind: "json", required: true, example: { text: "a" } },
  }),
  op("notes.create", "POST", "/notes", { body: { kind: "urlencoded", required: true, example: { text: "a" } } }),
  op("notes.retrieve", "GET", "/notes/{id}", { pathParams: [id], errors: [{ status: 404 }] }),
  op("notes.list", "GET", "/notes", { page: { style: "cursor" } }),
  op("notes.events", "GET", "/notes/events", { success: { status: 200, kind: "stream" } }),
  // a required query parameter with no value to send: no program can call it
  op("notes.search", "GET", "/search", { queryParams: [{ name: "q", required: true, example: undefined }] }),
];
const identity = identityOf({ name: "acme-client", version: "1.0.0" }, { title: "Acme API" });

describe("the examples init writes", () => {
  it("show the simplest operation of each kind the document has, a method named create first", () => {
    const chosen = chooseOperations(OPERATIONS);

    expect(Object.fromEntries(Object.entries(chosen).map(([kind, o]) => [kind, o?.name]))).toEqual({
      read: "notes.retrieve",
      create: "notes.create",
      list: "notes.list",
      stream: "notes.events",
      failing: "notes.retrieve",
    });
  });

  it("leave out a kind the document lacks, and an operation no program can call", () => {
    const chosen = chooseOperations([OPERATIONS[5], OPERATIONS[0]]);

    expect(chosen.read).toBeUndefined();
    expect(chosen.list).toBeUndefined();
    expect(chosen.stream).toBeUndefined();
    expect(chosen.create?.name).toBe("notes.update");
    expect([...examplePrograms(chosen, identity).keys()]).toEqual(["quick-start.ts"]);
  });

  it("write each program against the package by its name, its key from its variable", () => {
    const programs = examplePrograms(chooseOperations(OPERATIONS), identity);

    expect([...programs.keys()]).toEqual([
      "quick-start.ts",
      "handle-errors.ts",
      "walk-a-list.ts",
      "follow-a-stream.ts",
    ]);
    for (const text of programs.values()) {
      expect(text).toContain('} from "acme-client";');
      expect(text).toContain("const client = createClient({ apiKey: process.env.ACME_API_KEY });");
    }
    expect(programs.get("quick-start.ts")).toContain('const read = await client.notes.retrieve("n_1");');
    expect(programs.get("quick-start.ts")).toContain('const created = await client.notes.create({ text: "a" });');
    expect(programs.get("handle-errors.ts")).toContain("import { AcmeError, ApiError, createClient, NotFoundError }");
    // a list without query parameters takes its options first
    expect(programs.get("walk-a-list.ts")).toContain("for await (const item of client.notes.list({ maxItems: 25 })) {");
    expect(programs.get("follow-a-stream.ts")).toContain("const events = await client.notes.events();");
  });
});
