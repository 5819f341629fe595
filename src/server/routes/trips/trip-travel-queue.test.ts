import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/database.ts";
import { travelLegJobs } from "#server/db/schema.ts";
import { createMemoryBus } from "#server/live/live-bus.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { TRAVEL_TIMES_SUMMARY } from "#shared/travel-leg.ts";
import { createClient, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import {
  DECEMBER_TIMETABLE,
  PARIS_TWO_DAYS,
  planTrip,
  startRoutingFakes,
  type RoutingFakes,
} from "#tests/support/routing-app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";

/*
 * Issue 46: transit legs that cannot be asked within the pace at once are saved with their fallback
 * and filled in after the save from a durable queue in the database: each filled leg is a version
 * of the trip announced live, the trip says which activities wait (`travelPending`), two instances
 * share the queue without asking a leg twice, and what a stopped instance held is finished by another.
 */

let routers: RoutingFakes;
let motis: RoutingFakes["motis"];
let database: Database;
/** Two instances on one database and one channel between them. */
let a: TestApp;
let b: TestApp;
const liveBus = createMemoryBus();

// The public pace, kept in the database across instances: what makes legs wait for the queue.
const settings = () => routers.settings("public");

const body = { ...PARIS_TWO_DAYS, endDate: "2027-01-02" };

/** The transit router's next free slot an hour away: no transit leg can be asked now. */
const holdTransitPace = () =>
  database.db.execute(sql`
    insert into routing_pace (service, next_at_ms) values ('motis-plan', ${Date.now() + 3_600_000}::bigint)
    on conflict (service) do update set next_at_ms = excluded.next_at_ms`);
const freeTransitPace = () =>
  database.db.execute(sql`delete from routing_pace where service = 'motis-plan'`);

const plan = (t: TestApp) => planTrip(t, body);

const read = async (client: TestClient, id: string) =>
  tripResponseSchema.parse(await (await client.get(`/api/trips/${id}`)).json()).trip;

function sameUserOn(t: TestApp, client: TestClient) {
  const other = createClient(t);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

const activitiesOf = (trip: Trip) => trip.itinerary.days.flatMap((d) => d.activities);

/** The trip once no leg waits, read at each live change; the changes' summaries it saw. */
async function tripOnceRouted(client: TestClient, tripId: string, onReady: () => unknown) {
  const res = await client.get(`/api/trips/${tripId}/events`);
  expect(res.status).toBe(200);
  const events = readEvents(res);
  const summaries: string[] = [];
  try {
    await events.next("ready");
    await onReady();
    for (;;) {
      const trip = await read(client, tripId);
      if (!trip.travelPending) return { trip, summaries };
      const change = await events.next("change");
      if (!change) throw new Error("the trip's events ended");
      summaries.push((change.data as { summary: string }).summary);
    }
  } finally {
    await events.close();
  }
}

beforeAll(async () => {
  routers = await startRoutingFakes(DECEMBER_TIMETABLE);
  ({ motis } = routers);
  database = await createTestDatabase();
  a = await createTestApp(settings(), {}, { database, liveBus });
  b = await createTestApp(settings(), {}, { database, liveBus });
}, 60_000);

beforeEach(async () => {
  await database.db.execute(sql`delete from routing_cache`);
  await database.db.execute(sql`delete from routing_pace`);
  routers.forgetRequests();
});
afterEach(() => routers.reset());
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
  await routers.close();
});

