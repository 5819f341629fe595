import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tripResponseSchema, tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { regenerateDayResponseSchema } from "#shared/schemas/trip-edit.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * "Plan the afternoon in Lyon" (issue 44 item 4), with no key: after the booked train arrives on the
 * transfer day, the rest of the day is proposed from Lyon's places, after the arrival; the morning in
 * Paris is kept as it was. A proposal only: nothing is saved.
 */

let fakes: PlacesFakes;
let keyless: TestApp;
let client: TestClient;

beforeAll(async () => {
  fakes = await startPlacesFakes();
  keyless = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places() });
  client = (await signUpUser(keyless)).client;
}, 60_000);
afterEach(() => fakes.reset());
afterAll(async () => {
  await keyless.close();
  await fakes.close();
});

const TRANSFER = "2027-03-11";

async function parisLyonWithTrain(arriveAt: string): Promise<Trip> {
  const res = await client.post("/api/trips", {
    stops: [
      { destination: "Paris", nights: 2 },
      { destination: "Lyon", nights: 2 },
    ],
    startDate: "2027-03-09",
    endDate: "2027-03-13",
    budget: 3000,
    travelStyle: "comfort",
    interests: ["Culture & Arts", "History"],
  });
  expect(res.status).toBe(201);
  const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
  const patched = await client.patch(`/api/trips/${trip.id}`, {
    version: trip.version,
    transport: [
      {
        mode: "train",
        from: "Paris Gare de Lyon",
        to: "Lyon Part-Dieu",
        departAt: `${TRANSFER}T10:00`,
        arriveAt: `${TRANSFER}T${arriveAt}`,
        carrier: "SNCF",
        number: "TGV 6611",
      },
    ],
  });
  expect(patched.status, await patched.clone().text()).toBe(200);
  return tripResponseSchema.parse(await patched.json()).trip;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

describe("POST /api/trips/:id/days/:date/regenerate { afterArrival: true }", () => {
  it("proposes Lyon after the arrival and keeps what comes before it", async () => {
    const trip = await parisLyonWithTrain("12:00");
    const before = trip.itinerary.days.find((d) => d.date === TRANSFER)!;
    const res = await client.post(`/api/trips/${trip.id}/days/${TRANSFER}/regenerate`, {
      afterArrival: true,
    });
    expect(res.status).toBe(200);
    const { proposal, version } = regenerateDayResponseSchema.parse(await res.json());
    expect(version).toBe(trip.version);
    const kept = before.activities.filter((a) => minutes(a.time) < 12 * 60);
    const after = proposal.activities.filter((a) => minutes(a.time) >= 12 * 60);
    // The morning as it was, to the field.
    expect(proposal.activities.filter((a) => minutes(a.time) < 12 * 60)).toEqual(kept);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((a) => a.stopIndex === 1)).toBe(true);
    expect(after.some((a) => a.osmId !== null)).toBe(true);
    // Nothing saved.
    const stored = tripResponseSchema.parse(
      await (await client.get(`/api/trips/${trip.id}`)).json(),
    ).trip;
    expect(stored.version).toBe(trip.version);
    expect(stored.itinerary).toEqual(trip.itinerary);
  });

  it("is refused on a day with no booked journey arriving", async () => {
    const trip = await parisLyonWithTrain("12:00");
    const res = await client.post(`/api/trips/${trip.id}/days/2027-03-12/regenerate`, {
      afterArrival: true,
    });
    expect(res.status).toBe(422);
  });
});
