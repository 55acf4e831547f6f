import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { startMock } from "../../../scripts/lib/mock/prism.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";

const bin = (name: string) => join(root, "node_modules/.bin", name);

// three operations of kinds the spec does not have yet, written the way an API designer would:
// one file per path and per component, examples everywhere, the shared error responses
const FILES: Record<string, string> = {
  "openapi/paths/widgets.yaml": `get:
  operationId: listWidgets
  x-client-method: widgets.list
  tags: [Projects]
  summary: List widgets
  description: Lists the widgets, newest first.
  parameters:
    - name: limit
      in: query
      required: false
      description: How many widgets to return.
      schema: { type: integer, minimum: 1, maximum: 100 }
      example: 20
    - name: color
      in: query
      required: true
      description: Only widgets of this color.
      schema: { type: string, enum: [red, blue] }
      example: red
  responses:
    '200':
      description: A page of widgets.
      content:
        application/json:
          schema: { $ref: ../components/schemas/WidgetPage.yaml }
          example: { items: [{ id: wdg_1, name: Gear, color: red }], has_more: false }
    '401': { $ref: ../components/responses/Unauthorized.yaml }
    '500': { $ref: ../components/responses/InternalServerError.yaml }
post:
  operationId: createWidget
  x-client-method: widgets.create
  tags: [Projects]
  summary: Create a widget
  description: Creates a widget.
  requestBody:
    required: true
    description: The widget to create.
    content:
      application/json:
        schema: { $ref: ../components/schemas/WidgetCreate.yaml }
        example: { name: Gear, color: red }
  responses:
    '201':
      description: The widget, created.
      content:
        application/json:
          schema: { $ref: ../components/schemas/Widget.yaml }
          example: { id: wdg_1, name: Gear, color: red }
    '400': { $ref: ../components/responses/BadRequest.yaml }
    '401': { $ref: ../components/responses/Unauthorized.yaml }
    '500': { $ref: ../components/responses/InternalServerError.yaml }
`,
  "openapi/paths/widgets_{id}.yaml": `parameters:
  - name: id
    in: path
    required: true
    description: The widget ID.
    schema: { type: string }
    example: wdg_1
patch:
  operationId: updateWidget
  x-client-method: widgets.update
  tags: [Projects]
  summary: Update a widget
  description: Renames or recolors a widget.
  requestBody:
    required: true
    description: The fields to change.
    content:
      application/json:
        schema: { $ref: ../components/schemas/WidgetUpdate.yaml }
        example: { name: Cog }
  responses:
    '200':
      description: The widget, updated.
      content:
        application/json:
          schema: { $ref: ../components/schemas/Widget.yaml }
          example: { id: wdg_1, name: Cog, color: red }
    '401': { $ref: ../components/responses/Unauthorized.yaml }
    '404': { $ref: ../components/responses/NotFound.yaml }
    '500': { $ref: ../components/responses/InternalServerError.yaml }
`,
  "openapi/components/schemas/Widget.yaml": `type: object
description: A widget.
required: [id, name, color]
properties:
  id: { type: string, description: The widget ID. }
  name: { type: string, minLength: 1, description: Its name. }
  color: { type: string, enum: [red, blue], description: Its color. }
`,
  "openapi/components/schemas/WidgetCreate.yaml": `type: object
description: A widget to create.
required: [name, color]
additionalProperties: false
properties:
  name: { type: string, minLength: 1, description: Its name. }
  color: { type: string, enum: [red, blue], description: Its color. }
`,
  "openapi/components/schemas/WidgetUpdate.yaml": `type: object
description: The fields of a widget to change.
additionalProperties: false
minProperties: 1
properties:
  name: { type: string, minLength: 1, description: Its new name. }
  color: { type: string, enum: [red, blue], description: Its new color. }
`,
  "openapi/components/schemas/WidgetPage.yaml": `type: object
description: A page of widgets.
required: [items, has_more]
properties:
  items: { type: array, items: { $ref: Widget.yaml }, description: The widgets. }
  has_more: { type: boolean, description: Whether more pages follow. }
`,
};

const INDEX_PATHS = `  /widgets:
    $ref: paths/widgets.yaml
  /widgets/{id}:
    $ref: paths/widgets_{id}.yaml
`;
const INDEX_SCHEMAS = `    Widget:
      $ref: components/schemas/Widget.yaml
    WidgetCreate:
      $ref: components/schemas/WidgetCreate.yaml
    WidgetUpdate:
      $ref: components/schemas/WidgetUpdate.yaml
    WidgetPage:
      $ref: components/schemas/WidgetPage.yaml
`;

