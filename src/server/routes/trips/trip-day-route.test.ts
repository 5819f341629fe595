import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as polylineCodec from "@googlemaps/polyline-codec";
import { dayRouteSchema, type DayRoute } from "#shared/schemas/day-route.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { GENEROUS_LIMITS } from "#tests/support/places-fakes.ts";
import {
  DECEMBER_TIMETABLE,
  PARIS_TWO_DAYS,
  planTrip,
  startRoutingFakes,
  type RoutingFakes,
} from "#tests/support/routing-app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const { decode } = (polylineCodec as { default?: typeof polylineCodec }).default ?? polylineCodec;

/*
 * Issue 46, the map's route lines: `GET /api/trips/:id/days/:date/route` gives each leg of a day
 * along its route, apart from the trip's JSON: walks and rides by road from OSRM `route` (one
 * request for a run of legs, cached), transit legs as the rides of their MOTIS journey in the
 * line's colour, and a straight line, labelled so, wherever the way is not known.
 */

let routers: RoutingFakes;
let osrm: RoutingFakes["osrm"];
let motis: RoutingFakes["motis"];
let routed: TestApp;
let unrouted: TestApp;

const plan = (t: TestApp) => planTrip(t, PARIS_TWO_DAYS);

async function dayRoute(client: TestClient, trip: Trip, date: string): Promise<DayRoute> {
  const res = await client.get(`/api/trips/${trip.id}/days/${date}/route`);
  expect(res.status).toBe(200);
  return dayRouteSchema.parse(await res.json());
}

const near = (a: [number, number], b: { lat: number | null; lng: number | null }) =>
  Math.abs(a[0] - b.lat!) < 1e-4 && Math.abs(a[1] - b.lng!) < 1e-4;

beforeAll(async () => {
  routers = await startRoutingFakes(DECEMBER_TIMETABLE);
  ({ osrm, motis } = routers);
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

describe("a day's route lines", () => {
  it("walks along OSRM's geometry, one route request for the day's walks, cached", async () => {
    const { client, trip } = await plan(routed);
    const day = trip.itinerary.days[0]!;
    expect(day.activities.every((a, k) => k === 0 || a.travel?.mode === "walk")).toBe(true);
    osrm.requests.length = 0;
    const route = await dayRoute(client, trip, day.date);
    expect(route.date).toBe(day.date);
    expect(route.transit).toBe(false);
    // Every leg of the day is a walk from one visit to the next: one run, one request.
    const asked = osrm.requests.filter((q) => q.service === "route");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.profile).toBe("foot");
    expect(asked[0]!.path).toContain("geometries=polyline6");
    expect(route.lines).toHaveLength(1);
    const [line] = route.lines;
    expect(line).toMatchObject({ kind: "walk", mode: "walk", color: null, label: "Walk" });
    const points = decode(line!.polyline, 6);
    expect(points).toHaveLength(day.activities.length);
    day.activities.forEach((a, k) => expect(near(points[k]!, a), a.activity).toBe(true));

    // A second look asks nothing: the geometry is cached with the other answers.
    const again = await dayRoute(client, trip, day.date);
    expect(again).toEqual(route);
    expect(osrm.requests.filter((q) => q.service === "route")).toHaveLength(1);
  });

  it("transit legs are their rides, each in its line's colour, with the walks to the stations", async () => {
    const { client, trip } = await plan(routed);
    // Walks of at most 5 minutes: the longer legs go by métro.
    const res = await client.patch(`/api/trips/${trip.id}`, {
      version: trip.version,
      travelMode: { maxWalkMinutes: 5, modes: ["walk", "transit"] },
    });
    expect(res.status).toBe(200);
    const saved = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    const day = saved.itinerary.days.find((d) =>
      d.activities.some((a) => a.travel?.source === "transit"),
    )!;
    expect(day).toBeDefined();
    const asked = motis.requests.length;
    const route = await dayRoute(client, saved, day.date);
    // The journeys come from the cache the save filled.
    expect(motis.requests.length).toBe(asked);
    expect(route.transit).toBe(true);
    const rides = route.lines.filter((l) => l.kind === "ride");
    expect(rides.length).toBeGreaterThan(0);
    for (const ride of rides) {
      expect(ride.mode).toBe("transit");
      expect(ride.label).toMatch(/^Métro \d$/);
      expect(["#FFCD00", "#C04191"]).toContain(ride.color);
      expect(decode(ride.polyline, 6).length).toBeGreaterThanOrEqual(2);
    }
    const transitLeg = day.activities.find((a) => a.travel?.source === "transit")!;
    const ofLeg = route.lines.filter((l) => l.activityId === transitLeg.id);
    expect(ofLeg[0]?.kind).toBe("walk");
    expect(ofLeg.at(-1)?.kind).toBe("walk");
    // The journey ends where the activity is.
    expect(near(decode(ofLeg.at(-1)!.polyline, 6).at(-1)!, transitLeg)).toBe(true);
  });

  it("an estimated leg, or a route the router refuses, is a straight line saying so", async () => {
    const { client, trip } = await plan(unrouted);
    const day = trip.itinerary.days[0]!;
    const route = await dayRoute(client, trip, day.date);
    const legs = day.activities.filter((a) => a.travel);
    expect(legs.length).toBeGreaterThan(0);
    expect(route.lines).toHaveLength(legs.length);
    for (const line of route.lines) {
      expect(line).toMatchObject({
        kind: "straight",
        label: "Straight line: the way is not known",
      });
      expect(decode(line.polyline, 6)).toHaveLength(2);
    }

    const routedTrip = await plan(routed);
    osrm.setFault("no-route");
    const refused = await dayRoute(
      routedTrip.client,
      routedTrip.trip,
      routedTrip.trip.itinerary.days[0]!.date,
    );
    expect(refused.lines.length).toBeGreaterThan(0);
    expect(refused.lines.every((l) => l.kind === "straight")).toBe(true);
  });

  it("a day not in the trip is a 404, and so is another user's trip", async () => {
    const { client, trip } = await plan(routed);
    expect((await client.get(`/api/trips/${trip.id}/days/2027-05-01/route`)).status).toBe(404);
    expect((await client.get(`/api/trips/${trip.id}/days/not-a-date/route`)).status).toBe(404);
    const stranger = await signUpUser(routed);
    const res = await stranger.client.get(
      `/api/trips/${trip.id}/days/${trip.itinerary.days[0]!.date}/route`,
    );
    expect(res.status).toBe(404);
  });
});
