import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/database.ts";
import { createLogger } from "#server/lib/logger.ts";
import type { Travel } from "#shared/schemas/travel.ts";
import { startOsrmFake, type OsrmFake } from "#tests/fakes/osrm-fake.ts";
import { streetWay } from "#tests/fakes/routing-network.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { createRouting } from "./create-routing.ts";
import { legMatrix } from "./leg-matrix.ts";
import type { LatLng } from "./routing-types.ts";

/*
 * The legs "Order this day" weighs (issue 46): every ordered pair of a day's places, chosen as a
 * save routes them, from one table per profile (none when cached), transit reused or estimated.
 */

const LOUVRE: LatLng = { lat: 48.8606, lng: 2.3376 };
const NOTRE_DAME: LatLng = { lat: 48.853, lng: 2.3499 };
const LA_DEFENSE: LatLng = { lat: 48.8919, lng: 2.2389 };

describe("legMatrix", () => {
  let database: Database;
  let osrm: OsrmFake;
  // The matrix never asks MOTIS (a journey is reused or estimated): a transit router is only "on".
  const routing = (routingUrl = osrm.url, transitUrl = "http://127.0.0.1:9/unused") =>
    createRouting({
      db: database.db,
      logger: createLogger("silent"),
      routingUrl,
      transitUrl,
      timeoutMs: 2000,
      pace: "none",
      appOrigin: "https://boundless.example",
      contactEmail: "ops@boundless.example",
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    osrm = await startOsrmFake();
  });
  afterAll(async () => {
    await osrm.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from routing_cache`);
    osrm.requests.length = 0;
  });

  const walk = (a: LatLng, b: LatLng) => {
    const way = streetWay("foot", a, b)!;
    return {
      mode: "walk",
      minutes: Math.max(1, Math.round(way.seconds / 60)),
      meters: Math.round(way.meters),
      source: "router",
      summary: null,
      departAt: null,
    };
  };

  it("walks the short legs from one foot table, and none for an unplaced end; cached after", async () => {
    const input = {
      points: [LOUVRE, NOTRE_DAME, null],
      chosen: [undefined, undefined, undefined],
      travelMode: { maxWalkMinutes: 20, modes: ["walk" as const, "transit" as const] },
    };
    const legs = await legMatrix(routing(), input);
    expect(legs).toEqual([
      [null, walk(LOUVRE, NOTRE_DAME), null],
      [walk(NOTRE_DAME, LOUVRE), null, null],
      [null, null, null],
    ]);
    expect(osrm.requests.map((r) => `${r.service}:${r.profile}`)).toEqual(["table:foot"]);
    expect(await legMatrix(routing(), input)).toEqual(legs);
    expect(osrm.requests).toHaveLength(1);
  });

  it("past the longest walk: transit reused when the trip holds it, else estimated; a taxi without transit", async () => {
    const held: Travel = {
      mode: "transit",
      minutes: 24,
      meters: null,
      source: "transit",
      summary: "Métro 1",
      departAt: "10:05",
    };
    const points = [LA_DEFENSE, NOTRE_DAME];
    const transit = await legMatrix(routing(), {
      points,
      chosen: [undefined, undefined],
      known: (i, j) => (i === 0 && j === 1 ? held : undefined),
      travelMode: { maxWalkMinutes: 20, modes: ["walk", "transit"] },
    });
    expect(transit[0]![1]).toBe(held);
    expect(transit[1]![0]).toMatchObject({ mode: "transit", source: "estimate" });

    // Without transit on the trip, or with no transit router: by road, a taxi for a party without a car.
    const taxi = await legMatrix(routing(), {
      points,
      chosen: [undefined, undefined],
      travelMode: { maxWalkMinutes: 20, modes: ["walk"] },
    });
    const noTransit = await legMatrix(routing(osrm.url, "off"), {
      points,
      chosen: [undefined, undefined],
      travelMode: { maxWalkMinutes: 20, modes: ["walk", "transit"] },
    });
    expect(noTransit[0]![1]).toEqual(taxi[0]![1]);
    const road = streetWay("car", LA_DEFENSE, NOTRE_DAME)!;
    expect(taxi[0]![1]).toEqual({
      mode: "drive",
      minutes: Math.round(road.seconds / 60),
      meters: Math.round(road.meters),
      source: "router",
      summary: "Taxi",
      departAt: null,
    });
    // A walk the traveller chose stays a walk, however long.
    const chosen = await legMatrix(routing(), {
      points,
      chosen: [undefined, "walk"],
      travelMode: { maxWalkMinutes: 20, modes: ["walk"] },
    });
    expect(chosen[0]![1]).toEqual(walk(LA_DEFENSE, NOTRE_DAME));
  });

  it("estimates every leg when routing is off", async () => {
    const legs = await legMatrix(routing("off", "off"), {
      points: [LOUVRE, NOTRE_DAME],
      chosen: [undefined, undefined],
      travelMode: { maxWalkMinutes: 20, modes: ["walk", "transit"] },
    });
    expect(legs[0]![1]).toMatchObject({ mode: "walk", source: "estimate" });
    const far = await legMatrix(routing("off", "off"), {
      points: [LA_DEFENSE, NOTRE_DAME],
      chosen: [undefined, undefined],
      travelMode: { maxWalkMinutes: 20, modes: ["walk", "transit"] },
    });
    expect(far[0]![1]).toMatchObject({ mode: "transit", source: "estimate" });
    expect(osrm.requests).toHaveLength(0);
  });
});
