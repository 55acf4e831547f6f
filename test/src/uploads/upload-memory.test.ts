// The memory of an upload over the whole upload: a 64 MB file from disk (fs.openAsBlob) sent through
// a client generated from the synthetic spec, in a process of its own, to a loopback server that
// reads it to the end at a bounded rate. And a redirect answer to an upload: refused, sent once.
import { execFile } from "node:child_process";
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { nodeBundle } from "../../../scripts/bench/node-bundle.mjs";
import { syntheticProject, type SyntheticProject } from "../../support/synthetic-client.js";

const MB = 1024 * 1024;
const SIZE = 64 * MB;
// what the server reads per second: a slow link, so that the client must wait on it
const RATE = 24 * MB;

let project: SyntheticProject;
let lib: any;
let bundle: string;
let fileInfo: unknown;
const temp = mkdtempSync(join(tmpdir(), "upload-memory-"));

beforeAll(async () => {
  project = await syntheticProject();
  lib = await project.load();
  bundle = join(temp, "client.mjs");
  await nodeBundle(join(project.dir, "src/index.ts"), bundle);
  // the upload's answer, as the spec's example writes it
  fileInfo = project.spec.paths["/browsers/{id}/fs/upload"].post.responses["200"].content["application/json"].example;
}, 120_000);
afterAll(() => {
  project?.remove();
  rmSync(temp, { recursive: true, force: true });
});

const servers: (() => void)[] = [];
afterEach(() => servers.splice(0).forEach((close) => close()));

/**
 * A server that reads each request to its end at `RATE` bytes a second, counting them, then answers
 * with `answer`.
 */
async function slowReader(answer: (res: ServerResponse) => void) {
  const requests: { method: string; url: string; bytes: number }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const seen = { method: req.method ?? "", url: req.url ?? "", bytes: 0 };
    requests.push(seen);
    const started = Date.now();
    req.on("data", (chunk: Buffer) => {
      seen.bytes += chunk.length;
      const ahead = (seen.bytes / RATE) * 1000 - (Date.now() - started);
      if (ahead > 1) {
        req.pause();
        setTimeout(() => req.resume(), ahead);
      }
    });
    req.on("end", () => answer(res));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  servers.push(() => (server.closeAllConnections(), server.close()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe("a 64 MB upload from disk", () => {
  it("grows the client's process by at most 16 MB over the whole upload, to a server that reads it all", async () => {
    const file = join(temp, "big.bin");
    writeFileSync(file, Buffer.alloc(SIZE, 7));
    const server = await slowReader((res) =>
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(fileInfo)),
    );

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--expose-gc", "test/support/upload-memory-child.mjs", bundle, server.url, file],
      // the server reads slowly on purpose, and a loaded machine slows it more: what is held is measured, not the time
      { timeout: 240_000 },
    );
    const measured = JSON.parse(stdout);

    expect(measured.outcome).toBe("ok");
    // the warm-up upload, then the file and its part's headers, read to the end
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.bytes).toBeGreaterThan(SIZE);
    expect(server.requests[1]!.bytes).toBeLessThan(SIZE + 1024);
    // what the process holds after each collection: the JS heap and the bytes of its ArrayBuffers
    expect(measured.peakLiveBytes).toBeLessThanOrEqual(16 * MB);
  }, 300_000);
});

describe("a redirect answer to an upload", () => {
  const moved = (status: number) => (res: ServerResponse) =>
    res.writeHead(status, { Location: "/elsewhere/upload" }).end();

  it("is a RedirectError for a multipart form holding a file, and the form is sent once", async () => {
    const server = await slowReader(moved(307));
    const file = join(temp, "small.bin");
    writeFileSync(file, Buffer.alloc(256 * 1024, 7));

    const err = await lib
      .createClient({ apiKey: "sk-test-4f9a7c1e", baseUrl: server.url })
      .browsers.fs.upload("brs_1", { path: "/tmp/small.bin", file: await openAsBlob(file) })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(lib.RedirectError);
    expect(err.maybePerformed).toBe(true);
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([["POST", "/browsers/brs_1/fs/upload"]]);
    expect(server.requests[0]!.bytes).toBeGreaterThan(256 * 1024);
  });

  it("is a RedirectError for a binary body (PUT, idempotent), never sent again nor followed", async () => {
    const server = await slowReader(moved(308));

    const err = await lib
      .createClient({ apiKey: "sk-test-4f9a7c1e", baseUrl: server.url })
      .browsers.fs.writeFile("brs_1", new Blob([Buffer.alloc(4096, 7)]), { query: { path: "/tmp/a.bin" } })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(lib.RedirectError);
    expect(server.requests.map((r) => [r.method, r.url, r.bytes])).toEqual([
      ["PUT", "/browsers/brs_1/fs/write_file?path=%2Ftmp%2Fa.bin", 4096],
    ]);
  });
});