describe("transit legs filled in after the save", () => {
  it("are saved with their fallback, then filled one version each, announced live, once across two instances", async () => {
    await holdTransitPace();
    const { client, trip } = await plan(a);
    // Nothing was asked of the transit router: every transit leg waits in the queue.
    expect(motis.requests).toHaveLength(0);
    const pending = trip.travelPending?.activityIds ?? [];
    expect(pending.length).toBeGreaterThan(0);
    for (const x of activitiesOf(trip).filter((x) => pending.includes(x.id)))
      expect(x.travel?.source).not.toBe("transit");
    // Another instance's page says so too.
    const onB = sameUserOn(b, client);
    expect((await read(onB, trip.id)).travelPending?.activityIds).toEqual(pending);

    const { trip: routed, summaries } = await tripOnceRouted(onB, trip.id, async () => {
      await freeTransitPace();
      a.deps.travelLegs.kick();
      b.deps.travelLegs.kick();
    });
    await Promise.all([a.deps.travelLegs.settled(), b.deps.travelLegs.settled()]);

    for (const x of activitiesOf(routed).filter((x) => pending.includes(x.id))) {
      expect(x.travel?.source, x.activity).toBe("transit");
      expect(x.travel?.summary).toMatch(/^Métro \d( → Métro \d)?$/);
      expect(x.travel?.departAt).toMatch(/^\d{2}:\d{2}$/);
    }
    expect(summaries).toEqual(pending.map(() => TRAVEL_TIMES_SUMMARY));
    expect(routed.version).toBe(trip.version + pending.length);
    // One request a leg, whichever instance took it.
    const asked = motis.requests.map((q) => JSON.stringify([q.from, q.to, q.time]));
    expect(asked).toHaveLength(pending.length);
    expect(new Set(asked).size).toBe(asked.length);
    const left = await database.db
      .select()
      .from(travelLegJobs)
      .where(eq(travelLegJobs.tripId, trip.id));
    expect(left).toEqual([]);
  }, 120_000);

  it("a leg edited meanwhile keeps the edit: the queued answer is not saved over it", async () => {
    await holdTransitPace();
    const { client, trip } = await plan(a);
    const pending = trip.travelPending?.activityIds ?? [];
    expect(pending.length).toBeGreaterThan(0);
    const [first] = pending;
    // The traveller walks that leg: the queued transit ask no longer applies.
    const res = await client.patch(`/api/trips/${trip.id}`, {
      version: trip.version,
      setLegMode: { activityId: first, mode: "walk" },
    });
    expect(res.status).toBe(200);
    // The walked leg's row goes without a version (nothing to save): the worker is waited for.
    await freeTransitPace();
    a.deps.travelLegs.kick();
    await a.deps.travelLegs.settled();
    const routed = await read(client, trip.id);
    expect(routed.travelPending).toBeUndefined();
    const walked = activitiesOf(routed).find((x) => x.id === first)!;
    expect(walked.travel?.mode).toBe("walk");
    for (const x of activitiesOf(routed).filter((x) => pending.includes(x.id) && x.id !== first))
      expect(x.travel?.source).toBe("transit");
  }, 120_000);
});

describe("the queue is kept in the database", () => {
  it("another instance finishes what a stopped one held", async () => {
    const stopping = await createTestApp(settings(), {}, { database, liveBus });
    await holdTransitPace();
    const { client, trip } = await plan(stopping);
    const pending = trip.travelPending?.activityIds ?? [];
    expect(pending.length).toBeGreaterThan(0);
    // Stopped with an ask in flight: what it held is given back to the table.
    motis.setFault("hang");
    await freeTransitPace();
    stopping.deps.travelLegs.kick();
    await expect.poll(() => motis.requests.length).toBeGreaterThan(0);
    await stopping.close();
    const rows = await database.db
      .select()
      .from(travelLegJobs)
      .where(eq(travelLegJobs.tripId, trip.id));
    expect(rows).toHaveLength(pending.length);
    expect(rows.every((r) => r.claimedBy === null && r.claimedUntil === null)).toBe(true);

    motis.setFault(null);
    const { trip: routed } = await tripOnceRouted(sameUserOn(b, client), trip.id, () =>
      b.deps.travelLegs.start(),
    );
    for (const x of activitiesOf(routed).filter((x) => pending.includes(x.id)))
      expect(x.travel?.source).toBe("transit");
  }, 120_000);
});
