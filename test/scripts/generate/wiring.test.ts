import { diffLines } from "diff";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { emitClient } from "../../../scripts/lib/generate/emit-client.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { schemaTable } from "../../../scripts/lib/generate/schema-table.mjs";
import { identityOf } from "../../../scripts/lib/shared/identity.mjs";
import { fixtureSpec } from "../../support/fixture-spec.js";

// this project's first document (a fixture, whatever openapi/ holds), and a copy with one operation
// inserted before all of its own, with a component and an inline schema of its own, and the shared
// error schema: what an API designer adds
const spec = await fixtureSpec();
const UNAUTHORIZED = spec.paths["/org/limits"].get.responses["401"];
const inserted = structuredClone(spec);
inserted.components.schemas.Widget = { type: "object", required: ["name"], properties: { name: { type: "string" } } };
inserted.paths = {
  "/widgets": {
    post: {
      operationId: "createWidget",
      "x-client-method": "widgets.create",
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Widget" } } },
      },
      responses: {
        "201": {
          description: "created",
          content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
        },
        "401": UNAUTHORIZED,
      },
    },
  },
  ...spec.paths,
};

/** generated/operations.ts, resources.ts, functions.ts, types.ts and validators.ts of a spec. */
function generate(document: any): Record<string, string> {
  const { operations, auth } = readOperations(document);
  const table = schemaTable(document);
  // a package name of the test's own, whatever the checkout's package.json and document say
  const files = emitClient(document, operations, table, "", {
    auth,
    identity: identityOf({ name: "acme-client" }, {}),
  });
  return { ...files, "validators.ts": table.source("") };
}

/** A document of these paths and component schemas. */
const small = (paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  components: { schemas },
  paths,
});

/** The lines `after` adds to `before` and the lines it takes away, by a line diff. */
function changes(before: string, after: string) {
  const parts = diffLines(before, after);
  const lines = (kind: "added" | "removed") =>
    parts.filter((p) => p[kind]).flatMap((p) => p.value.replace(/\n$/, "").split("\n"));
  return { added: lines("added"), removed: lines("removed") };
}

describe("the generated wiring", () => {
  const before = generate(spec);
  const after = generate(inserted);

  it("changes no line of any generated file when an operation is inserted before the others: it only adds its own", () => {
    for (const file of Object.keys(before)) expect(changes(before[file]!, after[file]!).removed, file).toEqual([]);
  });

  it("adds the operation's row and its entry in the list of all, and nothing else, to operations.ts", () => {
    const { added } = changes(before["operations.ts"]!, after["operations.ts"]!);

    expect(added).toEqual([
      "/** `POST /widgets`: `client.widgets.create`, `createWidget` of acme-client/operations. */",
      expect.stringMatching(
        /^export const createWidget = \{ name: "widgets\.create", method: "POST", path: "\/widgets", body: "json", bodySchema: S\.Widget,.* answerSchema: S\.Inline_[0-9a-f]{10},.* errorSchema: S\.ErrorBody \} as const satisfies Operation;$/,
      ),
      "",
      "    createWidget,",
    ]);
  });

  it("adds the schemas only the new operation reaches, each a constant of its own, to validators.ts", () => {
    const { added } = changes(before["validators.ts"]!, after["validators.ts"]!);
    const constants = added.filter((line) => line.startsWith("export const")).map((line) => line.split(":")[0]);

    expect(constants).toEqual([expect.stringMatching(/^export const Inline_[0-9a-f]{10}$/), "export const Widget"]);
  });

  it("wires each method and function by the row's name, never by its position", () => {
    expect(after["resources.ts"]).toContain("create: method(O.createWidget)");
    expect(after["functions.ts"]).toContain("= /* @__PURE__ */ standalone(O.createWidget);");
    expect(after["resources.ts"]).not.toMatch(/operations\[\d+\]/);
  });
});

