import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { distanceKm } from "#shared/geo.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { regenerateDayResponseSchema } from "#shared/schemas/trip-edit.ts";
import { activityStopIndex, dayStopIndexes } from "#shared/trip-stop-days.ts";
import { minutesOf, transferOn } from "#shared/transfer-day.ts";
import { FAKE_DESTINATIONS, OVERPASS_DATASET } from "#tests/fakes/overpass-places.ts";
import { signUpUser } from "#tests/support/http.ts";
import { parseSse } from "#tests/support/sse.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Planning a trip with several stops through POST /api/trips, with no key and with the fake model:
 * every stop resolved by the geocoder and planned from its own city's places (the Overpass fake's
 * Paris, Lyon and Marseille), the transfer day starting in the first city and ending in the next,
 * no place twice in the whole trip.
 */

let fakes: PlacesFakes;
let keyless: TestApp;
let model: TestApp;

beforeAll(async () => {
  fakes = await startPlacesFakes();
  keyless = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places() });
  model = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places(), ...fakes.ai });
}, 60_000);

afterEach(() => fakes.reset());

afterAll(async () => {
  await Promise.all([keyless.close(), model.close()]);
  await fakes.close();
});

const byOsmId = new Map(OVERPASS_DATASET.map((e) => [`${e.type}/${e.id}`, e]));

// Tuesday 9 March 2027: Paris two nights, Lyon two nights.
const parisLyon = {
  stops: [
    { destination: "Paris", nights: 2 },
    { destination: "Lyon", nights: 2 },
  ],
  startDate: "2027-03-09",
  endDate: "2027-03-13",
  budget: 3000,
  travelStyle: "comfort",
  interests: ["Culture & Arts", "History"],
};

async function generate(t: TestApp, body: object, accept = "application/json") {
  const { client } = await signUpUser(t);
  lastClient = client;
  const res = await client.post("/api/trips", body, { Accept: accept });
  if (accept !== "application/json") return res;
  expect(res.status).toBe(201);
  const json = (await res.json()) as { trip: unknown };
  return tripSchema.parse(json.trip);
}

let lastClient: Awaited<ReturnType<typeof signUpUser>>["client"];

/** A day of the last generated trip planned again (a proposal, saved nowhere). */
async function regenerate(tripId: string, date: string) {
  const res = await lastClient.post(`/api/trips/${tripId}/days/${date}/regenerate`, {});
  expect(res.status).toBe(200);
  return regenerateDayResponseSchema.parse(await res.json()).proposal;
}

/** Every activity of a day with a place of the map lies in its own stop's city. */
function expectInCities(trip: Trip, day: Trip["itinerary"]["days"][number]) {
  const cities = [FAKE_DESTINATIONS.paris, FAKE_DESTINATIONS.lyon];
  for (const a of day.activities) {
    expect(dayStopIndexes(day)).toContain(activityStopIndex(a, day));
    if (!a.osmId) continue;
    const element = byOsmId.get(a.osmId);
    expect(element, `${a.activity} is on the map`).toBeDefined();
    const city = cities[activityStopIndex(a, day)]!;
    if (element) expect(distanceKm(city, { lat: element.lat, lng: element.lon })).toBeLessThan(15);
  }
  expect(trip.stops.length).toBe(2);
}

const generateTrip = async (t: TestApp, body: object) => (await generate(t, body)) as Trip;

/** Every activity is in one of its day's stops, and (when it is a place of the map) in that city. */
function expectActivitiesInTheirStops(trip: Trip) {
  for (const day of trip.itinerary.days) {
    const stops = dayStopIndexes(day);
    for (const a of day.activities) {
      expect(a.stopIndex, `${a.activity} has a stop`).toBeDefined();
      const index = activityStopIndex(a, day);
      expect(stops).toContain(index);
      const place = trip.stops[index]?.place;
      if (place && a.lat !== null && a.lng !== null)
        expect(distanceKm(place, { lat: a.lat, lng: a.lng })).toBeLessThan(30);
    }
  }
}

