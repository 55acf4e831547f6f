// src/ names no operation of the spec: every method comes from the generated table, so a guard
// reads src/'s code (comments aside) for any word an operation, a schema or a tag is known by. Nor
// does it name the service: the package's names come from its configuration (generated/identity.ts,
// generated/public-names.ts), so a guard reads src/'s text, comments included, for them.
import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { identityOf, readIdentity, type Identity } from "../../scripts/lib/shared/identity.mjs";
import { spec } from "../support/contract.js";

/** The words an operation of `document` is known by: its path segments, operationIds, client methods, tags and schemas. */
function specWords(document: any) {
  const specOps = Object.entries<Record<string, any>>(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([key, op]) => key !== "parameters" && typeof op === "object" && op !== null && !Array.isArray(op))
      .map(([, op]) => ({
        path,
        operationId: op.operationId as string | undefined,
        clientMethod: op["x-client-method"] as string | undefined,
        tags: (op.tags ?? []) as string[],
      })),
  );
  // a name that is one plain word, capitalised or not, or a number ("Error", JavaScript's too; "Event",
  // "list", "from", "2": other teams' documents have them) reads as prose or code, not as the schema;
  // a schema named as a type the package's entry exports (hf-tgi's StreamOptions) is the runtime's word
  const schemaNames = Object.keys(document.components?.schemas ?? {}).filter(
    (name) => !PLAIN_WORD.test(name) && !ENTRY_EXPORTS.has(name),
  );
  const segments = [...new Set(specOps.flatMap((op) => op.path.split("/").filter((s) => s && !s.startsWith("{"))))];
  return { specOps, schemaNames, segments };
}
const PLAIN_WORD = /^(?:[A-Za-z][a-z]*|\d+)$/;
/** The names src/index.ts exports, each as the runtime's own word, read from its export statements. */
const ENTRY_EXPORTS = (() => {
  const file = new URL("../../src/index.ts", import.meta.url);
  const source = ts.createSourceFile("index.ts", readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  for (const node of source.statements)
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause))
      for (const element of node.exportClause.elements) names.add(element.name.text);
  return names;
})();
const camel = (word: string) => word.replace(/[_-]+(\w)/g, (_, c: string) => c.toUpperCase());
const pascal = (phrase: string) => phrase.replace(/(?:^|[\s_-]+)(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * The literal texts and identifiers of the TypeScript and JavaScript files under `dir`, comments left out (prose
 * may say "browser"), module specifiers too (`./auth.js` names a file of src/, not the path segment).
 */
function codeTokens(dir: URL): { file: string; literals: string[]; identifiers: string[]; text: string }[] {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(ts|js)$/.test(f));
  return files.map((file) => {
    const text = readFileSync(new URL(file, dir), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const literals: string[] = [];
    const identifiers: string[] = [];
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) return;
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node))
        literals.push(node.text);
      else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) identifiers.push(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return { file, literals, identifiers, text };
  });
}

