import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: [] },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "tests/**/*.test.ts", "eval/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup-each-file.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});
