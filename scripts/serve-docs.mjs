#!/usr/bin/env node
// Serves the rendered docs page (site/) over HTTP on 127.0.0.1.
//   node scripts/serve-docs.mjs [port]   default port 8080
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { dirname, extname, normalize, resolve, sep } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".png": "image/png", ".json": "application/json" };

/** Serves `dir` on host:port; resolves to { url, close } once listening. */
export function serveDocs({ dir = resolve(root, "site"), host = "127.0.0.1", port = 8080 } = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = resolve(dir, "." + normalize(path.endsWith("/") ? path + "index.html" : path));
    if (file !== dir && !file.startsWith(dir + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" }).end(body);
    } catch {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done({ url: `http://${host}:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) }));
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const docs = await serveDocs({ port: Number(process.argv[2] ?? 8080) });
  console.log(`docs: serving site/ at ${docs.url}`);
}