// what a user of the grown client writes; it must compile, and the marked lines must not. the
// expected types are written out from the spec above: the query, the bodies and the answers
const CONSUMER = `import { expectTypeOf } from "vitest";
import { createClient, type RequestOptions, type Widget, type WidgetPage } from "../src/index.js";
const client = createClient({ apiKey: "k", baseUrl: "http://127.0.0.1:4010" });
type Color = "red" | "blue";
type WidgetShape = { id: string; name: string; color: Color };
expectTypeOf(client.widgets.list).parameters.toEqualTypeOf<[query: { limit?: number; color: Color }, options?: RequestOptions]>();
expectTypeOf(client.widgets.list).returns.toEqualTypeOf<Promise<{ items: WidgetShape[]; has_more: boolean }>>();
expectTypeOf(client.widgets.create).parameters.toEqualTypeOf<[body: { name: string; color: Color }, options?: RequestOptions]>();
expectTypeOf(client.widgets.create).returns.toEqualTypeOf<Promise<WidgetShape>>();
expectTypeOf(client.widgets.update).parameters.toEqualTypeOf<[id: string, body: { name?: string; color?: Color }, options?: RequestOptions]>();
expectTypeOf(client.widgets.update).returns.toEqualTypeOf<Promise<WidgetShape>>();
const page: WidgetPage = await client.widgets.list({ color: "red", limit: 20 });
const created: Widget = await client.widgets.create({ name: "Gear", color: "red" });
const updated: Widget = await client.widgets.update("wdg_1", { name: "Cog" });
// @ts-expect-error the color query parameter is required
await client.widgets.list();
// @ts-expect-error "green" is not a color the spec allows
await client.widgets.create({ name: "Gear", color: "green" });
// @ts-expect-error the path parameter comes first
await client.widgets.update({ name: "Cog" });
console.log(JSON.stringify({ page, created, updated }));
`;

let copy: string;
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: copy, encoding: "utf8", env: toolEnv() });

// the project as committed (tracked and new files), in a folder of its own with its own git
beforeAll(() => {
  // a folder name with a space and an escape: every script must find its files from there (not a
  // "#": the Redocly CLI's example check then cannot resolve a $ref, whatever this project does)
  copy = copyRepo({
    prefix: "growth a b%20c-",
    document: fileURLToPath(new URL("../../../scripts/synthetic-base", import.meta.url)),
  }).dir;
  // generated from that document before the operations are added, whatever openapi/ holds here
  run(process.execPath, ["scripts/generate.mjs"]);
  run("git", ["init", "-q"]);
  run("git", ["add", "-A"]);
  run("git", ["-c", "user.name=growth", "-c", "user.email=growth@localhost", "commit", "-q", "-m", "before"]);

  for (const [file, text] of Object.entries(FILES)) writeFileSync(join(copy, file), text);
  const index = join(copy, "openapi/openapi.yaml");
  const spec = readFileSync(index, "utf8").replace(
    /^components:\n {2}schemas:\n/m,
    (m) => `${INDEX_PATHS}${m}${INDEX_SCHEMAS}`,
  );
  writeFileSync(index, spec);
}, 60_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("adding operations is an edit of openapi/ and npm run generate", () => {
  it("lints clean and regenerates, changing only openapi/, generated/ and the API reference", () => {
    run(bin("redocly"), ["lint", "--format=summary"]);
    run(process.execPath, ["scripts/generate.mjs"]);

    const changed = run("git", ["status", "--porcelain", "--untracked-files=all"])
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.filter((file) => !file.startsWith("openapi/") && !file.startsWith("generated/"))).toEqual([]);
    expect(changed).toEqual(
      expect.arrayContaining([
        "generated/operations.ts",
        "generated/resources.ts",
        "generated/types.ts",
        "generated/validators.ts",
        "generated/api.md",
      ]),
    );
  }, 60_000);

  it("gives each new operation a typed method that refuses wrong arguments at compile time", () => {
    mkdirSync(join(copy, "growth"), { recursive: true });
    writeFileSync(join(copy, "growth/consumer.ts"), CONSUMER);
    writeFileSync(
      join(copy, "growth/tsconfig.json"),
      JSON.stringify({
        extends: "../tsconfig.json",
        // the project's own compiler options; the program is only compiled, so it needs no Node types
        compilerOptions: { noEmit: true },
        include: ["."],
      }),
    );

    const tsc = spawnSync(bin("tsc"), ["-p", "growth"], { cwd: copy, encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 180_000);

  it("calls each new method against Prism serving the grown spec", async () => {
    const mock = await startMock({ spec: join(copy, "openapi/openapi.yaml") });
    try {
      const { createClient, ValidationError } = await import(join(copy, "src/index.ts"));
      // what reached the wire, beside what came back
      const sent: string[] = [];
      const fetch = async (request: Request) => {
        const url = new URL(request.url);
        sent.push(`${request.method} ${url.pathname}${url.search} ${await request.clone().text()}`);
        return globalThis.fetch(request);
      };
      const client = createClient({ apiKey: "test-token", baseUrl: mock.url, fetch });

      await expect(client.widgets.list({ color: "red", limit: 20 })).resolves.toEqual({
        items: [{ id: "wdg_1", name: "Gear", color: "red" }],
        has_more: false,
      });
      await expect(client.widgets.create({ name: "Gear", color: "red" })).resolves.toEqual({
        id: "wdg_1",
        name: "Gear",
        color: "red",
      });
      await expect(client.widgets.update("wdg_1", { name: "Cog" })).resolves.toEqual({
        id: "wdg_1",
        name: "Cog",
        color: "red",
      });
      await expect(client.widgets.list({ color: "green" })).rejects.toBeInstanceOf(ValidationError);
      await expect(client.widgets.update("wdg_1", {})).rejects.toBeInstanceOf(ValidationError);

      expect(sent).toEqual([
        expect.stringMatching(/^GET \/widgets\?(color=red&limit=20|limit=20&color=red) $/),
        'POST /widgets {"name":"Gear","color":"red"}',
        'PATCH /widgets/wdg_1 {"name":"Cog"}',
      ]);
    } finally {
      await mock.stop();
    }
  }, 60_000);
});