function expectNoPlaceTwice(trip: Trip) {
  const all = trip.itinerary.days.flatMap((d) => d.activities);
  const ids = all.flatMap((a) => (a.osmId ? [a.osmId] : []));
  expect(new Set(ids).size).toBe(ids.length);
  const locations = all.map((a) => a.location.toLowerCase());
  expect(new Set(locations).size).toBe(locations.length);
}

describe("a keyless plan of Paris → Lyon", () => {
  it("plans each city from its own places, with a transfer day from Paris to Lyon", async () => {
    const trip = await generateTrip(keyless, parisLyon);
    expect(trip.destination).toBe("Paris → Lyon");
    expect(trip.place?.name).toBe("Paris");
    expect(
      trip.stops.map(({ destination, startDate, endDate }) => ({
        destination,
        startDate,
        endDate,
      })),
    ).toEqual([
      { destination: "Paris", startDate: "2027-03-09", endDate: "2027-03-11" },
      { destination: "Lyon", startDate: "2027-03-11", endDate: "2027-03-13" },
    ]);
    expect(trip.stops[1]?.place).toMatchObject({ name: "Lyon", timezone: "Europe/Paris" });
    expect(trip.itinerary.days.map((d) => d.stops)).toEqual([[0], [0], [0, 1], [1], [1]]);
    expectActivitiesInTheirStops(trip);
    expectNoPlaceTwice(trip);

    // Real places of each city: the Overpass fake's, within the stop's own city.
    for (const day of trip.itinerary.days)
      for (const a of day.activities) {
        if (!a.osmId) continue;
        const element = byOsmId.get(a.osmId);
        expect(element, `${a.activity} is on the map`).toBeDefined();
        const city =
          activityStopIndex(a, day) === 0 ? FAKE_DESTINATIONS.paris : FAKE_DESTINATIONS.lyon;
        if (element)
          expect(distanceKm(city, { lat: element.lat, lng: element.lon })).toBeLessThan(15);
      }
    expect(trip.grounding.verified).toBeGreaterThan(0);

    // The transfer day starts in Paris and ends in Lyon, the journey (about 5 h) left free.
    const transferDay = trip.itinerary.days[2]!;
    const stopsOfDay = transferDay.activities.map((a) => activityStopIndex(a, transferDay));
    expect(stopsOfDay[0]).toBe(0);
    expect(stopsOfDay.at(-1)).toBe(1);
    expect(stopsOfDay).toEqual([...stopsOfDay].sort());
    const transfer = transferOn(transferDay.date, trip.stops);
    expect(transfer?.allowance?.text).toBe("Allow about 5 h to get from Paris to Lyon");
    for (const a of transferDay.activities) {
      const start = minutesOf(a.time);
      if (a.stopIndex === 0)
        expect(start + a.durationMinutes).toBeLessThanOrEqual(transfer!.departure);
      else expect(start).toBeGreaterThanOrEqual(transfer!.arrival);
    }
    // Each city's own days are full days of that city.
    for (const day of trip.itinerary.days.filter((d) => d.stops?.length === 1))
      expect(day.activities.length).toBeGreaterThanOrEqual(3);
  });

  it("plans three stops; a city the geocoder does not know is saved without a place", async () => {
    const trip = await generateTrip(keyless, {
      ...parisLyon,
      stops: [
        { destination: "Paris", nights: 1 },
        { destination: "Lyon", nights: 1 },
        { destination: "Marseille", nights: 1 },
        { destination: "Atlantisville", nights: 1 },
      ],
    });
    expect(trip.stops.map((s) => s.place?.name ?? null)).toEqual([
      "Paris",
      "Lyon",
      "Marseille",
      null,
    ]);
    expect(trip.itinerary.days.map((d) => d.stops)).toEqual([[0], [0, 1], [1, 2], [2, 3], [3]]);
    expectActivitiesInTheirStops(trip);
    expectNoPlaceTwice(trip);
    const marseilleDay = trip.itinerary.days[2]!;
    expect(marseilleDay.activities.some((a) => a.stopIndex === 2)).toBe(true);
  });

  it("streams the joined plan: outline, every day with its stops, then the trip", async () => {
    const res = (await generate(keyless, parisLyon, "text/event-stream")) as Response;
    expect(res.status).toBe(200);
    const events = parseSse(await res.text());
    const outline = events.find((e) => e.event === "outline");
    expect(outline).toBeDefined();
    const days = events.filter((e) => e.event === "day");
    expect(days).toHaveLength(5);
    const done = events.find((e) => e.event === "done");
    const trip = tripSchema.parse((done?.data as { trip: unknown }).trip);
    expect(trip.stops).toHaveLength(2);
    expectActivitiesInTheirStops(trip);
  });

  it("regenerates a Lyon day from Lyon's places and a transfer day from both in order", async () => {
    const trip = await generateTrip(keyless, parisLyon);
    const lyonDay = await regenerate(trip.id, "2027-03-12");
    expect(lyonDay.stops).toEqual([1]);
    expect(lyonDay.activities.length).toBeGreaterThan(0);
    expect(lyonDay.activities.every((a) => a.stopIndex === 1)).toBe(true);
    expect(lyonDay.activities.some((a) => a.osmId !== null)).toBe(true);
    expectInCities(trip, lyonDay);

    const transferDay = await regenerate(trip.id, "2027-03-11");
    expect(transferDay.stops).toEqual([0, 1]);
    expectInCities(trip, transferDay);
    const order = transferDay.activities.map((a) => a.stopIndex);
    expect(order[0]).toBe(0);
    expect(order.at(-1)).toBe(1);
    expect(order).toEqual([...order].sort());
  });

  it("keeps a trip without stops one stop, as before", async () => {
    const { stops: _stops, ...oneCity } = parisLyon;
    const trip = await generateTrip(keyless, { ...oneCity, destination: "Paris" });
    expect(trip.stops).toHaveLength(1);
    expect(trip.stops[0]).toMatchObject({ destination: "Paris", startDate: "2027-03-09" });
    expect(trip.itinerary.days.every((d) => d.stops === undefined)).toBe(true);
  });
});

