import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // the documents stage runs with its own config, only when named (npm run test:documents)
    exclude: [...configDefaults.exclude, "test/documents/**"],
    globalSetup: ["test/setup/mock-server.ts"],
    testTimeout: 15_000,
  },
});
