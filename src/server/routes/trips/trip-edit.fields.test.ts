import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers, trips } from "#server/db/schema.ts";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import { tripConflictSchema } from "#shared/schemas/trip-edit.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { PARIS } from "#tests/support/trip-places.ts";

/*
 * Two people editing one trip from the same version (Ana saved first; Bruno's change is based on
 * the version he had open): a change to other fields of the same activity, journey or stay is kept
 * on both sides; the same field changed differently is a 409 naming that field, with nothing written.
 */

let t: TestApp;
let ana: { client: TestClient; userId: string };
let bruno: { client: TestClient; userId: string };
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  ana = await signUpUser(t, { name: "Ana Ferreira" });
  bruno = await signUpUser(t, { name: "Bruno Costa" });
}, 60_000);
afterAll(() => t.close());

const STOP_ID = "00000000-0000-4000-8000-0000000000b1";

/** Paris, 3 days: day 1 has the Louvre, a lunch at 12:30 and a dinner at 19:30; day 2 a dinner too. */
async function sharedTrip(): Promise<Trip> {
  const day = (date: string, activities: Activity[]) => ({ date, activities });
  const itinerary: Itinerary = {
    days: [
      day("2027-05-03", [
        activityOf({
          time: "09:30",
          activity: "Louvre",
          location: "Musée du Louvre",
          description: "The Denon wing first.",
          cost: 22,
        }),
        activityOf({
          time: "12:30",
          activity: "Lunch at Chez Janou",
          location: "Chez Janou",
          description: "Provençal dishes.",
          cost: 30,
          durationMinutes: 90,
        }),
      ]),
      day("2027-05-04", [
        activityOf({
          time: "19:30",
          activity: "Dinner at Le Procope",
          location: "Le Procope",
          description: "The oldest café in Paris.",
          cost: 55,
          durationMinutes: 120,
        }),
      ]),
      day("2027-05-05", []),
    ],
  };
  const row = await insertTrip(t.deps.database.db, ana.userId, {
    name: "Paris",
    destination: "Paris, France",
    startDate: "2027-05-03",
    endDate: "2027-05-05",
    itinerary,
    place: PARIS,
    stops: [
      {
        id: STOP_ID,
        destination: "Paris, France",
        startDate: "2027-05-03",
        endDate: "2027-05-05",
        place: PARIS,
      },
    ],
  });
  await t.deps.database.db
    .insert(tripMembers)
    .values({ tripId: row.id, userId: bruno.userId, role: "editor" });
  return tripResponseSchema.parse(await (await ana.client.get(`/api/trips/${row.id}`)).json()).trip;
}

const patch = async (client: TestClient, id: string, body: unknown) => {
  const res = await client.patch(`/api/trips/${id}`, body);
  return { status: res.status, json: (await res.json()) as unknown };
};
const patchOk = async (client: TestClient, id: string, body: unknown): Promise<Trip> => {
  const { status, json } = await patch(client, id, body);
  expect(status, JSON.stringify(json)).toBe(200);
  return tripResponseSchema.parse(json).trip;
};
const stored = async (id: string) =>
  (await t.deps.database.db.select().from(trips).where(eq(trips.id, id)))[0];

/** The trip's days with one activity's fields changed, as the editor sends them (the whole plan). */
const withActivity = (trip: Trip, id: string, fields: Partial<Activity>) => ({
  days: trip.itinerary.days.map((d) => ({
    date: d.date,
    activities: d.activities.map((a) => (a.id === id ? { ...a, ...fields } : a)),
  })),
});

const train = {
  mode: "train",
  from: "Paris Gare de Lyon",
  to: "Lyon Part-Dieu",
  departAt: "2027-05-04T10:00",
  arriveAt: "2027-05-04T12:00",
  carrier: "SNCF",
  number: "TGV 6611",
  reference: "QXZ4PL",
};
const hotel = {
  name: "Hôtel du Marais",
  address: "12 Rue de Turenne, Paris",
  checkIn: "2027-05-03",
  checkOut: "2027-05-05",
  lat: 48.857,
  lng: 2.364,
};

