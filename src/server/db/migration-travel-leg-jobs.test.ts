import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { createLogger } from "#server/lib/logger.ts";
import { createRouting } from "#server/routing/create-routing.ts";
import { createTravelLegWorker } from "#server/trips/travel-leg-queue.ts";
import type { TestClient } from "#tests/support/http.ts";
import {
  closeAll,
  migrateOldTrip,
  migrationTag,
  rowsOf,
  storedTrips,
} from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

// Found by its name: its number may change when branches are merged.
const TAG = migrationTag("_travel_leg_jobs");

describe(`migration ${TAG} on a database written before it`, () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let before: Record<string, unknown>[];
  const snapshot = () => storedTrips(database);

  beforeAll(async () => {
    ({ database, t, owner, before } = await migrateOldTrip(TAG, "Before the travel queue", {
      version: 2,
    }));
  }, 120_000);

  afterAll(async () => {
    await closeAll(t, database);
  });

  it("keeps every trip whole, starts with an empty queue, and the trips read as before", async () => {
    expect(await snapshot()).toEqual(before);
    const [counts] = await rowsOf(
      database,
      sql`select count(*)::int as queued from travel_leg_jobs`,
    );
    expect(counts).toEqual({ queued: 0 });
    const listed = await owner.client.get("/api/trips");
    expect(listed.status).toBe(200);
    const [trip] = await rowsOf(database, sql`select id::text from trips`);
    const read = await owner.client.get(`/api/trips/${String(trip!.id)}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { trip: object }).trip).not.toHaveProperty("travelPending");
  });

  it("a leg queued for an old trip is taken and dropped once it no longer matches the trip", async () => {
    const [trip] = await rowsOf(database, sql`select id::text from trips`);
    await database.db.execute(sql`
      insert into travel_leg_jobs (trip_id, activity_id, from_lat, from_lng, to_lat, to_lng,
        depart_local, zone)
      values (${String(trip!.id)}::uuid, 'gone', 48.86, 2.33, 48.85, 2.35, '2027-05-01T10:00',
        'Europe/Paris')`);
    const worker = createTravelLegWorker({
      db: database.db,
      routing: createRouting({
        db: database.db,
        logger: createLogger("silent"),
        routingUrl: "off",
        transitUrl: "off",
        timeoutMs: 1000,
        pace: "none",
        appOrigin: "http://localhost:3000",
        contactEmail: "hello@boundless.travel",
      }),
      logger: createLogger("silent"),
      publishChange: () => Promise.resolve(),
    });
    worker.kick();
    await worker.settled();
    await worker.close();
    const [counts] = await rowsOf(
      database,
      sql`select count(*)::int as queued from travel_leg_jobs`,
    );
    expect(counts).toEqual({ queued: 0 });
    expect(await snapshot()).toEqual(before);
  });
});
