import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { INTERESTS } from "#shared/constants.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { OVERPASS_DATASET, type FakeOsmElement } from "#tests/fakes/overpass-places.ts";
import { FAKE_PLACES } from "#tests/fakes/weather-places.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { createTripBody } from "./lib/generation-client.ts";
import { signUp } from "./lib/session.ts";
import { describe, describeWorst, median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

/** How long the Overpass fake waits before each answer on the cold runs (a loaded public instance). */
const COLD_DELAY_MS = 300;
const DAYS = 7;
const WARM_TARGET_MS = 150;
const COLD_TARGET_MS = 2_500;
const REQUESTS_TARGET = 8;

/**
 * The Overpass fake's map of Paris copied around each place the geocoding fake knows (Paris itself,
 * Tokyo, Oslo, New York), at the same offsets from the geocoded centre and with ids of their own: four
 * destinations with real candidate sets, each cold once, with no traffic beyond 127.0.0.1.
 */
export function benchDataset(): FakeOsmElement[] {
  const paris = FAKE_PLACES.find((p) => p.name === "Paris")!;
  const near = OVERPASS_DATASET.filter(
    (e) => Math.abs(e.lat - paris.lat) < 0.2 && Math.abs(e.lon - paris.lon) < 0.2,
  );
  const copies = FAKE_PLACES.filter((p) => p !== paris).flatMap((place, i) =>
    near.map((e) => ({
      ...e,
      id: e.id + (i + 1) * 1_000_000,
      lat: e.lat + place.lat - paris.lat,
      lon: e.lon + place.lon - paris.lon,
    })),
  );
  return [...OVERPASS_DATASET, ...copies];
}

type Planned = { ms: number; status: string; verified: number; total: number };

/** The server's own time (whole ms) of every trip creation, in order, from its request log (pino JSON). */
export function serverTimesOf(output: string): number[] {
  const times: number[] = [];
  for (const line of output.split("\n")) {
    if (!line.includes('"path":"/api/trips"') || !line.includes('"method":"POST"')) continue;
    try {
      const entry = JSON.parse(line) as { ms?: unknown; status?: unknown; msg?: unknown };
      if (entry.msg === "request" && entry.status === 201 && typeof entry.ms === "number")
        times.push(entry.ms);
    } catch {
      // not a log line
    }
  }
  return times;
}

/**
 * The server's times once `expected` creations are in its log: the server writes its log in batches
 * at least every 250 ms (lib/logger.ts), so the last lines may still be on their way (bounded wait).
 */
export async function loggedServerTimes(output: () => string, expected: number): Promise<number[]> {
  let times = serverTimesOf(output());
  for (let waited = 0; times.length < expected && waited < 3_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    times = serverTimesOf(output());
  }
  return times;
}

/** One keyless trip through POST /api/trips (JSON answer), timed by the client on loopback. */
async function planTrip(
  server: RunningServer,
  origin: string,
  cookie: string,
  destination: string,
) {
  const body = { ...createTripBody(destination, DAYS), interests: [...INTERESTS] };
  const started = performance.now();
  const response = await fetch(`${server.url}/api/trips`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", cookie, origin },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 201)
    throw new Error(`POST /api/trips ${response.status}: ${text.slice(0, 300)}`);
  const { trip } = JSON.parse(text) as {
    trip: { grounding: { status: string; verified: number; total: number } };
  };
  return { ms, ...trip.grounding } satisfies Planned;
}

/**
 * The keyless 7-day plan from real places: a server (PGlite, `npm start`'s way) with no AI key, the
 * Overpass fake and the geocoding fake. Cold: each destination's first trip (nothing cached for it)
 * while the fake answers after 300 ms; warm: the same trip again, every answer from places_cache.
 * Every plan must come from real places (grounding verified or partial), and a warm one must send no
 * Overpass request, or the figure would not be what it says.
 */
export async function benchPlaces(port: number, summary: Summary, runs: number) {
  let overpass: OverpassFake | undefined;
  let geocoding: OpenMeteoFake | undefined;
  let server: RunningServer | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-places-"));
  const origin = `http://127.0.0.1:${port}`;
  try {
    overpass = await startOverpassFake({ dataset: benchDataset() });
    geocoding = await startOpenMeteoFake();
    server = await startServer(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_ORIGIN: origin,
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        OVERPASS_URL: overpass.url,
        OPEN_METEO_GEOCODING_URL: geocoding.url,
        OPEN_METEO_BASE_URL: geocoding.url,
        GENERATION_RATE_LIMIT: "1000",
        GENERATION_IP_RATE_LIMIT: "1000",
        // The request log line carries the server's own time for each request.
        LOG_LEVEL: "info",
      },
      { timeoutMs: 300_000, via: "npm-start", captureOutput: true },
    );
    const user = await signUp(server.url, origin, `places-${Date.now()}@bench.local`);
    // The first request of a fresh process loads code paths every later one finds ready (auth,
    // the trip routes); an unknown destination plans from the catalogue and caches no places.
    await planTrip(server, origin, user.cookie, "Atlantis, Nowhere");
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
      const plan = await planTrip(server, origin, user.cookie, place.name);
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
      const plan = await planTrip(server, origin, user.cookie, FAKE_PLACES[run % 4]!.name);
      check(plan, "warm");
      warm.push(plan.ms);
    }
    const warmRequests = overpass.requests.length - warmBefore;
    // Warm-up, cold and warm trips, in the order they were made.
    const logged = await loggedServerTimes(() => server!.output(), 1 + cold.length + warm.length);
    if (logged.length !== 1 + cold.length + warm.length)
      throw new Error(
        `the request log has ${logged.length} trip creations, not ${1 + cold.length + warm.length}`,
      );
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
  } finally {
    await server?.stop();
    await overpass?.close();
    await geocoding?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
