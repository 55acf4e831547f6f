// Uploads and downloads against a loopback server that keeps the bytes it receives, through a
// client generated from the synthetic spec: multipart fields as the spec names them (bracket names
// for arrays of objects), file bytes intact, a file from disk streamed, nothing sent when a field
// is wrong; binary bodies and the retry rule of a stream; a download handed over as a Response.
import { openAsBlob, writeFileSync, rmSync, mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { syntheticProject, type SyntheticProject } from "../../support/synthetic-client.js";

let project: SyntheticProject;
let lib: any;
let fileInfo: unknown;
// a full collection on demand, so that memory held is told from garbage not yet collected
setFlagsFromString("--expose-gc");
const gc: () => void = runInNewContext("gc");

/**
 * The bytes ArrayBuffers hold once garbage is gone. V8 frees their memory on a thread of its own
 * after gc(), so on a busy machine the figure right after it still counts freed buffers: collect
 * until it stops falling.
 */
async function liveArrayBuffers(): Promise<number> {
  let last = Infinity;
  for (let round = 0; round < 10; round++) {
    gc();
    await new Promise((done) => setTimeout(done, 20));
    const now = process.memoryUsage().arrayBuffers;
    if (now >= last) return now;
    last = now;
  }
  return last;
}
const temp = mkdtempSync(join(tmpdir(), "form-body-"));

beforeAll(async () => {
  project = await syntheticProject();
  lib = await project.load();
  // the upload's answer, as the spec's example writes it
  fileInfo = project.spec.paths["/browsers/{id}/fs/upload"].post.responses["200"].content["application/json"].example;
}, 120_000);
afterAll(() => {
  project?.remove();
  rmSync(temp, { recursive: true, force: true });
});

interface Received {
  method: string;
  url: string;
  type: string;
  body: Buffer;
}
type Answer = (res: ServerResponse, req: IncomingMessage, n: number) => void;

const servers: (() => void)[] = [];
afterEach(() => servers.splice(0).forEach((close) => close()));

/** A server that keeps each request's bytes and answers request n with `answers[n]` (the last repeats). */
async function bytesServer(answers: Answer[]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const n =
        received.push({
          method: req.method ?? "",
          url: req.url ?? "",
          type: String(req.headers["content-type"] ?? ""),
          body: Buffer.concat(chunks),
        }) - 1;
      answers[Math.min(n, answers.length - 1)]!(res, req, n);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  servers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    client: (options: Record<string, unknown> = {}) =>
      lib.createClient({ apiKey: "sk-test-4f9a7c1e", baseUrl: url, ...options }),
  };
}

const json =
  (status: number, body: unknown): Answer =>
  (res) =>
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
const empty =
  (status: number, headers: Record<string, string> = {}): Answer =>
  (res) =>
    res.writeHead(status, headers).end();

/** The multipart body a server received, parsed by undici's own form parser. */
const formOf = (r: Received) =>
  new Response(new Uint8Array(r.body), { headers: { "Content-Type": r.type } }).formData();

/** The field names of a form, in order, repeats included. */
const names = (form: FormData) => {
  const out: string[] = [];
  form.forEach((_, name) => out.push(name));
  return out;
};

const BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

