import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// the files that call the one Prism the globalSetup starts (inject("apiBaseUrl"), which
// test/support/contract.ts's apiBaseUrl() reads): a run without them, as in the spec, docs and dev
// stages, starts no Prism. A file of the other project that calls it gets no address, and fails
const MOCK_FILES = [
  "test/src/core/auth.test.ts",
  "test/contract/operations.test.ts",
  "test/examples/examples.test.ts",
  "test/package/consumer.test.ts",
];

export default defineConfig({
  test: {
    // the documents stage runs with its own config, only when named (npm run test:documents)
    exclude: [...configDefaults.exclude, "test/documents/**"],
    testTimeout: 15_000,
    // Vitest's default, one worker fewer than the cores, runs one file at a time on two cores while
    // its own process sits idle; most files here wait on a child (tsc, generate, Prism) for a part
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: "mock", include: MOCK_FILES, globalSetup: ["test/setup/mock-server.ts"] } },
      // left out with "!" in include, not with exclude, which would drop the command line's --exclude
      {
        extends: true,
        test: { name: "local", include: ["test/**/*.test.ts", ...MOCK_FILES.map((file) => `!${file}`)] },
      },
    ],
  },
});
