import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/database.ts";
import { travelLegJobs } from "#server/db/schema.ts";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import {
  DECEMBER_TIMETABLE,
  PARIS_LYON,
  PARIS_TWO_DAYS,
  planTrip,
  startRoutingFakes,
  type RoutingFakes,
} from "#tests/support/routing-app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Issue 46, later saves: an add, a removal, a reorder or a time change through PATCH asks the
 * routers only for the legs into and out of the activities it changed; an edit of the stops asks
 * the journey between them again; a queued transit leg made moot by an edit is dropped, and the
 * day stops saying "Working out travel times…" with that save's live change.
 */

let routers: RoutingFakes;
let osrm: RoutingFakes["osrm"];
let motis: RoutingFakes["motis"];
/** Routers of one's own (no pace): every save asks at once. */
let t: TestApp;
/** The public pace, so transit legs can be held in the queue. */
let paced: TestApp;
let database: Database;

const plan = (body: object = PARIS_TWO_DAYS, app: TestApp = t) => planTrip(app, body);

async function patch(client: TestClient, trip: Trip, change: object): Promise<Trip> {
  const res = await client.patch(`/api/trips/${trip.id}`, { version: trip.version, ...change });
  expect(res.status).toBe(200);
  return tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
}

const key = (p: { lat: number | null; lng: number | null }) =>
  `${p.lat!.toFixed(4)},${p.lng!.toFixed(4)}`;

/** The places the street router was asked about since the last reset (every profile's table). */
const askedPoints = () =>
  new Set(osrm.requests.filter((q) => q.service === "table").flatMap((q) => q.points.map(key)));

/** The two ends of the leg reaching each of `ids` in `days` (a day's first has none: no stay). */
function legEnds(days: readonly Day[], ids: readonly string[]) {
  const ends = new Set<string>();
  for (const day of days)
    day.activities.forEach((a, k) => {
      if (!ids.includes(a.id) || k === 0) return;
      ends.add(key(day.activities[k - 1]!));
      ends.add(key(a));
    });
  return ends;
}

const travels = (trip: Trip) =>
  new Map(trip.itinerary.days.flatMap((d) => d.activities.map((a) => [a.id, a.travel] as const)));

/** Every leg but `touched` is the one saved before; the touched ones are routed, not estimated. */
function expectOnlyTouched(before: Trip, after: Trip, touched: readonly string[]) {
  const was = travels(before);
  for (const day of after.itinerary.days)
    day.activities.forEach((a, k) => {
      if (touched.includes(a.id)) {
        if (k > 0) expect(a.travel?.source, a.activity).not.toBe("estimate");
      } else expect(a.travel, a.activity).toEqual(was.get(a.id));
    });
}

/** Forgets every routed answer and request: what the next save asks is what it re-routes. */
async function forgetRoutes() {
  for (const { db } of [t.deps.database, database]) {
    await db.execute(sql`delete from routing_cache`);
    await db.execute(sql`delete from routing_pace`);
  }
  routers.forgetRequests();
}

const withDay = (trip: Trip, index: number, activities: Activity[]) => ({
  itinerary: {
    days: trip.itinerary.days.map((d, i) => (i === index ? { ...d, activities } : d)),
  },
});

beforeAll(async () => {
  routers = await startRoutingFakes(DECEMBER_TIMETABLE);
  ({ osrm, motis } = routers);
  t = await createTestApp(routers.settings("none"));
  paced = await createTestApp(routers.settings("public"));
  database = paced.deps.database;
}, 60_000);

beforeEach(forgetRoutes);
afterEach(() => routers.fakes.reset());
afterAll(async () => {
  await t.close();
  await paced.close();
  await routers.close();
});

