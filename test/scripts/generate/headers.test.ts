// Header parameters as the client takes them (scripts/lib/generate/headers.mjs): a header (nearly)
// every operation declares becomes a client option, named apart from the options createClient has.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CLIENT_OPTIONS, headerOptions } from "../../../scripts/lib/generate/headers.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";

type Header = { name: string; required?: boolean };
/** `count` operations, each declaring `headers` (a function of its index). */
const operations = (count: number, headers: (i: number) => Header[], idempotencyKey?: string) =>
  Array.from({ length: count }, (_, i) => ({
    method: "GET",
    path: `/things/${i}`,
    idempotencyKey,
    headerParams: headers(i).map((h) => ({
      required: false,
      schema: { type: "string" },
      description: undefined,
      ...h,
    })),
  })) as never;

describe("headerOptions", () => {
  it("makes a header that 90 % of the operations declare (in any case) a client option, and no other", () => {
    const { options, lines } = headerOptions(
      operations(20, (i) => [
        ...(i < 18 ? [{ name: i % 2 ? "X-Api-Version" : "x-api-version" }] : []),
        ...(i < 17 ? [{ name: "Account-Id" }] : []),
      ]),
    );
    expect(options.map((o) => [o.name, o.option, o.at])).toEqual([
      ["x-api-version", "apiVersion", { path: "/things/0", method: "GET" }],
    ]);
    expect(lines).toEqual([
      "header x-api-version: declared by 18 of 20 operations; the client option apiVersion sends it with every request, and a call's headers override it",
    ]);
  });

  it("never takes an option createClient has, a reserved word, or a header on one operation alone", () => {
    const taken = headerOptions(operations(3, () => [{ name: "Timeout-Ms" }, { name: "x-delete" }]));
    expect(taken.options.map((o) => o.option)).toEqual(["timeoutMs_", "_delete"]);
    expect(headerOptions(operations(1, () => [{ name: "X-Version" }])).options).toEqual([]);
    // the idempotency key is the client's own to make
    expect(headerOptions(operations(4, () => [{ name: "Idempotency-Key" }], "Idempotency-Key")).options).toEqual([]);
  });

  it("knows every option createClient takes, as src/core/config.ts declares them", () => {
    const file = join(root, "src/core/config.ts");
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    const declared: string[] = [];
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === "ClientOptions")
        for (const member of node.members)
          if (member.name && ts.isIdentifier(member.name)) declared.push(member.name.text);
    });
    expect([...CLIENT_OPTIONS].sort()).toEqual(declared.sort());
  });
});

describe("a header parameter that carries the key, where the document declares no security scheme", () => {
  const op = (key: boolean) => ({
    parameters: [
      ...(key ? [{ name: "xi-api-key", in: "header", required: true, schema: { type: "string" } }] : []),
      { name: "X-Trace", in: "header", schema: { type: "string" } },
    ],
    responses: { "204": { description: "done" } },
  });
  const doc = (schemes: object) => ({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`/voices/${i}`, { delete: op(i > 0) }])),
    components: schemes,
  });

  it("is read as the key when 90 % of the operations declare it, and is no parameter of a call", () => {
    const { auth, operations, report } = readOperations(doc({}));
    expect(auth).toEqual({ kind: "header", name: "xi-api-key" });
    expect(report.auth[0]).toBe(
      "document: no security scheme; the header parameter xi-api-key, which 9 of 10 operations declare, carries the key: header xi-api-key: <apiKey>",
    );
    expect(operations.map((o: { headerParams: { name: string }[] }) => o.headerParams.map((p) => p.name))).toEqual(
      Array.from({ length: 10 }, () => ["X-Trace"]),
    );
  });

  it("stays a parameter where the document declares a scheme", () => {
    const schemes = { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } };
    const { auth, operations } = readOperations(doc(schemes));
    expect(auth).toEqual({ kind: "none" });
    expect(operations[1]!.headerParams.map((p: { name: string }) => p.name)).toEqual(["xi-api-key", "X-Trace"]);
  });
});
