import { INTERESTS } from "#shared/constants.ts";
import { FAKE_PLACES } from "#tests/fakes/weather-places.ts";
import { createTripBody } from "./lib/generation-client.ts";
import { withKeylessServer, type KeylessServer } from "./lib/keyless-server.ts";
import { describe, describeWorst, median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

/** How long the Overpass fake waits before each answer on the cold runs (a loaded public instance). */
const COLD_DELAY_MS = 300;
const DAYS = 7;
const WARM_TARGET_MS = 150;
const COLD_TARGET_MS = 2_500;
const REQUESTS_TARGET = 8;

type Planned = { ms: number; status: string; verified: number; total: number };

/** One keyless trip through POST /api/trips (JSON answer), timed by the client on loopback. */
async function planTrip(keyless: KeylessServer, destination: string): Promise<Planned> {
  const body = { ...createTripBody(destination, DAYS), interests: [...INTERESTS] };
  const { ms, trip } = await keyless.createTrip(body);
  return { ms, ...(trip as { grounding: Omit<Planned, "ms"> }).grounding };
}

/**
 * The keyless 7-day plan from real places: a server (PGlite, `npm start`'s way) with no AI key, the
 * Overpass fake and the geocoding fake. Cold: each destination's first trip (nothing cached for it)
 * while the fake answers after 300 ms; warm: the same trip again, every answer from places_cache.
 * Every plan must come from real places (grounding verified or partial), and a warm one must send no
 * Overpass request, or the figure would not be what it says.
 */
export async function benchPlaces(port: number, summary: Summary, runs: number) {
  await withKeylessServer(port, "places", async (keyless) => {
    const { overpass } = keyless;
    // The first request of a fresh process loads code paths every later one finds ready (auth,
    // the trip routes); an unknown destination plans from the catalogue and caches no places.
    await planTrip(keyless, "Atlantis, Nowhere");
    if (overpass.requests.length > 0) throw new Error("an unknown destination asked Overpass");

    const check = (plan: Planned, what: string) => {
      if (plan.status !== "verified" && plan.status !== "partial")
        throw new Error(`${what}: not planned from real places (grounding ${plan.status})`);
    };
    overpass.setDelay(COLD_DELAY_MS);
    const cold: number[] = [];
    const perDestination: number[] = [];
    for (const place of FAKE_PLACES) {
      const before = overpass.requests.length;
      const plan = await planTrip(keyless, place.name);
      check(plan, `cold ${place.name}`);
      cold.push(plan.ms);
      perDestination.push(overpass.requests.length - before);
      console.log(
        `    cold ${place.name}: ${plan.ms.toFixed(0)} ms, ${perDestination.at(-1)} Overpass requests ` +
          `(${COLD_DELAY_MS} ms each, at most ${overpass.maxConcurrent} at once), ` +
          `${plan.verified} of ${plan.total} activities verified (${plan.status})`,
      );
    }

    const warm: number[] = [];
    const warmBefore = overpass.requests.length;
    for (let run = 0; run < runs; run++) {
      const plan = await planTrip(keyless, FAKE_PLACES[run % 4]!.name);
      check(plan, "warm");
      warm.push(plan.ms);
    }
    const warmRequests = overpass.requests.length - warmBefore;
    // Warm-up, cold and warm trips, in the order they were made.
    const logged = await keyless.loggedServerTimes(1 + cold.length + warm.length);
    const coldServer = logged.slice(1, 1 + cold.length);
    const warmServer = logged.slice(1 + cold.length);
    console.log(
      `    warm (${runs} trips over the same ${FAKE_PLACES.length} destinations): server ` +
        `${describe(warmServer, 0)} ms, round trip ${describe(warm, 0)} ms, ${warmRequests} Overpass requests`,
    );

    summary.add({
      part: "places",
      name: "keyless 7-day plan, warm cache (POST /api/trips, server time)",
      measured: `${describeWorst(warmServer, "lower", 0)} ms over ${runs} (round trip ${describe(warm, 0)} ms), ${warmRequests} Overpass requests`,
      // On the median trip on purpose: each run is one trip, and the target is the typical warm one.
      target: `< ${WARM_TARGET_MS} ms (target on the median), no request`,
      pass: median(warmServer) < WARM_TARGET_MS && warmRequests === 0,
    });
    summary.add({
      part: "places",
      name: `keyless 7-day plan, cold cache (Overpass answering after ${COLD_DELAY_MS} ms)`,
      measured: `${describe(coldServer, 0)} ms, slowest ${Math.max(...coldServer)} ms over ${cold.length} new destinations (round trip ${describe(cold, 0)} ms)`,
      target: `each < ${COLD_TARGET_MS} ms`,
      pass: Math.max(...coldServer) < COLD_TARGET_MS,
    });
    summary.add({
      part: "places",
      name: "Overpass requests per new destination (all 7 interests)",
      measured: perDestination.join(", "),
      target: `<= ${REQUESTS_TARGET}`,
      pass: Math.max(...perDestination) <= REQUESTS_TARGET,
    });
  });
}
