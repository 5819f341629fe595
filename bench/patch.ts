import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Trip } from "#shared/schemas/trip.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startOpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { signUp } from "./lib/session.ts";
import { median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

const DAYS = 14;
const ACTIVITIES_PER_DAY = 5;
const WARM_UP = 30;
const TARGET_MEDIAN_MS = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** The `ms` of every PATCH of this trip in the server's request log (pino JSON lines, whole ms). */
function serverTimesOf(output: string, tripId: string): number[] {
  const times: number[] = [];
  for (const line of output.split("\n")) {
    if (!line.includes('"method":"PATCH"') || !line.includes(tripId)) continue;
    try {
      const entry = JSON.parse(line) as { ms?: unknown; status?: unknown };
      if (typeof entry.ms === "number" && entry.status === 200) times.push(entry.ms);
    } catch {
      // not a log line
    }
  }
  return times;
}

/**
 * PATCH /api/trips/:id on a 14-day trip of 5 activities a day, as the editor sends it (the whole
 * itinerary, one activity changed), one request at a time against the production server process on
 * loopback. The server's own time comes from its request log (whole milliseconds); the client's
 * round trip is printed beside it.
 */
export async function benchPatch(
  kind: "pglite" | "postgres",
  port: number,
  summary: Summary,
  count: number,
) {
  const geocoder = await startOpenMeteoFake();
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-patch-"));
  const privateDb = kind === "postgres" ? await createPrivateDatabase() : undefined;
  const origin = `http://127.0.0.1:${port}`;
  let server: RunningServer | undefined;
  try {
    server = await startServer(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_ORIGIN: origin,
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        GENERATION_RATE_LIMIT: "1000",
        // The trip to edit comes from the catalogue: no Overpass traffic (the "places" part has it).
        OVERPASS_URL: "off",
        // No public router is asked from here (issue 46).
        ROUTING_URL: "off",
        TRANSIT_URL: "off",
        // No outside requests in a benchmark: costs in USD, no exchange rates.
        FX_URL: "off",
        // Destination lookups stay on loopback (the fake does not know Lisbon: unplaced, as before).
        OPEN_METEO_GEOCODING_URL: geocoder.url,
        // The request log line carries the server's own time for each request.
        LOG_LEVEL: "info",
        ...(privateDb ? { DATABASE_URL: privateDb.url } : {}),
      },
      { captureOutput: true, timeoutMs: 120_000, via: "npm-start" },
    );
    const user = await signUp(server.url, origin, `patch-${Date.now()}@bench.local`);
    const headers = { cookie: user.cookie, origin, "content-type": "application/json" };
    const created = await fetch(`${server.url}/api/trips`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        destination: "Lisbon, Portugal",
        startDate: "2027-05-01",
        endDate: `2027-05-${String(DAYS).padStart(2, "0")}`,
        budget: 5000,
        interests: ["Culture & Arts", "Food & Dining", "History"],
      }),
    });
    if (created.status !== 201)
      throw new Error(`create ${created.status}: ${await created.text()}`);
    let trip = ((await created.json()) as { trip: Trip }).trip;

    const send = async (body: unknown) => {
      const started = performance.now();
      const response = await fetch(`${server!.url}/api/trips/${trip.id}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200)
        throw new Error(`PATCH ${response.status}: ${text.slice(0, 200)}`);
      trip = (JSON.parse(text) as { trip: Trip }).trip;
      return ms;
    };
    // Fill every day to five activities, as a planned trip looks after some editing.
    const filled = trip.itinerary.days.map((day) => ({
      date: day.date,
      activities: [
        ...day.activities,
        ...Array.from({ length: ACTIVITIES_PER_DAY - day.activities.length }, (_, i) => ({
          time: `2${i}:00`,
          activity: `Evening extra ${i + 1}`,
          location: "Bairro Alto, Lisbon",
          description: "A late stroll and a drink where the locals go.",
          cost: 15,
        })),
      ],
    }));
    await send({ version: trip.version, itinerary: { days: filled } });

    const times: number[] = [];
    for (let i = 0; i < WARM_UP + count; i++) {
      const days = trip.itinerary.days.map((day, d) =>
        d === i % DAYS
          ? {
              ...day,
              activities: day.activities.map((a, j) =>
                j === 0 ? { ...a, description: `Edited ${i}: ${a.description.slice(0, 200)}` } : a,
              ),
            }
          : day,
      );
      const ms = await send({ version: trip.version, itinerary: { days } });
      if (i >= WARM_UP) times.push(ms);
    }
    const serverTimes = serverTimesOf(server.output(), trip.id).slice(-count);
    const med = median(serverTimes);
    const p99 = percentile(serverTimes, 99);
    summary.add({
      part: `PATCH ${kind}`,
      name: `PATCH /api/trips/:id server time, ${DAYS} days × ${ACTIVITIES_PER_DAY} (${serverTimes.length} requests)`,
      measured: `median ${med.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
      // On the median request of the run on purpose (its p99 is printed beside it).
      target: `< ${TARGET_MEDIAN_MS} ms median on PostgreSQL (target on the median)`,
      pass: kind === "postgres" ? med < TARGET_MEDIAN_MS : "info",
    });
    summary.add({
      part: `PATCH ${kind}`,
      name: "PATCH round trip on loopback (client side)",
      measured: `median ${median(times).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      target: "info",
      pass: "info",
    });
  } finally {
    await server?.stop();
    await geocoder.close();
    await privateDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
