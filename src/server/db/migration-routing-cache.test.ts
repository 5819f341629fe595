import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { createLogger } from "#server/lib/logger.ts";
import { createRouting } from "#server/routing/create-routing.ts";
import type { TestClient } from "#tests/support/http.ts";
import {
  closeAll,
  migrateOldTrip,
  migrationTag,
  rowsOf,
  storedTrips,
} from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { startOsrmFake, type OsrmFake } from "#tests/fakes/osrm-fake.ts";

// Found by its name: its number may change when branches are merged.
const TAG = migrationTag("_routing_cache");

describe(`migration ${TAG} on a database written before it`, () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let osrm: OsrmFake;
  let before: Record<string, unknown>[];
  const snapshot = () => storedTrips(database);

  beforeAll(async () => {
    ({ database, t, owner, before } = await migrateOldTrip(TAG, "Before routing", { version: 2 }));
    osrm = await startOsrmFake();
  }, 120_000);

  afterAll(async () => {
    await osrm.close();
    await closeAll(t, database);
  });

  it("keeps every trip whole and starts with an empty cache and pace", async () => {
    expect(await snapshot()).toEqual(before);
    const [counts] = await rowsOf(
      database,
      sql`select (select count(*)::int from routing_cache) as cache,
        (select count(*)::int from routing_pace) as pace`,
    );
    expect(counts).toEqual({ cache: 0, pace: 0 });
    const listed = await owner.client.get("/api/trips");
    expect(listed.status).toBe(200);
  });

  it("the routers' cache and pace work on the migrated database", async () => {
    const routing = createRouting({
      db: database.db,
      logger: createLogger("silent"),
      routingUrl: osrm.url,
      transitUrl: "off",
      timeoutMs: 2000,
      pace: "public",
      appOrigin: "http://localhost:3000",
      contactEmail: "hello@boundless.travel",
    });
    const points = [
      { lat: 48.8606, lng: 2.3376 },
      { lat: 48.853, lng: 2.3499 },
    ];
    expect((await routing.table("foot", points))?.cells[0]?.[1]).not.toBeNull();
    expect(await routing.table("foot", points)).not.toBeNull();
    expect(osrm.requests).toHaveLength(1);
    const [pace] = await rowsOf(database, sql`select service from routing_pace`);
    expect(pace).toEqual({ service: "osrm-table" });
  });
});
