import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import fc from "fast-check";
import createFetchClient, { defaultPathSerializer } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import type { Operation } from "../generated/operations.js";
import { idempotencyOverrides, method, pathRenderer, type Call } from "../src/operation.js";
import { result } from "../src/response.js";
import { BrowserCloudError, ValidationError } from "../src/index.js";
import { PagePromise } from "../src/pages.js";
import { faultServer, reply } from "./support/fault-server.js";
import { spec } from "./support/contract.js";

// the words an operation is known by, from the bundled spec
const specOps = Object.entries<Record<string, any>>(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([key, op]) => key !== "parameters" && typeof op === "object" && op !== null && !Array.isArray(op))
    .map(([, op]) => ({ path, operationId: op.operationId as string | undefined, clientMethod: op["x-client-method"] as string | undefined, tags: (op.tags ?? []) as string[] })),
);
// the spec's `Error` shares its name with JavaScript's
const schemaNames = Object.keys(spec.components?.schemas ?? {}).filter((name) => name !== "Error");
const segments = [...new Set(specOps.flatMap((op) => op.path.split("/").filter((s) => s && !s.startsWith("{"))))];
const camel = (word: string) => word.replace(/[_-]+(\w)/g, (_, c: string) => c.toUpperCase());
const pascal = (phrase: string) => phrase.replace(/(?:^|[\s_-]+)(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * The literal texts and identifiers of the TypeScript and JavaScript files under `dir`, comments left out (prose
 * may say "browser"), module specifiers too (`./auth.js` names a file of src/, not the path segment).
 */
function codeTokens(dir: URL): { file: string; literals: string[]; identifiers: string[] } [] {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(ts|js)$/.test(f));
  return files.map((file) => {
    const source = ts.createSourceFile(file, readFileSync(new URL(file, dir), "utf8"), ts.ScriptTarget.Latest, true);
    const literals: string[] = [];
    const identifiers: string[] = [];
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) return;
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node)) literals.push(node.text);
      else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) identifiers.push(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return { file, literals, identifiers };
  });
}

/** What in `code` names an operation, a schema or a tag of the spec, each as `file: what "where"`. */
function operationNames(code: ReturnType<typeof codeTokens>): string[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  // bounded by anything but a letter, a digit or an underscore: "/deployments/" holds deployments
  const word = (s: string) => new RegExp(`(?<![A-Za-z0-9_])${escape(s)}(?![A-Za-z0-9_])`);
  const inLiterals = [
    ...segments.map((s) => ["path segment", s]),
    ...specOps.flatMap((op) => [op.operationId, op.clientMethod].filter((n) => n !== undefined).map((n) => ["operation", n!])),
    ...specOps.flatMap((op) => op.tags).map((t) => ["tag", t]),
    ...schemaNames.map((n) => ["schema", n]),
  ];
  // as code, a one-word segment ("limits", "auth") is too common a word to mean its path, so
  // identifiers are held to the names only an operation has: operationIds, schemas, tags and
  // the spelled-out forms of multi-word segments (clickMouse, click_mouse)
  const inIdentifiers = [
    ...segments.filter((s) => /[_-]/.test(s)).flatMap((s) => [["path segment", s], ["path segment", camel(s)]]),
    ...specOps.map((op) => op.operationId).filter((n) => n !== undefined).map((n) => ["operation", n!]),
    ...specOps.flatMap((op) => op.tags).filter((t) => /\s/.test(t)).map((t) => ["tag", pascal(t)]),
    ...schemaNames.map((n) => ["schema", n]),
  ];
  return code.flatMap(({ file, literals, identifiers }) => [
    ...inLiterals.flatMap(([kind, name]) => literals.filter((text) => word(name!).test(text)).map((text) => `${file}: ${kind} ${name} in ${JSON.stringify(text)}`)),
    ...inIdentifiers.flatMap(([kind, name]) => identifiers.filter((id) => id === name).map(() => `${file}: ${kind} ${name} as an identifier`)),
  ]);
}

