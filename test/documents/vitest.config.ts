// The documents stage (`npm run test:documents`): other services' documents through the whole
// pipeline. Its own config: no project-wide mock (each document gets its own), one file at a time in
// one process, since a document's copy, type check and mock take most of the two cores.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/documents/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
