import { decode } from "@googlemaps/polyline-codec";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/database.ts";
import { createLogger } from "#server/lib/logger.ts";
import { APP_VERSION } from "#server/lib/app-version.ts";
import { startMotisFake, type MotisFake } from "#tests/fakes/motis-fake.ts";
import { startOsrmFake, type OsrmFake } from "#tests/fakes/osrm-fake.ts";
import { streetWay } from "#tests/fakes/routing-network.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createRouting, type RoutingOptions } from "./create-routing.ts";
import { createMotisClient } from "./motis-client.ts";
import { RoutingError } from "./routing-fetch.ts";
import type { LatLng } from "./routing-types.ts";

const LOUVRE: LatLng = { lat: 48.8606, lng: 2.3376 };
const NOTRE_DAME: LatLng = { lat: 48.853, lng: 2.3499 };
const SAINT_GERMAIN: LatLng = { lat: 48.8541, lng: 2.3331 };
const PANTHEON: LatLng = { lat: 48.8462, lng: 2.3464 };
const LA_DEFENSE: LatLng = { lat: 48.8919, lng: 2.2389 };
const PARIS: LatLng = { lat: 48.8566, lng: 2.3522 };
const LYON: LatLng = { lat: 45.764, lng: 4.8357 };
const ATLANTIC: LatLng = { lat: 46.5, lng: -5 };

/** 2027-05-04, 09:40 in Paris (CEST). */
const MORNING = new Date("2027-05-04T07:40:00Z");

