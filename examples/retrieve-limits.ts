// Reads the organization's concurrency limits.
// Run: BROWSER_CLOUD_API_KEY=... node retrieve-limits.js (see README.md in this folder)
import { createClient } from "browser-cloud-client";

// the key comes from BROWSER_CLOUD_API_KEY, the address from BROWSER_CLOUD_BASE_URL (default: the service)
const client = createClient();

const limits = await client.organization.limits.retrieve();
const perProject = limits.default_project_max_concurrent_sessions ?? "no default (only the organization's cap applies)";
console.log(`at most ${limits.max_concurrent_sessions} browsers at once; per project: ${perProject}`);
