import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { OVERPASS_DATASET, type FakeOsmElement } from "#tests/fakes/overpass-places.ts";
import { FAKE_PLACES } from "#tests/fakes/weather-places.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { signUp } from "./session.ts";

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

/** A keyless server with its fakes and a signed-up traveller, as `withKeylessServer` gives it. */
export type KeylessServer = {
  server: RunningServer;
  overpass: OverpassFake;
  origin: string;
  cookie: string;
  /** POST /api/trips (JSON answer), timed by the client on loopback; throws unless 201. */
  createTrip: (body: unknown) => Promise<{ ms: number; trip: unknown }>;
  /**
   * The server's times of the first `expected` trip creations, once they are all in its log: the
   * server writes its log in batches at least every 250 ms (lib/logger.ts), so the last lines may
   * still be on their way (bounded wait). Throws when they do not all come.
   */
  loggedServerTimes: (expected: number) => Promise<number[]>;
};

/**
 * Runs `use` on a server started as `npm start` does (PGlite in a fresh data folder, no AI key) with
 * the Overpass fake (the bench's four-city dataset) and the geocoding fake, and a traveller signed
 * up as `<name>-…@bench.local`; stops them all and removes the data folder afterwards.
 */
export async function withKeylessServer<T>(
  port: number,
  name: string,
  use: (keyless: KeylessServer) => Promise<T>,
  options: {
    /** Settings over the defaults (the routing part points ROUTING_URL and TRANSIT_URL at fakes). */
    env?: Record<string, string>;
    /** The Overpass fake's places instead of `benchDataset()`. */
    dataset?: readonly FakeOsmElement[];
  } = {},
): Promise<T> {
  let overpass: OverpassFake | undefined;
  let geocoding: OpenMeteoFake | undefined;
  let server: RunningServer | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), `boundless-bench-${name}-`));
  const origin = `http://127.0.0.1:${port}`;
  try {
    overpass = await startOverpassFake({ dataset: options.dataset ?? benchDataset() });
    geocoding = await startOpenMeteoFake();
    const running = await startServer(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_ORIGIN: origin,
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        OVERPASS_URL: overpass.url,
        // No public router is asked from here (issue 46).
        ROUTING_URL: "off",
        TRANSIT_URL: "off",
        OPEN_METEO_GEOCODING_URL: geocoding.url,
        OPEN_METEO_BASE_URL: geocoding.url,
        GENERATION_RATE_LIMIT: "1000",
        GENERATION_IP_RATE_LIMIT: "1000",
        // The request log line carries the server's own time for each request.
        LOG_LEVEL: "info",
        ...options.env,
      },
      { timeoutMs: 300_000, via: "npm-start", captureOutput: true },
    );
    server = running;
    const { cookie } = await signUp(running.url, origin, `${name}-${Date.now()}@bench.local`);
    return await use({
      server: running,
      overpass,
      origin,
      cookie,
      createTrip: async (body) => {
        const started = performance.now();
        const response = await fetch(`${running.url}/api/trips`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            cookie,
            origin,
          },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        const ms = performance.now() - started;
        if (response.status !== 201)
          throw new Error(`POST /api/trips ${response.status}: ${text.slice(0, 300)}`);
        return { ms, trip: (JSON.parse(text) as { trip: unknown }).trip };
      },
      loggedServerTimes: async (expected) => {
        let times = serverTimesOf(running.output());
        for (let waited = 0; times.length < expected && waited < 3_000; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          times = serverTimesOf(running.output());
        }
        if (times.length !== expected)
          throw new Error(`the request log has ${times.length} trip creations, not ${expected}`);
        return times;
      },
    });
  } finally {
    await server?.stop();
    await overpass?.close();
    await geocoding?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