describe("a save re-routes only the legs it touched", () => {
  it("an added activity: the legs into and out of it", async () => {
    const { client, trip } = await plan();
    const day = trip.itinerary.days[0]!;
    expect(day.activities.length).toBeGreaterThan(2);
    const [first, second] = day.activities;
    // A rest between the first two, halfway between them.
    const added = {
      ...second!,
      id: "00000000-0000-4000-8000-000000000046",
      activity: "Rest on a bench by the river",
      location: "Quai Malaquais",
      time: "12:00",
      durationMinutes: 20,
      osmId: null,
      openingHours: null,
      website: null,
      lat: Math.round(((first!.lat! + second!.lat!) / 2) * 1e6) / 1e6,
      lng: Math.round(((first!.lng! + second!.lng!) / 2) * 1e6) / 1e6,
      travel: undefined,
      booked: undefined,
    };
    await forgetRoutes();
    const saved = await patch(
      client,
      trip,
      withDay(trip, 0, [first!, added, ...day.activities.slice(1)]),
    );
    const addedNow = saved.itinerary.days[0]!.activities.find((a) => a.activity === added.activity);
    expect(addedNow).toBeDefined();
    const touched = [addedNow!.id, second!.id];
    expectOnlyTouched(trip, saved, touched);
    expect(askedPoints()).toEqual(legEnds(saved.itinerary.days, touched));
  });

  it("a removed activity: the leg of the one after it, from the one before", async () => {
    const { client, trip } = await plan();
    const day = trip.itinerary.days[0]!;
    const [, gone, next] = day.activities;
    await forgetRoutes();
    const saved = await patch(
      client,
      trip,
      withDay(
        trip,
        0,
        day.activities.filter((a) => a.id !== gone!.id),
      ),
    );
    expectOnlyTouched(trip, saved, [next!.id]);
    expect(askedPoints()).toEqual(legEnds(saved.itinerary.days, [next!.id]));
  });

  it("a reorder: the legs into and out of the activities that changed places", async () => {
    const { client, trip } = await plan();
    const day = trip.itinerary.days[0]!;
    expect(day.activities.length).toBeGreaterThan(3);
    const [a0, a1, a2, ...rest] = day.activities;
    // The second and third swap places, keeping the day's times in order.
    const reordered = [a0!, { ...a2!, time: a1!.time }, { ...a1!, time: a2!.time }, ...rest];
    await forgetRoutes();
    const saved = await patch(client, trip, withDay(trip, 0, reordered));
    const touched = [a1!.id, a2!.id, ...(rest[0] ? [rest[0].id] : [])];
    expectOnlyTouched(trip, saved, touched);
    expect(askedPoints()).toEqual(legEnds(saved.itinerary.days, touched));
  });

  it("a time change: the leg out of it (it leaves at another time), nothing else", async () => {
    const { client, trip } = await plan();
    const day = trip.itinerary.days[0]!;
    const [a0, changed, next] = day.activities;
    await forgetRoutes();
    const saved = await patch(
      client,
      trip,
      withDay(trip, 0, [
        a0!,
        { ...changed!, durationMinutes: changed!.durationMinutes + 15 },
        next!,
        ...day.activities.slice(3),
      ]),
    );
    expectOnlyTouched(trip, saved, [next!.id]);
    expect(askedPoints()).toEqual(legEnds(saved.itinerary.days, [next!.id]));
  });
});

