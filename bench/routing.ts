import { startMotisFake, type MotisFake } from "#tests/fakes/motis-fake.ts";
import { startOsrmFake, type OsrmFake } from "#tests/fakes/osrm-fake.ts";
import { createTripBody } from "./lib/generation-client.ts";
import { OVERPASS_DATASET } from "#tests/fakes/overpass-places.ts";
import { FAKE_PLACES } from "#tests/fakes/weather-places.ts";
import { withKeylessServer, type KeylessServer } from "./lib/keyless-server.ts";
import { describe, median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

/** The routers' answer time on every request (a shared public instance under some load). */
const FAKE_DELAY_MS = 150;
const WARM_TARGET_MS = 50;
const COLD_TARGET_MS = 2_000;
const EDIT_TARGET_MS = 300;
const DAYS = 7;
/** The public OSRM pace allows one table every 10 s: each timed edit waits for its slot first. */
const TABLE_PACE_MS = 10_000;
/** The transit legs queued after the cold save are waited for this long at most. */
const QUEUE_WAIT_MS = 180_000;

/**
 * Paris's places four times over, each copy a few hundred metres off with ids and names of its own:
 * enough museums, sights and restaurants for seven days of four located activities (the fake's map
 * alone fills three), every one inside the routing fakes' Paris network.
 */
function parisWeek() {
  const paris = FAKE_PLACES.find((p) => p.name === "Paris")!;
  const near = OVERPASS_DATASET.filter(
    (e) => Math.abs(e.lat - paris.lat) < 0.2 && Math.abs(e.lon - paris.lon) < 0.2,
  );
  const shifts = [
    [0.004, -0.006, "Nord"],
    [-0.005, 0.004, "Sud"],
    [0.006, 0.007, "Est"],
  ] as const;
  const copies = shifts.flatMap(([dLat, dLon, quarter], i) =>
    near.map((e) => ({
      ...e,
      id: e.id + (i + 11) * 1_000_000,
      lat: e.lat + dLat,
      lon: e.lon + dLon,
      tags: e.tags.name ? { ...e.tags, name: `${e.tags.name} ${quarter}` } : e.tags,
    })),
  );
  return [...OVERPASS_DATASET, ...copies];
}

type Activity = { id: string; time: string; travel?: { source: string; mode: string } | null };
type Day = { date: string; activities: Activity[] };
type PlannedTrip = {
  id: string;
  version: number;
  itinerary: { days: Day[] };
  travelPending?: { activityIds: string[] };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const legsOf = (trip: PlannedTrip) =>
  trip.itinerary.days.flatMap((d) => d.activities.filter((a) => a.travel));

type Counter = { osrm: OsrmFake; motis: MotisFake };
function requestsSince(fakes: Counter, from: { osrm: number; motis: number }) {
  const osrm = fakes.osrm.requests.slice(from.osrm);
  const tables = osrm.filter((q) => q.service === "table").map((q) => q.profile);
  const routes = osrm.filter((q) => q.service === "route").length;
  const plans = fakes.motis.requests.length - from.motis;
  const words = [
    tables.length > 0 ? `${tables.length} OSRM table (${tables.join(", ")})` : "",
    routes > 0 ? `${routes} OSRM route` : "",
    plans > 0 ? `${plans} MOTIS plan` : "",
  ].filter(Boolean);
  return { total: osrm.length + plans, words: words.join(", ") || "none" };
}
const mark = (fakes: Counter) => ({
  osrm: fakes.osrm.requests.length,
  motis: fakes.motis.requests.length,
});

async function api(keyless: KeylessServer, method: string, path: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${keyless.server.url}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      cookie: keyless.cookie,
      origin: keyless.origin,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${method} ${path} ${response.status}: ${text.slice(0, 300)}`);
  return { ms, trip: (JSON.parse(text) as { trip: PlannedTrip }).trip };
}

/** The first keyless Paris plan (cold); a Monday inside the transit fake's timetable. */
async function firstPlan(keyless: KeylessServer) {
  const body = createTripBody("Paris", DAYS, "2027-01-11");
  return { body, first: await keyless.createTrip(body) };
}

/** Three PATCHes, each moving the second activity of day n to the end of day n + 1, timed. */
async function editRuns(
  keyless: KeylessServer,
  trip: PlannedTrip,
  waitMs: number,
  fakes?: Counter,
) {
  const ms: number[] = [];
  const words: string[] = [];
  let current = trip;
  for (let run = 0; run < 3; run++) {
    if (waitMs > 0) await sleep(waitMs);
    const days = current.itinerary.days;
    const from = days[run]!;
    const to = days[run + 1]!;
    const moved = from.activities[1]!;
    const change = {
      version: current.version,
      itinerary: {
        days: days.map((d) =>
          d === from
            ? { ...d, activities: d.activities.filter((a) => a.id !== moved.id) }
            : d === to
              ? { ...d, activities: [...d.activities, { ...moved, time: "21:00" }] }
              : d,
        ),
      },
    };
    const before = fakes ? mark(fakes) : null;
    const saved = await api(keyless, "PATCH", `/api/trips/${trip.id}`, change);
    ms.push(saved.ms);
    if (fakes && before) words.push(requestsSince(fakes, before).words);
    current = saved.trip;
  }
  return { ms, words };
}

/**
 * The routing part (issue 46): a keyless 7-day Paris plan (four activities a day) with the routers
 * off, then on, each router a loopback fake answering after 150 ms, at the public pace (`npm start`'s
 * default). Cold: the first plan, every street leg from the routers in the save, transit legs past
 * the pace filled in after it (timed until the trip says none is pending). Warm: the same plan
 * again, every answer from the cache (no request). Edit: a PATCH moving one activity to another day,
 * its new legs asked (after the table pace's slot is free). Added times are against routing off.
 */
export async function benchRouting(
  ports: { off: number; on: number },
  summary: Summary,
  runs: number,
) {
  // Routing off: the baseline of the same plan.
  const off = await withKeylessServer(
    ports.off,
    "routing-off",
    async (keyless) => {
      const { body, first } = await firstPlan(keyless);
      const warm: number[] = [];
      for (let run = 0; run < runs; run++) warm.push((await keyless.createTrip(body)).ms);
      const logged = await keyless.loggedServerTimes(1 + runs);
      const trip = first.trip as PlannedTrip;
      const edits = await editRuns(keyless, trip, 0);
      return { cold: logged[0]!, warm: logged.slice(1), legs: legsOf(trip).length, trip, edits };
    },
    { dataset: parisWeek() },
  );
  console.log(
    `    routing off: first plan ${off.cold} ms, warm ${describe(off.warm, 0)} ms (server), ${off.legs} legs, all estimated; ` +
      `edit ${describe(off.edits.ms, 0)} ms round trip`,
  );

  const osrm = await startOsrmFake({ delayMs: FAKE_DELAY_MS });
  const motis = await startMotisFake({ delayMs: FAKE_DELAY_MS });
  const fakes = { osrm, motis };
  try {
    await withKeylessServer(
      ports.on,
      "routing-on",
      async (keyless) => {
        const { body, first } = await firstPlan(keyless);
        const cold = requestsSince(fakes, { osrm: 0, motis: 0 });
        const coldTables = osrm.requests.filter((q) => q.service === "table").map((q) => q.profile);
        const trip = first.trip as PlannedTrip;
        const legs = legsOf(trip);
        const street = legs.filter((a) => a.travel?.source === "router").length;
        const pending = trip.travelPending?.activityIds.length ?? 0;
        console.log(
          `    routing on, cold: ${first.ms.toFixed(0)} ms round trip, ${trip.itinerary.days.map((d) => d.activities.length).join("+")} activities, ${legs.length} legs (${street} by street router, ` +
            `${pending} transit legs queued), requests in the save: ${cold.words}`,
        );
        // Transit after the save: until the trip says no leg is pending.
        const queueStarted = performance.now();
        const atSave = mark(fakes);
        let filled = trip;
        while (filled.travelPending && performance.now() - queueStarted < QUEUE_WAIT_MS) {
          await sleep(250);
          filled = (await api(keyless, "GET", `/api/trips/${trip.id}`)).trip;
        }
        if (filled.travelPending) throw new Error("the queued transit legs were not filled in");
        const queueMs = performance.now() - queueStarted;
        const queued = requestsSince(fakes, atSave);
        const transit = legsOf(filled).filter((a) => a.travel?.source === "transit").length;
        console.log(
          `    transit after the save: ${pending} legs in ${(queueMs / 1000).toFixed(1)} s (${queued.words}; ` +
            `MOTIS paced at 20 a minute), ${transit} transit legs in the end`,
        );

        // Warm: the same plan, every answer cached.
        const warmFrom = mark(fakes);
        const warm: number[] = [];
        for (let run = 0; run < runs; run++) warm.push((await keyless.createTrip(body)).ms);
        const warmRequests = requestsSince(fakes, warmFrom);
        const logged = await keyless.loggedServerTimes(1 + runs);
        const coldServer = logged[0]!;
        const warmServer = logged.slice(1);
        console.log(
          `    routing on, warm: ${describe(warmServer, 0)} ms (server), requests: ${warmRequests.words}`,
        );

        // Edits: one activity moved to the next day, once the table's slot is free (public pace).
        const { ms: edits, words: editWords } = await editRuns(
          keyless,
          filled,
          TABLE_PACE_MS + 500,
          fakes,
        );
        console.log(
          `    edit (one activity moved): ${describe(edits, 0)} ms round trip; requests: ${editWords.join(" | ")}`,
        );

        const warmAdded = median(warmServer) - median(off.warm);
        const coldAdded = coldServer - off.cold;
        summary.add({
          part: "routing",
          name: `keyless ${DAYS}-day Paris plan, requests (cold save; after the save; warm)`,
          measured: `${cold.total} (${cold.words}); ${queued.total} transit after the save; ${warmRequests.total} warm`,
          target: "one table per profile, none warm",
          pass: warmRequests.total === 0 && new Set(coldTables).size === coldTables.length,
        });
        summary.add({
          part: "routing",
          name: "warm added time (routing on − off, median server time of POST /api/trips)",
          measured: `${warmAdded.toFixed(0)} ms (${median(warmServer).toFixed(0)} vs ${median(off.warm).toFixed(0)} ms over ${runs})`,
          target: `< ${WARM_TARGET_MS} ms`,
          pass: warmAdded < WARM_TARGET_MS,
        });
        summary.add({
          part: "routing",
          name: `cold added time, street legs in the save (routers answering after ${FAKE_DELAY_MS} ms)`,
          measured: `${coldAdded.toFixed(0)} ms (${coldServer} vs ${off.cold} ms); ${pending} transit legs after the save in ${(queueMs / 1000).toFixed(1)} s`,
          target: `< ${COLD_TARGET_MS} ms; transit after the save`,
          pass: coldAdded < COLD_TARGET_MS,
        });
        summary.add({
          part: "routing",
          name: "an edit's re-route (PATCH moving one activity, round trip, target on the median)",
          measured: `${describe(edits, 0)} ms over ${edits.length} (routing off: ${describe(off.edits.ms, 0)} ms)`,
          target: `< ${EDIT_TARGET_MS} ms`,
          pass: median(edits) < EDIT_TARGET_MS,
        });
      },
      {
        env: { ROUTING_URL: osrm.url, TRANSIT_URL: motis.url, ROUTING_PACE: "public" },
        dataset: parisWeek(),
      },
    );
  } finally {
    await osrm.close();
    await motis.close();
  }
}
