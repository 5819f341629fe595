import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripResponseSchema, tripSchema } from "#shared/schemas/trip.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { buildItinerary, insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { PARIS } from "#tests/support/trip-places.ts";

const stops: TripStop[] = [
  {
    id: "00000000-0000-4000-8000-0000000000e1",
    destination: "Paris",
    startDate: "2027-12-28",
    endDate: "2027-12-30",
    place: PARIS,
  },
  {
    id: "00000000-0000-4000-8000-0000000000e2",
    destination: "Lyon",
    startDate: "2027-12-30",
    endDate: "2028-01-01",
    place: null,
  },
];
const train: Transport = {
  id: "00000000-0000-4000-8000-0000000000f1",
  mode: "train",
  from: "Paris",
  to: "Lyon",
  departAt: "2027-12-30T10:00",
  arriveAt: "2027-12-30T12:00",
  departZone: "Europe/Paris",
  arriveZone: "Europe/Paris",
  carrier: "SNCF",
  number: null,
  reference: "QXZ4PL",
  notes: null,
};
const hotel: Stay = {
  id: "00000000-0000-4000-8000-0000000000f2",
  stopIndex: 1,
  name: "Hôtel Lyon Centre",
  address: null,
  checkIn: "2027-12-30",
  checkOut: "2028-01-01",
  lat: null,
  lng: null,
  osmId: null,
  reference: "B-42",
};
const dayStops = [[0], [0], [0, 1], [1], [1]];
const itinerary = {
  days: buildItinerary("2027-12-28", 5).days.map((day, i) => ({ ...day, stops: dayStops[i]! })),
};

let t: TestApp;
let owner: { client: TestClient; userId: string };
let tripId: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  owner = await signUpUser(t, { name: "Ada" });
  const row = await insertTrip(t.deps.database.db, owner.userId, {
    destination: "Paris → Lyon",
    startDate: "2027-12-28",
    endDate: "2028-01-01",
    itinerary,
    place: PARIS,
    stops,
    transport: [train],
    stays: [hotel],
  });
  tripId = row.id;
});
afterAll(() => t.close());

describe("copies and exports of a trip with several stops", () => {
  it("a copy keeps the cities on its new dates, under new ids, without the old bookings", async () => {
    const res = await owner.client.post(`/api/trips/${tripId}/duplicate`, {
      startDate: "2028-04-10",
    });
    expect(res.status).toBe(201);
    const copy = tripResponseSchema.parse(await res.json()).trip;
    // Places as stored (answers may add what follows from them, such as the currency).
    expect(copy.stops.map((s) => [s.destination, s.startDate, s.endDate, s.place])).toMatchObject([
      ["Paris", "2028-04-10", "2028-04-12", PARIS],
      ["Lyon", "2028-04-12", "2028-04-14", null],
    ]);
    expect(copy.stops.map((s) => s.id)).not.toContain(stops[0]!.id);
    expect(copy.itinerary.days.map((d) => [d.date, d.stops])).toEqual([
      ["2028-04-10", [0]],
      ["2028-04-11", [0]],
      ["2028-04-12", [0, 1]],
      ["2028-04-13", [1]],
      ["2028-04-14", [1]],
    ]);
    expect(copy.transport).toEqual([]);
    expect(copy.stays).toEqual([]);
  });

  it("the account export holds the stops, journeys and stays, references included", async () => {
    const res = await owner.client.get("/api/account/export");
    expect(res.status).toBe(200);
    const data = (await res.json()) as { trips: unknown[] };
    const exported = data.trips
      .map((trip) => tripSchema.parse(trip))
      .find((trip) => trip.id === tripId);
    expect(exported?.stops).toMatchObject(stops);
    expect(exported?.transport).toEqual([train]);
    expect(exported?.stays).toEqual([hotel]);
  });
});
