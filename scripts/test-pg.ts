import { spawnSync } from "node:child_process";
import path from "node:path";

// The API suite again, on PostgreSQL (or the paths given). Each run makes its own template database
// and drops it after.
const paths = process.argv.slice(2);
const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const result = spawnSync(
  process.execPath,
  [
    path.resolve("node_modules/vitest/vitest.mjs"),
    "run",
    ...(paths.length > 0 ? paths : ["src/server", "tests"]),
  ],
  {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(result.status ?? 1);