/** What in `code` names an operation, a schema or a tag of `document`, each as `file: what "where"`. */
function operationNames(code: ReturnType<typeof codeTokens>, document: any): string[] {
  const { specOps, schemaNames, segments } = specWords(document);
  const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  // bounded by anything but a letter, a digit or an underscore: "/deployments/" holds deployments
  const word = (s: string) => new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(s)}(?![A-Za-z0-9_])`);
  // a one-word segment in a literal as its path would write it (`/deployments`): the word alone
  // ("file", "send") is a message's as much as the path's
  const asPath = (s: string) => new RegExp(`/${escapeRegExp(s)}(?![A-Za-z0-9_])`);
  const inLiterals = [
    ...segments.map((s) => ["path segment", s]),
    ...specOps.flatMap((op) =>
      [op.operationId, op.clientMethod]
        .filter((n) => n !== undefined && !PLAIN_WORD.test(n))
        .map((n) => ["operation", n!]),
    ),
    ...specOps.flatMap((op) => op.tags).map((t) => ["tag", t]),
    ...schemaNames.map((n) => ["schema", n]),
  ];
  // as code, a one-word segment ("limits", "auth") is too common a word to mean its path, so
  // identifiers are held to the names only an operation has: operationIds, schemas, tags and
  // the spelled-out forms of multi-word segments (clickMouse, click_mouse)
  const inIdentifiers = [
    ...segments
      .filter((s) => /[_-]/.test(s))
      .flatMap((s) => [
        ["path segment", s],
        ["path segment", camel(s)],
      ]),
    // an operationId of one plain word (spotify's search) is code's as much as the operation's (url.search)
    ...specOps
      .map((op) => op.operationId)
      .filter((n) => n !== undefined && !PLAIN_WORD.test(n))
      .map((n) => ["operation", n!]),
    ...specOps
      .flatMap((op) => op.tags)
      .filter((t) => /\s/.test(t))
      .map((t) => ["tag", pascal(t)]),
    ...schemaNames.map((n) => ["schema", n]),
  ];
  // anywhere in a file, its comments and examples too: the names only this spec's operations have (an
  // operationId of one plain word, hf-tgi's "generate", is prose's as much as the operation's)
  const inText = [
    ...segments.filter((s) => /[_-]/.test(s)).map((s) => ["path segment", s]),
    ...specOps.flatMap((op) =>
      [op.operationId, op.clientMethod]
        .filter((n) => n !== undefined && !PLAIN_WORD.test(n))
        .map((n) => ["operation", n!]),
    ),
    ...schemaNames.map((n) => ["schema", n]),
  ];
  return code.flatMap(({ file, literals, identifiers, text = "" }) => [
    ...inText.flatMap(([kind, name]) => (word(name!).test(text) ? [`${file}: ${kind} ${name} in its text`] : [])),
    ...inLiterals.flatMap(([kind, name]) =>
      literals
        .filter((text) => (kind === "path segment" && !/[_-]/.test(name!) ? asPath(name!) : word(name!)).test(text))
        .map((text) => `${file}: ${kind} ${name} in ${JSON.stringify(text)}`),
    ),
    ...inIdentifiers.flatMap(([kind, name]) =>
      identifiers.filter((id) => id === name).map(() => `${file}: ${kind} ${name} as an identifier`),
    ),
  ]);
}

/**
 * What in `code`'s text names the service as `identity` and the document's `title` do: the package's
 * name, its environment variables' prefix, its root error's and client's names, the title, and the
 * display name (any case, its words joined by nothing, a space, - or _) where it has two words or
 * more (one word, "Service", is prose's as much as the service's).
 */
function serviceNames(code: ReturnType<typeof codeTokens>, identity: Identity, title: string): string[] {
  const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const words = identity.displayName.split(" ");
  const names: [string, RegExp][] = [
    ["package name", new RegExp(escapeRegExp(identity.packageName), "i")],
    ["environment variable prefix", new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(identity.envPrefix)}_`)],
    ["root error", new RegExp(`(?<![A-Za-z0-9_$])${identity.errorName}(?![A-Za-z0-9_$])`)],
    ["client type", new RegExp(`(?<![A-Za-z0-9_$])${identity.clientName}(?![A-Za-z0-9_$])`)],
    // a title of one word ("Lob") is the display name's, held to the rule below
    ...(/\s/.test(title.trim())
      ? [["title", new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(title.trim())}(?![A-Za-z0-9])`, "i")] as [string, RegExp]]
      : []),
    ...(words.length > 1
      ? [["display name", new RegExp(words.map(escapeRegExp).join("[\\s_-]?"), "i")] as [string, RegExp]]
      : []),
  ];
  return code.flatMap(({ file, text }) =>
    names.filter(([, pattern]) => pattern.test(text)).map(([kind]) => `${file}: ${kind} in its text`),
  );
}

describe("src/", () => {
  const code = codeTokens(new URL("../../src/", import.meta.url));

  it("names nothing of the service: its package, variables, classes, title and name are the configuration's", () => {
    const identity = readIdentity(spec.info);

    expect(serviceNames(code, identity, String(spec.info?.title ?? ""))).toEqual([]);
  });

  it("would notice src/ naming the service in any of its forms", () => {
    const acme = identityOf({ name: "acme-payments-client" }, { title: "Acme Payments API" });
    const planted = (text: string) =>
      serviceNames([{ file: "planted.ts", literals: [], identifiers: [], text }], acme, "Acme Payments API");

    // each form, and the display name's words in it
    const display = "planted.ts: display name in its text";
    expect(planted("// import from acme-payments-client/testing")).toEqual([
      "planted.ts: package name in its text",
      display,
    ]);
    expect(planted("`ACME-PAYMENTS-CLIENT: GET /x`")).toEqual(["planted.ts: package name in its text", display]);
    expect(planted('readEnv("ACME_PAYMENTS_LOG")')).toEqual([
      "planted.ts: environment variable prefix in its text",
      display,
    ]);
    expect(planted("class X extends AcmePaymentsError {}")).toEqual(["planted.ts: root error in its text", display]);
    expect(planted("): AcmePaymentsClient {")).toEqual(["planted.ts: client type in its text", display]);
    expect(planted("/** A client of the Acme Payments API. */")).toEqual([
      "planted.ts: title in its text",
      "planted.ts: display name in its text",
    ]);
    expect(planted("// acme_payments, acme-payments, AcmePayments")).toEqual(["planted.ts: display name in its text"]);
    // the words alone, and src/'s own generic names, are free
    expect(planted("// payments of a client; ClientError, ApiClient, API_KEY_ENV, the service's key")).toEqual([]);
  });

  it("names no path segment, operationId, client method, schema or tag of the spec: every method comes from the generated table", () => {
    expect(code.length).toBeGreaterThan(5);
    expect(operationNames(code, spec)).toEqual([]);
  });

  it("would notice src/ naming an operation by any fragment", () => {
    // a document of the test's own: this project's first operations, whatever openapi/ holds
    const document = {
      paths: {
        "/org/limits": { get: { operationId: "getOrgLimits" } },
        "/browsers/{id}/computer/click_mouse": { post: { operationId: "clickMouse", tags: ["Browsers"] } },
        "/auth/connections/{id}": { delete: { operationId: "deleteAuthConnection", tags: ["Managed Auth"] } },
        "/deployments/{id}": { delete: { operationId: "deleteDeployment", "x-client-method": "deployments.delete" } },
      },
      components: { schemas: { OrgLimits: {}, Error: {} } },
    };
    const planted = (literals: string[], identifiers: string[] = [], text = "") =>
      operationNames([{ file: "planted.ts", literals, identifiers, text }], document);

    expect(planted(["/deployments/"])).toEqual(['planted.ts: path segment deployments in "/deployments/"']);
    expect(planted(["/click_mouse"])).toEqual(['planted.ts: path segment click_mouse in "/click_mouse"']);
    expect(planted(["deleteAuthConnection"])).toEqual([
      'planted.ts: operation deleteAuthConnection in "deleteAuthConnection"',
    ]);
    expect(planted(["Managed Auth"])).toEqual(['planted.ts: tag Managed Auth in "Managed Auth"']);
    expect(planted([], ["clickMouse", "OrgLimits", "ManagedAuth"])).toEqual([
      "planted.ts: path segment clickMouse as an identifier",
      "planted.ts: operation clickMouse as an identifier",
      "planted.ts: tag ManagedAuth as an identifier",
      "planted.ts: schema OrgLimits as an identifier",
    ]);
    // a comment or an example naming an operation, a client method or a schema
    expect(
      planted([], [], "/** @example const row = MethodOf<typeof getOrgLimits>; deployments.delete(id) */"),
    ).toEqual([
      "planted.ts: operation getOrgLimits in its text",
      "planted.ts: operation deployments.delete in its text",
    ]);
    expect(planted([], [], "// compile(OrgLimits, true) for the /click_mouse path")).toEqual([
      "planted.ts: path segment click_mouse in its text",
      "planted.ts: schema OrgLimits in its text",
    ]);
    // generic words stay free: a header, a variable, a method of another object
    expect(planted(["authorization", "connection refused", "orgs"], ["limits", "auth", "deployment"])).toEqual([]);
  });
});
