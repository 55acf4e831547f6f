// Tests code of your own that uses the client, with no network: browser-cloud-client/testing gives
// a fetch that answers from a script, per method, and records each call.
import assert from "node:assert/strict";
import { createClient, NotFoundError, type BrowserCloudClient } from "browser-cloud-client";
import { mockFetch } from "browser-cloud-client/testing";

/** The code under test: stops a deployment unless the organization still has room for more browsers. */
async function tidy(client: BrowserCloudClient, deploymentId: string, running: number): Promise<string> {
  const { max_concurrent_sessions: cap } = await client.organization.limits.retrieve();
  if (running < cap) return "kept";
  try {
    await client.deployments.delete(deploymentId);
    return "deleted";
  } catch (err) {
    if (err instanceof NotFoundError) return "already gone";
    throw err;
  }
}

const fetch = mockFetch({
  "organization.limits.retrieve": {
    body: { max_concurrent_sessions: 2, default_project_max_concurrent_sessions: null },
  },
  // the first delete works, the second finds nothing
  "deployments.delete": [{}, { status: 404, body: { code: "not_found", message: "Deployment not found" } }],
});
const client = createClient({ apiKey: "test-key", fetch });

assert.equal(await tidy(client, "dep_1", 1), "kept");
assert.equal(await tidy(client, "dep_1", 2), "deleted");
assert.equal(await tidy(client, "dep_1", 2), "already gone");
assert.deepEqual(
  fetch.callsTo("deployments.delete").map((call) => call.params.id),
  ["dep_1", "dep_1"],
);
console.log(`tidy: 3 cases pass; ${fetch.calls.length} calls recorded, none sent`);
