// The corpus stages: other services' documents (../shared/documents/) through the pipeline, each in a
// copy of the project. Their own config: no project-wide mock (each document gets its own), and the
// documents of a file side by side as the cores allow, since each step runs in a child process of
// its own or waits on the mock's.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/documents/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    maxConcurrency: availableParallelism(),
    testTimeout: 900_000,
    hookTimeout: 120_000,
  },
});
