import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { FAKE_DESTINATIONS } from "#tests/fakes/overpass-places.ts";
import { insertTripBeforeShareTokens } from "#tests/support/factories.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

const paris = {
  name: "Paris",
  country: "France",
  timezone: "Europe/Paris",
  ...FAKE_DESTINATIONS.paris,
};

describe("migration 0006_places_cache on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let fake: OverpassFake;
  let owner: { client: TestClient; userId: string };
  let tripId: string;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select 'user' as t, count(*)::int as n from "user" union all
        select 'profiles', count(*)::int from profiles union all
        select 'trips', count(*)::int from trips union all
        select 'geocode_cache', count(*)::int from geocode_cache
        order by 1`,
    );

  beforeAll(async () => {
    fake = await startOverpassFake();
    // The previous release's app writes accounts, trips and geocoder answers on this schema.
    ({ database, t, owner } = await openReleaseBefore("0006_places_cache", "Before 0006", {
      OVERPASS_URL: fake.url,
    }));
    tripId = (
      await insertTripBeforeShareTokens(database.db, owner.userId, {
        destination: "Paris",
        place: paris,
      })
    ).id;
    await database.db.execute(sql`
      insert into geocode_cache (kind, query, result)
      values ('destination', 'paris', ${JSON.stringify(paris)}::jsonb)`);
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database, fake));

  it("keeps every row as it was and adds an empty places_cache", async () => {
    expect(await snapshot()).toEqual(before);
    expect((await database.db.execute(sql`select * from places_cache`)).rows).toEqual([]);
    const res = await owner.client.get(`/api/trips/${tripId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { trip: unknown };
    // The rows are compared whole above; today's API (which reads columns added later) serves it.
    expect(body).toMatchObject({ trip: { id: tripId, destination: "Paris", isPublic: false } });
    // Read with the currency derived from its country (issue 36).
    expect(tripSchema.parse(body.trip).place).toEqual({ ...paris, currency: "EUR" });
  });

  it("stores and serves places after it", async () => {
    const res = await owner.client.get(`/api/places/search?tripId=${tripId}&q=orsay`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ places: [{ osmId: "node/1002" }] });
    const rows = await database.db.execute<{ destination: string; interest: string }>(
      sql`select destination, interest from places_cache`,
    );
    expect(rows.rows).toEqual([{ destination: "48.857,2.352", interest: "name:orsay" }]);
    await owner.client.get(`/api/places/search?tripId=${tripId}&q=orsay`);
    expect(fake.requests).toHaveLength(1);
  });
});
