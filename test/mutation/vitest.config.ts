// The tests `npm run mutation` runs against each mutant of src/: the client's unit tests and the
// contract suite. The script tests (test/scripts/, which copy the project and run the pipeline),
// the package, docs and dev stages test the pipeline, not src/, and would take hours per run.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/*.test.ts"],
    globalSetup: ["test/setup/mock-server.ts"],
    testTimeout: 15_000,
  },
});
