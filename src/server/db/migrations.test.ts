import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

// Itineraries exactly as releases before 0003_trip_model stored them: no ids, no place fields.
const oldActivity = (activity: string, cost: number, time = "09:00") => ({
  time,
  activity,
  location: "Rua Augusta, Lisboa",
  description: `${activity} — “quoted”, 𝄞, 東京`,
  cost,
});
const OLD_TRIPS = [
  {
    destination: "Lisbon",
    itinerary: {
      days: [
        {
          date: "2027-03-01",
          activities: [oldActivity("Tram 28", 3), oldActivity("Fado", 40, "20:00")],
        },
        { date: "2027-03-02", activities: [oldActivity("Belém", 0)] },
      ],
    },
  },
  // Odd but storable shapes must come through untouched apart from the new fields.
  {
    destination: "Kyoto",
    itinerary: {
      days: [
        {
          date: "2027-03-01",
          note: "kept",
          activities: [{ ...oldActivity("Shrine", 5), id: "keep-me" }],
        },
      ],
    },
  },
];

describe("migration 0003_trip_model on a database holding trips written before it", () => {
  let database: Database;
  let t: TestApp;
  let alice: TestClient;
  const ids: string[] = [];

  beforeAll(async () => {
    // The app of the previous release could sign people up on this schema: do it the same way.
    const release = await openReleaseBefore("0003_trip_model", "Alice");
    ({ database, t } = release);
    const user = release.owner;
    alice = user.client;
    for (const trip of OLD_TRIPS) {
      const result = await database.db.execute<{ id: string }>(sql`
        insert into trips (user_id, destination, start_date, end_date, budget, travel_style, interests, itinerary, is_public)
        values (${user.userId}, ${trip.destination}, '2027-03-01', '2027-03-02', 1234.5, 'comfort',
                '{History}', ${JSON.stringify(trip.itinerary)}::jsonb, true)
        returning id`);
      ids.push(result.rows[0]!.id);
    }
    await database.migrate();
  }, 60_000);

  afterAll(() => closeAll(t, database));

  it("gives every old activity a distinct uuid and null place fields, keeping everything else", async () => {
    const res = await alice.get(`/api/trips/${ids[0]}`);
    expect(res.status).toBe(200);
    const { trip } = (await res.json()) as { trip: unknown };
    const parsed = tripSchema.parse(trip);
    expect(parsed.version).toBe(1);
    expect(parsed.place).toBeNull();
    expect(parsed.grounding).toEqual({ status: "off", verified: 0, total: 0, reason: null });
    expect(parsed.budget).toBe(1234.5);
    const activities = parsed.itinerary.days.flatMap((d) => d.activities);
    expect(activities.map((a) => a.activity)).toEqual(["Tram 28", "Fado", "Belém"]);
    expect(new Set(activities.map((a) => a.id)).size).toBe(3);
    const expected = OLD_TRIPS[0]!.itinerary.days.flatMap((d) => d.activities);
    activities.forEach((a, i) => {
      expect(a).toEqual({
        ...expected[i],
        id: a.id,
        // Stored before lengths existed: read with the server's estimate (no migration needed).
        durationMinutes: expect.any(Number) as number,
        lat: null,
        lng: null,
        why: null,
        osmId: null,
        openingHours: null,
        website: null,
      });
    });
  });

  it("keeps keys it does not know and ids already present", async () => {
    const [row] = (
      await database.db.execute<{ itinerary: { days: Record<string, unknown>[] } }>(
        sql`select itinerary from trips where id = ${ids[1]}`,
      )
    ).rows;
    const day = row!.itinerary.days[0]!;
    expect(day.note).toBe("kept");
    expect((day.activities as { id: string }[])[0]!.id).toBe("keep-me");
  });

  it("keeps search, the shared page and the list working on migrated rows", async () => {
    const search = await alice.get("/api/trips?q=fado");
    expect(((await search.json()) as { trips: { id: string }[] }).trips.map((x) => x.id)).toEqual([
      ids[0],
    ]);
    const shared = await alice.get(`/api/shared/${ids[0]}`);
    expect(shared.status).toBe(200);
    const list = await alice.get("/api/trips");
    const body = (await list.json()) as { trips: { version: number }[] };
    expect(body.trips).toHaveLength(2);
    expect(body.trips.every((x) => x.version === 1)).toBe(true);
  });
});
