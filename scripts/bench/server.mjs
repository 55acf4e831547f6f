// The benchmark's server: a node:http stand-in for the service on 127.0.0.1, in this process.
// In this process it puts its ~50 us per request on the same event loop, alike for every
// contender, which narrows the ratios a little; a server in another process or thread keeps the
// client's CPU apart, but each request then waits for a wake-up on the other core, and on 2 busy
// cores that jitter moved the GET ratio between 1.22x and 1.40x from run to run where this held
// 1.24x-1.25x.
import { createServer } from "node:http";

const LIMITS_JSON = JSON.stringify({ max_concurrent_sessions: 50, default_project_max_concurrent_sessions: 10 });
const CLICK_PATH = /^\/browsers\/[^/]+\/computer\/click_mouse$/;

/**
 * The loopback stand-in for the service, in this process: GET /org/limits and POST click_mouse,
 * bearer token required, keep-alive; counts what it answered.
 * @returns {Promise<{ url: string, counts: { get: number, click: number, other: number }, close: () => Promise<void> }>}
 */
export function startServer() {
  const counts = { get: 0, click: 0, other: 0 };
  const server = createServer((req, res) => {
    if (!req.headers.authorization?.startsWith("Bearer ")) {
      counts.other++;
      res.writeHead(401, { "content-type": "application/json" }).end('{"code":"unauthorized","message":"no token"}');
    } else if (req.method === "GET" && req.url === "/org/limits") {
      counts.get++;
      res
        .writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(LIMITS_JSON) })
        .end(LIMITS_JSON);
    } else if (req.method === "POST" && CLICK_PATH.test(req.url ?? "")) {
      counts.click++;
      // answer only once the whole body has arrived, as the real service must
      req.resume();
      req.once("end", () => res.writeHead(200, { "content-length": "0" }).end());
    } else {
      counts.other++;
      res.writeHead(404, { "content-type": "application/json" }).end('{"code":"not_found","message":"no such route"}');
    }
  });
  // longer than any pause in the bench, so every contender keeps its warm connection
  server.keepAliveTimeout = 120_000;
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () =>
      done({
        url: `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`,
        counts,
        close: () => new Promise((ok) => (server.closeAllConnections(), server.close(() => ok(undefined)))),
      }),
    );
  });
}
