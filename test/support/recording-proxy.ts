import { createServer, request as forward, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as it reached the proxy, byte for byte, with what the server behind answered. */
export interface RecordedRequest {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The status the server behind the proxy answered; 0 when it could not be reached. */
  status: number;
}

/** What the proxy does to one answer body before passing it on; `undefined` passes it as it came. */
export type Tamper = (status: number, body: Buffer) => Buffer | undefined;

/** A loopback proxy in front of a server: it records every request and forwards it. */
export interface RecordingProxy {
  url: string;
  requests: RecordedRequest[];
  /** Rewrites the answers that pass until it is set back to `undefined`. */
  tamper: Tamper | undefined;
  close(): Promise<void>;
}

// large enough for any request of the spec's examples; a runaway client cannot fill the test's memory
const MAX_RECORDED_BYTES = 1 << 20;

/**
 * Starts a proxy on 127.0.0.1 (a free port) in front of `upstream` (`http://host:port`). Each
 * request is recorded as it arrived (method, raw target, headers, body bytes) and forwarded; the
 * answer is buffered, passed through `tamper` when one is set, and sent back with its status and
 * headers. It records what a client sent without trusting anything the client says about it.
 *
 * @example
 * const proxy = await recordingProxy("http://127.0.0.1:4010");
 * await fetch(`${proxy.url}/org/limits`);
 * proxy.requests[0]; // { method: "GET", target: "/org/limits", headers: {...}, body: <Buffer >, status: 401 }
 * await proxy.close();
 */
export async function recordingProxy(upstream: string): Promise<RecordingProxy> {
  const to = new URL(upstream);
  const proxy: RecordingProxy = { url: "", requests: [], tamper: undefined, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_RECORDED_BYTES)
        req.destroy(new Error(`recording proxy: request body over ${MAX_RECORDED_BYTES} B`));
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        target: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
        status: 0,
      };
      proxy.requests.push(recorded);
      const out = forward(
        {
          host: to.hostname,
          port: to.port,
          method: recorded.method,
          path: recorded.target,
          headers: { ...req.headers, host: to.host },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => parts.push(chunk));
          answer.on("end", () => {
            recorded.status = answer.statusCode ?? 0;
            const received = Buffer.concat(parts);
            const tampered = proxy.tamper?.(recorded.status, received);
            const body = tampered ?? received;
            const headers = { ...answer.headers, "content-length": String(body.length) };
            delete headers["transfer-encoding"];
            // a rewritten body goes out as written, never under the original's compression
            if (tampered) delete headers["content-encoding"];
            res.writeHead(recorded.status, headers).end(body);
          });
        },
      );
      out.on("error", () => res.writeHead(502).end());
      out.end(recorded.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return proxy;
}
