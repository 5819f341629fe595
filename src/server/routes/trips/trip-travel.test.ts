import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Trip } from "#shared/schemas/trip.ts";
import { minutesOf } from "#shared/transfer-day.ts";
import { streetWay } from "#tests/fakes/routing-network.ts";
import type { TestClient } from "#tests/support/http.ts";
import {
  clearRoutingCache,
  DECEMBER_TIMETABLE,
  PARIS_TWO_DAYS,
  planTrip,
  startRoutingFakes,
  type RoutingFakes,
} from "#tests/support/routing-app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Issue 46: every leg of a keyless Paris plan from the OSRM and MOTIS fakes, one table request per
 * profile, nothing asked for a second identical plan, an edit re-routing only the legs it touched,
 * a leg's mode and the trip's preferences through PATCH, and every router failure leaving estimates.
 */

let routers: RoutingFakes;
let osrm: RoutingFakes["osrm"];
let motis: RoutingFakes["motis"];
let t: TestApp;

const plan = () => planTrip(t, PARIS_TWO_DAYS);

const legsOf = (trip: Trip) =>
  trip.itinerary.days.flatMap((day) =>
    day.activities.map((a, k) => ({ a, before: k > 0 ? day.activities[k - 1]! : null })),
  );
const point = (a: { lat: number | null; lng: number | null }) => ({ lat: a.lat!, lng: a.lng! });

async function patch(client: TestClient, change: object) {
  const res = await client.patch(`/api/trips/${tripId}`, change);
  return {
    status: res.status,
    json: (await res.json()) as { trip: Trip; error?: { message: string } },
  };
}
let tripId = "";

beforeAll(async () => {
  routers = await startRoutingFakes(DECEMBER_TIMETABLE);
  ({ osrm, motis } = routers);
  t = await createTestApp(routers.settings("none"));
}, 60_000);

beforeEach(() => routers.forget(t));
afterEach(() => routers.reset());
afterAll(async () => {
  await t.close();
  await routers.close();
});

