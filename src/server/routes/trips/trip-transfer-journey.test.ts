import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { minutesOf, transferOn } from "#shared/transfer-day.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { startMotisFake, type MotisFake } from "#tests/fakes/motis-fake.ts";
import { startOsrmFake, type OsrmFake } from "#tests/fakes/osrm-fake.ts";
import { signUpUser } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Issue 46, transfer days: the journey between two stops is asked from MOTIS at the planned
 * departure; without an answer, by road from OSRM's car profile; only without both, the estimate by
 * distance. The day says the journey found, and the next city's part of the day starts at arrival.
 */

let fakes: PlacesFakes;
let osrm: OsrmFake;
let motis: MotisFake;
let routed: TestApp;
let unrouted: TestApp;

// Paris two nights, Lyon two nights: the transfer day is Thursday 11 March 2027.
const TRANSFER_DATE = "2027-03-11";
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

async function plan(t: TestApp): Promise<Trip> {
  const { client } = await signUpUser(t);
  const res = await client.post("/api/trips", parisLyon, { Accept: "application/json" });
  expect(res.status).toBe(201);
  return tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
}

const transferOf = (trip: Trip) => transferOn(TRANSFER_DATE, trip.stops, trip.transport)!;

/** Lyon's activities of the transfer day start no earlier than the arrival there. */
function expectLyonFromArrival(trip: Trip, arrival: number) {
  const day = trip.itinerary.days.find((d) => d.date === TRANSFER_DATE)!;
  const lyon = day.activities.filter((a) => activityStopIndex(a, day) === 1);
  for (const a of lyon) expect(minutesOf(a.time), a.activity).toBeGreaterThanOrEqual(arrival);
  const paris = day.activities.filter((a) => activityStopIndex(a, day) === 0);
  for (const a of paris)
    expect(minutesOf(a.time) + a.durationMinutes, a.activity).toBeLessThanOrEqual(
      transferOf(trip).departure,
    );
}

beforeAll(async () => {
  fakes = await startPlacesFakes();
  osrm = await startOsrmFake();
  motis = await startMotisFake();
  routed = await createTestApp({
    ...GENEROUS_LIMITS,
    ...fakes.places(),
    ROUTING_URL: osrm.url,
    TRANSIT_URL: motis.url,
    ROUTING_PACE: "none",
  });
  unrouted = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places() });
}, 60_000);

beforeEach(async () => {
  await routed.deps.database.db.execute(sql`delete from routing_cache`);
  motis.requests.length = 0;
});
afterEach(() => {
  fakes.reset();
  motis.setFault(null);
  osrm.setFault(null);
});
afterAll(async () => {
  await routed.close();
  await unrouted.close();
  await Promise.all([fakes.close(), osrm.close(), motis.close()]);
});

describe("a transfer day's journey", () => {
  it("is the train MOTIS finds at the planned departure, and Lyon's afternoon starts at arrival", async () => {
    const trip = await plan(routed);
    const journey = trip.stops[1]?.journey;
    expect(journey).toMatchObject({
      mode: "train",
      source: "transit",
      board: "Paris Gare de Lyon",
      alight: "Lyon Part-Dieu",
    });
    expect(journey?.line).toMatch(/^TGV INOUI 66\d\d$/);
    // Asked at the planned departure (11:00 in Paris).
    const asked = motis.requests.find((q) => q.time?.startsWith(TRANSFER_DATE));
    expect(asked?.time).toBe(`${TRANSFER_DATE}T10:00:00.000Z`);
    const transfer = transferOf(trip);
    expect(transfer.allowance?.text).toMatch(
      /^Allow about 2 h( \d+ min)? by train \(TGV INOUI 66\d\d, Paris Gare de Lyon \d\d:\d\d → Lyon Part-Dieu \d\d:\d\d\)$/,
    );
    expect(transfer.allowance?.text).toContain(
      `${journey!.line}, Paris Gare de Lyon ${journey!.boardAt} → Lyon Part-Dieu ${journey!.alightAt}`,
    );
    expect(transfer.arrival).toBe(minutesOf(journey!.arriveAt.slice(11)));
    expect(transfer.departure).toBe(minutesOf(journey!.departAt.slice(11)));
    expectLyonFromArrival(trip, transfer.arrival);
  });

  it("without a train, is the road from OSRM's car profile", async () => {
    motis.setFault("empty");
    const trip = await plan(routed);
    const journey = trip.stops[1]?.journey;
    expect(journey).toMatchObject({ mode: "road", source: "router", line: null });
    const transfer = transferOf(trip);
    expect(transfer.allowance?.text).toMatch(
      /^Allow about \d+ h( \d+ min)? by road to get from Paris to Lyon$/,
    );
    expect(transfer.arrival).toBe(transfer.departure + journey!.minutes);
    expectLyonFromArrival(trip, transfer.arrival);
  });

  it("without either router, keeps the estimate by distance", async () => {
    const trip = await plan(unrouted);
    expect(trip.stops[1]?.journey).toBeUndefined();
    expect(transferOf(trip).allowance?.text).toBe("Allow about 5 h to get from Paris to Lyon");
  });
});