describe("an edit of the stops asks the journey between them again", () => {
  it("reordered: Lyon → Paris is asked on its own transfer day, not kept from Paris → Lyon", async () => {
    const { client, trip } = await plan(PARIS_LYON);
    expect(trip.stops[1]?.journey).toMatchObject({ alight: "Lyon Part-Dieu" });
    await forgetRoutes();
    const [paris, lyon] = trip.stops;
    const saved = await patch(client, trip, {
      stops: [
        { id: lyon!.id, destination: "Lyon", nights: 2 },
        { id: paris!.id, destination: "Paris", nights: 2 },
      ],
    });
    expect(saved.stops.map((s) => s.destination)).toEqual(["Lyon", "Paris"]);
    expect(saved.stops[0]?.journey).toBeUndefined();
    expect(saved.stops[1]?.journey).toMatchObject({
      mode: "train",
      source: "transit",
      board: "Lyon Part-Dieu",
      alight: "Paris Gare de Lyon",
    });
    expect(saved.stops[1]?.journey?.departAt.slice(0, 10)).toBe("2027-03-11");
    expect(motis.requests.filter((q) => q.time?.startsWith("2027-03-11"))).toHaveLength(1);
  });

  it("a longer first stop: the journey is asked on the new transfer day; an unrelated save asks nothing", async () => {
    const { client, trip } = await plan(PARIS_LYON);
    const [paris, lyon] = trip.stops;
    await forgetRoutes();
    const saved = await patch(client, trip, {
      stops: [
        { id: paris!.id, destination: "Paris", nights: 3 },
        { id: lyon!.id, destination: "Lyon", nights: 1 },
      ],
    });
    expect(saved.stops[1]?.journey?.departAt.slice(0, 10)).toBe("2027-03-12");
    expect(saved.stops[1]?.journey?.source).toBe("transit");

    await forgetRoutes();
    const renamed = await patch(client, saved, { name: "Spring in France" });
    expect(renamed.stops).toEqual(saved.stops);
    expect(motis.requests).toHaveLength(0);
  });
});

describe("a queued transit leg made moot by an edit", () => {
  const holdTransitPace = () =>
    database.db.execute(sql`
      insert into routing_pace (service, next_at_ms) values ('motis-plan', ${Date.now() + 3_600_000}::bigint)
      on conflict (service) do update set next_at_ms = excluded.next_at_ms`);
  const queued = async (tripId: string) =>
    (
      await database.db
        .select({ id: travelLegJobs.activityId })
        .from(travelLegJobs)
        .where(eq(travelLegJobs.tripId, tripId))
    )
      .map((r) => r.id)
      .sort();

  it("removed or moved to a day's start: dropped, the pending state cleared with the save's live change", async () => {
    await holdTransitPace();
    const { client, trip } = await plan({ ...PARIS_TWO_DAYS, endDate: "2027-01-02" }, paced);
    const pending = trip.travelPending?.activityIds ?? [];
    expect(pending.length).toBeGreaterThan(1);
    expect(await queued(trip.id)).toEqual(pending);
    const [removed, moved] = pending;
    const where = (id: string) =>
      trip.itinerary.days.findIndex((d) => d.activities.some((a) => a.id === id));
    const movedActivity = trip.itinerary.days[where(moved!)]!.activities.find(
      (a) => a.id === moved,
    )!;
    // Another day's first activity has no leg (no stay): the moved one goes there, at dawn.
    const target = (where(moved!) + 1) % trip.itinerary.days.length;
    const days = trip.itinerary.days.map((d, i) => {
      const kept = d.activities.filter((a) => a.id !== removed && a.id !== moved);
      return i === target
        ? { ...d, activities: [{ ...movedActivity, time: "07:00" }, ...kept] }
        : { ...d, activities: kept };
    });

    const res = await client.get(`/api/trips/${trip.id}/events`);
    const events = readEvents(res);
    try {
      await events.next("ready");
      const saved = await patch(client, trip, { itinerary: { days } });
      const left = pending.filter((id) => id !== removed && id !== moved);
      expect(await queued(trip.id)).toEqual(left);
      expect(saved.travelPending?.activityIds ?? []).toEqual(left);
      const change = await events.next("change");
      expect((change?.data as { version: number }).version).toBe(saved.version);
      const read = tripSchema.parse(
        ((await (await client.get(`/api/trips/${trip.id}`)).json()) as { trip: unknown }).trip,
      );
      expect(read.travelPending?.activityIds ?? []).toEqual(left);
    } finally {
      await events.close();
    }
  }, 60_000);
});