describe("the names of the standalone functions", () => {
  it("are the operationIds, except where one would shadow what the generated files import: then it gets _", () => {
    const files = generate(
      small({
        "/a": { get: { operationId: "formBody", responses: { "204": {} } } },
        "/b": { get: { operationId: "standalone", responses: { "204": {} } } },
        "/c": { get: { operationId: "get-things", responses: { "204": {} } } },
      }),
    );

    expect(files["functions.ts"]).toContain("export const formBody_: ");
    expect(files["functions.ts"]).toContain("export const standalone_: ");
    expect(files["functions.ts"]).toContain("export const getThings: ");
    expect(files["operations.ts"]).toContain("export const formBody_ = ");
  });
});

describe("the comments of the generated files", () => {
  it("keep a `*/` of the document inside them: a `*/*` answer, a path, a schema's name and an example", () => {
    const files = generate(
      small(
        {
          "/pets/{id}*/x": {
            get: {
              operationId: "getPet",
              parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, example: "a*/b" }],
              responses: {
                "200": { description: "ok", content: { "*/*": { schema: { $ref: "#/components/schemas/Pet*/Dog" } } } },
              },
            },
          },
        },
        { "Pet*/Dog": { type: "object" } },
      ),
    );

    expect(files["functions.ts"]).toContain(
      " * Resolves to the `Response` (*\\/*) for you to read; its body is not buffered.",
    );
    expect(files["functions.ts"]).toContain(" * `GET /pets/{id}*\\/x`. Idempotent:");
    expect(files["functions.ts"]).toContain(' * const response = await getPet(client, "a*\\/b");');
    expect(files["resources.ts"]).toContain(
      "   * Resolves to the `Response` (*\\/*) for you to read; its body is not buffered.",
    );
    expect(files["operations.ts"]).toContain("/** `GET /pets/{id}*\\/x`: `client.");
    expect(files["types.ts"]).toContain("/** The spec's `Pet*\\/Dog` schema");
    for (const [file, text] of Object.entries(files)) {
      const { diagnostics } = ts.transpileModule(text, { reportDiagnostics: true, fileName: file });
      expect(
        diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
        file,
      ).toEqual([]);
    }
  });
});

describe("a row of the generated table", () => {
  const json = (media: string) => ({
    "200": { description: "ok", content: { [media]: { schema: { type: "object" } } } },
  });
  const rows = generate(
    small({
      "/pets/{pet_id}/toys/{toy}": {
        get: { operationId: "getToy", "x-client-method": "toys.retrieve", responses: json("application/json") },
        put: { operationId: "putToy", "x-client-method": "toys.put", responses: json("application/hal+json") },
        patch: {
          operationId: "findToys",
          "x-client-method": "toys.find",
          parameters: [
            { name: "filter", in: "query", style: "deepObject", schema: { type: "object" } },
            { name: "ids", in: "query", explode: false, schema: { type: "array", items: { type: "string" } } },
          ],
          responses: json("application/json"),
        },
        post: {
          operationId: "kickToy",
          "x-client-method": "toys.kick",
          "x-idempotent": true,
          responses: json("application/json"),
        },
      },
    }),
  )["operations.ts"]!;
  const row = (name: string) => rows.split("\n").find((line) => line.includes(`name: "${name}",`))!;

  it("leaves out its path parameters, its template's, and a JSON answer's application/json", () => {
    expect(rows).not.toContain("params:");
    expect(row("toys.retrieve")).not.toContain("answerType:");
    expect(row("toys.put")).toContain('answerType: "application/hal+json"');
  });

  it("brings the writer of its query where it says the style of a parameter, and only there", () => {
    expect(row("toys.find")).toContain("readers: { styledQuery: styledQuery }");
    expect(rows).toContain('import { styledQuery } from "../src/client/query-string.js";');
    expect(row("toys.retrieve")).not.toContain("styledQuery");
  });

  it("holds its idempotency only where it differs from its method's rule", () => {
    expect([row("toys.retrieve"), row("toys.put")].filter((line) => line.includes("idempotent:"))).toEqual([]);
    expect(row("toys.kick")).toContain("idempotent: true");
  });
});
