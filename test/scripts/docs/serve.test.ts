import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printed, rawRequest, resetMidRequest, start, stop, WAIT_MS, type Child } from "../helpers.js";

const root = resolve(import.meta.dirname, "../../..");
const PAGE = "<!doctype html><title>docs</title><p>the docs page</p>\n";
const SECRET = "a file next to the site, never served\n";
const end = "Host: 127.0.0.1\r\nConnection: close\r\n\r\n";

// each is sent to the same server, one after the other, as a hostile client would
const MALFORMED = [
  { what: "malformed percent-encoding", request: `GET /% HTTP/1.1\r\n${end}`, status: 400 },
  { what: "a path that is not UTF-8", request: `GET /%ff HTTP/1.1\r\n${end}`, status: 400 },
  { what: "an absolute-form request line", request: `GET http://evil.example/ HTTP/1.1\r\n${end}`, status: 400 },
  { what: "an asterisk-form GET", request: `GET * HTTP/1.1\r\n${end}`, status: 400 },
  { what: "OPTIONS *", request: `OPTIONS * HTTP/1.1\r\n${end}`, status: 405 },
  { what: "a method other than GET and HEAD", request: `DELETE /index.html HTTP/1.1\r\n${end}`, status: 405 },
  { what: "a NUL byte in the request line", request: `GET /index.html\0 HTTP/1.1\r\n${end}`, status: 400 },
  { what: "an encoded NUL byte", request: `GET /index.html%00.png HTTP/1.1\r\n${end}`, status: 400 },
  { what: "a 10 000-byte path", request: `GET /${"a".repeat(10_000)} HTTP/1.1\r\n${end}`, status: 414 },
  {
    what: "20 000 bytes of request line and headers",
    request: `GET /${"a".repeat(20_000)} HTTP/1.1\r\n${end}`,
    status: 431,
  },
  {
    what: "an HTTP/1.1 request without a Host header",
    request: "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
    status: 400,
  },
  { what: "a malformed header line", request: `GET / HTTP/1.1\r\nno colon here\r\n${end}`, status: 400 },
];

const TRAVERSAL = [
  "/../secret.txt",
  "/%2e%2e/secret.txt",
  "/..%2fsecret.txt",
  "/sub/..%2f..%2fsecret.txt",
  "/..%5csecret.txt",
  "/sub/%2E%2E/%2E%2E/secret.txt",
];

/** Runs serveDocs() in a child process, so that a crash shows as a server that stopped answering. */
function serveInChild(site: string): Child {
  const module = pathToFileURL(join(root, "scripts/lib/docs/serve.mjs")).href;
  const code = `import { serveDocs } from ${JSON.stringify(module)};\nconst docs = await serveDocs({ dir: ${JSON.stringify(site)}, port: 0 });\nconsole.log("serving " + docs.url);`;
  return start(process.execPath, ["--input-type=module", "-e", code]);
}

describe("the docs server, sent malformed requests", { timeout: WAIT_MS }, () => {
  let dir: string;
  let server: Child | undefined;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "serve-docs-test-"));
    mkdirSync(join(dir, "site/sub"), { recursive: true });
    writeFileSync(join(dir, "site/index.html"), PAGE);
    writeFileSync(join(dir, "secret.txt"), SECRET);
    server = serveInChild(join(dir, "site"));
    url = (await printed(server, "the docs address", /^serving (\S+)$/m))[1]!;
  }, WAIT_MS);
  afterAll(async () => {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  });

  const stillServes = async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(PAGE);
  };

  it.each(MALFORMED)("answers $what with $status and still serves the page", async ({ request, status }) => {
    const answer = await rawRequest(url, request);

    expect(answer.status, answer.head).toBe(status);
    await stillServes();
  });

  it("closes only the connection of a client that resets mid-request, and still serves the page", async () => {
    await resetMidRequest(
      url,
      "GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n",
      "x".repeat(10),
    );
    await resetMidRequest(url, "GET /index.html HTTP/1.1\r\nHost: 127.0", "");

    await stillServes();
  });

  it.each(TRAVERSAL)("refuses %s with 403 and sends nothing from outside the site", async (path) => {
    const answer = await rawRequest(url, `GET ${path} HTTP/1.1\r\n${end}`);

    expect(answer.status, answer.head).toBe(403);
    expect(answer.body).not.toContain(SECRET.trim());
    await stillServes();
  });

  it("answers HEAD with the page's length and no body", async () => {
    const answer = await rawRequest(url, `HEAD /index.html HTTP/1.1\r\n${end}`);

    expect(answer.status).toBe(200);
    expect(answer.head).toMatch(new RegExp(`^content-length: ${Buffer.byteLength(PAGE)}$`, "im"));
    expect(answer.body).toBe("");
  });
});

describe("scripts/serve-docs.mjs in a checkout whose path has a space, %20 and #", { timeout: WAIT_MS }, () => {
  let dir: string;
  let server: Child | undefined;
  afterAll(async () => {
    await stop(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the site's index.html", async () => {
    dir = mkdtempSync(join(tmpdir(), "a b%20c#-"));
    cpSync(join(root, "scripts"), join(dir, "scripts"), { recursive: true });
    mkdirSync(join(dir, "site"));
    writeFileSync(join(dir, "site/index.html"), PAGE);

    server = start(process.execPath, [join(dir, "scripts/serve-docs.mjs"), "0"]);
    const url = (await printed(server, "the docs address", /^docs: serving site\/ at (\S+)$/m))[1]!;
    const response = await fetch(url);

    expect(response.status).toBe(200);
    expect(await response.text()).toBe(PAGE);
  });
});
