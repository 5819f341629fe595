import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { insertTripBeforeShareTokens } from "#tests/support/factories.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

/** An activity exactly as the release before 0007 stored it: place fields, no `website`. */
const oldActivity = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  time: `1${n}:00`,
  activity: `Visit ${n}`,
  location: `Place ${n}`,
  description: "Kept as written.",
  cost: n === 2 ? null : 10 * n,
  lat: n === 1 ? 38.7 : null,
  lng: n === 1 ? -9.14 : null,
  why: n === 1 ? "A favourite" : null,
  osmId: n === 1 ? "node/42" : null,
  openingHours: n === 1 ? "Mo-Su 09:00-18:00" : null,
  ...extra,
});

describe("migration 0007_activity_website on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let oldTripId: string;
  let oddTripId: string;
  let itineraryBefore: { days: { date: string; activities: Record<string, unknown>[] }[] };
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select id::text, destination, version, status, is_public, place, grounding,
          jsonb_array_length(itinerary->'days') as days
        from trips order by id`,
    );
  const storedItinerary = async (id: string) =>
    (
      await database.db.execute<{ itinerary: typeof itineraryBefore }>(
        sql`select itinerary from trips where id = ${id}`,
      )
    ).rows[0]?.itinerary;

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0007_activity_website", "Before 0007"));
    oldTripId = (
      await insertTripBeforeShareTokens(database.db, owner.userId, { destination: "Lisbon" })
    ).id;
    itineraryBefore = {
      days: [
        { date: "2027-03-01", activities: [oldActivity(1), oldActivity(2)] },
        { date: "2027-03-02", activities: [] },
        { date: "2027-03-03", activities: [oldActivity(3, { website: "https://kept.example/" })] },
      ],
    };
    await database.db.execute(
      sql`update trips set itinerary = ${JSON.stringify(itineraryBefore)}::jsonb where id = ${oldTripId}`,
    );
    // A row no release wrote but the column allows: the migration must leave it readable, not fail.
    oddTripId = (
      await insertTripBeforeShareTokens(database.db, owner.userId, { destination: "Odd" })
    ).id;
    await database.db.execute(
      sql`update trips set itinerary = '{"days":[{"date":"2027-03-01","activities":null}]}'::jsonb where id = ${oddTripId}`,
    );
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("gives every stored activity website: null and keeps every other field and row", async () => {
    expect(await snapshot()).toEqual(before);
    const after = await storedItinerary(oldTripId);
    expect(after).toEqual({
      days: [
        {
          date: "2027-03-01",
          activities: [
            { ...oldActivity(1), website: null },
            { ...oldActivity(2), website: null },
          ],
        },
        { date: "2027-03-02", activities: [] },
        { date: "2027-03-03", activities: [oldActivity(3, { website: "https://kept.example/" })] },
      ],
    });
    expect(await storedItinerary(oddTripId)).toEqual({
      days: [{ date: "2027-03-01", activities: null }],
    });
  });

  it("serves the migrated trip whole through the API, valid against today's schema", async () => {
    const res = await owner.client.get(`/api/trips/${oldTripId}`);
    expect(res.status).toBe(200);
    const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    expect(trip.itinerary.days[0]?.activities.map((a) => [a.id, a.osmId, a.website])).toEqual([
      ["00000000-0000-4000-8000-000000000001", "node/42", null],
      ["00000000-0000-4000-8000-000000000002", null, null],
    ]);
    expect(trip.itinerary.days[2]?.activities[0]?.website).toBe("https://kept.example/");
  });
});
