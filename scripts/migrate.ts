import { openAppDatabase } from "../src/server/deps.ts";
import { loadEnv } from "../src/server/env.ts";

// The server also migrates at start-up; this is for deploy pipelines that migrate first.
const env = loadEnv();
const database = await openAppDatabase(env);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
