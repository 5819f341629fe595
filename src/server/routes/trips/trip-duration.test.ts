import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { sharedTripResponseSchema } from "#shared/schemas/shared-trip.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

async function patch(client: TestClient, id: string, body: unknown) {
  const res = await client.patch(`/api/trips/${id}`, body);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function patchOk(client: TestClient, id: string, body: unknown): Promise<Trip> {
  const { status, body: json } = await patch(client, id, body);
  expect(status, JSON.stringify(json)).toBe(200);
  return tripResponseSchema.parse(json).trip;
}

const storedItinerary = async (id: string) => {
  const [row] = await t.deps.database.db.select().from(trips).where(eq(trips.id, id));
  return row!.itinerary;
};

/** An activity as an API client may send it: no id, no place, no length. */
const bare = (time: string, activity: string) => ({
  time,
  activity,
  location: "Rua Augusta",
  description: "",
  cost: 10,
});

describe("PATCH /api/trips/:id: an activity's durationMinutes", () => {
  it("estimates the length of an activity sent without one, and keeps a stored one", async () => {
    const { client, userId } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, { days: 1 });
    const kept = row.itinerary.days[0]!.activities[0]!;
    expect(kept.durationMinutes).toBe(60);
    const { id: _id, durationMinutes: _length, ...keptWithoutLength } = kept;
    const trip = await patchOk(client, row.id, {
      version: 1,
      itinerary: {
        days: [
          {
            date: row.startDate,
            activities: [
              { ...keptWithoutLength, id: kept.id },
              bare("12:30", "Lunch at a tasca"),
              bare("15:00", "Museum of Ancient Art"),
              { ...bare("20:00", "Dinner"), durationMinutes: 100 },
            ],
          },
        ],
      },
    });
    expect(trip.itinerary.days[0]!.activities.map((a) => a.durationMinutes)).toEqual([
      60, 75, 120, 100,
    ]);
    // Stored with the trip, not only in the answer.
    const stored = await storedItinerary(row.id);
    expect(stored.days[0]!.activities.map((a) => a.durationMinutes)).toEqual([60, 75, 120, 100]);
  });

  it("refuses a length out of 5..720 or not whole with the field's message and stores nothing", async () => {
    const { client, userId } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, { days: 1 });
    const cases: [unknown, string][] = [
      [4, "Duration must be between 5 and 720 minutes"],
      [721, "Duration must be between 5 and 720 minutes"],
      [90.5, "Duration must be a whole number of minutes"],
      ["90", "Duration must be a number of minutes"],
    ];
    for (const [durationMinutes, message] of cases) {
      const { status, body } = await patch(client, row.id, {
        version: 1,
        itinerary: {
          days: [
            { date: row.startDate, activities: [{ ...bare("10:00", "Walk"), durationMinutes }] },
          ],
        },
      });
      expect(status, String(durationMinutes)).toBe(422);
      expect(body).toMatchObject({ error: { code: "invalid_input", message } });
    }
    expect((await storedItinerary(row.id)).days[0]!.activities).toHaveLength(2);
    // The limits themselves are allowed.
    const trip = await patchOk(client, row.id, {
      version: 1,
      itinerary: {
        days: [
          {
            date: row.startDate,
            activities: [
              { ...bare("10:00", "Walk"), durationMinutes: 5 },
              { ...bare("11:00", "Day out"), durationMinutes: 720 },
            ],
          },
        ],
      },
    });
    expect(trip.itinerary.days[0]!.activities.map((a) => a.durationMinutes)).toEqual([5, 720]);
  });
});

describe("a trip stored before activities had a length", () => {
  // As the release before this one wrote it: activities without durationMinutes.
  const legacy = (date: string) =>
    ({
      days: [
        {
          date,
          activities: [
            activityOf({
              time: "09:00",
              activity: "Art museum visit",
              location: "MNAA",
              description: "",
              cost: 10,
            }),
            activityOf({
              time: "13:00",
              activity: "Lunch",
              location: "Market",
              description: "",
              cost: 20,
            }),
          ].map(({ durationMinutes: _drop, ...a }) => a),
        },
      ],
    }) as unknown as Itinerary;

  it("reads with an estimate on every route, and an edit stores the lengths", async () => {
    const { client, userId } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, {
      days: 1,
      startDate: "2027-05-01",
      endDate: "2027-05-01",
      itinerary: legacy("2027-05-01"),
      isPublic: true,
    });
    const stored = await storedItinerary(row.id);
    expect("durationMinutes" in stored.days[0]!.activities[0]!).toBe(false);

    const own = await client.get(`/api/trips/${row.id}`);
    expect(own.status).toBe(200);
    const trip = tripResponseSchema.parse(await own.json()).trip;
    expect(trip.itinerary.days[0]!.activities.map((a) => a.durationMinutes)).toEqual([120, 75]);

    const shared = await createClient(t).get(`/api/shared/${row.shareToken}`);
    expect(shared.status).toBe(200);
    const publicTrip = sharedTripResponseSchema.parse(await shared.json()).trip;
    expect(publicTrip.itinerary.days[0]!.activities.map((a) => a.durationMinutes)).toEqual([
      120, 75,
    ]);

    // Sent back as the client has it (with the read estimates), it is stored with them.
    const saved = await patchOk(client, row.id, { version: 1, name: "Lisbon in May" });
    expect(saved.itinerary.days[0]!.activities.map((a) => a.durationMinutes)).toEqual([120, 75]);
    const edited = await patchOk(client, row.id, {
      version: saved.version,
      itinerary: trip.itinerary,
    });
    expect(edited.itinerary.days[0]!.activities.map((a) => a.durationMinutes)).toEqual([120, 75]);
    const after = await storedItinerary(row.id);
    expect(after.days[0]!.activities.map((a) => a.durationMinutes)).toEqual([120, 75]);
  });
});
