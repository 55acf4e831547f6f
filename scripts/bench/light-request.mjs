// openapi-fetch's documented `Request` option (createClient({ Request }), "custom Request (defaults to
// globalThis.Request)") given a class that only keeps what it is built with: no body stream, no
// signal, no parsed URL. The requests section measures two things with it: openapi-fetch's own path
// over the safe floor, and this client bundled with every openapi-fetch client it makes given that
// class, to tell what the real `Request` it builds per call and throws away costs.
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fromRoot } from "../lib/shared/paths.mjs";
import { nodeBundle } from "./node-bundle.mjs";

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

/**
 * openapi-fetch as the client imports it, each client it creates given LightRequest: the module that
 * stands in for "openapi-fetch" in the bundle, importing the real one by the entry its package.json
 * exports to an import (resolved here, when bundling: this file is in the bundle too).
 * @returns {string}
 */
function shim() {
  const openapiFetch = JSON.stringify(fileURLToPath(import.meta.resolve("openapi-fetch")));
  return `
import createRealClient from ${openapiFetch};
import { LightRequest } from ${JSON.stringify(fromRoot("scripts/bench/light-request.mjs"))};
export * from ${openapiFetch};
export default (options) => createRealClient({ ...options, Request: LightRequest });
`;
}

/**
 * This client (src/index.ts) bundled for Node with openapi-fetch's `createClient` given
 * {@link LightRequest} as its `Request` option, imported: what the client would measure if it used
 * that option on every call. A raw call or a middleware then gets a LightRequest, not a `Request`,
 * so this is a measurement, not a shippable client.
 * @param {string} dir where the bundle is written
 */
export async function importLightRequestClient(dir) {
  const outfile = join(dir, "client-light-request.mjs");
  await nodeBundle(fromRoot("src/index.ts"), outfile, [
    {
      name: "openapi-fetch-light-request",
      setup(on) {
        on.onResolve({ filter: /^openapi-fetch$/ }, () => ({ path: "openapi-fetch-light", namespace: "shim" }));
        on.onLoad({ filter: /.*/, namespace: "shim" }, () => ({
          contents: shim(),
          loader: "js",
          resolveDir: fromRoot(),
        }));
      },
    },
  ]);
  return import(pathToFileURL(outfile).href);
}