describe("routing: OSRM and MOTIS behind one interface, paced and cached in the database", () => {
  let database: Database;
  let osrm: OsrmFake;
  let motis: MotisFake;
  const logger = createLogger("silent");

  const routing = (extra: Partial<RoutingOptions> = {}) =>
    createRouting({
      db: database.db,
      logger,
      routingUrl: osrm.url,
      transitUrl: motis.url,
      timeoutMs: 2000,
      pace: "none",
      appOrigin: "https://boundless.example",
      contactEmail: "ops@boundless.example",
      ...extra,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    osrm = await startOsrmFake();
    motis = await startMotisFake({ today: () => Date.parse("2027-05-01T00:00:00Z") });
  });
  afterAll(async () => {
    await osrm.close();
    await motis.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from routing_cache`);
    await database.db.execute(sql`delete from routing_pace`);
    osrm.requests.length = 0;
    motis.requests.length = 0;
  });
  afterEach(() => {
    osrm.setFault(null);
    motis.setFault(null);
  });

  it("asks a whole table in one request per profile, naming itself, and a second time nothing", async () => {
    const r = routing();
    const points = [LOUVRE, NOTRE_DAME, SAINT_GERMAIN, PANTHEON];
    const foot = await r.table("foot", points);
    const car = await r.table("car", points);
    expect(osrm.requests.map((q) => [q.service, q.profile])).toEqual([
      ["table", "foot"],
      ["table", "car"],
    ]);
    for (const q of osrm.requests)
      expect(q.userAgent).toBe(
        `Boundless/${APP_VERSION} (https://boundless.example; ops@boundless.example)`,
      );
    expect(foot?.cells[0]?.[1]).toEqual(streetWay("foot", LOUVRE, NOTRE_DAME));
    expect(car?.cells[3]?.[2]).toEqual(streetWay("car", PANTHEON, SAINT_GERMAIN));
    expect(foot?.cells[2]?.[2]).toBeNull();

    // The same places a few metres off (rounded to about 10 m) come from the database.
    const nudged = points.map((p) => ({ lat: p.lat + 0.00002, lng: p.lng - 0.00002 }));
    expect(await routing().table("foot", nudged)).toEqual(foot);
    expect(osrm.requests).toHaveLength(2);
  });

  it("routes a day's places in order with a precision-6 geometry, cached too", async () => {
    const points = [LOUVRE, NOTRE_DAME, PANTHEON];
    const route = await routing().route("foot", points);
    expect(route?.legs).toEqual([
      streetWay("foot", LOUVRE, NOTRE_DAME),
      streetWay("foot", NOTRE_DAME, PANTHEON),
    ]);
    const line = decode(route!.geometry, 6);
    expect(line[0]?.[0]).toBeCloseTo(LOUVRE.lat, 5);
    expect(line.at(-1)?.[1]).toBeCloseTo(PANTHEON.lng, 5);
    await routing().route("foot", points);
    expect(osrm.requests.filter((q) => q.service === "route")).toHaveLength(1);
  });

  it("plans transit with the lines as the operator names them, in order", async () => {
    const [journey] = (await routing().plan(LOUVRE, SAINT_GERMAIN, MORNING))!;
    const rides = journey!.rides.filter((ride) => ride.mode !== "WALK");
    expect(rides.map((ride) => ride.name)).toEqual(["Métro 1", "Métro 4"]);
    expect(rides[0]?.from).toBe("Palais Royal – Musée du Louvre");
    expect(motis.requests[0]?.path).toMatch(/fromPlace=48\.860600%2C2\.337600&toPlace=48\.854100/);
    expect(motis.requests[0]?.userAgent).toMatch(/^Boundless\//);

    const [train] = (await routing().plan(PARIS, LYON, MORNING))!;
    const tgv = train!.rides.find((ride) => ride.mode === "HIGHSPEED_RAIL");
    expect(tgv).toMatchObject({
      name: "TGV INOUI 6613",
      from: "Paris Gare de Lyon",
      to: "Lyon Part-Dieu",
      departAt: "2027-05-04T08:04:00Z",
      arriveAt: "2027-05-04T10:00:00Z",
    });
    expect(await routing().plan(PARIS, LYON, MORNING)).toEqual([train]);
    expect(motis.requests).toHaveLength(2);
  });

  it("answers [] when MOTIS finds nothing (a short walk, or off the network), and keeps that", async () => {
    const nextDoor = { lat: LOUVRE.lat + 0.001, lng: LOUVRE.lng };
    expect(await routing().plan(LOUVRE, nextDoor, MORNING)).toEqual([]);
    expect(await routing().plan(PARIS, ATLANTIC, MORNING)).toEqual([]);
    motis.setFault("empty");
    expect(await routing().plan(LOUVRE, PANTHEON, MORNING)).toEqual([]);
  });

  it("every failure answers null (the leg stays estimated) and is never cached", async () => {
    const r = routing({ timeoutMs: 300 });
    const points = [LOUVRE, PANTHEON];
    for (const fault of ["busy", "invalid-options", "hang"] as const) {
      osrm.setFault(fault);
      expect(await r.table("foot", points)).toBeNull();
      expect(await r.route("foot", points)).toBeNull();
    }
    osrm.setFault(null);
    // A coordinate of 0,0 is a 200 whose code is InvalidOptions.
    expect(await r.route("car", [{ lat: 0, lng: 0 }, LOUVRE])).toBeNull();
    // No way between two places: a null cell, and NoRoute for the route.
    const matrix = await r.table("foot", [PARIS, LYON]);
    expect(matrix?.cells[0]?.[1]).toBeNull();
    expect(await r.route("foot", [PARIS, LYON])).toBeNull();
    osrm.setFault("null-cells");
    expect((await r.table("bike", points))?.cells[0]?.[1]).toBeNull();
    for (const fault of ["busy", "error", "hang"] as const) {
      motis.setFault(fault);
      expect(await r.plan(LOUVRE, PANTHEON, MORNING)).toBeNull();
    }
    motis.setFault(null);
    // Outside the timetable: MOTIS answers 400.
    expect(await r.plan(LOUVRE, PANTHEON, new Date("2029-01-01T10:00:00Z"))).toBeNull();
    expect(motis.requests.at(-1)?.time).toBe("2029-01-01T10:00:00.000Z");
    // After the failures, a healthy router is asked again: nothing failed was kept.
    osrm.setFault(null);
    osrm.requests.length = 0;
    expect((await r.table("foot", points))?.cells[0]?.[1]).toEqual(
      streetWay("foot", LOUVRE, PANTHEON),
    );
    expect(osrm.requests).toHaveLength(1);
  });

  it("Transitous refuses a generic User-Agent with 403; ours passes", async () => {
    const generic = createMotisClient({ url: motis.url, userAgent: "node", timeoutMs: 2000 });
    const refused = await generic.plan(LOUVRE, PANTHEON, MORNING).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RoutingError);
    expect((refused as RoutingError).status).toBe(403);
    expect(await routing().plan(LOUVRE, PANTHEON, MORNING)).not.toBeNull();
  });

  it("off asks nothing and answers null", async () => {
    const r = routing({ routingUrl: "off", transitUrl: "off" });
    expect([r.street, r.transit]).toEqual([false, false]);
    expect(await r.table("foot", [LOUVRE, PANTHEON])).toBeNull();
    expect(await r.plan(LOUVRE, PANTHEON, MORNING)).toBeNull();
    expect(osrm.requests.length + motis.requests.length).toBe(0);
  });

  it("keeps the pace under load: table requests start at least the interval apart", async () => {
    const interval = 400;
    const r = routing({
      pace: "public",
      intervals: { "osrm-table": interval, "osrm-route": 50, "motis-plan": 50 },
    });
    const sets = [LOUVRE, NOTRE_DAME, SAINT_GERMAIN, PANTHEON].map((p) => [p, LA_DEFENSE]);
    await Promise.all(sets.map((points) => r.table("car", points, { maxWaitMs: 5000 })));
    const starts = osrm.requests.map((q) => q.at).sort((a, b) => a - b);
    expect(starts).toHaveLength(4);
    // Arrivals, not starts: a connection being opened may delay one by a few tens of milliseconds.
    // Unpaced, all four arrive within a few milliseconds of each other.
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(interval - 100);
  });

  it("two instances on one database share the pace and the cache", async () => {
    const intervals = { "osrm-table": 60_000, "osrm-route": 60_000, "motis-plan": 60_000 };
    const a = routing({ pace: "public", intervals });
    const b = routing({ pace: "public", intervals });
    expect(await a.table("foot", [LOUVRE, PANTHEON], { maxWaitMs: 0 })).not.toBeNull();
    // B's slot would be a minute away: it takes the estimate rather than wait, and asks nothing.
    expect(await b.table("foot", [NOTRE_DAME, PANTHEON], { maxWaitMs: 0 })).toBeNull();
    // What A asked, B has from the database.
    expect((await b.table("foot", [LOUVRE, PANTHEON], { maxWaitMs: 0 }))?.cells[1]?.[0]).toEqual(
      streetWay("foot", PANTHEON, LOUVRE),
    );
    expect(osrm.requests).toHaveLength(1);
    // The other services keep paces of their own.
    expect(await b.plan(LOUVRE, PANTHEON, MORNING, { maxWaitMs: 0 })).not.toBeNull();
    expect(await a.plan(NOTRE_DAME, PANTHEON, MORNING, { maxWaitMs: 0 })).toBeNull();
  });
});
