import { createMemoryBus } from "#server/live/live-bus.ts";
import type { Database } from "#server/db/database.ts";
import { createClient, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";

/**
 * Two app instances on one database: on PostgreSQL each has its own LISTEN/NOTIFY connection (as
 * two servers would); on PGlite, which one process alone can open, one in-process bus.
 */
export async function twoInstances() {
  const database: Database = await createTestDatabase();
  const liveBus = database.kind === "postgres" ? undefined : createMemoryBus();
  const settings = { AUTH_RATE_LIMIT: "1000" };
  const a = await createTestApp(settings, {}, { database, liveBus });
  const b = await createTestApp(settings, {}, { database, liveBus });
  return {
    database,
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await database.close();
    },
  };
}

/** The same signed-in session on another instance (the session lives in the shared database). */
export function sameSessionOn(t: TestApp, client: TestClient) {
  const other = createClient(t);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/** Opens a trip's live stream; null when the server refused it (its status is then `status`). */
export async function openStream(client: TestClient, tripId: string) {
  const res = await client.get(`/api/trips/${tripId}/events`);
  if (res.status !== 200) return { status: res.status, events: null };
  return { status: 200, events: readEvents(res) };
}

/** Every event until the stream ends (names only), or until `limit` events. */
export async function drain(events: ReturnType<typeof readEvents>, limit = 50) {
  const names: string[] = [];
  for (let e = await events.next(); e && names.length < limit; e = await events.next())
    names.push(e.event);
  return names;
}
