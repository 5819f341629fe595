import { defineConfig } from "vitest/config";

/**
 * Fault tests (`npm run test:faults`): real server processes killed, databases stopped and started,
 * several instances on one PostgreSQL. Bounded (each file well under a minute) and run one at a time,
 * on ports 4850–4879; they need PostgreSQL on 127.0.0.1:5432 and its binaries in /usr/lib/postgresql/15.
 */
export default defineConfig({
  test: {
    include: ["tests/faults/**/*.fault.ts"],
    setupFiles: ["tests/support/setup-each-file.ts"],
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