describe("travel times on a keyless plan", () => {
  it("schedules each visit no earlier than the one before ends plus the routed leg", async () => {
    const { trip } = await plan();
    let checked = 0;
    for (const { a, before } of legsOf(trip)) {
      if (!before || !a.travel) continue;
      const end = minutesOf(before.time) + before.durationMinutes;
      expect(minutesOf(a.time), a.activity).toBeGreaterThanOrEqual(end + a.travel.minutes);
      checked++;
    }
    expect(checked).toBeGreaterThan(4);
  });

  it("routes every leg, one table request per profile, and a second identical plan asks nothing", async () => {
    const { trip } = await plan();
    const legs = legsOf(trip);
    expect(legs.length).toBeGreaterThan(4);
    expect(legs.some((l) => l.a.travel?.mode === "walk")).toBe(true);
    for (const { a, before } of legs) {
      if (!before) {
        // No stay: a day's first activity has no leg.
        expect(a.travel).toBeUndefined();
        continue;
      }
      expect(a.travel?.source, `${a.activity}`).not.toBe("estimate");
      if (a.travel?.mode === "walk") {
        const way = streetWay("foot", point(before), point(a))!;
        expect(a.travel).toEqual({
          mode: "walk",
          minutes: Math.max(1, Math.round(way.seconds / 60)),
          meters: Math.round(way.meters),
          source: "router",
          summary: null,
          departAt: null,
        });
        expect(a.travel.minutes).toBeLessThanOrEqual(20);
      }
      if (a.travel?.mode === "transit") {
        expect(a.travel.summary).toMatch(/^Métro \d( → Métro \d)?$/);
        expect(a.travel.departAt).toMatch(/^\d{2}:\d{2}$/);
      }
    }
    const tables = osrm.requests.filter((q) => q.service === "table");
    const profiles = tables.map((q) => q.profile);
    expect(new Set(profiles).size).toBe(profiles.length);
    expect(profiles[0]).toBe("foot");
    expect(osrm.requests.filter((q) => q.service !== "table")).toHaveLength(0);

    const asked = osrm.requests.length + motis.requests.length;
    const second = await plan();
    expect(osrm.requests.length + motis.requests.length).toBe(asked);
    expect(legsOf(second.trip).map((l) => l.a.travel)).toEqual(legs.map((l) => l.a.travel));
  });

  it("an edit that moves one activity re-routes only the legs into and out of it", async () => {
    const { client, trip } = await plan();
    tripId = trip.id;
    const [day1, day2] = trip.itinerary.days;
    const moved = day1!.activities[1]!;
    const days = [
      { ...day1!, activities: day1!.activities.filter((a) => a.id !== moved.id) },
      { ...day2!, activities: [...day2!.activities, { ...moved, time: "21:00" }] },
    ];
    osrm.requests.length = 0;
    const saved = await patch(client, { version: trip.version, itinerary: { days } });
    expect(saved.status).toBe(200);
    const before = new Map(legsOf(trip).map((l) => [l.a.id, l.a.travel]));
    const after = legsOf(saved.json.trip);
    const touched = new Set([moved.id, day1!.activities[2]!.id]);
    for (const { a, before: prev } of after) {
      if (!touched.has(a.id)) expect(a.travel, a.activity).toEqual(before.get(a.id));
      else if (prev) expect(a.travel?.source).not.toBe("estimate");
    }
    const movedNow = after.find((l) => l.a.id === moved.id)!;
    expect(movedNow.before?.id).toBe(day2!.activities.at(-1)!.id);
    // Only the new pairs were asked: at most one table per profile, of the touched legs' ends.
    for (const q of osrm.requests) expect(q.points.length).toBeLessThanOrEqual(4);
  });

  it("a leg's mode and the trip's preferences are changed through PATCH, merged like every change", async () => {
    const { client, trip } = await plan();
    tripId = trip.id;
    const leg = legsOf(trip).find((l) => l.before)!;

    const refusedMode = await patch(client, {
      version: trip.version,
      setLegMode: { activityId: leg.a.id, mode: "plane" },
    });
    expect(refusedMode.status).toBe(422);
    expect(JSON.stringify(refusedMode.json)).toContain("plane");
    const unknown = "0b4c1f8e-2f55-4c1e-9a0c-1d2e3f4a5b6c";
    const refusedActivity = await patch(client, {
      version: trip.version,
      setLegMode: { activityId: unknown, mode: "drive" },
    });
    expect(refusedActivity.status).toBe(422);
    expect(JSON.stringify(refusedActivity.json)).toContain(unknown);
    for (const maxWalkMinutes of [0, 121]) {
      const refused = await patch(client, {
        version: trip.version,
        travelMode: { maxWalkMinutes, modes: ["walk"] },
      });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.json)).toContain("maxWalkMinutes");
    }

    // A companion's change saved first; this one, made on the same version, is merged with it.
    const budget = await patch(client, { version: trip.version, budget: 3100 });
    expect(budget.status).toBe(200);
    const chosen = await patch(client, {
      version: trip.version,
      setLegMode: { activityId: leg.a.id, mode: "drive" },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.json.trip.budget).toBe(3100);
    const way = streetWay("car", point(leg.before!), point(leg.a))!;
    const routed = legsOf(chosen.json.trip).find((l) => l.a.id === leg.a.id)!.a.travel;
    expect(routed).toEqual({
      mode: "drive",
      minutes: Math.max(1, Math.round(way.seconds / 60)),
      meters: Math.round(way.meters),
      source: "router",
      summary: "Taxi",
      departAt: null,
    });

    const walking = await patch(client, {
      version: chosen.json.trip.version,
      travelMode: { maxWalkMinutes: 120, modes: ["walk"] },
    });
    expect(walking.status).toBe(200);
    expect(walking.json.trip.travelMode).toEqual({ maxWalkMinutes: 120, modes: ["walk"] });
    for (const { a, before } of legsOf(walking.json.trip))
      if (before) expect(a.travel?.mode).toBe(a.id === leg.a.id ? "drive" : "walk");
  });

  it("every router failure leaves the legs estimated and the plan saved", async () => {
    for (const fault of ["busy", "invalid-options", "null-cells"] as const) {
      await clearRoutingCache(t);
      osrm.setFault(fault);
      motis.setFault("busy");
      const { trip } = await plan();
      for (const { a, before } of legsOf(trip))
        if (before) expect(a.travel?.source, `${fault}: ${a.activity}`).toBe("estimate");
    }
  });
});
