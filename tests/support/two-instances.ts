import type { Database } from "#server/db/database.ts";
import { createMemoryBus } from "#server/live/live-bus.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { createTestDatabase } from "./test-database.ts";

/**
 * Two instances in one process: two apps on one test database and one in-process bus (the PGlite
 * wiring), sign-ups not rate-limited. `close` closes both apps, then the database.
 */
export async function openTwoInstances(): Promise<{
  database: Database;
  a: TestApp;
  b: TestApp;
  liveBus: ReturnType<typeof createMemoryBus>;
  close: () => Promise<void>;
}> {
  const database = await createTestDatabase();
  const liveBus = createMemoryBus();
  const a = await createTestApp({ AUTH_RATE_LIMIT: "1000" }, {}, { database, liveBus });
  const b = await createTestApp({ AUTH_RATE_LIMIT: "1000" }, {}, { database, liveBus });
  const close = async () => {
    await a.close();
    await b.close();
    await database.close();
  };
  return { database, a, b, liveBus, close };
}
