// What each program of examples/ prints on stdout against the mock, which answers with the
// document's examples: this project's own examples, written down by hand. `npm run init` empties it
// for a team's examples, which are then held to what every example must do (examples.test.ts).
export const PRINTS: Record<string, (string | RegExp)[]> = {
  // the README's quick start, as it shows it
  "quick-start.ts": ["50"],
  "retrieve-limits.ts": ["at most 50 browsers at once; per project: 10"],
  "click-with-error-handling.ts": [
    "double-clicked at (640, 360) in brs_2x7q9kd4m1",
    "refused before sending: body.x must be >= 0",
  ],
  "delete-if-present.ts": ["deployment dep_5n1v7c2x: deleted", "auth connection conn_8f3k2m9p: deleted"],
  "custom-fetch-and-logger.ts": [
    "[client] browser-cloud-client: GET /org/limits -> 200 (attempt 1/2, … ms)",
    "[client] browser-cloud-client: DELETE /deployments/dep_5n1v7c2x -> 204 (attempt 1/2, … ms)",
    "requests sent: 2",
  ],
  "cancel-with-signal.ts": ["cancelled: UserAbortError", "within the deadline: 50 browsers at most"],
  "test-your-code.ts": ["tidy: 3 cases pass; 5 calls recorded, none sent"],
  "follow-a-stream.ts": [
    "state: building (event 1)",
    "log: Installing dependencies",
    "state: running (event 3)",
    "stopped following after event 3",
  ],
};
