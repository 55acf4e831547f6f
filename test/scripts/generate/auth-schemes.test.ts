import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { openapi31 } from "../../../scripts/lib/spec/openapi31.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { faultServer, reply, reset } from "../../support/fault-server.js";
import { generateOnce } from "../../support/generate-once.js";

// a document that authenticates with HTTP basic auth as a whole, and whose operations declare an
// API key in a header, one in the query, none at all, and alternatives led by one the client cannot send
const FIXTURE = fileURLToPath(new URL("../fixtures/auth", import.meta.url));
// an account SID and auth token, the pair Twilio's basic auth takes
const KEY = "AC0123456789abcdef0123456789abcdef:tok-9f8e7d6c5b4a";
// base64 of KEY, worked out apart from the client
const BASIC = "Basic QUMwMTIzNDU2Nzg5YWJjZGVmMDEyMzQ1Njc4OWFiY2RlZjp0b2stOWY4ZTdkNmM1YjRh";
// KEY as a query value: the ":" percent-encoded
const KEY_IN_QUERY = "AC0123456789abcdef0123456789abcdef%3Atok-9f8e7d6c5b4a";
const ACCOUNT = { sid: "AC1" };

let copy: { dir: string; remove: () => void };
let createClient: any;
let mockFetch: any;
let AUTH: unknown;
let operations: any[];
let report: { auth: string[]; unsupported: string[] };

