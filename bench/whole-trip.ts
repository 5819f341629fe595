import { readFileSync, readdirSync } from "node:fs";
import { WHOLE_TRIP_ELEMENTS } from "#tests/fakes/whole-trip-places.ts";
import { FAKE_PLACES } from "#tests/fakes/weather-places.ts";
import type { FakeOsmElement } from "#tests/fakes/overpass-places.ts";
import { benchDataset, withKeylessServer, type KeylessServer } from "./lib/keyless-server.ts";
import { describe, describeWorst, median, worst } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

/** How long the Overpass fake waits before each answer on the cold runs. */
const COLD_DELAY_MS = 300;
const WARM_TARGET_MS = 300;
const COLD_TARGET_MS = 3_000;
const SAMPLE_MS = 20;

/** Two routes of two stops, each from an origin: Paris and Lyon's maps, and copies near Tokyo and Oslo. */
const ROUTES = [
  { origin: "Boston", stops: ["Paris", "Lyon"] },
  { origin: "New York", stops: ["Tokyo", "Oslo"] },
] as const;

/** The whole trip's lodging and food of Paris and Lyon copied around Tokyo and Oslo (own ids). */
function wholeTripDataset(): FakeOsmElement[] {
  const at = (name: string) => FAKE_PLACES.find((p) => p.name === name)!;
  const copy = (from: string, to: string, shift: number) =>
    WHOLE_TRIP_ELEMENTS.filter(
      (e) => Math.abs(e.lat - at(from).lat) < 0.2 && Math.abs(e.lon - at(from).lon) < 0.2,
    ).map((e) => ({
      ...e,
      id: e.id + shift,
      lat: e.lat + at(to).lat - at(from).lat,
      lon: e.lon + at(to).lon - at(from).lon,
    }));
  return [
    ...benchDataset(),
    ...WHOLE_TRIP_ELEMENTS,
    ...copy("Paris", "Tokyo", 10_000_000),
    ...copy("Lyon", "Oslo", 20_000_000),
  ];
}

const body = (route: (typeof ROUTES)[number]) => ({
  stops: route.stops.map((destination) => ({ destination, nights: 2 })),
  startDate: "2030-05-01",
  endDate: "2030-05-05",
  budget: 40_000,
  travelStyle: "comfort",
  interests: ["Food & Dining", "History", "Culture & Arts"],
  origin: route.origin,
  travellers: 4,
  lodging: { kind: "not-shared", needs: ["pets"] },
  cuisines: ["French", "Italian"],
  avoid: [],
});

/** The resident memory of the server's process tree (npm start → node), in MB, from /proc. */
function treeRssMb(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      const status = readFileSync(`/proc/${name}/status`, "utf8");
      rss.set(Number(name), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // gone meanwhile
    }
  }
  let kb = 0;
  for (const pid of rss.keys()) {
    for (let p: number | undefined = pid, depth = 0; p && depth < 64; depth++, p = parent.get(p))
      if (p === root) {
        kb += rss.get(pid) ?? 0;
        break;
      }
  }
  return kb / 1024;
}

type Planned = { ms: number; peakMb: number; stays: number; journeys: number; cuisines: number };

