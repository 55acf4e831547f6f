// The dev mock: a proxy on a fixed port in front of a Prism that is replaced, without a failed
// request, whenever the spec changes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiError, badTarget, createGuardedServer, refuse } from "../shared/http-guard.mjs";
import { openapi31 } from "../spec/openapi31.mjs";
import { startMock } from "./prism.mjs";
import { prismView, viewLine } from "./prism-view.mjs";
import { statefulMock } from "./state.mjs";

/**
 * @typedef {Awaited<ReturnType<typeof startMock>> & {
 *   address: { host: string, port: number },
 *   spec: string,
 *   file: string,
 *   active: number,
 *   idle?: (value?: unknown) => void,
 *   handle: ReturnType<typeof import("./dispatch.mjs").documentMock>,
 * }} Served a Prism serving one spec, and the requests it is answering
 */

/**
 * A mock API on host:port that keeps answering while the spec changes: a small proxy in front of
 * Prism. Every request goes to Prism first, which checks it (its path, query, body, credentials)
 * against the document; Prism's refusal goes out as it is, and so does any answer a request asked
 * for with `Prefer:`. Otherwise the proxy answers: an event stream (streams.mjs), a list's page
 * (pages.mjs), or Prism's JSON answer when it passes the document's schema as the client checks
 * it, else one built from the schema (answers.mjs), said once per operation in the log. Prism's
 * own 500 (an answer it cannot make), or no answer within `PRISM_MS`, gets the operation's success
 * answer built from the schema: a 500 comes only when a request asks for it. Form bodies
 * (multipart bracket names, urlencoded styles) are read into the document's shape and checked by
 * the proxy (uploads.mjs), which Prism cannot do.
 * serve(spec) starts a new Prism on that spec (JSON text; an OpenAPI 3.2 document as its 3.1 view,
 * spec/openapi31.mjs, the one the client was generated from) on a free port, switches the
 * proxy to it once it listens, then stops the old one when its requests are done. Requests that
 * arrive before the first Prism listens wait for it. Only paths are proxied, to that Prism alone:
 * an absolute-form or `*` target, a malformed one (see badTarget) or one Node's parser refuses
 * gets a 4xx in the API's Error shape, and the proxy goes on serving.
 * `handlers(spec, tools)` gives handlers tried before the mock's own for each request Prism let
 * through (after the stateful mode's store); `tools` holds the document's sampled answers (answers.mjs).
 * `gate`, when given, holds every request until it settles, as the first Prism does (a caller
 * that serves a spec it is not sure of yet: see scripts/mock.mjs).
 * `stateful` (default false) keeps the items created through the mock (state.mjs): `true`, or
 * the store's bounds `{ items, bytes }`; the store starts empty with each spec served. The store
 * is the first of the handlers: it answers the operations of its collections, once Prism let the
 * request through, before the caller's handlers and the proxy's own answers.
 * @param {{ host?: string, port?: number, say?: (line: string) => void, handlers?: import("./dispatch.mjs").HandlersOf, gate?: Promise<unknown>, stateful?: boolean | { items?: number, bytes?: number } }} [options]
 * @example
 * const mock = await mockServer({ port: 0 });
 * await mock.serve(readFileSync("generated/openapi.json", "utf8"));
 * // ... requests to mock.url ...
 * await mock.close();
 */
export async function mockServer({
  host = "127.0.0.1",
  port = 4010,
  say = console.log,
  handlers,
  gate,
  stateful = false,
} = {}) {
  const agent = new Agent({ keepAlive: true });
  /** @type {Served | null} */
  let current = null;
  /** @type {(prism: Served | null) => void} */
  let first = () => {};
  /** @type {Promise<Served | null>} */
  const ready = new Promise((done) => (first = done));
  const server = createGuardedServer(async (req, res) => {
    const bad = badTarget(req.url);
    if (bad) return refuse(res, bad.status, bad.message, apiError);
    await gate;
    const prism = current ?? (await ready);
    if (!prism) return refuse(res, 503, "the mock did not start; see the dev output", apiError);
    prism.active++;
    res.once("close", () => --prism.active || prism.idle?.());
    await prism.handle(req, res);
  }, apiError);
  await new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done(undefined));
  });
  // each Prism gets its own copy of the spec, which nothing rewrites while it serves it
  const dir = mkdtempSync(join(tmpdir(), "dev-mock-"));

  /** @type {string | null} */
  let wanted = null;
  /** @type {Promise<void> | null} */
  let swapping = null;
  // what the last view loosened, said once until it changes
  /** @type {string | undefined} */
  let loosened;
  let closed = false;
  let count = 0;
  const retire = async (/** @type {Served} */ prism) => {
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
      const started = performance.now();
      /** @type {Served} */
      let prism;
      /** @type {ReturnType<typeof startMock> | undefined} */
      let starting;
      try {
        // Prism and the proxy read an OpenAPI 3.2 document as 3.1, as the client was generated from it;
        // Prism reads its own view of that (prism-view.mjs), the proxy the full document
        const document = openapi31(JSON.parse(spec)).spec;
        const view = prismView(document);
        writeFileSync(file, JSON.stringify(view.document));
        const line = [
          viewLine(view),
          view.unread.length
            ? `the mock does not check ${view.unread.join(", ")}: Prism reads a query string only as parameters, so its view leaves it out`
            : undefined,
        ]
          .filter(Boolean)
          .join("; ");
        if (line && line !== loosened) say(`dev: ${line}`);
        loosened = line;
        // built before Prism starts, so that a failure here leaves no Prism behind
        const state = stateful ? statefulMock(document, stateful === true ? {} : stateful) : undefined;
        // Prism first: its start is most of the wait, and the proxy's own modules load meanwhile;
        // its failure is met where it is awaited below
        starting = startMock({ host, spec: file });
        starting.catch(() => {});
        const [{ createSampler }, { documentMock }] = await Promise.all([
          import("../spec/sample.mjs"),
          import("./dispatch.mjs"),
        ]);
        // the document's answers are prepared while Prism still starts; its address is known once it listens
        const address = { host, port: 0 };
        // the store's handler first: its collections' answers come before the mock's own, and the caller's
        /** @type {import("./dispatch.mjs").HandlersOf} */
        const all = (spec, tools) => [...(state?.handlers(spec, tools) ?? []), ...(handlers?.(spec, tools) ?? [])];
        const handle = documentMock(document, await createSampler(document), { address, agent, say, handlers: all });
        const mock = await starting;
        address.port = Number(new URL(mock.url).port);
        prism = { ...mock, address, spec, file, active: 0, handle };
        for (const line of state?.lines ?? []) say(`dev: ${line}`);
      } catch (err) {
        // a Prism that started for a document the proxy could not read is stopped
        starting?.then(
          (mock) => mock.stop(),
          () => {},
        );
        rmSync(file, { force: true });
        say(
          `dev: Prism did not start on the new spec; the mock ${current ? "keeps serving the previous one" : "answers 503"}\n${err instanceof Error ? err.message : err}`,
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
    /**
     * Serves `spec` (the bundled spec as JSON text) from now on; resolves once it does.
     * @param {unknown} spec
     * @returns {Promise<void>}
     */
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
