import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { insertTripBeforeShareTokens } from "#tests/support/factories.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

describe("migration 0009_trip_name on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let ids: string[];
  let before: Record<string, unknown>[];
  let profilesBefore: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select id::text, user_id, destination, start_date::text, end_date::text, budget::text,
          travel_style, interests, itinerary, status, is_public, share_token, version, place,
          grounding, created_at::text, search_text
        from trips order by id`,
    );
  const profiles = () =>
    rowsOf(
      database,
      sql`
        select id, full_name, avatar_key, bio, preferred_travel_style, interests,
          preferred_destinations, updated_at::text
        from profiles order by id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0009_trip_name", "Before 0009"));
    ids = [];
    for (const destination of ["Porto", "Braga"])
      ids.push((await insertTripBeforeShareTokens(database.db, owner.userId, { destination })).id);
    await database.db.execute(
      sql`insert into profiles (id, full_name, bio) values (${owner.userId}, 'Before 0009', 'Hi')
        on conflict (id) do nothing`,
    );
    before = await snapshot();
    profilesBefore = await profiles();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every row whole; each trip is named after its destination, no unit is chosen", async () => {
    expect(before).toHaveLength(2);
    expect(profilesBefore).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
    expect(await profiles()).toEqual(profilesBefore);
    const names = await database.db.execute<{ name: string; destination: string }>(
      sql`select name, destination from trips order by id`,
    );
    for (const row of names.rows) expect(row.name).toBe(row.destination);
    const units = await database.db.execute<{ temperature_unit: string | null }>(
      sql`select temperature_unit from profiles`,
    );
    expect(units.rows.map((r) => r.temperature_unit)).toEqual([null]);
  });

  it("serves the old trips with their names, and a copy is named '<destination> (copy)'", async () => {
    for (const id of ids) {
      const res = await owner.client.get(`/api/trips/${id}`);
      const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
      expect(trip.name).toBe(trip.destination);
    }
    const copy = await owner.client.post(`/api/trips/${ids[0]}/duplicate`, {
      startDate: "2027-09-01",
    });
    expect(copy.status).toBe(201);
    const trip = tripSchema.parse(((await copy.json()) as { trip: unknown }).trip);
    expect(trip.name).toMatch(/^(Porto|Braga) \(copy\)$/);
    expect(`${trip.destination} (copy)`).toBe(trip.name);
  });
});
