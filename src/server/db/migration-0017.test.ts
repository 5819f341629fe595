import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";

describe("migration 0017_activity_placements on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let tripId: string;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select t.id::text, t.name, t.version, t.itinerary, t.stops, t.created_at::text,
          (select count(*)::int from trip_versions v where v.trip_id = t.id) as versions
        from trips t order by t.id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0017_activity_placements", "Before 0017"));
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version, stops)
      values (${owner.userId}, 'Old Paris', 'Paris', '2027-05-01', '2027-05-02', 900, 'comfort',
        array['Food'], ${JSON.stringify(buildItinerary("2027-05-01", 2))}::jsonb, 'generated', 3,
        ${JSON.stringify([{ id: "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e03", destination: "Paris", startDate: "2027-05-01", endDate: "2027-05-02", place: null }])}::jsonb)
      returning id::text`);
    tripId = rows[0]!.id;
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
