import { spawnSync } from "node:child_process";
import path from "node:path";

// The API suite again, on PostgreSQL. Each run makes its own template database and drops it after.
const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const result = spawnSync(
  process.execPath,
  [path.resolve("node_modules/vitest/vitest.mjs"), "run", "src/server", "tests"],
  {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(result.status ?? 1);
