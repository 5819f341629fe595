import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripListResponseSchema } from "#shared/schemas/trip-list.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";

describe("migration 0012_trip_card_points on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let id: string;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select id::text, user_id, name, destination, start_date::text, end_date::text, budget::text,
          travel_style, interests, itinerary, status, is_public, share_token, version, place,
          grounding, created_at::text, search_text
        from trips order by id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0012_trip_card_points", "Before 0012"));
    const itinerary = buildItinerary("2027-03-01", 2);
    // One located activity, one not: the card's map takes the located one only.
    itinerary.days[0]!.activities[0] = {
      ...itinerary.days[0]!.activities[0]!,
      lat: 41.1579,
      lng: -8.6291,
    };
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version)
      values (${owner.userId}, 'Old Porto', 'Porto', '2027-03-01', '2027-03-02', 1234.5, 'comfort',
        array['History'], ${JSON.stringify(itinerary)}::jsonb, 'generated', 4)
      returning id::text`);
    id = rows[0]!.id;
    await database.db.execute(sql`
      insert into trip_versions (trip_id, version, by_user_id, summary, snapshot)
      values (${id}::uuid, 4, ${owner.userId}, 'Saved before', '{}'::jsonb)`);
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip whole and gives it its card points", async () => {
    expect(await snapshot()).toEqual(before);
    const res = await owner.client.get("/api/trips");
    const { trips } = tripListResponseSchema.parse(await res.json());
    const located = (before[0]!.itinerary as { days: { activities: { lat?: number }[] }[] }).days
      .flatMap((d) => d.activities)
      .filter((a) => typeof a.lat === "number").length;
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ id, name: "Old Porto", version: 4 });
    expect(trips[0]?.points?.[0]).toEqual([41.1579, -8.6291]);
    expect(trips[0]?.points).toHaveLength(Math.min(located, 24));
  });

  it("follows a save made after it", async () => {
    const trip = tripResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${id}`)).json(),
    ).trip;
    // The located activity is removed: no point is left.
    const days = trip.itinerary.days.map((day, i) =>
      i === 0 ? { ...day, activities: day.activities.slice(1) } : day,
    );
    const saved = await owner.client.patch(`/api/trips/${id}`, {
      version: trip.version,
      itinerary: { ...trip.itinerary, days },
    });
    expect(saved.status).toBe(200);
    const { trips } = tripListResponseSchema.parse(
      await (await owner.client.get("/api/trips")).json(),
    );
    expect(trips[0]?.points).toEqual([]);
  });
});
