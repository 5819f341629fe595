import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { parseCalendar } from "#tests/support/ical.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { LISBON, PARIS } from "#tests/support/trip-places.ts";

/*
 * Lisbon (WET, +00:00, until 01:00 UTC on Sunday 28 March 2027, then WEST, +01:00), then Paris
 * (CEST, +02:00 from the same instant): each activity in its own stop's zone, the flight from one
 * zone to the other, the hotel all day from check-in to check-out.
 */
const stops: TripStop[] = [
  {
    id: "00000000-0000-4000-8000-0000000000b1",
    destination: "Lisbon",
    startDate: "2027-03-27",
    endDate: "2027-03-29",
    place: LISBON,
  },
  {
    id: "00000000-0000-4000-8000-0000000000b2",
    destination: "Paris",
    startDate: "2027-03-29",
    endDate: "2027-03-31",
    place: PARIS,
  },
];
const text = { location: "Centre", description: "", cost: 0 };
const itinerary: Itinerary = {
  days: [
    {
      date: "2027-03-27",
      stops: [0],
      activities: [activityOf({ ...text, time: "09:00", activity: "Castle", stopIndex: 0 })],
    },
    { date: "2027-03-28", stops: [0], activities: [] },
    {
      date: "2027-03-29",
      stops: [0, 1],
      activities: [
        activityOf({ ...text, time: "09:00", activity: "Pastéis de Belém", stopIndex: 0 }),
        activityOf({ ...text, time: "18:00", activity: "Seine at dusk", stopIndex: 1 }),
      ],
    },
    { date: "2027-03-30", stops: [1], activities: [] },
    { date: "2027-03-31", stops: [1], activities: [] },
  ],
};
const flight: Transport = {
  id: "00000000-0000-4000-8000-0000000000c1",
  mode: "flight",
  from: "Lisbon LIS",
  to: "Paris ORY",
  departAt: "2027-03-29T12:00",
  arriveAt: "2027-03-29T15:35",
  departZone: "Europe/Lisbon",
  arriveZone: "Europe/Paris",
  carrier: "TAP",
  number: "TP 432",
  reference: "FLY123",
  notes: null,
};
const hotel: Stay = {
  id: "00000000-0000-4000-8000-0000000000d1",
  stopIndex: 1,
  name: "Hôtel des Marronniers",
  address: "21 Rue Jacob, Paris",
  checkIn: "2027-03-29",
  checkOut: "2027-03-31",
  lat: 48.8555,
  lng: 2.3339,
  osmId: null,
  reference: "HOTEL42",
};

let t: TestApp;
let owner: { client: TestClient; userId: string };
let tripId: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  owner = await signUpUser(t);
  const row = await insertTrip(t.deps.database.db, owner.userId, {
    destination: "Lisbon → Paris",
    startDate: "2027-03-27",
    endDate: "2027-03-31",
    itinerary,
    place: LISBON,
    stops,
    transport: [flight],
    stays: [hotel],
  });
  tripId = row.id;
});
afterAll(() => t.close());

const eventsOf = (body: string) => {
  const { events, calendar } = parseCalendar(body);
  return { calendar, byName: new Map(events.map((e) => [e.summary, e])) };
};

describe("the calendar file of a trip with several stops", () => {
  it("puts each activity in its own stop's zone", async () => {
    const res = await owner.client.get(`/api/trips/${tripId}/calendar.ics`);
    expect(res.status).toBe(200);
    const { byName, calendar } = eventsOf(await res.text());
    const zones = calendar
      .getAllSubcomponents("vtimezone")
      .map((z) => z.getFirstPropertyValue("tzid") as string);
    expect(zones.sort()).toEqual(["Europe/Lisbon", "Europe/Paris"]);
    const castle = byName.get("Castle")!;
    const pastries = byName.get("Pastéis de Belém")!;
    const seine = byName.get("Seine at dusk")!;
    expect(castle.startDate.zone?.tzid).toBe("Europe/Lisbon");
    expect(castle.startDate.toJSDate().toISOString()).toBe("2027-03-27T09:00:00.000Z");
    expect(pastries.startDate.toJSDate().toISOString()).toBe("2027-03-29T08:00:00.000Z");
    expect(seine.startDate.zone?.tzid).toBe("Europe/Paris");
    expect(seine.startDate.toJSDate().toISOString()).toBe("2027-03-29T16:00:00.000Z");
  });

  it("runs each journey from its departure zone to its arrival zone, and each stay all day", async () => {
    const body = await (await owner.client.get(`/api/trips/${tripId}/calendar.ics`)).text();
    expect(body).toContain("DTSTART;TZID=Europe/Lisbon:20270329T120000");
    expect(body).toContain("DTEND;TZID=Europe/Paris:20270329T153500");
    const { byName } = eventsOf(body);
    const journey = byName.get("Flight Lisbon LIS → Paris ORY · TAP TP 432")!;
    expect(journey.uid).toBe(flight.id);
    expect(journey.startDate.toJSDate().toISOString()).toBe("2027-03-29T11:00:00.000Z");
    expect(journey.endDate.toJSDate().toISOString()).toBe("2027-03-29T13:35:00.000Z");
    // Members see their booking reference in their own calendar.
    expect(journey.description).toContain("FLY123");
    const stay = byName.get("Stay: Hôtel des Marronniers")!;
    expect(stay.uid).toBe(hotel.id);
    expect(stay.startDate.isDate).toBe(true);
    expect(stay.startDate.toString()).toBe("2027-03-29");
    expect(stay.endDate.toString()).toBe("2027-03-31");
    expect(stay.location).toBe("21 Rue Jacob, Paris");
  });

  it("leaves the booking references out of the shared calendar", async () => {
    const shared = await owner.client.post(`/api/trips/${tripId}/share`);
    const { shareUrl } = (await shared.json()) as { shareUrl: string };
    const token = shareUrl.split("/").pop()!;
    const res = await createClient(t).get(`/api/shared/${token}/calendar.ics`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain("FLY123");
    expect(body).not.toContain("HOTEL42");
    const { byName } = eventsOf(body);
    expect(byName.get("Flight Lisbon LIS → Paris ORY · TAP TP 432")).toBeDefined();
    expect(byName.get("Stay: Hôtel des Marronniers")).toBeDefined();
  });
});