describe("a multipart upload", () => {
  it("sends the form's fields under the spec's names, the file's bytes intact", async () => {
    const server = await bytesServer([json(200, fileInfo)]);

    const answer = await server
      .client()
      .browsers.fs.upload("brs_1", { path: "/tmp/uploads/bytes.bin", file: new File([BYTES], "bytes.bin") });

    const form = await formOf(server.received[0]!);
    const file = form.get("file") as File;
    expect(answer).toEqual(fileInfo);
    expect(server.received[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(names(form)).toEqual(["path", "file"]);
    expect(form.get("path")).toBe("/tmp/uploads/bytes.bin");
    expect(file.name).toBe("bytes.bin");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(BYTES);
  });

  it("sends an array of objects under bracket names: files[0][file], files[0][dest_path], files[1][...]", async () => {
    const server = await bytesServer([empty(204)]);

    await server.client().browsers.fs.uploadMany("brs_1", {
      files: [
        { file: new Blob([BYTES]), dest_path: "/tmp/a.bin", mode: "0644" },
        { file: new File(["second\n"], "b.txt"), dest_path: "/tmp/b.txt" },
      ],
    });

    const form = await formOf(server.received[0]!);
    expect(names(form)).toEqual([
      "files[0][file]",
      "files[0][dest_path]",
      "files[0][mode]",
      "files[1][file]",
      "files[1][dest_path]",
    ]);
    expect(new Uint8Array(await (form.get("files[0][file]") as File).arrayBuffer())).toEqual(BYTES);
    expect(await (form.get("files[1][file]") as File).text()).toBe("second\n");
    expect((form.get("files[1][file]") as File).name).toBe("b.txt");
    expect([form.get("files[0][dest_path]"), form.get("files[0][mode]"), form.get("files[1][dest_path]")]).toEqual([
      "/tmp/a.bin",
      "0644",
      "/tmp/b.txt",
    ]);
  });

  it("sends nothing when a field breaks the schema, a file is missing (a FormData without it too), or a file stands where the spec has text", async () => {
    const server = await bytesServer([empty(204)]);
    const fs = server.client().browsers.fs;

    const errors = await Promise.all([
      fs.uploadMany("brs_1", { files: [{ file: new Blob(["x"]), dest_path: "relative/path" }] }).catch((e: any) => e),
      fs.uploadMany("brs_1", { files: [{ dest_path: "/tmp/a" }] }).catch((e: any) => e),
      fs.uploadMany("brs_1", { files: [{ file: "not a file", dest_path: "/tmp/a" }] }).catch((e: any) => e),
      fs.upload("brs_1", { path: new Blob(["/tmp/a"]), file: new Blob(["x"]) }).catch((e: any) => e),
      fs.upload("brs_1", new FormData()).catch((e: any) => e),
    ]);

    for (const err of errors) expect(err).toBeInstanceOf(lib.ValidationError);
    expect(errors.map((e) => e.issues)).toEqual([
      [{ path: "body.files[0].dest_path", message: "must match /^//" }],
      [{ path: "body.files[0].file", message: "is required" }],
      [{ path: "body.files[0].file", message: "must be a Blob or File (fs.openAsBlob(path) for a file on disk)" }],
      [{ path: "body.path", message: "is a file where the spec has no file: pass the value itself" }],
      [
        { path: "body.path", message: "is required" },
        { path: "body.file", message: "is required" },
      ],
    ]);
    expect(server.received).toHaveLength(0);
  });

  it("streams a file from disk (fs.openAsBlob) without reading it into memory", async () => {
    const size = 64 * 1024 * 1024;
    const path = join(temp, "big.bin");
    writeFileSync(path, Buffer.alloc(size, 7));
    // the server stops reading after the first 2 MiB: a client that streams can then hold no more
    // than the socket's buffers of the file, one that read it whole holds all of it
    let paused!: () => void;
    const stalled = new Promise<void>((done) => (paused = done));
    let request: IncomingMessage | undefined;
    let bytes = 0;
    let stopped = false;
    const server = createServer((req, res) => {
      request = req;
      req.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= 2 * 1024 * 1024 && !stopped) (stopped = true), req.pause(), paused();
      });
      req.on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(fileInfo)));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    servers.push(() => (server.closeAllConnections(), server.close()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const before = await liveArrayBuffers();

    const upload = lib
      .createClient({ apiKey: "k", baseUrl: url })
      .browsers.fs.upload("brs_1", { path: "/tmp/big.bin", file: await openAsBlob(path) });
    await stalled;
    // let the client fill every buffer it will, then count what it still holds
    for (let last = -1; last !== bytes; ) (last = bytes), await new Promise((done) => setTimeout(done, 200));
    const held = (await liveArrayBuffers()) - before;
    request!.resume();
    await upload;

    expect(held).toBeLessThan(16 * 1024 * 1024);
    // the whole form arrived: the file and its part's headers
    expect(bytes).toBeGreaterThan(size);
    expect(bytes).toBeLessThan(size + 1024);
  }, 120_000);
});

describe("a binary (application/octet-stream) body", () => {
  it("takes a Blob or bytes, sends them as they are, and is retried like its method (PUT: idempotent)", async () => {
    const server = await bytesServer([empty(503, { "Retry-After": "0" }), empty(204)]);

    await server.client().browsers.fs.writeFile("brs_1", BYTES, { query: { path: "/tmp/a.bin" } });

    expect(server.received.map((r) => [r.method, r.url, r.type])).toEqual([
      ["PUT", "/browsers/brs_1/fs/write_file?path=%2Ftmp%2Fa.bin", "application/octet-stream"],
      ["PUT", "/browsers/brs_1/fs/write_file?path=%2Ftmp%2Fa.bin", "application/octet-stream"],
    ]);
    expect(server.received.map((r) => new Uint8Array(r.body))).toEqual([BYTES, BYTES]);
  });

  it("sends a ReadableStream once: never retried, since it cannot be read again", async () => {
    const server = await bytesServer([empty(503, { "Retry-After": "0" }), empty(204)]);
    const stream = new Blob([BYTES]).stream();

    const err = await server
      .client()
      .browsers.fs.writeFile("brs_1", stream, { query: { path: "/tmp/a.bin" } })
      .catch((e: any) => e);

    expect(err).toBeInstanceOf(lib.InternalServerError);
    expect(server.received).toHaveLength(1);
    expect(new Uint8Array(server.received[0]!.body)).toEqual(BYTES);
  });

  it("refuses a body that is not bytes before sending", async () => {
    const server = await bytesServer([empty(204)]);

    const err = await server
      .client()
      .browsers.fs.writeFile("brs_1", { text: "hi" }, { query: { path: "/tmp/a" } })
      .catch((e: any) => e);

    expect(err).toBeInstanceOf(lib.ValidationError);
    expect(err.issues).toEqual([
      { path: "body", message: "must be a Blob, an ArrayBuffer or a view of one, or a ReadableStream of bytes" },
    ]);
    expect(server.received).toHaveLength(0);
  });
});

describe("a download", () => {
  it("resolves to the Response, its body unread for the caller to stream, beyond maxResponseBytes", async () => {
    const body = Buffer.alloc(100_000, 7);
    const server = await bytesServer([
      (res) => res.writeHead(200, { "Content-Type": "application/octet-stream" }).end(body),
    ]);

    const response = await server
      .client({ maxResponseBytes: 1024 })
      .browsers.fs.readFile("brs_1", { path: "/tmp/big.bin" });
    let read = 0;
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) read += chunk.byteLength;

    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "application/octet-stream"]);
    expect(read).toBe(100_000);
  });

  it("bounds an error answer's body by maxResponseBytes", async () => {
    const server = await bytesServer([
      (res) =>
        res
          .writeHead(404, { "Content-Type": "application/json" })
          .end(JSON.stringify({ code: "not_found", message: "x".repeat(5000) })),
    ]);

    const err = await server
      .client({ maxResponseBytes: 1024 })
      .browsers.fs.readFile("brs_1", { path: "/tmp/a" })
      .catch((e: any) => e);

    expect(err).toBeInstanceOf(lib.ResponseTooLargeError);
  });
});
