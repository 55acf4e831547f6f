// The contenders of the per-request bench (requests.mjs), each as { get(), click() } that resolve once
// the answer is read in full: raw fetch, a careful hand-written fetch (safe-fetch.mjs), bare
// openapi-fetch (with and without a timeout signal, and over the safe floor), this client, Redocly's
// generated client and the official SDK, all against the in-process stand-in (server.mjs).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fromRoot } from "../lib/shared/paths.mjs";
import createFetchClient from "openapi-fetch";
import { LightRequest } from "./light-request.mjs";
import { nodeBundle } from "./node-bundle.mjs";
import { importRedoclyClient } from "./redocly-client.mjs";
import { safeAttempt, safeFetch } from "./safe-fetch.mjs";

const CLICK_BODY = { x: 640, y: 360, button: /** @type {"left"} */ ("left") };
const API_KEY = "bench-key";

/**
 * @typedef {{ name: string, get: () => Promise<unknown>, click: () => Promise<unknown> }} Contender
 *   two calls, each resolved once the answer is read in full
 * @typedef {{ 200: { content: { "application/json": unknown } } }} Answered
 * @typedef {{
 *   "/org/limits": { get: { parameters: {}, responses: Answered } },
 *   "/browsers/{id}/computer/click_mouse": {
 *     post: { parameters: { path: { id: string } }, requestBody: { content: { "application/json": typeof CLICK_BODY } }, responses: Answered },
 *   },
 * }} BenchPaths the two operations the openapi-fetch contenders call, as openapi-typescript types a document's
 * @typedef {import("openapi-fetch").Client<BenchPaths>} FetchClient
 */

/**
 * Bundles src/index.ts (platform node, not minified) into a temp dir and imports it, so no build is needed.
 * @param {string} dir
 * @returns {Promise<typeof import("../../src/index.ts")>} the module src/index.ts is, bundled
 */
export async function importClient(dir) {
  const outfile = join(dir, "client.mjs");
  await nodeBundle(fromRoot("src/index.ts"), outfile);
  return import(pathToFileURL(outfile).href);
}

/**
 * The contenders, each as { get(), click() } that resolve once the answer is read in full.
 * @param {string} url the server
 * @param {string} dir where the clients are bundled
 * @returns {Promise<Contender[]>}
 */
export async function contenders(url, dir) {
  const [fetchClient, bounded, overSafe] = openapiFetchClients(url);
  return [
    ...floors(url),
    viaOpenapiFetch("openapi-fetch", fetchClient),
    viaOpenapiFetch("+ timeout signal", bounded),
    viaOpenapiFetch("openapi-fetch over safe", overSafe),
    ...(await clients(url, dir)),
  ];
}

const authorization = `Bearer ${API_KEY}`;

/** @param {Response} response */
const ok = (response) => {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
};

/**
 * Raw fetch, and what a careful hand-written call does (safe-fetch.mjs): bound the attempt, refuse
 * redirects, check the status, read the body under a cap, parse it.
 * @param {string} url
 * @returns {Contender[]}
 */
function floors(url) {
  const clickUrl = `${url}/browsers/brs_bench/computer/click_mouse`;
  const clickInit = {
    method: "POST",
    headers: { Authorization: authorization, "Content-Type": "application/json" },
    body: JSON.stringify(CLICK_BODY),
  };
  return [
    {
      name: "fetch",
      get: async () => {
        const response = await fetch(`${url}/org/limits`, { headers: { Authorization: authorization } });
        ok(response);
        return response.json();
      },
      click: async () => {
        const response = await fetch(clickUrl, clickInit);
        ok(response);
        await response.text();
      },
    },
    {
      name: "safe fetch",
      get: async () => (await safeFetch(`${url}/org/limits`, { headers: { Authorization: authorization } })).data,
      click: async () => {
        await safeFetch(clickUrl, clickInit);
      },
    },
  ];
}

/**
 * The same two calls through a plain openapi-fetch client.
 * @param {string} name
 * @param {FetchClient} fetchClient
 * @returns {Contender}
 */
const viaOpenapiFetch = (name, fetchClient) => ({
  name,
  get: async () => {
    const { data, response } = await fetchClient.GET("/org/limits");
    ok(response);
    return data;
  },
  click: async () => {
    const { response } = await fetchClient.POST("/browsers/{id}/computer/click_mouse", {
      params: { path: { id: "brs_bench" } },
      body: CLICK_BODY,
    });
    ok(response);
  },
});

/**
 * Three openapi-fetch clients: bare; with the least a client pays to bound an attempt (an
 * AbortSignal per request, which Node's fetch must follow, and a timer); and its own request path
 * over the safe floor: its documented `Request` option given a class that keeps URL and init (no
 * Request built per call), its `fetch` the safe floor's attempt, the bytes handed back as a Response
 * for it to parse, which is what any client through openapi-fetch pays.
 * @param {string} url
 * @returns {FetchClient[]}
 */
function openapiFetchClients(url) {
  const headers = { Authorization: authorization };
  return [
    createFetchClient({ baseUrl: url, headers }),
    createFetchClient({
      baseUrl: url,
      headers,
      fetch: (request) => {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 60_000);
        return fetch(request, { signal: controller.signal }).finally(() => clearTimeout(timer));
      },
    }),
    createFetchClient({
      baseUrl: url,
      headers,
      Request: /** @type {typeof Request} */ (/** @type {unknown} */ (LightRequest)),
      fetch: async (request) => {
        const { init } = /** @type {LightRequest} */ (/** @type {unknown} */ (request));
        const { bytes, response } = await safeAttempt(request.url, {
          method: request.method,
          headers: request.headers,
          body: init.body,
        });
        return new Response(/** @type {BodyInit | null} */ (/** @type {unknown} */ (bytes)), response);
      },
    }),
  ];
}

/**
 * This client (bundled from src/), Redocly's generated client with a timeout per attempt, as ours
 * has (it checks nothing), and the official SDK.
 * @param {string} url
 * @param {string} dir where the clients are bundled
 * @returns {Promise<Contender[]>}
 */
async function clients(url, dir) {
  const { createClient } = await importClient(dir);
  const { default: Kernel } = await import("@onkernel/sdk");
  const client = createClient({ apiKey: API_KEY, baseUrl: url });
  const sdk = new Kernel({ apiKey: API_KEY, baseURL: url });
  const redocly = await importRedoclyClient(dir);
  const generated = redocly.createClient(redocly.OPERATIONS, {
    serverUrl: url,
    auth: { bearer: API_KEY },
    timeout: 60_000,
  });
  return [
    {
      name: "this client",
      get: () => client.organization.limits.retrieve(),
      click: () => client.browsers.computer.clickMouse("brs_bench", CLICK_BODY),
    },
    {
      name: "Redocly's client",
      get: () => generated.getOrgLimits(),
      click: () => generated.clickMouse({ path: { id: "brs_bench" }, body: CLICK_BODY }),
    },
    {
      name: "official SDK",
      get: () => sdk.organization.limits.retrieve(),
      click: () => sdk.browsers.computer.clickMouse("brs_bench", CLICK_BODY),
    },
  ];
}