async function planRoute(keyless: KeylessServer, route: (typeof ROUTES)[number]): Promise<Planned> {
  let peakMb = treeRssMb(keyless.server.pid);
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, treeRssMb(keyless.server.pid));
  }, SAMPLE_MS);
  try {
    const { ms, trip } = await keyless.createTrip(body(route));
    const { stays, transport, itinerary } = trip as {
      stays: unknown[];
      transport: unknown[];
      itinerary: { days: { activities: { cuisine?: string }[] }[] };
    };
    const cuisines = new Set(
      itinerary.days.flatMap((d) => d.activities.flatMap((a) => (a.cuisine ? [a.cuisine] : []))),
    );
    return {
      ms,
      peakMb,
      stays: stays.length,
      journeys: transport.length,
      cuisines: ["French", "Italian"].filter((c) => cuisines.has(c)).length,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The whole trip (issue 47), keyless: a party of four from an origin over two stops, with a pets
 * need and two cuisines, through POST /api/trips on a server started as `npm start` does. Cold:
 * each route's first plan (lodging, cafés, restaurants and the visits' interests not cached) with
 * Overpass answering after 300 ms; warm: the same routes again, from places_cache. Every plan must
 * have its journey out and home, a stay at both stops and both cuisines; the server's resident
 * memory (its process tree) is sampled every 20 ms while it plans.
 */
export async function benchWholeTrip(port: number, summary: Summary, runs: number) {
  await withKeylessServer(
    port,
    "whole-trip",
    async (keyless) => {
      const { overpass } = keyless;
      const idleMb = treeRssMb(keyless.server.pid);
      const check = (plan: Planned, what: string) => {
        if (plan.stays !== 2 || plan.journeys !== 2 || plan.cuisines !== 2)
          throw new Error(
            `${what}: ${plan.stays} stays, ${plan.journeys} journeys, ${plan.cuisines} cuisines`,
          );
      };
      overpass.setDelay(COLD_DELAY_MS);
      const cold: Planned[] = [];
      for (const route of ROUTES) {
        const before = overpass.requests.length;
        const plan = await planRoute(keyless, route);
        check(plan, `cold ${route.origin} → ${route.stops.join(" → ")}`);
        cold.push(plan);
        console.log(
          `    cold ${route.origin} → ${route.stops.join(" → ")} → ${route.origin}: ${plan.ms.toFixed(0)} ms, ` +
            `${overpass.requests.length - before} Overpass requests (${COLD_DELAY_MS} ms each), peak ${plan.peakMb.toFixed(0)} MB`,
        );
      }
      overpass.setDelay(0);
      const warm: Planned[] = [];
      const warmBefore = overpass.requests.length;
      for (let run = 0; run < runs; run++) {
        const plan = await planRoute(keyless, ROUTES[run % ROUTES.length]!);
        check(plan, "warm");
        warm.push(plan);
      }
      const warmRequests = overpass.requests.length - warmBefore;
      const logged = await keyless.loggedServerTimes(cold.length + warm.length);
      const coldServer = logged.slice(0, cold.length);
      const warmServer = logged.slice(cold.length);
      const peak = Math.max(...cold.map((p) => p.peakMb), ...warm.map((p) => p.peakMb));
      console.log(
        `    warm (${runs} trips over ${ROUTES.length} routes): server ${describeWorst(warmServer, "lower", 0)} ms, ` +
          `round trip ${describe(
            warm.map((p) => p.ms),
            0,
          )} ms, ${warmRequests} Overpass requests`,
      );
      console.log(
        `    server memory (npm start's process tree, RSS): idle ${idleMb.toFixed(0)} MB, peak while planning ${peak.toFixed(0)} MB`,
      );
      summary.add({
        part: "whole-trip",
        name: "keyless whole trip (4 travellers, origin, 2 stops, 5 days), warm cache (server time)",
        measured: `${describeWorst(warmServer, "lower", 0)} ms over ${runs}, ${warmRequests} Overpass requests`,
        target: `< ${WARM_TARGET_MS} ms (median), no request`,
        pass: median(warmServer) < WARM_TARGET_MS && warmRequests === 0,
      });
      summary.add({
        part: "whole-trip",
        name: `keyless whole trip, cold cache (Overpass answering after ${COLD_DELAY_MS} ms)`,
        measured: `${describeWorst(coldServer, "lower", 0)} ms over ${cold.length} new routes`,
        target: `each < ${COLD_TARGET_MS} ms`,
        pass: worst(coldServer, "lower") < COLD_TARGET_MS,
      });
      summary.add({
        part: "whole-trip",
        name: "server memory while planning whole trips (RSS of npm start's tree)",
        measured: `peak ${peak.toFixed(0)} MB (idle ${idleMb.toFixed(0)} MB)`,
        target: "reported",
        pass: true,
      });
    },
    { dataset: wholeTripDataset() },
  );
}
