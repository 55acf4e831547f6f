// openapi-fetch's documented `Request` option (createClient({ Request }), "custom Request (defaults to
// globalThis.Request)") given a class that only keeps what it is built with: no body stream, no
// signal, no parsed URL. The requests section measures two things with it: openapi-fetch's own path
// over the safe floor, and this client bundled with every openapi-fetch client it makes given that
// class, to tell what the real `Request` it builds per call and throws away costs.
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fromRoot } from "../lib/shared/paths.mjs";

/** Keeps a request's address and init as given; `headers` is the `Headers` openapi-fetch merged. */
export class LightRequest {
  /**
   * @param {string} address
   * @param {RequestInit} init
   */
  constructor(address, init) {
    this.url = address;
    this.init = init;
    this.method = init.method ?? "GET";
    this.headers = init.headers;
  }
}

// openapi-fetch's entry as its package.json exports it to an import, resolved here so that the shim,
// which stands in for "openapi-fetch" in the bundle, can import the real one
const OPENAPI_FETCH = fileURLToPath(import.meta.resolve("openapi-fetch"));
// openapi-fetch as the client imports it, each client it creates given LightRequest
const SHIM = `
import createRealClient from ${JSON.stringify(OPENAPI_FETCH)};
import { LightRequest } from ${JSON.stringify(fromRoot("scripts/bench/light-request.mjs"))};
export * from ${JSON.stringify(OPENAPI_FETCH)};
export default (options) => createRealClient({ ...options, Request: LightRequest });
`;

/**
 * This client (src/index.ts) bundled for Node with openapi-fetch's `createClient` given
 * {@link LightRequest} as its `Request` option, imported: what the client would measure if it used
 * that option on every call. A raw call or a middleware then gets a LightRequest, not a `Request`,
 * so this is a measurement, not a shippable client.
 * @param {string} dir where the bundle is written
 */
export async function importLightRequestClient(dir) {
  const { build } = await import("esbuild");
  const outfile = join(dir, "client-light-request.mjs");
  await build({
    entryPoints: [fromRoot("src/index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile,
    logLevel: "silent",
    plugins: [
      {
        name: "openapi-fetch-light-request",
        setup(on) {
          on.onResolve({ filter: /^openapi-fetch$/ }, () => ({ path: "openapi-fetch-light", namespace: "shim" }));
          on.onLoad({ filter: /.*/, namespace: "shim" }, () => ({
            contents: SHIM,
            loader: "js",
            resolveDir: fromRoot(),
          }));
        },
      },
    ],
  });
  return import(pathToFileURL(outfile).href);
}
