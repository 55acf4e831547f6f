import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// the package's name (package.json's) and its entries, as a user's code imports them (examples/):
// here they are src/, as test/tsconfig.json's paths say for the type checker
const { name } = JSON.parse(readFileSync(new URL("package.json", import.meta.url), "utf8")) as { name: string };
const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const ENTRIES = [
  { find: new RegExp(`^${escaped}$`), replacement: fileURLToPath(new URL("src/index.ts", import.meta.url)) },
  {
    find: new RegExp(`^${escaped}/testing$`),
    replacement: fileURLToPath(new URL("src/testing/index.ts", import.meta.url)),
  },
  {
    find: new RegExp(`^${escaped}/operations$`),
    replacement: fileURLToPath(new URL("src/operations.ts", import.meta.url)),
  },
];

// the files that call the one Prism the globalSetup starts (inject("apiBaseUrl"), which
// test/support/contract.ts's apiBaseUrl() reads): a run without them, as in the spec, docs and dev
// stages, starts no Prism. A file of the other project that calls it gets no address, and fails
const MOCK_FILES = ["test/src/core/auth.test.ts", "test/contract/operations.test.ts", "test/package/consumer.test.ts"];

export default defineConfig({
  resolve: { alias: ENTRIES },
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