describe("two people editing one activity", () => {
  it("different fields: Ana's description and Bruno's cost are both kept", async () => {
    const trip = await sharedTrip();
    const lunch = trip.itinerary.days[0]!.activities[1]!;
    await patchOk(ana.client, trip.id, {
      version: trip.version,
      itinerary: withActivity(trip, lunch.id, { description: "Booked for two, terrace." }),
    });
    // Bruno had the form open on the version before Ana's: he changed only the cost.
    const merged = await patchOk(bruno.client, trip.id, {
      version: trip.version,
      itinerary: withActivity(trip, lunch.id, { cost: 13 }),
    });
    expect(merged.version).toBe(trip.version + 2);
    const saved = merged.itinerary.days[0]!.activities[1]!;
    expect(saved).toMatchObject({
      id: lunch.id,
      description: "Booked for two, terrace.",
      cost: 13,
      time: "12:30",
    });
    expect((await stored(trip.id))?.itinerary.days[0]!.activities[1]).toMatchObject({
      description: "Booked for two, terrace.",
      cost: 13,
    });
  });

  it("different fields saved at the same moment: both land, both kept", async () => {
    const trip = await sharedTrip();
    const louvre = trip.itinerary.days[0]!.activities[0]!;
    const answers = await Promise.all([
      patch(ana.client, trip.id, {
        version: trip.version,
        itinerary: withActivity(trip, louvre.id, { time: "10:00" }),
      }),
      patch(bruno.client, trip.id, {
        version: trip.version,
        itinerary: withActivity(trip, louvre.id, { cost: 17 }),
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const row = await stored(trip.id);
    expect(row?.version).toBe(trip.version + 2);
    expect(row?.itinerary.days[0]!.activities[0]).toMatchObject({ time: "10:00", cost: 17 });
  });

  it("the same field: a 409 naming it, nothing written", async () => {
    const trip = await sharedTrip();
    const lunch = trip.itinerary.days[0]!.activities[1]!;
    await patchOk(ana.client, trip.id, {
      version: trip.version,
      itinerary: withActivity(trip, lunch.id, { cost: 13, description: "Menu du jour." }),
    });
    const before = await stored(trip.id);
    const clash = await patch(bruno.client, trip.id, {
      version: trip.version,
      itinerary: withActivity(trip, lunch.id, { cost: 20, time: "13:00" }),
    });
    expect(clash.status).toBe(409);
    const body = tripConflictSchema.parse(clash.json);
    expect(body.error).toEqual({
      code: "conflict",
      message: "This trip was changed somewhere else",
    });
    expect(body.trip.version).toBe(trip.version + 1);
    expect(body.trip.itinerary.days[0]!.activities[1]).toMatchObject({ cost: 13 });
    expect(body.conflicts).toEqual([
      {
        kind: "activity",
        id: lunch.id,
        message: "“Lunch at Chez Janou” was changed in both: its cost",
        fields: ["cost"],
      },
    ]);
    expect(await stored(trip.id)).toEqual(before);
  });

  it("a lunch moved to a day a dinner is on goes before the dinner, also merged with a companion's breakfast", async () => {
    const trip = await sharedTrip();
    const [, lunch] = trip.itinerary.days[0]!.activities as [Activity, Activity];
    const dinner = trip.itinerary.days[1]!.activities[0]!;
    // Ana adds a breakfast to day 2.
    const breakfast = {
      ...activityOf({
        time: "08:00",
        activity: "Breakfast",
        location: "Café de Flore",
        description: "",
        cost: 12,
      }),
      id: undefined,
    };
    await patchOk(ana.client, trip.id, {
      version: trip.version,
      itinerary: {
        days: trip.itinerary.days.map((d, i) => ({
          date: d.date,
          activities: i === 1 ? [breakfast, ...d.activities] : d.activities,
        })),
      },
    });
    // Bruno, on the version before, moves the lunch to day 2 by its time: before the dinner.
    const merged = await patchOk(bruno.client, trip.id, {
      version: trip.version,
      itinerary: {
        days: trip.itinerary.days.map((d, i) => ({
          date: d.date,
          activities:
            i === 0
              ? d.activities.filter((a) => a.id !== lunch.id)
              : i === 1
                ? [lunch, dinner]
                : d.activities,
        })),
      },
    });
    expect(merged.itinerary.days[1]!.activities.map((a) => [a.time, a.activity])).toEqual([
      ["08:00", "Breakfast"],
      ["12:30", "Lunch at Chez Janou"],
      ["19:30", "Dinner at Le Procope"],
    ]);
  });
});

describe("two people editing one journey", () => {
  it("different fields are both kept; the same field is a 409 naming it", async () => {
    const trip = await sharedTrip();
    const base = await patchOk(ana.client, trip.id, { version: trip.version, transport: [train] });
    const journey = base.transport[0]!;
    await patchOk(ana.client, trip.id, {
      version: base.version,
      transport: [{ ...journey, notes: "Seats 41 and 42" }],
    });
    const merged = await patchOk(bruno.client, trip.id, {
      version: base.version,
      transport: [{ ...journey, number: "TGV 6615" }],
    });
    expect(merged.transport).toEqual([
      expect.objectContaining({ id: journey.id, notes: "Seats 41 and 42", number: "TGV 6615" }),
    ]);

    const before = await stored(trip.id);
    const clash = await patch(bruno.client, trip.id, {
      version: base.version,
      transport: [{ ...journey, notes: "Coach 7", carrier: "Ouigo" }],
    });
    expect(clash.status).toBe(409);
    expect(tripConflictSchema.parse(clash.json).conflicts).toEqual([
      {
        kind: "transport",
        id: journey.id,
        message: "The train Paris Gare de Lyon → Lyon Part-Dieu was changed in both: its notes",
        fields: ["notes"],
      },
    ]);
    expect(await stored(trip.id)).toEqual(before);
  });
});

describe("two people editing one stay", () => {
  it("different fields are both kept (its pin too); the same field is a 409 naming it", async () => {
    const trip = await sharedTrip();
    const base = await patchOk(ana.client, trip.id, { version: trip.version, stays: [hotel] });
    const stay = base.stays[0]!;
    await patchOk(ana.client, trip.id, {
      version: base.version,
      stays: [{ ...stay, reference: "HM-2201" }],
    });
    const merged = await patchOk(bruno.client, trip.id, {
      version: base.version,
      stays: [{ ...stay, checkOut: "2027-05-04" }],
    });
    expect(merged.stays).toEqual([
      expect.objectContaining({
        id: stay.id,
        reference: "HM-2201",
        checkOut: "2027-05-04",
        lat: hotel.lat,
        lng: hotel.lng,
      }),
    ]);

    const before = await stored(trip.id);
    const clash = await patch(bruno.client, trip.id, {
      version: base.version,
      stays: [{ ...stay, reference: "XX-1" }],
    });
    expect(clash.status).toBe(409);
    expect(tripConflictSchema.parse(clash.json).conflicts).toEqual([
      {
        kind: "stay",
        id: stay.id,
        message: expect.stringMatching(/ was changed in both: its booking reference$/) as string,
        fields: ["booking reference"],
      },
    ]);
    expect(await stored(trip.id)).toEqual(before);
  });
});
