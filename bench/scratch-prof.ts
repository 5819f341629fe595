import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openForSeeding, seedTrips } from "./lib/database.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { runLoad } from "./lib/load-test.ts";
import { startServer } from "#tests/support/server-process.ts";
import { signUp } from "./lib/session.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "prof-"));
const privateDb = await createPrivateDatabase();
const port = 5460;
const origin = `http://127.0.0.1:${port}`;
const settings = {
  PORT: String(port),
  DATA_DIR: dataDir,
  APP_ORIGIN: origin,
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  AUTH_RATE_LIMIT: "1000",
  DATABASE_URL: privateDb.url,
};
let server = await startServer(settings);
const small = await signUp(server.url, origin, `small-${Date.now()}@bench.local`);
const seeding = await openForSeeding({ databaseUrl: privateDb.url });
await seedTrips(seeding, small.userId, 20);
await seeding.close();
await server.stop();
server = await startServer(settings, {
  nodeArgs: process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/perf-prof"] : [],
});
const path_ = process.env.P ?? "/api/trips";
await runLoad({
  url: `${server.url}${path_}`,
  connections: 50,
  seconds: 2,
  headers: { cookie: small.cookie },
});
const f = await runLoad({
  url: `${server.url}${path_}`,
  connections: 50,
  seconds: Number(process.env.S ?? 8),
  headers: { cookie: small.cookie },
});
console.log(JSON.stringify(f));
await server.stop();
await privateDb.drop();
