import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { activityOf, insertTripBeforeShareTokens } from "#tests/support/factories.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

const LISBON = {
  name: "Lisbon",
  country: "Portugal",
  lat: 38.71667,
  lng: -9.13333,
  timezone: "Europe/Lisbon",
};

describe("migration 0005_geocode_cache on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let tripIds: string[];
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select id, destination, itinerary, place, version, search_text from trips order by id`,
    );

  beforeAll(async () => {
    // The previous release's app writes accounts and trips (placed and unplaced) on this schema.
    ({ database, t, owner } = await openReleaseBefore("0005_geocode_cache", "Before 0005"));
    const placed = await insertTripBeforeShareTokens(database.db, owner.userId, {
      days: 1,
      place: LISBON,
      itinerary: {
        days: [
          {
            date: "2027-03-01",
            activities: [
              activityOf({
                time: "10:00",
                activity: "Tiles",
                location: "Museu Nacional do Azulejo",
                description: "Tiles — “quoted”, 東京.",
                cost: 5,
                lat: 38.7247,
                lng: -9.1136,
                why: "History",
              }),
            ],
          },
        ],
      },
    });
    const unplaced = await insertTripBeforeShareTokens(database.db, owner.userId, {
      destination: "Old Town",
    });
    tripIds = [placed.id, unplaced.id];
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip as it was and adds an empty cache table", async () => {
    expect(await snapshot()).toEqual(before);
    const cache = await database.db.execute(sql`select * from geocode_cache`);
    expect(cache.rows).toEqual([]);
  });

  it("reads trips written before it whole, places and pins included", async () => {
    const [placedId, unplacedId] = tripIds as [string, string];
    const placed = tripSchema.parse(
      ((await (await owner.client.get(`/api/trips/${placedId}`)).json()) as { trip: unknown }).trip,
    );
    // Read with the currency derived from its country (issue 36); the stored place is untouched.
    expect(placed.place).toEqual({ ...LISBON, currency: "EUR" });
    expect(placed.itinerary.days[0]?.activities[0]).toMatchObject({
      lat: 38.7247,
      lng: -9.1136,
      why: "History",
      description: "Tiles — “quoted”, 東京.",
    });
    const unplaced = tripSchema.parse(
      ((await (await owner.client.get(`/api/trips/${unplacedId}`)).json()) as { trip: unknown })
        .trip,
    );
    expect(unplaced.place).toBeNull();
    expect(unplaced.destination).toBe("Old Town");
  });
});
