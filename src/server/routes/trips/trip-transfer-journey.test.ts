import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Trip } from "#shared/schemas/trip.ts";
import { minutesOf, transferOn } from "#shared/transfer-day.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { GENEROUS_LIMITS } from "#tests/support/places-fakes.ts";
import {
  PARIS_LYON,
  planTrip,
  startRoutingFakes,
  type RoutingFakes,
} from "#tests/support/routing-app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Issue 46, transfer days: the journey between two stops is asked from MOTIS at the planned
 * departure; without an answer, by road from OSRM's car profile; only without both, the estimate by
 * distance. The day says the journey found, and the next city's part of the day starts at arrival.
 */

let routers: RoutingFakes;
let motis: RoutingFakes["motis"];
let routed: TestApp;
let unrouted: TestApp;

// Paris two nights, Lyon two nights: the transfer day is Thursday 11 March 2027.
const TRANSFER_DATE = "2027-03-11";

const plan = async (t: TestApp): Promise<Trip> => (await planTrip(t, PARIS_LYON)).trip;

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
  routers = await startRoutingFakes();
  ({ motis } = routers);
  routed = await createTestApp(routers.settings("none"));
  unrouted = await createTestApp({ ...GENEROUS_LIMITS, ...routers.fakes.places() });
}, 60_000);

beforeEach(() => routers.forget(routed));
afterEach(() => routers.reset());
afterAll(async () => {
  await routed.close();
  await unrouted.close();
  await routers.close();
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
