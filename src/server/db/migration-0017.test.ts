import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import {
  closeAll,
  insertOldTrip,
  openReleaseBefore,
  rowsOf,
  storedTrips,
} from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

describe("migration 0017_activity_placements on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let tripId: string;
  let before: Record<string, unknown>[];
  const snapshot = () => storedTrips(database);

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0017_activity_placements", "Before 0017"));
    tripId = await insertOldTrip(database, owner.userId);
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip whole, and an older trip reads and saves with nothing waiting", async () => {
    expect(await snapshot()).toEqual(before);
    const [count] = await rowsOf(database, sql`select count(*)::int as n from activity_placements`);
    expect(count).toEqual({ n: 0 });
    const { trip } = tripResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${tripId}`)).json(),
    );
    expect(trip.placing).toBeUndefined();
    expect(trip.version).toBe(3);
    const saved = await owner.client.patch(`/api/trips/${tripId}`, { version: 3, budget: 950 });
    expect(saved.status).toBe(200);
  });

  it("a waiting row goes with its trip when the trip is removed for good", async () => {
    const [activity] = (before[0]!.itinerary as { days: { activities: { id: string }[] }[] })
      .days[0]!.activities;
    await database.db.execute(sql`
      insert into activity_placements (trip_id, activity_id, location, near, owner_id)
      values (${tripId}, ${activity!.id}, 'Louvre', ${JSON.stringify({ name: "Paris", country: "France", lat: 48.85, lng: 2.35, timezone: "Europe/Paris" })}::jsonb,
        ${owner.userId})`);
    const { trip } = tripResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${tripId}`)).json(),
    );
    expect(trip.placing).toEqual({ remaining: 1 });
    await database.db.execute(sql`delete from trips where id = ${tripId}`);
    const [count] = await rowsOf(database, sql`select count(*)::int as n from activity_placements`);
    expect(count).toEqual({ n: 0 });
  });
});
