import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { sharedTripResponseSchema } from "#shared/schemas/shared-trip.ts";
import { tripConflictSchema } from "#shared/schemas/trip-edit.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import { activityStopIndex, dayStopIndexes } from "#shared/trip-stop-days.ts";
import { buildItinerary, insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { LYON, PARIS } from "#tests/support/trip-places.ts";

const PARIS_ID = "00000000-0000-4000-8000-0000000000a1";
const LYON_ID = "00000000-0000-4000-8000-0000000000a2";

/** Paris 28–30 Dec, Lyon 30 Dec – 1 Jan; the transfer day's morning in Paris, its lunch in Lyon. */
function parisLyon(): { stops: TripStop[]; itinerary: Itinerary } {
  const stops: TripStop[] = [
    {
      id: PARIS_ID,
      destination: "Paris",
      startDate: "2027-12-28",
      endDate: "2027-12-30",
      place: PARIS,
    },
    {
      id: LYON_ID,
      destination: "Lyon",
      startDate: "2027-12-30",
      endDate: "2028-01-01",
      place: LYON,
    },
  ];
  const plain = buildItinerary("2027-12-28", 5);
  const dayStops = [[0], [0], [0, 1], [1], [1]];
  const itinerary = {
    days: plain.days.map((day, i) => ({
      ...day,
      stops: dayStops[i]!,
      activities: day.activities.map((a, k) => ({
        ...a,
        stopIndex: dayStops[i]![k === 0 ? 0 : dayStops[i]!.length - 1]!,
      })),
    })),
  };
  return { stops, itinerary };
}

let om: OpenMeteoFake;
let t: TestApp;
let owner: { client: TestClient; userId: string };
beforeAll(async () => {
  om = await startOpenMeteoFake();
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", OPEN_METEO_GEOCODING_URL: om.url });
  owner = await signUpUser(t, { name: "Alice" });
}, 60_000);
afterAll(async () => {
  await t.close();
  await om.close();
});

const newTrip = async () => {
  const { stops, itinerary } = parisLyon();
  const row = await insertTrip(t.deps.database.db, owner.userId, {
    name: "Paris and Lyon",
    destination: "Paris → Lyon",
    startDate: "2027-12-28",
    endDate: "2028-01-01",
    itinerary,
    place: PARIS,
    stops,
  });
  return tripResponseSchema.parse(await (await owner.client.get(`/api/trips/${row.id}`)).json())
    .trip;
};

const patch = async (id: string, body: unknown) => {
  const res = await owner.client.patch(`/api/trips/${id}`, body);
  return { status: res.status, json: (await res.json()) as unknown };
};
const patchOk = async (id: string, body: unknown): Promise<Trip> => {
  const { status, json } = await patch(id, body);
  expect(status, JSON.stringify(json)).toBe(200);
  return tripResponseSchema.parse(json).trip;
};
const errorOf = (json: unknown) => (json as { error: { message: string } }).error.message;
const lastSummary = async (id: string) =>
  historyResponseSchema.parse(await (await owner.client.get(`/api/trips/${id}/history`)).json())
    .changes[0]?.summary;

/** Every activity is in one of its day's stops, and each day's stops are its dates' stops. */
const expectWhole = (trip: Trip) => {
  for (const day of trip.itinerary.days) {
    const stops = dayStopIndexes(day);
    for (const a of day.activities) expect(stops).toContain(activityStopIndex(a, day));
    const touched = trip.stops.flatMap((stop, i) =>
      stop.startDate <= day.date && day.date <= stop.endDate ? [i] : [],
    );
    expect(stops).toEqual(touched);
  }
};

const names = (trip: Trip) => trip.itinerary.days.map((d) => d.activities.map((a) => a.activity));

const train = {
  mode: "train",
  from: "Paris Gare de Lyon",
  to: "Lyon Part-Dieu",
  departAt: "2027-12-30T10:00",
  arriveAt: "2027-12-30T12:00",
  carrier: "SNCF",
  number: "TGV 6611",
  reference: "QXZ4PL",
};

describe("PATCH /api/trips/:id stops", () => {
  it("reorders the stops: each takes its own days, the dates and stops of every day follow", async () => {
    const trip = await newTrip();
    const moved = await patchOk(trip.id, {
      version: trip.version,
      stops: [
        { id: LYON_ID, destination: "Lyon", nights: 2 },
        { id: PARIS_ID, destination: "Paris", nights: 2 },
      ],
    });
    expect(moved.stops).toMatchObject([
      {
        id: LYON_ID,
        destination: "Lyon",
        startDate: "2027-12-28",
        endDate: "2027-12-30",
        place: LYON,
      },
      {
        id: PARIS_ID,
        destination: "Paris",
        startDate: "2027-12-30",
        endDate: "2028-01-01",
        place: PARIS,
      },
    ]);
    expect(moved.destination).toBe("Lyon → Paris");
    expect(names(moved)).toEqual([
      ["Lunch 3"],
      ["Morning walk 4", "Lunch 4"],
      ["Morning walk 5", "Lunch 5", "Morning walk 1", "Lunch 1"],
      ["Morning walk 2", "Lunch 2"],
      ["Morning walk 3"],
    ]);
    expectWhole(moved);
    expect(moved.itinerary.days[2]!.activities.map((a) => a.stopIndex)).toEqual([0, 0, 1, 1]);
    expect(await lastSummary(trip.id)).toMatch(/^Changed the stops/);
  });

  it("adds a city (its place from the geocoder), removes one and changes nights: the dates follow", async () => {
    const trip = await newTrip();
    const changed = await patchOk(trip.id, {
      version: trip.version,
      stops: [
        { id: PARIS_ID, destination: "Paris", nights: 3 },
        { destination: "Oslo", nights: 1 },
      ],
    });
    expect(changed).toMatchObject({ startDate: "2027-12-28", endDate: "2028-01-01" });
    expect(changed.stops.map((s) => [s.destination, s.startDate, s.endDate])).toEqual([
      ["Paris", "2027-12-28", "2027-12-31"],
      ["Oslo", "2027-12-31", "2028-01-01"],
    ]);
    expect(changed.stops[1]!.place?.timezone).toBe("Europe/Oslo");
    expect(changed.stops[1]!.id).not.toBe(LYON_ID);
    // Paris's days stay Paris's (and gain its fourth day, empty); Lyon's plan leaves with it.
    expect(names(changed)).toEqual([
      ["Morning walk 1", "Lunch 1"],
      ["Morning walk 2", "Lunch 2"],
      ["Morning walk 3"],
      [],
      [],
    ]);
    expectWhole(changed);

    const shorter = await patchOk(trip.id, {
      version: changed.version,
      stops: [
        { id: PARIS_ID, destination: "Paris", nights: 1 },
        { id: changed.stops[1]!.id, destination: "Oslo", nights: 1 },
      ],
    });
    expect(shorter).toMatchObject({ startDate: "2027-12-28", endDate: "2027-12-30" });
    expect(shorter.itinerary.days).toHaveLength(3);
    expect(shorter.stops[1]!.place).toEqual(changed.stops[1]!.place);
    expectWhole(shorter);
  });

  it("refuses stops whose nights do not reach the end date sent with them, naming both", async () => {
    const trip = await newTrip();
    const { status, json } = await patch(trip.id, {
      version: trip.version,
      endDate: "2028-01-01",
      stops: [
        { id: PARIS_ID, destination: "Paris", nights: 1 },
        { id: LYON_ID, destination: "Lyon", nights: 1 },
      ],
    });
    expect(status).toBe(422);
    expect(errorOf(json)).toBe("The stops' nights add up to 2; this trip has 4");
    const none = await patch(trip.id, { version: trip.version, stops: [] });
    expect(none.status).toBe(422);
    const zero = await patch(trip.id, {
      version: trip.version,
      stops: [{ id: PARIS_ID, destination: "Paris", nights: 0 }],
    });
    expect(zero.status).toBe(422);
  });

  it("keeps the stops with the trip's dates: the last stop absorbs a new length, or it is refused", async () => {
    const trip = await newTrip();
    const later = await patchOk(trip.id, { version: trip.version, startDate: "2027-12-29" });
    expect(later.stops.map((s) => [s.startDate, s.endDate])).toEqual([
      ["2027-12-29", "2027-12-31"],
      ["2027-12-31", "2028-01-02"],
    ]);
    const longer = await patchOk(trip.id, { version: later.version, endDate: "2028-01-04" });
    expect(longer.stops[1]).toMatchObject({ startDate: "2027-12-31", endDate: "2028-01-04" });
    expectWhole(longer);
    const tooShort = await patch(trip.id, { version: longer.version, endDate: "2027-12-31" });
    expect(tooShort.status).toBe(422);
    expect(errorOf(tooShort.json)).toBe(
      "Lyon would have no nights left: change the stops' nights first",
    );
  });
});

describe("PATCH /api/trips/:id transport and stays", () => {
  it("saves a journey with zones from its stops and an id, and a stay at the stop of its nights", async () => {
    const trip = await newTrip();
    const saved = await patchOk(trip.id, {
      version: trip.version,
      transport: [train],
      stays: [{ name: "Hôtel Lyon Centre", checkIn: "2027-12-30", checkOut: "2028-01-01" }],
    });
    expect(saved.transport).toEqual([
      {
        ...train,
        id: expect.any(String) as string,
        departZone: "Europe/Paris",
        arriveZone: "Europe/Paris",
        notes: null,
      },
    ]);
    expect(saved.stays).toEqual([
      {
        id: expect.any(String) as string,
        stopIndex: 1,
        name: "Hôtel Lyon Centre",
        address: null,
        checkIn: "2027-12-30",
        checkOut: "2028-01-01",
        lat: null,
        lng: null,
        osmId: null,
        reference: null,
      },
    ]);
    expect(await lastSummary(trip.id)).toBe(
      "Added the train Paris Gare de Lyon → Lyon Part-Dieu and 1 more change",
    );
    const stay = await patchOk(trip.id, {
      version: saved.version,
      stays: [
        ...saved.stays,
        { name: "Hôtel du Louvre", checkIn: "2027-12-28", checkOut: "2027-12-30" },
      ],
    });
    expect(stay.stays.map((s) => [s.name, s.stopIndex])).toEqual([
      ["Hôtel du Louvre", 0],
      ["Hôtel Lyon Centre", 1],
    ]);
    expect(stay.stays[1]!.id).toBe(saved.stays[0]!.id);
    expect(await lastSummary(trip.id)).toBe("Added a stay in Paris");
  });

  it("refuses an arrival before the departure once the zones are known", async () => {
    const trip = await newTrip();
    const back = await patch(trip.id, {
      version: trip.version,
      transport: [{ ...train, arriveAt: "2027-12-30T09:00" }],
    });
    expect(back.status).toBe(422);
    expect(errorOf(back.json)).toBe("Arrival cannot be before departure");
    // Earlier on the clock but later in fact: Paris 10:00 is New York 04:00.
    const west = {
      ...train,
      mode: "flight",
      to: "New York JFK",
      arriveAt: "2027-12-30T12:30",
      arriveZone: "America/New_York",
    };
    const ok = await patchOk(trip.id, { version: trip.version, transport: [west] });
    expect(ok.transport[0]).toMatchObject({
      departZone: "Europe/Paris",
      arriveZone: "America/New_York",
    });
    const tooSoon = await patch(trip.id, {
      version: ok.version,
      transport: [{ ...west, arriveAt: "2027-12-30T03:59" }],
    });
    expect(tooSoon.status).toBe(422);
    expect(errorOf(tooSoon.json)).toBe("Arrival cannot be before departure");
  });

  it("merges stale changes to different journeys; the same one changed twice is a 409", async () => {
    const trip = await newTrip();
    const back = {
      ...train,
      from: "Lyon",
      to: "Paris",
      departAt: "2028-01-01T17:04",
      arriveAt: "2028-01-01T19:01",
    };
    const base = await patchOk(trip.id, { version: trip.version, transport: [train, back] });
    const [out, home] = base.transport as [Trip["transport"][number], Trip["transport"][number]];
    const mine = await patchOk(trip.id, {
      version: base.version,
      transport: [{ ...out, number: "TGV 6615" }, home],
    });
    const merged = await patchOk(trip.id, {
      version: base.version,
      transport: [out, { ...home, notes: "Seats 41 and 42" }],
    });
    expect(merged.version).toBe(mine.version + 1);
    expect(merged.transport.map((j) => [j.id, j.number, j.notes])).toEqual([
      [out.id, "TGV 6615", null],
      [home.id, "TGV 6611", "Seats 41 and 42"],
    ]);

    const clash = await patch(trip.id, {
      version: base.version,
      transport: [{ ...out, number: "TGV 9999" }, home],
    });
    expect(clash.status).toBe(409);
    const conflict = tripConflictSchema.parse(clash.json);
    expect(conflict.conflicts).toEqual([
      {
        kind: "transport",
        id: out.id,
        message: "The train Paris Gare de Lyon → Lyon Part-Dieu was changed in both: its number",
        fields: ["number"],
      },
    ]);
  });

  it("merges a stale new stay with a journey saved since", async () => {
    const trip = await newTrip();
    const withTrain = await patchOk(trip.id, { version: trip.version, transport: [train] });
    const merged = await patchOk(trip.id, {
      version: trip.version,
      stays: [{ name: "Hôtel Lyon Centre", checkIn: "2027-12-30", checkOut: "2028-01-01" }],
    });
    expect(merged.version).toBe(withTrain.version + 1);
    expect(merged.transport).toEqual(withTrain.transport);
    expect(merged.stays.map((s) => [s.name, s.stopIndex])).toEqual([["Hôtel Lyon Centre", 1]]);
  });

  it("shows stops, journeys and stays on the shared page without booking references", async () => {
    const trip = await newTrip();
    await patchOk(trip.id, {
      version: trip.version,
      transport: [train],
      stays: [
        {
          name: "Hôtel Lyon Centre",
          checkIn: "2027-12-30",
          checkOut: "2028-01-01",
          reference: "B-42",
        },
      ],
    });
    const shared = await owner.client.post(`/api/trips/${trip.id}/share`);
    expect(shared.status).toBe(200);
    const { shareUrl } = (await shared.json()) as { shareUrl: string };
    const token = shareUrl.split("/").pop()!;
    const res = await owner.client.get(`/api/shared/${token}`);
    const text = await res.text();
    expect(text).not.toContain("QXZ4PL");
    expect(text).not.toContain("B-42");
    expect(text).not.toContain('"reference"');
    const open = sharedTripResponseSchema.parse(JSON.parse(text)).trip;
    expect(open.stops.map((s) => s.destination)).toEqual(["Paris", "Lyon"]);
    expect(open.transport[0]).toMatchObject({ mode: "train", carrier: "SNCF", number: "TGV 6611" });
    expect(open.stays[0]).toMatchObject({ name: "Hôtel Lyon Centre", stopIndex: 1 });
  });
});