beforeAll(async () => {
  copy = copyRepo({
    entries: ["src", "scripts", "lint", "package.json", "redocly.yaml", "tsconfig.json"],
    prefix: "auth-schemes-",
    document: FIXTURE,
  });
  generateOnce(copy.dir);
  ({ createClient } = await import(join(copy.dir, "src/index.ts")));
  ({ mockFetch } = await import(join(copy.dir, "src/testing/index.ts")));
  ({ AUTH } = await import(join(copy.dir, "generated/meta.ts")));
  ({ operations } = await import(join(copy.dir, "generated/operations.ts")));
  ({ report } = readOperations(JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"))));
}, 120_000);

afterAll(() => copy?.remove());

/** Every way a key could leak out of an error: message, stack, inspection, serialization. */
function exposed(err: unknown): string {
  const e = err as Error;
  return [e.message, e.stack, inspect(e, { depth: 10, showHidden: true }), JSON.stringify(e), String(e)].join("\n");
}

describe("a document's security schemes, generated into a client", () => {
  it("are written for the runtime: the document's in meta.ts, an operation's own in its row", () => {
    expect(AUTH).toEqual({ kind: "basic" });
    expect(Object.fromEntries(operations.map((op) => [op.name, op.security]))).toEqual({
      "accounts.retrieve": undefined,
      "reports.retrieve": { kind: "header", name: "X-Api-Key" },
      "search.run": { kind: "query", name: "api_key" },
      "health.check": { kind: "none" },
      "tokens.retrieve": { kind: "bearer" },
    });
  });

  it("are told in generate's report, the alternative taken and the scheme it cannot send named", () => {
    expect(report.auth).toEqual([
      'document: accountSid_authToken, Authorization: Basic base64(<apiKey>), the key given as "user:password"',
      "GET /reports: headerKey, header X-Api-Key: <apiKey>",
      "GET /search: queryKey, query parameter api_key=<apiKey>",
      "GET /health: security: [], no credential",
      "GET /tokens: bearerToken, Authorization: Bearer <apiKey>",
      "GET /tokens: alternatives cookieKey, bearerToken, headerKey: bearerToken, the first the client can send",
    ]);
    expect(report.unsupported).toEqual(["GET /tokens security: cookieKey (apiKey in cookie) is not sent"]);
  });

  it("send HTTP basic auth as Authorization: Basic base64(user:password), which a call's headers cannot replace", async () => {
    const server = await faultServer(reply(200, ACCOUNT));
    const client = createClient({ apiKey: KEY, baseUrl: server.url, headers: { authorization: "Basic b3RoZXI=" } });

    await client.accounts.retrieve("AC1", { headers: { Authorization: "Bearer stolen" } });

    expect(server.requests[0]?.url).toBe("/accounts/AC1");
    expect(server.requests[0]?.headers.authorization).toBe(BASIC);
  });

  it("send an API key in a header as that header, over one the caller set, and no Authorization", async () => {
    const server = await faultServer(reply(200, ACCOUNT));
    const client = createClient({ apiKey: KEY, baseUrl: server.url, headers: { "x-api-key": "other" } });

    await client.reports.retrieve({ headers: { Authorization: "Bearer stolen", "X-Trace": "t-1" } });

    expect(server.requests[0]?.headers["x-api-key"]).toBe(KEY);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.headers["x-trace"]).toBe("t-1");
  });

  it("send an API key in the query as that parameter, after the call's own, and no Authorization", async () => {
    const server = await faultServer(reply(200, ACCOUNT));
    const client = createClient({ apiKey: KEY, baseUrl: server.url });

    await client.search.run({ q: "a b" });

    expect(server.requests[0]?.url).toBe(`/search?q=a%20b&api_key=${KEY_IN_QUERY}`);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("list every scheme in meta.ts, and send each operation's own from its standalone function, which carries it", async () => {
    const { SCHEMES } = await import(join(copy.dir, "generated/meta.ts"));
    const fns = await import(join(copy.dir, "src/operations.ts"));
    const server = await faultServer(reply(200, ACCOUNT));
    const client = fns.createCoreClient({ apiKey: KEY, baseUrl: server.url });

    expect(SCHEMES).toEqual([
      { kind: "basic" },
      { kind: "header", name: "X-Api-Key" },
      { kind: "query", name: "api_key" },
      { kind: "none" },
      { kind: "bearer" },
    ]);
    await fns.getAccount(client, "AC1");
    await fns.listReports(client);
    await fns.search(client, { q: "a b" });
    await fns.health(client);

    expect(server.requests.map((r) => [r.url, r.headers.authorization, r.headers["x-api-key"]])).toEqual([
      ["/accounts/AC1", BASIC, undefined],
      ["/reports", undefined, KEY],
      [`/search?q=a%20b&api_key=${KEY_IN_QUERY}`, undefined, undefined],
      ["/health", undefined, undefined],
    ]);
    // the document's basic auth asks for user:password, which a core client holds its key to as well
    expect(() => fns.createCoreClient({ apiKey: "no-colon", baseUrl: server.url })).toThrow(/user:password/);
  });

  it("send no credential for an operation whose security is []", async () => {
    const server = await faultServer(reply(204));
    const client = createClient({ apiKey: KEY, baseUrl: server.url });

    await client.health.check();

    expect(server.requests[0]?.url).toBe("/health");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.headers["x-api-key"]).toBeUndefined();
  });

  it("send the first alternative the client can send: bearer, where a cookie key is listed first", async () => {
    const server = await faultServer(reply(200, ACCOUNT));
    const client = createClient({ apiKey: KEY, baseUrl: server.url });

    await client.tokens.retrieve();

    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests[0]?.headers.cookie).toBeUndefined();
    expect(server.requests[0]?.headers["x-api-key"]).toBeUndefined();
  });

  it("send each operation's scheme through the raw client too, with or without middleware", async () => {
    const server = await faultServer(reply(200, ACCOUNT));
    const client = createClient({ apiKey: KEY, baseUrl: server.url });

    await client.raw.GET("/search", { params: { query: { q: "x" } } });
    await client.raw.GET("/health");
    await client.raw.GET("/accounts/{sid}", { params: { path: { sid: "AC1" } } });
    const seen: string[] = [];
    client.raw.use({ onRequest: ({ request }: { request: Request }) => void seen.push(request.url) });
    await client.search.run({ q: "y" });
    await client.reports.retrieve();

    expect(server.requests.map((r) => [r.url, r.headers.authorization, r.headers["x-api-key"]])).toEqual([
      [`/search?q=x&api_key=${KEY_IN_QUERY}`, undefined, undefined],
      ["/health", undefined, undefined],
      ["/accounts/AC1", BASIC, undefined],
      [`/search?q=y&api_key=${KEY_IN_QUERY}`, undefined, undefined],
      ["/reports", undefined, KEY],
    ]);
    // the key is put on after the middleware, which never sees it
    expect(seen).toEqual([`${server.url}/search?q=y`, `${server.url}/reports`]);
  });

  it("refuse a key that is not user:password where the document asks for basic auth, without showing it", () => {
    let err: unknown;
    try {
      createClient({ apiKey: "tok-9f8e7d6c5b4a", baseUrl: "https://api.example.com" });
    } catch (e) {
      err = e;
    }

    expect((err as Error).name).toBe("ConfigurationError");
    expect((err as Error).message).toBe(
      'apiKey must be "user:password" for HTTP Basic authentication, the two joined by ":" (the key is not shown)',
    );
    expect(exposed(err)).not.toContain("tok-9f8e7d6c5b4a");
  });
});

describe("the key, sent by each scheme", () => {
  const secret = "tok-9f8e7d6c5b4a";

  it("appears in no debug line and no error, an API key in the query included", async () => {
    const server = await faultServer(
      reply(401, { code: "unauthorized", message: "bad key" }),
      reply(502, "<html>bad gateway</html>"),
      reset,
    );
    const lines: string[] = [];
    const client = createClient({
      apiKey: KEY,
      baseUrl: server.url,
      maxRetries: 0,
      logger: { debug: (line: string) => lines.push(line) },
    });

    const errors = [
      await client.search.run({ q: "a" }).catch((e: unknown) => e),
      await client.reports.retrieve().catch((e: unknown) => e),
      await client.search.run({ q: "b" }).catch((e: unknown) => e),
    ];

    expect(errors.map((e) => (e as Error).name)).toEqual([
      "AuthenticationError",
      "InternalServerError",
      "ConnectionError",
    ]);
    expect(server.requests.map((r) => r.url)).toEqual([
      `/search?q=a&api_key=${KEY_IN_QUERY}`,
      "/reports",
      `/search?q=b&api_key=${KEY_IN_QUERY}`,
    ]);
    expect(lines).toHaveLength(3);
    // the fixture copy's package name (FIXTURE_PACKAGE) starts each line
    expect(lines[0]).toMatch(/^fixture-client: GET \/search -> 401 \(attempt 1\/1, \d+ ms\)$/);
    for (const text of [...lines, ...errors.map(exposed)]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain("api_key");
    }
  });

  it("is redacted in what mockFetch records, in a header and in the query", async () => {
    const fetch = mockFetch(
      { "search.run": ACCOUNT, "reports.retrieve": ACCOUNT, "accounts.retrieve": ACCOUNT },
      { baseUrl: "https://api.example.com/v1" },
    );
    const client = createClient({ apiKey: KEY, baseUrl: "https://api.example.com/v1", fetch });

    await client.search.run({ q: "a" });
    await client.reports.retrieve();
    await client.accounts.retrieve("AC1");

    expect(fetch.calls.map((c: any) => [c.query, c.headers["x-api-key"], c.headers.authorization])).toEqual([
      [{ q: "a", api_key: "[redacted]" }, undefined, undefined],
      [{}, "[redacted]", undefined],
      [{}, undefined, "Basic [redacted]"],
    ]);
    expect(JSON.stringify(fetch.calls)).not.toContain(secret);
  });
});

describe("what OpenAPI 3.2 says of a security scheme, read from the 3.1 view generate reads", () => {
  const token = { tokenUrl: "https://auth.example/token", scopes: {} };
  const doc = {
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    paths: { "/pets": { get: { security: [{ legacy: [] }], responses: { "200": { description: "ok" } } } } },
    security: [{ legacy: [] }, { oauth: [] }],
    components: {
      securitySchemes: {
        legacy: { type: "apiKey", in: "header", name: "X-Key", deprecated: true },
        oauth: {
          type: "oauth2",
          oauth2MetadataUrl: "https://auth.example/.well-known/oauth-authorization-server",
          flows: { deviceAuthorization: { deviceAuthorizationUrl: "https://auth.example/device", ...token } },
        },
      },
    },
  };

  it("takes an alternative that is not deprecated first, a deprecated one where it is the only one, and names the rest", () => {
    const { operations, auth, report } = readOperations(openapi31(doc).spec);

    // the document lists the deprecated key first; an operation whose only scheme it is still sends it
    expect(auth).toEqual({ kind: "bearer" });
    expect(operations.map((op) => op.auth)).toEqual([{ kind: "header", name: "X-Key" }]);
    expect(report.auth).toEqual([
      "document: oauth, Authorization: Bearer <apiKey>",
      "document: oauth (oauth2; flows deviceAuthorization (the device flow); metadata https://auth.example/.well-known/oauth-authorization-server): the key is sent as its access token; the client obtains no token itself",
      "document: alternatives legacy, oauth: oauth, the first the client can send that is not deprecated (legacy is)",
      "scheme legacy: deprecated (3.2)",
      "scheme oauth: authorization server metadata at https://auth.example/.well-known/oauth-authorization-server; the device authorization flow (token at https://auth.example/token); the client takes a token obtained by it as apiKey",
      "GET /pets: legacy, header X-Key: <apiKey>",
      "GET /pets: legacy is deprecated (3.2), and the only one the client can send",
    ]);
  });

  it("reads the document as written alike", () => {
    expect(readOperations(doc).report.auth).toEqual(readOperations(openapi31(doc).spec).report.auth);
  });
});
