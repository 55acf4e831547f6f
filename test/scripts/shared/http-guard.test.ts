import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { apiError, badTarget, createGuardedServer, MAX_TARGET_BYTES } from "../../../scripts/lib/shared/http-guard.mjs";
import { rawRequest } from "../helpers.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  server = undefined;
});

/** Starts a guarded server on 127.0.0.1 whose handler fails on /sync, /async and /midway, and answers "ok" elsewhere. */
async function failingServer(): Promise<string> {
  server = createGuardedServer(async (req, res) => {
    if (req.url === "/sync") throw new Error("thrown before answering");
    await new Promise((r) => setTimeout(r, 1));
    if (req.url === "/async") throw new Error("rejected before answering");
    if (req.url === "/midway") {
      res.writeHead(200, { "Content-Length": 100 });
      await new Promise((written) => res.write("partial", written));
      throw new Error("thrown after the head");
    }
    res.end("ok");
  }, apiError);
  await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("createGuardedServer", () => {
  it.each(["/sync", "/async"])(
    "answers 500 in the given format when the handler fails on %s, and serves the next request",
    async (path) => {
      const url = await failingServer();

      const failed = await fetch(url + path);

      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({
        code: "internal_server_error",
        message: "the server failed on this request",
      });
      expect(await (await fetch(url)).text()).toBe("ok");
    },
  );

  it("breaks the connection when the handler fails after the head went out, and serves the next request", async () => {
    const url = await failingServer();

    const answer = await rawRequest(url, "GET /midway HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

    expect(answer.status).toBe(200);
    expect(answer.body).toBe("partial");
    expect(await (await fetch(url)).text()).toBe("ok");
  });
});

describe("badTarget", () => {
  it.each([
    { what: "a path with an encoded query", target: "/org/limits?x=%20" },
    { what: "a path with an encoded slash", target: "/docs/a%2Fb" },
  ])("accepts $what", ({ target }) => {
    expect(badTarget(target)).toBeNull();
  });

  it.each([
    { what: "the asterisk-form", target: "*", status: 400 },
    { what: "the absolute-form", target: "http://evil.example/", status: 400 },
    { what: "a lone %", target: "/%", status: 400 },
    { what: "a % with one hex digit", target: "/%4", status: 400 },
    { what: "a % with no hex digit", target: "/%zz", status: 400 },
    { what: "a byte that is not UTF-8", target: "/%ff", status: 400 },
    { what: "an encoded NUL", target: "/a%00b", status: 400 },
    { what: "an encoded line feed", target: "/a%0ab", status: 400 },
    { what: "an encoded DEL", target: "/a%7F", status: 400 },
    { what: "a target one byte over the limit", target: `/${"a".repeat(MAX_TARGET_BYTES)}`, status: 414 },
  ])("refuses $what with $status", ({ target, status }) => {
    expect(badTarget(target)?.status).toBe(status);
  });
});
