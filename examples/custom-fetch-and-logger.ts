// Sends every request through a fetch of your own (here: one that counts and tags requests) and
// gets one log line per attempt.
import { createClient, type FetchFn, type Logger } from "browser-cloud-client";

let sent = 0;
// called with a Request; a proxy agent, a test double or tracing headers go here
const countingFetch: FetchFn = (request) => {
  sent += 1;
  request.headers.set("X-Request-Number", String(sent));
  return fetch(request);
};

// one line per attempt: method, path, status or failure, attempt, milliseconds; never a header value
const logger: Logger = { debug: (line) => console.log(`[client] ${line.replace(/\d+ ms\)$/, "… ms)")}`) };

const client = createClient({ fetch: countingFetch, logger, timeoutMs: 10_000, maxRetries: 1 });
await client.organization.limits.retrieve();
await client.deployments.delete("dep_5n1v7c2x");
console.log(`requests sent: ${sent}`);