describe("src/", () => {
  const code = codeTokens(new URL("../src/", import.meta.url));

  it("names no path segment, operationId, client method, schema or tag of the spec: every method comes from the generated table", () => {
    expect(code.length).toBeGreaterThan(5);
    expect(operationNames(code)).toEqual([]);
  });

  it("would notice src/ naming an operation by any fragment", () => {
    const planted = (literals: string[], identifiers: string[] = []) => operationNames([{ file: "planted.ts", literals, identifiers }]);

    expect(planted(["/deployments/"])).toEqual(['planted.ts: path segment deployments in "/deployments/"']);
    expect(planted(["/click_mouse"])).toEqual(['planted.ts: path segment click_mouse in "/click_mouse"']);
    expect(planted(["deleteAuthConnection"])).toEqual(["planted.ts: operation deleteAuthConnection in \"deleteAuthConnection\""]);
    expect(planted(["Managed Auth"])).toEqual(['planted.ts: tag Managed Auth in "Managed Auth"']);
    expect(planted([], ["clickMouse", "OrgLimits", "ManagedAuth"])).toEqual([
      "planted.ts: path segment clickMouse as an identifier",
      "planted.ts: operation clickMouse as an identifier",
      "planted.ts: tag ManagedAuth as an identifier",
      "planted.ts: schema OrgLimits as an identifier",
    ]);
    // generic words stay free: a header, a variable, a method of another object
    expect(planted(["authorization", "connection refused", "orgs"], ["limits", "auth", "deployment"])).toEqual([]);
  });
});

/** A Call straight through openapi-fetch to `baseUrl`, without the client's transport. */
const direct = (baseUrl: string): Call => (options, op, run) => result(run(createFetchClient({ baseUrl }) as never, { headers: options?.headers ?? {}, fetch: (r) => fetch(r) }), op.name);

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

describe("a list whose table brings no page reader", () => {
  // this project's spec has no list, so its generated table exports none
  const pagedWidgets: Operation = { ...listWidgets, query: undefined, answer: "json", page: { style: "link" } };

  it("fails loudly, naming the command that writes the reader, and sends nothing", async () => {
    const server = await faultServer(reply(200, "[]"));

    const calling = () => method(pagedWidgets, direct(server.url))("s1");

    expect(calling).toThrow(BrowserCloudError);
    expect(calling).toThrow("widgets.list: no page reader; run npm run generate");
    expect(server.requests).toHaveLength(0);
  });

  it("walks the pages with the reader the call brings instead", async () => {
    const server = await faultServer(reply(200, '[{"id":"w1"},{"id":"w2"}]', { "Content-Type": "application/json" }));
    const call = Object.assign(direct(server.url), { PageList: PagePromise });

    const items: unknown[] = [];
    for await (const item of method(pagedWidgets, call)("s1") as unknown as PagePromise<unknown>) items.push(item);

    expect(items).toEqual([{ id: "w1" }, { id: "w2" }]);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /shops/s1/widgets"]);
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

describe("the path of a request", () => {
  // the oracle is openapi-fetch's own serializer, which the renderer stands in for
  const templates = ["/things/{id}", "/things/{id}/parts/{part_id}/act", "/{a}", "/x/{id}.json", "/v1/{id}{suffix}", "/org/limits"];

  it("is written as openapi-fetch writes it, for any well-formed id", () => {
    const id = fc.string({ unit: "grapheme", maxLength: 12 }).filter((s) => s !== "");
    fc.assert(
      fc.property(fc.constantFrom(...templates), id, id, (template, a, b) => {
        const url = `https://api.example.com/base${template}`;
        const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const params = Object.fromEntries(names.map((name, i) => [name, i % 2 ? b : a]));
        expect(pathRenderer(template)!(url, params)).toBe(defaultPathSerializer(url, params));
      }),
      { numRuns: 2_000 },
    );
  });

  it("percent-encodes what would change the address", () => {
    expect(pathRenderer("/things/{id}/act")!("http://h/things/{id}/act", { id: "a/b?c#d%e f" })).toBe("http://h/things/a%2Fb%3Fc%23d%25e%20f/act");
  });

  it("leaves label, matrix and exploded parameters to openapi-fetch, and a template without any as it is", () => {
    expect(pathRenderer("/things/{.id}")).toBeUndefined();
    expect(pathRenderer("/things/{;id}")).toBeUndefined();
    expect(pathRenderer("/things/{id*}")).toBeUndefined();
    expect(pathRenderer("/things")!("https://h/v1/things", {})).toBe("https://h/v1/things");
  });
});
