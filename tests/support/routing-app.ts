import { expect } from "vitest";
import { sql } from "drizzle-orm";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { startMotisFake, type MotisFake } from "#tests/fakes/motis-fake.ts";
import { startOsrmFake, type OsrmFake } from "#tests/fakes/osrm-fake.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import type { TestApp } from "#tests/support/test-app.ts";

/*
 * The set-up the routing API tests share (issue 46): the places fakes with the OSRM and MOTIS
 * fakes, the settings that point an app at them, and a new user's trip planned through the API.
 */

/** A keyless two-day Paris plan. */
export const PARIS_TWO_DAYS = {
  destination: "Paris",
  startDate: "2026-12-29",
  endDate: "2026-12-30",
  budget: 3000,
  travelStyle: "comfort",
  interests: ["Culture & Arts", "History"],
};

/** Paris two nights, Lyon two nights: the transfer day is Thursday 11 March 2027. */
export const PARIS_LYON = {
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

/** MOTIS's timetable as seen on 1 December 2026, so the December plans fall within it. */
export const DECEMBER_TIMETABLE = { today: () => Date.parse("2026-12-01T00:00:00Z") };

export type RoutingFakes = {
  fakes: PlacesFakes;
  osrm: OsrmFake;
  motis: MotisFake;
  /**
   * An app's settings on these fakes: `"none"`, routers of one's own that are asked at once;
   * `"public"`, the public pace kept in the database, which makes transit legs wait in the queue.
   */
  settings: (pace: "none" | "public") => Record<string, string>;
  /** Forgets the requests the routers saw. */
  forgetRequests: () => void;
  /** Forgets the routed answers cached in `t`'s database and the requests the routers saw. */
  forget: (t: TestApp) => Promise<void>;
  /** Resets the places fakes and lifts any router fault. */
  reset: () => void;
  close: () => Promise<void>;
};

export async function startRoutingFakes(
  motisOptions: Parameters<typeof startMotisFake>[0] = {},
): Promise<RoutingFakes> {
  const fakes = await startPlacesFakes();
  const osrm = await startOsrmFake();
  const motis = await startMotisFake(motisOptions);
  return {
    fakes,
    osrm,
    motis,
    settings: (pace) => ({
      ...GENEROUS_LIMITS,
      ...fakes.places(),
      ROUTING_URL: osrm.url,
      TRANSIT_URL: motis.url,
      ROUTING_PACE: pace,
    }),
    forgetRequests: () => {
      osrm.requests.length = 0;
      motis.requests.length = 0;
    },
    forget: async (t) => {
      await clearRoutingCache(t);
      osrm.requests.length = 0;
      motis.requests.length = 0;
    },
    reset: () => {
      fakes.reset();
      osrm.setFault(null);
      motis.setFault(null);
    },
    close: async () => {
      await Promise.all([fakes.close(), osrm.close(), motis.close()]);
    },
  };
}

/** Forgets the routed answers cached in an app's database. */
export const clearRoutingCache = (t: TestApp) =>
  t.deps.database.db.execute(sql`delete from routing_cache`);

/** A new user of `t` plans `body` through the API (201), and the trip it answered. */
export async function planTrip(
  t: TestApp,
  body: object,
): Promise<{ client: TestClient; trip: Trip }> {
  const { client } = await signUpUser(t);
  const res = await client.post("/api/trips", body, { Accept: "application/json" });
  expect(res.status).toBe(201);
  return { client, trip: tripSchema.parse(((await res.json()) as { trip: unknown }).trip) };
}