describe("a model's plan of Paris → Lyon", () => {
  it("offers each city its own candidates and matches each activity to its own city", async () => {
    const trip = await generateTrip(model, parisLyon);
    expect(trip.stops.map((s) => s.place?.name)).toEqual(["Paris", "Lyon"]);
    expectActivitiesInTheirStops(trip);
    expectNoPlaceTwice(trip);
    const prompts = fakes.model.requests.map((r) => JSON.stringify(r.body.messages));
    expect(prompts.some((p) => p.includes("Fourvière"))).toBe(true);
    expect(prompts.some((p) => p.includes("Louvre"))).toBe(true);
    // No prompt offers both cities' places: each is planned from its own.
    expect(prompts.some((p) => p.includes("Fourvière") && p.includes("Louvre"))).toBe(false);
    for (const day of trip.itinerary.days)
      for (const a of day.activities) {
        if (!a.osmId) continue;
        const element = byOsmId.get(a.osmId);
        const city =
          activityStopIndex(a, day) === 0 ? FAKE_DESTINATIONS.paris : FAKE_DESTINATIONS.lyon;
        expect(element).toBeDefined();
        if (element)
          expect(distanceKm(city, { lat: element.lat, lng: element.lon })).toBeLessThan(15);
      }
  });

  it("regenerates a Lyon day from Lyon's candidates", async () => {
    const trip = await generateTrip(model, parisLyon);
    fakes.model.reset();
    const lyonDay = await regenerate(trip.id, "2027-03-12");
    expect(lyonDay.stops).toEqual([1]);
    expect(lyonDay.activities.every((a) => a.stopIndex === 1)).toBe(true);
    expectInCities(trip, lyonDay);
    const prompts = fakes.model.requests.map((r) => JSON.stringify(r.body.messages));
    // Lyon's candidates are offered (the other days, Paris's included, are only context).
    expect(prompts.some((p) => p.includes("Fourvière"))).toBe(true);
    expect(lyonDay.activities.some((a) => a.osmId !== null)).toBe(true);
  });
});
