import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureSpec } from "../../support/fixture-spec.js";
import { killOnPort, printed, rawRequest, resetMidRequest, start, stop, WAIT_MS, type Child } from "../helpers.js";

const root = resolve(import.meta.dirname, "../../..");
const end = "Host: 127.0.0.1\r\nAuthorization: Bearer any\r\nConnection: close\r\n\r\n";

// each is sent to the same proxy, one after the other, as a hostile client would;
// `code` is the Error body's code when the proxy itself refuses
const MALFORMED = [
  {
    what: "malformed percent-encoding",
    request: `GET /org/limits% HTTP/1.1\r\n${end}`,
    status: 400,
    code: "bad_request",
  },
  { what: "a path that is not UTF-8", request: `GET /org/%ff HTTP/1.1\r\n${end}`, status: 400, code: "bad_request" },
  {
    what: "an absolute-form request line",
    request: `GET http://evil.example/org/limits HTTP/1.1\r\n${end}`,
    status: 400,
    code: "bad_request",
  },
  { what: "OPTIONS *", request: `OPTIONS * HTTP/1.1\r\n${end}`, status: 400, code: "bad_request" },
  {
    what: "a NUL byte in the request line",
    request: `GET /org/limits\0 HTTP/1.1\r\n${end}`,
    status: 400,
    code: "bad_request",
  },
  {
    what: "an encoded NUL byte",
    request: `GET /deployments/dep%00 HTTP/1.1\r\n${end}`,
    status: 400,
    code: "bad_request",
  },
  {
    what: "a 10 000-byte path",
    request: `GET /deployments/${"a".repeat(10_000)} HTTP/1.1\r\n${end}`,
    status: 414,
    code: "uri_too_long",
  },
  {
    what: "20 000 bytes of request line and headers",
    request: `GET /org/limits HTTP/1.1\r\nX-Long: ${"a".repeat(20_000)}\r\n${end}`,
    status: 431,
    code: "request_header_fields_too_large",
  },
  {
    what: "an HTTP/1.1 request without a Host header",
    request: "GET /org/limits HTTP/1.1\r\nAuthorization: Bearer any\r\nConnection: close\r\n\r\n",
    status: 400,
  },
];

describe("the dev mock proxy, sent malformed requests", { timeout: WAIT_MS }, () => {
  let proxy: Child | undefined;
  let url: string;
  let prismPort: string | undefined;

  // mockServer() in a child process, so that a crash shows as a proxy that stopped answering
  let specDir: string;
  beforeAll(async () => {
    const module = pathToFileURL(join(root, "scripts/lib/mock/proxy.mjs")).href;
    // this project's first document (a fixture), whatever openapi/ holds: its /org/limits answers
    specDir = mkdtempSync(join(tmpdir(), "proxy-spec-"));
    const spec = join(specDir, "openapi.json");
    writeFileSync(spec, JSON.stringify(await fixtureSpec()));
    const code = [
      `import { readFileSync } from "node:fs";`,
      `import { mockServer } from ${JSON.stringify(module)};`,
      `const mock = await mockServer({ port: 0, say: (line) => console.log(line) });`,
      `process.on("SIGTERM", () => mock.close().then(() => process.exit(0)));`,
      `await mock.serve(readFileSync(${JSON.stringify(spec)}, "utf8"));`,
      `console.log("proxy " + mock.url);`,
    ].join("\n");
    proxy = start(process.execPath, ["--input-type=module", "-e", code]);
    prismPort = (
      await printed(proxy, "Prism's address", /^dev: mock serves the spec from Prism at http:\/\/[^:]+:(\d+)/m)
    )[1];
    url = (await printed(proxy, "the proxy address", /^proxy (\S+)$/m))[1]!;
  }, WAIT_MS);
  afterAll(async () => {
    rmSync(specDir, { recursive: true, force: true });
    await stop(proxy);
    // a proxy that crashed did not stop its Prism
    killOnPort(prismPort);
  });

  const stillServes = async () => {
    const response = await fetch(`${url}/org/limits`, { headers: { Authorization: "Bearer any" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty("max_concurrent_sessions");
  };

  it.each(MALFORMED)("answers $what with $status and still serves the API", async ({ request, status, code }) => {
    const answer = await rawRequest(url, request);

    expect(answer.status, answer.head).toBe(status);
    if (code) expect(JSON.parse(answer.body)).toMatchObject({ code });
    await stillServes();
  });

  it("closes only the connection of a client that resets mid-body, and still serves the API", async () => {
    const click =
      "POST /browsers/brs_1/computer/click_mouse HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer any\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n";
    await resetMidRequest(url, click, '{"x": 1');
    await resetMidRequest(url, "GET /org/limits HTTP/1.1\r\nHost: 127.0", "");

    await stillServes();
  });

  it("answers an HTTP/1.0 request without a Host header in full and closes its connection", async () => {
    const answer = await rawRequest(url, "GET /org/limits HTTP/1.0\r\nAuthorization: Bearer any\r\n\r\n");

    expect(answer.status, answer.head).toBe(200);
    expect(answer.head).not.toMatch(/^(transfer-encoding|keep-alive):/im);
    expect(JSON.parse(answer.body)).toHaveProperty("max_concurrent_sessions");
  });
});
