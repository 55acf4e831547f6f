import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/setup/mock-server.ts"],
    testTimeout: 15_000,
  },
});
