import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { createClient, type ClientOptions } from "../../src/index.js";

/** A request as the server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

/** Answers request number `n` (0-based); may also never answer, or break the connection. */
export type Step = (res: ServerResponse, req: SeenRequest, n: number) => void;

/** A loopback HTTP server that plays scripted answers and records what reaches it. */
export interface FaultServer {
  url: string;
  requests: SeenRequest[];
  /** TCP connections accepted so far. */
  connections: number;
  /** A client pointed at this server, with test-friendly defaults that `options` override. */
  client(options?: ClientOptions): ReturnType<typeof createClient>;
}

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/**
 * Starts a server on 127.0.0.1 that answers the n-th request with `steps[n]` (the last step
 * repeats). It is closed after the current test, hung connections included.
 */
export async function faultServer(...steps: Step[]): Promise<FaultServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, at: Date.now() };
      const n = requests.push(seen) - 1;
      const step = steps[Math.min(n, steps.length - 1)];
      step?.(res, seen, n);
    });
  });
  const state = { connections: 0 };
  server.on("connection", () => state.connections++);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  open.push(
    () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );
  return {
    url,
    requests,
    get connections() {
      return state.connections;
    },
    client: (options) => createClient({ apiKey: "sk-test-4f9a7c1e", baseUrl: url, ...options }),
  };
}

/** Answers with `status` and a JSON body (or none), plus headers. */
export const reply =
  (status: number, body?: unknown, headers: Record<string, string> = {}): Step =>
  (res) => {
    const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
    const type = typeof body === "string" ? "text/html" : "application/json";
    res.writeHead(status, { ...(text ? { "Content-Type": type } : {}), ...headers }).end(text);
  };

/** Never answers. */
export const hang: Step = () => {};

/** Destroys the connection without answering. */
export const reset: Step = (res) => res.socket?.destroy();

/** Promises a longer JSON body than it sends, then closes the connection. */
export const truncated: Step = (res) => {
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "200" });
  res.write('{"max_concurrent_sessions": 5');
  setTimeout(() => res.socket?.destroy(), 20);
};

/** The OrgLimits the service answers in these tests. */
export const LIMITS = { max_concurrent_sessions: 50, default_project_max_concurrent_sessions: 10 };

/** Answers each request with the step for its method. */
export const byMethod =
  (steps: Record<string, Step>): Step =>
  (res, req, n) =>
    (steps[req.method] ?? reply(405))(res, req, n);

/** Redirects with `status` to `location`. */
export const redirect =
  (status: number, location: string): Step =>
  (res) =>
    res.writeHead(status, { Location: location, "Content-Type": "text/html" }).end(`<a href="${location}">moved</a>`);

/** A streaming answer: what it wrote of its body, and whether the client dropped the connection before it was done. */
export interface Flood {
  step: Step;
  /** Body bytes written so far (handed to the socket). */
  written: number;
  /** True once the connection closed before the whole body was written. */
  dropped: boolean;
}

/**
 * Answers `status` and streams `total` bytes of spaces in 64 KiB chunks, only as fast as the client
 * reads (the socket's backpressure), so `written` shows how much the client took in.
 */
export function flood(status: number, total: number, headers: Record<string, string> = {}): Flood {
  const chunk = Buffer.alloc(64 * 1024, " ");
  const stats: Flood = {
    written: 0,
    dropped: false,
    step: (res) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.on("close", () => (stats.dropped = stats.written < total));
      const pump = () => {
        while (stats.written < total && !res.destroyed) {
          const part = chunk.subarray(0, Math.min(chunk.length, total - stats.written));
          stats.written += part.length;
          if (!res.write(part)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    },
  };
  return stats;
}

/** Answers 200 with `body`, already compressed, as `Content-Encoding: encoding`. */
export const compressed =
  (encoding: "gzip" | "br" | "deflate", body: Buffer): Step =>
  (res) =>
    res
      .writeHead(200, {
        "Content-Type": "application/json",
        "Content-Encoding": encoding,
        "Content-Length": String(body.length),
      })
      .end(body);

/**
 * A `fetch` that counts the body bytes the client pulls out of each answer (after decompression),
 * for asserting how much of a body was read.
 */
export function countingFetch(): { fetch: (request: Request) => Promise<Response>; read: number } {
  const counter = {
    read: 0,
    fetch: async (request: Request) => {
      const response = await fetch(request);
      const count = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          counter.read += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      return new Response(response.body?.pipeThrough(count) ?? null, response);
    },
  };
  return counter;
}
