// @ts-check
// A user's program, in plain JavaScript so that every runtime runs it as it is: it calls the packed
// client against the scripted server and returns what it saw, for runtimes.test.ts to compare.
import { ApiError, BrowserCloudError, ConnectionError, createClient } from "browser-cloud-client";

/**
 * Calls the client as a user would: an answer, an API error, a refused click, a click whose first
 * attempt is refused, an abort, and a key from the environment.
 * @param {{ live: string; closed: string }} urls the scripted server, and a port nothing listens on
 * @returns {Promise<Record<string, unknown>>} what each call gave, as plain data
 * @example
 * console.log(JSON.stringify(await exercise({ live: "http://127.0.0.1:4010", closed: "http://127.0.0.1:4011" })));
 */
export async function exercise({ live, closed }) {
  // every option given, logger aside: the client still asks the environment for BROWSER_CLOUD_LOG
  const options = { apiKey: "runtime-key", baseUrl: live, timeoutMs: 10_000, maxRetries: 0 };
  const client = createClient(options);
  /** @type {Record<string, unknown>} */
  const report = {};

  report.answer = await outcome(() => client.organization.limits.retrieve());
  report.apiError = await outcome(() => client.deployments.delete("dep_missing"));
  report.refused = await outcome(() =>
    createClient({ ...options, baseUrl: closed }).browsers.computer.clickMouse("brs_refused", { x: 1, y: 2 }),
  );

  // the runtime's own fetch meets the closed port first, then the live server on the retry
  let attempts = 0;
  /** @param {Request} request */
  const firstRefused = async (request) => {
    if (attempts++ > 0) return fetch(request);
    const { pathname } = new URL(request.url);
    return fetch(closed + pathname, { method: request.method, headers: request.headers, body: await request.text() });
  };
  const retried = await outcome(() =>
    createClient({ ...options, maxRetries: 1, fetch: firstRefused }).browsers.computer.clickMouse("brs_retried", {
      x: 3,
      y: 4,
    }),
  );
  report.retried = { ...retried, attempts };

  const controller = new AbortController();
  const aborted = outcome(() =>
    client.organization.limits.retrieve({ signal: controller.signal, headers: { "X-Scenario": "hang" } }),
  );
  setTimeout(() => controller.abort(), 100);
  report.abort = await aborted;

  // no apiKey: BROWSER_CLOUD_API_KEY where the runtime has it and lets it be read
  report.envKey = await outcome(() => createClient({ baseUrl: live, maxRetries: 0 }).organization.limits.retrieve());
  return report;
}

/**
 * What `call` gave: its value, or its error by class and the fields a caller reads.
 * @param {() => Promise<unknown>} call
 */
async function outcome(call) {
  try {
    const value = await call();
    return { value: value === undefined ? "undefined" : value };
  } catch (err) {
    if (!(err instanceof Error)) return { thrown: String(err) };
    const seen = { error: err.name, root: err instanceof BrowserCloudError };
    if (err instanceof ApiError) Object.assign(seen, { apiError: true, status: err.status, code: err.code });
    if (err instanceof ConnectionError) Object.assign(seen, { maybePerformed: err.maybePerformed });
    if (err.name === "ConfigurationError") Object.assign(seen, { message: err.message });
    return seen;
  }
}
