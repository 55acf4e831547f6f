// Follows an event stream and stops it: a loop over typed events, left with `break` once the
// deployment runs (which drops the connection), under a deadline for the whole stream.
//
// A method whose operation answers `text/event-stream` resolves to such a stream, typed and checked
// by the spec: `for await (const event of await client.<group>.<method>(id)) ...`. The spec in this
// repository has no stream operation yet, so here the stream is one `browser-cloud-client/testing`
// scripts, read with `readEventStream`, as you would read a `Response` from `client.raw`.
import { readEventStream, StreamIdleError, UserAbortError } from "browser-cloud-client";
import { eventStreamResponse } from "browser-cloud-client/testing";

/** The events of a deployment's stream, told apart by `event`. */
type DeploymentEvent =
  | { event: "deployment_state"; state: "queued" | "building" | "running" | "failed"; timestamp: string }
  | { event: "log"; message: string; timestamp: string }
  | { event: "error"; error: { code: string; message: string }; timestamp: string };

const at = "2026-11-22T10:15:00Z";
const response = eventStreamResponse([
  { id: "1", data: { event: "deployment_state", state: "building", timestamp: at } },
  { id: "2", data: { event: "log", message: "Installing dependencies", timestamp: at } },
  { id: "3", data: { event: "deployment_state", state: "running", timestamp: at } },
  { id: "4", data: { event: "log", message: "never read: the loop has stopped", timestamp: at } },
]);

try {
  // silence over 30 s, or more than 10 minutes in all, ends the stream with an error
  const events = await readEventStream<DeploymentEvent>(response, {
    idleTimeoutMs: 30_000,
    signal: AbortSignal.timeout(600_000),
  });
  follow: for await (const { id, data } of events) {
    switch (data.event) {
      case "log":
        console.log(`log: ${data.message}`);
        break;
      case "deployment_state":
        console.log(`state: ${data.state} (event ${id})`);
        // leaving the loop ends the request: nothing keeps reading
        if (data.state === "running" || data.state === "failed") break follow;
        break;
      case "error":
        throw new Error(`the deployment failed: ${data.error.message}`);
    }
  }
  console.log(`stopped following after event ${events.lastEventId}`);
} catch (err) {
  if (err instanceof StreamIdleError) console.error("no event for 30 s");
  else if (err instanceof UserAbortError) console.error("still not running after 10 minutes");
  else throw err;
}
