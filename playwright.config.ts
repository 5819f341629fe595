import { defineConfig } from "@playwright/test";
import { stackPorts } from "./e2e/support/stack-ports.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium.ts";

const E2E_PORT = stackPorts().app;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // The suite shares two cores with the production server and its fakes: pages with several
  // queries (the editor, the profile's sessions) can take more than the default 5 s to settle.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    // The offline worker answers API reads itself, which page.route cannot see; only the specs
    // about offline use (e2e/take-along.spec.ts) let it run.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // The production build, started the way a user starts it, wired to loopback fakes.
    command: "node --import tsx e2e/support/start-stack.ts",
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
