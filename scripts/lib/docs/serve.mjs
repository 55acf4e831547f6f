// Serves the rendered docs page (site/) over HTTP on 127.0.0.1, streamed, bounded, read-only.
import { open } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { pipeline } from "node:stream";
import { badTarget, createGuardedServer, refuse } from "../shared/http-guard.mjs";
import { fromRoot } from "../shared/paths.mjs";

/** @type {Record<string, string>} */
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".png": "image/png",
  ".json": "application/json",
};

/**
 * Serves the files of `dir` (default site/) on host:port (default 127.0.0.1:8080; 0 picks a free
 * port), `/` and any path ending in `/` as its index.html. Only GET and HEAD (else 405); a
 * malformed target is a 400 or 414 (see badTarget), a `..` segment, encoded or not, a 403.
 * Files are streamed, so memory stays bounded whatever the number of clients.
 * Resolves to { url, close } once listening; close() resolves once every connection has ended.
 * @param {{ dir?: string, host?: string, port?: number }} [options]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 * @example
 * const docs = await serveDocs({ dir: "site", port: 0 });
 * console.log(docs.url); // http://127.0.0.1:41234/
 */
export function serveDocs({ dir = fromRoot("site"), host = "127.0.0.1", port = 8080 } = {}) {
  const base = resolve(dir);
  const server = createGuardedServer(async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD")
      return refuse(res, 405, `${req.method} is not served here; use GET`, undefined, { Allow: "GET, HEAD" });
    const bad = badTarget(req.url);
    if (bad) return refuse(res, bad.status, bad.message);
    // badTarget refused a missing target: req.url is a string here
    const path = decodeURIComponent(String(req.url).replace(/[?#].*$/s, ""));
    // refused outright rather than resolved: no file of the site is reached through ..
    if (path.split(/[/\\]/).includes("..")) return refuse(res, 403, "no .. in paths");
    const file = resolve(base, `.${path.endsWith("/") ? `${path}index.html` : path}`);
    if (file !== base && !file.startsWith(base + sep)) return refuse(res, 403, "outside the site");

    let handle;
    let size;
    try {
      handle = await open(file);
      const stat = await handle.stat();
      if (!stat.isFile()) throw new Error("not a file");
      size = stat.size;
    } catch {
      await handle?.close().catch(() => {});
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
      return;
    }
    res.writeHead(200, {
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      "Content-Length": size,
      "Cache-Control": "no-store",
    });
    if (req.method === "HEAD") {
      await handle.close();
      res.end();
      return;
    }
    // a client gone mid-answer destroys the stream, which closes the file
    pipeline(handle.createReadStream(), res, () => {});
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      server.off("error", fail);
      done({
        url: `http://${host}:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}/`,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}
