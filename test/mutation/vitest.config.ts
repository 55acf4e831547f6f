// The tests `npm run mutation` runs against each mutant of src/: the client's unit tests and the
// contract suite. The script tests (test/scripts/, which copy the project and run the pipeline),
// the package, docs and dev stages test the pipeline, not src/, and would take hours per run.
// Mutants of all of src/ number over 3,000: narrow a run with --files.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/*.test.ts"],
    globalSetup: ["test/setup/mock-server.ts"],
    testTimeout: 15_000,
    // where each test starts, for incremental runs (scripts/lib/mutation-test-runner.mjs)
    includeTaskLocation: true,
    // the first two read src/'s text, which Stryker has rewritten with its instrumentation: they
    // guard the source as written (no node: import, no operation named), not its behaviour; the
    // last three run tsc over a client's types, which no runtime mutant changes, for seconds each
    testNamePattern: /^(?!.*(find no node: module|names no path segment, operationId|types list items and form fields|types each stream's events|types each answer's body)).*$/,
  },
});
