// Cancels calls: at once with an AbortController, or after a deadline that covers every retry.
import { createClient, ConnectionTimeoutError, UserAbortError } from "browser-cloud-client";

const client = createClient();

// a call cancelled while it runs (a user pressed "stop"): it ends at once, and is not retried
const controller = new AbortController();
const pending = client.organization.limits.retrieve({ signal: controller.signal });
controller.abort();
try {
  await pending;
} catch (err) {
  if (!(err instanceof UserAbortError)) throw err;
  console.log("cancelled: UserAbortError");
}

// a deadline for the whole call, retries and backoff included; timeoutMs bounds each attempt
try {
  const limits = await client.organization.limits.retrieve({ signal: AbortSignal.timeout(30_000), timeoutMs: 10_000 });
  console.log(`within the deadline: ${limits.max_concurrent_sessions} browsers at most`);
} catch (err) {
  if (err instanceof UserAbortError) console.error("the 30 s deadline passed");
  else if (err instanceof ConnectionTimeoutError)
    console.error("one attempt took longer than 10 s, and retries did not help");
  else throw err;
}
