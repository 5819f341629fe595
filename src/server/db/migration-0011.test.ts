import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";

describe("migration 0011_trip_versions on a database written before it", () => {
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
          grounding, created_at::text
        from trips order by id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0011_trip_versions", "Before 0011"));
    const itinerary = buildItinerary("2027-03-01", 2);
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version)
      values (${owner.userId}, 'Old Porto', 'Porto', '2027-03-01', '2027-03-02', 1234.5, 'comfort',
        array['History'], ${JSON.stringify(itinerary)}::jsonb, 'generated', 4)
      returning id::text`);
    id = rows[0]!.id;
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip whole and records its current version, by its owner", async () => {
    expect(await snapshot()).toEqual(before);
    const res = await owner.client.get(`/api/trips/${id}/history`);
    const { changes } = historyResponseSchema.parse(await res.json());
    expect(changes).toEqual([
      {
        version: 4,
        at: expect.any(String) as string,
        by: { userId: owner.userId, name: "Before 0011" },
        summary: "Saved before history was kept",
      },
    ]);
  });

  it("restores that version, and a change based on it merges with one saved since", async () => {
    const trip = tripResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${id}`)).json(),
    ).trip;
    const saved = await owner.client.patch(`/api/trips/${id}`, { version: 4, budget: 900 });
    expect(saved.status).toBe(200);
    const merged = await owner.client.patch(`/api/trips/${id}`, { version: 4, name: "New Porto" });
    expect(merged.status).toBe(200);
    expect(tripResponseSchema.parse(await merged.json()).trip).toMatchObject({
      version: 6,
      budget: 900,
      name: "New Porto",
    });
    const restored = await owner.client.post(`/api/trips/${id}/restore`, { version: 4 });
    expect(tripResponseSchema.parse(await restored.json()).trip).toMatchObject({
      version: 7,
      name: "Old Porto",
      budget: 1234.5,
      itinerary: trip.itinerary,
    });
  });
});
