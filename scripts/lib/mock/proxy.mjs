// The dev mock: a proxy on a fixed port in front of a Prism that is replaced, without a failed
// request, whenever the spec changes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream";
import { apiError, badTarget, createGuardedServer, refuse } from "../shared/http-guard.mjs";
import { listPageMock } from "./pages.mjs";
import { statefulMock } from "./state.mjs";
import { eventStreamMock } from "./streams.mjs";
import { startMock } from "./prism.mjs";

// headers that belong to one connection, never forwarded (RFC 9110 7.6.1), and expect: the
// client already got its 100-continue from the proxy
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "proxy-authenticate",
  "proxy-authorization",
  "expect",
];

function endToEnd(headers) {
  const drop = new Set(HOP_BY_HOP);
  for (const name of String(headers.connection ?? "").split(",")) drop.add(name.trim().toLowerCase());
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name)));
}

/**
 * A mock API on host:port that keeps answering while the spec changes: a small proxy in front of
 * Prism; the spec's event streams, which Prism cannot serve, it answers itself (mock-streams.mjs),
 * and the pages of its lists, which Prism cannot move on (mock-pages.mjs).
 * serve(spec) starts a new Prism on that spec (JSON text) on a free port, switches the
 * proxy to it once it listens, then stops the old one when its requests are done. Requests that
 * arrive before the first Prism listens wait for it. Only paths are proxied, to that Prism alone:
 * an absolute-form or `*` target, a malformed one (see badTarget) or one Node's parser refuses
 * gets a 4xx in the API's Error shape, and the proxy goes on serving.
 * `stateful` (default false) keeps the items created through the mock (state.mjs): `true`, or
 * the store's bounds `{ items, bytes }`; the store starts empty with each spec served.
 * @param {{ host?: string, port?: number, say?: (line: string) => void, stateful?: boolean | { items?: number, bytes?: number } }} [options]
 *   host default 127.0.0.1, port default 4010, say default console.log
 * @example
 * const mock = await mockServer({ port: 0 });
 * await mock.serve(readFileSync("generated/openapi.json", "utf8"));
 * // ... requests to mock.url ...
 * await mock.close();
 */
export async function mockServer({ host = "127.0.0.1", port = 4010, say = console.log, stateful = false } = {}) {
  const agent = new Agent({ keepAlive: true });
  let current = null;
  let first;
  const ready = new Promise((done) => (first = done));
  const server = createGuardedServer(async (req, res) => {
    const bad = badTarget(req.url);
    if (bad) return refuse(res, bad.status, bad.message, apiError);
    const prism = current ?? (await ready);
    if (!prism) return refuse(res, 503, "the mock did not start; see the dev output", apiError);
    // what Prism cannot serve is answered here
    if (prism.streams.answer(req, res)) return;
    prism.active++;
    res.once("close", () => --prism.active || prism.idle?.());
    // `take` may answer from Prism's answer itself (a list's page), else Prism's goes out as it is
    const forward = (take) => {
      // host and port are Prism's own, whatever the target says
      const upstream = request(
        { ...prism.address, path: req.url, method: req.method, headers: endToEnd(req.headers), agent },
        (answer) => {
          if (take?.(answer)) return;
          try {
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
          } catch (err) {
            answer.destroy();
            return refuse(res, 502, `mock: ${err.message}`, apiError);
          }
          // a client gone mid-answer ends the upstream request too
          pipeline(answer, res, () => {});
        },
      );
      upstream.on("error", (err) => refuse(res, 502, `mock: ${err.message}`, apiError));
      // a client that resets mid-body ends the upstream request, which Prism would wait on
      pipeline(req, upstream, (err) => err && upstream.destroy());
    };
    // a list's pages, which Prism cannot move on, after Prism has checked the request
    if (!prism.state?.answer(req, res, forward) && !prism.pages.answer(req, res, forward)) forward();
  }, apiError);
  await new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done(undefined));
  });
  // each Prism gets its own copy of the spec, which nothing rewrites while it serves it
  const dir = mkdtempSync(join(tmpdir(), "dev-mock-"));

  let wanted = null;
  let swapping = null;
  let closed = false;
  let count = 0;
  const retire = async (prism) => {
    // let the requests it is answering finish, but not forever
    if (prism.active) await new Promise((done) => ((prism.idle = done), setTimeout(done, 5_000)));
    await prism.stop();
    rmSync(prism.file, { force: true });
  };
  const swap = async () => {
    while (wanted !== null && !closed) {
      const spec = wanted;
      wanted = null;
      if (spec === current?.spec) continue;
      const file = join(dir, `openapi-${++count}.json`);
      writeFileSync(file, spec);
      const started = performance.now();
      let prism;
      try {
        // built before Prism starts, so that a failure here leaves no Prism behind
        const state = stateful ? await statefulMock(JSON.parse(spec), stateful === true ? {} : stateful) : undefined;
        const mock = await startMock({ host, spec: file });
        const { hostname, port } = new URL(mock.url);
        prism = {
          ...mock,
          address: { host: hostname, port: Number(port) },
          spec,
          file,
          active: 0,
          streams: eventStreamMock(JSON.parse(spec)),
          pages: listPageMock(JSON.parse(spec)),
          state,
        };
        for (const line of prism.state?.lines ?? []) say(`dev: ${line}`);
      } catch (err) {
        rmSync(file, { force: true });
        say(
          `dev: Prism did not start on the new spec; the mock ${current ? "keeps serving the previous one" : "answers 503"}\n${err.message}`,
        );
        if (!current) first(null);
        continue;
      }
      if (closed) {
        await retire(prism);
        break;
      }
      const old = current;
      current = prism;
      first(prism);
      say(
        `dev: mock serves the ${old ? "new " : ""}spec from Prism at ${prism.url} (started in ${Math.round(performance.now() - started)} ms)`,
      );
      if (old) retire(old);
    }
    swapping = null;
  };
  return {
    url: `http://${host}:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`,
    /** Serves `spec` (the bundled spec as JSON text) from now on; resolves once it does. */
    serve(spec) {
      if (typeof spec !== "string") return Promise.resolve();
      wanted = spec;
      swapping ??= swap();
      return swapping;
    },
    /** Stops the proxy and every Prism it started. */
    async close() {
      closed = true;
      server.close();
      server.closeAllConnections();
      await swapping;
      if (current) await retire(current);
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
