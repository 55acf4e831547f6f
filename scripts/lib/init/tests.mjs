// The tests `npm run init` takes out of a team's checkout: those written against this project's own
// document (its four operations, its examples' output, its hand-written user program), which a
// team's document does not have. They stay in git's history. What remains runs on fixtures of the
// pipeline's own (scripts/synthetic-base/, the synthetic spec, test/scripts/fixtures/) or on
// whatever openapi/ holds (test/contract/document.test.ts, the examples, the package's generated
// user program, the docs page).
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * This project's own document's tests, relative to the checkout. The client-logic tests of
 * test/src/ among them call this document's methods through `src/index.ts`; run on a fixture's
 * client instead (as test/src/lists/pages.test.ts does), they would stay.
 */
export const DOCUMENT_TESTS = [
  "test/contract/operations.test.ts",
  "test/package/fixtures/consumer.ts",
  "test/package/own-bundle.test.ts",
  "test/package/fixtures/testing.ts",
  "test/src/checks/answer-check.test.ts",
  "test/src/checks/check.test.ts",
  "test/src/core/auth.test.ts",
  "test/src/client/call-path.test.ts",
  "test/src/client/client.test.ts",
  "test/src/core/config.test.ts",
  "test/src/core/errors.test.ts",
  "test/src/core/idempotency-key.test.ts",
  "test/src/core/load.test.ts",
  "test/src/client/method.test.ts",
  "test/src/client/raw-client-overrides.test.ts",
  "test/src/client/raw-client.test.ts",
  "test/src/core/retry.test.ts",
  "test/src/core/runtime.test.ts",
  "test/src/core/secrets.test.ts",
  "test/src/client/standalone.test.ts",
  "test/src/core/transport.test.ts",
  "test/src/core/transport-answers.test.ts",
  "test/src/core/transport-timing.test.ts",
  "test/src/streams/event-check.test.ts",
  "test/src/streams/event-stream.test.ts",
  "test/src/testing/testing-header-key.test.ts",
  "test/src/testing/testing-query-key.test.ts",
  "test/src/testing/testing-records.test.ts",
  "test/src/testing/testing-streams.test.ts",
  "test/src/testing/testing.test.ts",
  "test/runtimes",
];

/** The examples' expected output, emptied: the team's examples are held to what every example must do. */
const NO_PRINTS = `// What each program of examples/ prints on stdout against the mock, which answers with the
// document's examples, by file: write down what yours promise. Until then examples.test.ts holds
// each to what every example must do (it ends well, prints, calls only the table's methods).
export const PRINTS: Record<string, (string | RegExp)[]> = {};
`;

/**
 * Removes this project's own document's tests from the checkout at `dir` and empties the examples'
 * expected output; returns the paths removed and those emptied, relative to `dir`.
 * @param {string} dir
 * @returns {{ removed: string[], emptied: string[] }}
 */
export function removeDocumentTests(dir) {
  const removed = DOCUMENT_TESTS.filter((file) => existsSync(join(dir, file)));
  for (const file of removed) rmSync(join(dir, file), { recursive: true, force: true });
  const emptied = ["test/examples/prints.ts"].filter((file) => existsSync(join(dir, file)));
  for (const file of emptied) writeFileSync(join(dir, file), NO_PRINTS);
  return { removed, emptied };
}
