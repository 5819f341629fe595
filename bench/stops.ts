import { createTripBody } from "./lib/generation-client.ts";
import { withKeylessServer, type KeylessServer } from "./lib/keyless-server.ts";
import { describe, describeWorst, median, worst } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

/** How long the Overpass fake waits before each answer on the cold runs (a loaded public instance). */
const COLD_DELAY_MS = 300;
const WARM_TARGET_MS = 200;
const COLD_TARGET_MS = 3_000;
/** 3 + 3 + 2 nights: nine days, two of them transfer days. */
const NIGHTS = [3, 3, 2];
const DAYS = NIGHTS.reduce((a, b) => a + b, 0) + 1;

/**
 * Routes of three cities the geocoding fake knows, each cold once: the real maps of Paris, Lyon and
 * Marseille, and the bench's copies of Paris's map around Tokyo, Oslo and New York (flights).
 */
const ROUTES = [
  ["Paris", "Lyon", "Marseille"],
  ["Tokyo", "Oslo", "New York"],
] as const;

type Planned = { ms: number; status: string; stops: number; days: number };

/** One keyless trip of three stops through POST /api/trips (JSON answer), timed on loopback. */
async function planRoute(keyless: KeylessServer, cities: readonly string[]): Promise<Planned> {
  const { destination: _destination, ...base } = createTripBody(cities[0]!, DAYS);
  const body = {
    ...base,
    stops: cities.map((destination, i) => ({ destination, nights: NIGHTS[i] })),
  };
  const { ms, trip } = await keyless.createTrip(body);
  const { grounding, stops, itinerary } = trip as {
    grounding: { status: string };
    stops: unknown[];
    itinerary: { days: unknown[] };
  };
  return { ms, status: grounding.status, stops: stops.length, days: itinerary.days.length };
}

/**
 * The keyless 3-stop, 9-day plan: a server (PGlite, `npm start`'s way) with no AI key, the Overpass
 * fake and the geocoding fake. Cold: each route's first trip (no city of it cached) while the fake
 * answers after 300 ms; warm: the same routes again, every answer from places_cache. Every plan must
 * have its three stops and nine days from real places, and a warm one must send no Overpass request.
 */
export async function benchStops(port: number, summary: Summary, runs: number) {
  await withKeylessServer(port, "stops", async (keyless) => {
    const { overpass } = keyless;
    // Warm-up: the code paths of a first request; unknown cities plan from the catalogue.
    await planRoute(keyless, ["Atlantis", "Lemuria", "Mu"]);
    if (overpass.requests.length > 0) throw new Error("unknown cities asked Overpass");

    const check = (plan: Planned, what: string) => {
      if (plan.status !== "verified" && plan.status !== "partial")
        throw new Error(`${what}: not planned from real places (grounding ${plan.status})`);
      if (plan.stops !== 3 || plan.days !== DAYS)
        throw new Error(`${what}: ${plan.stops} stops and ${plan.days} days`);
    };
    overpass.setDelay(COLD_DELAY_MS);
    const cold: number[] = [];
    for (const route of ROUTES) {
      const before = overpass.requests.length;
      const plan = await planRoute(keyless, route);
      check(plan, `cold ${route.join(" → ")}`);
      cold.push(plan.ms);
      console.log(
        `    cold ${route.join(" → ")}: ${plan.ms.toFixed(0)} ms, ${overpass.requests.length - before} ` +
          `Overpass requests (${COLD_DELAY_MS} ms each, at most ${overpass.maxConcurrent} at once), ${plan.status}`,
      );
    }
    const warm: number[] = [];
    const warmBefore = overpass.requests.length;
    for (let run = 0; run < runs; run++) {
      const plan = await planRoute(keyless, ROUTES[run % ROUTES.length]!);
      check(plan, "warm");
      warm.push(plan.ms);
    }
    const warmRequests = overpass.requests.length - warmBefore;
    const logged = await keyless.loggedServerTimes(1 + cold.length + warm.length);
    const coldServer = logged.slice(1, 1 + cold.length);
    const warmServer = logged.slice(1 + cold.length);
    console.log(
      `    warm (${runs} trips over ${ROUTES.length} routes): server ${describeWorst(warmServer, "lower", 0)} ms, ` +
        `round trip ${describe(warm, 0)} ms, ${warmRequests} Overpass requests`,
    );
    summary.add({
      part: "stops",
      name: `keyless 3-stop, ${DAYS}-day plan, warm cache (POST /api/trips, server time)`,
      measured: `${describeWorst(warmServer, "lower", 0)} ms over ${runs} (round trip ${describe(warm, 0)} ms), ${warmRequests} Overpass requests`,
      target: `< ${WARM_TARGET_MS} ms (target on the median), no request`,
      pass: median(warmServer) < WARM_TARGET_MS && warmRequests === 0,
    });
    summary.add({
      part: "stops",
      name: `keyless 3-stop, ${DAYS}-day plan, cold cache (Overpass answering after ${COLD_DELAY_MS} ms)`,
      measured: `${describeWorst(coldServer, "lower", 0)} ms over ${cold.length} new routes (round trip ${describe(cold, 0)} ms)`,
      target: `each < ${COLD_TARGET_MS} ms`,
      pass: worst(coldServer, "lower") < COLD_TARGET_MS,
    });
  });
}
