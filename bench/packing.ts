import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startOpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { signUp } from "./lib/session.ts";
import { median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

const ITEMS = 500;
const WARM_UP = 20;
const TARGET_MEDIAN_MS = 50;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** The `ms` of every 200 GET of this trip's packing lists in the server's request log. */
function serverTimesOf(output: string, tripId: string): number[] {
  const times: number[] = [];
  for (const line of output.split("\n")) {
    if (!line.includes('"method":"GET"') || !line.includes(`${tripId}/packing"`)) continue;
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
 * Issue 49's packing figure: a trip with 500 packing items (half of them ticked) lists them through
 * GET /api/trips/:id/packing in under 50 ms, warm, on PostgreSQL: the production server process on
 * loopback, its own time from its request log, one request at a time.
 */
export async function benchPacking(port: number, summary: Summary, count: number) {
  const geocoder = await startOpenMeteoFake();
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-packing-"));
  const privateDb = await createPrivateDatabase();
  const origin = `http://127.0.0.1:${port}`;
  let server: RunningServer | undefined;
  try {
    server = await startServer(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_ORIGIN: origin,
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        OVERPASS_URL: "off",
        FX_URL: "off",
        OPEN_METEO_GEOCODING_URL: geocoder.url,
        LOG_LEVEL: "info",
        DATABASE_URL: privateDb.url,
      },
      { captureOutput: true, timeoutMs: 120_000, via: "npm-start" },
    );
    const user = await signUp(server.url, origin, `packing-${Date.now()}@bench.local`);
    const headers = { cookie: user.cookie, origin, "content-type": "application/json" };
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${server!.url}${url}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${url} ${response.status}: ${text}`);
      return JSON.parse(text) as unknown;
    };
    const { trip } = (await call("POST", "/api/trips", {
      destination: "Lisbon, Portugal",
      startDate: "2027-05-01",
      endDate: "2027-05-05",
      budget: 2000,
      interests: ["History"],
    })) as { trip: { id: string } };
    const packingUrl = `/api/trips/${trip.id}/packing`;
    const { lists } = (await call("GET", packingUrl)) as {
      lists: { id: string; kind: string }[];
    };
    for (let i = 0; i < ITEMS; i++) {
      const list = lists[i % lists.length]!;
      const { item } = (await call("POST", `${packingUrl}/lists/${list.id}/items`, {
        name: `Item ${i + 1}`,
        category: ["Clothing", "Toiletries", "Electronics", "Documents", "Gear"][i % 5],
        quantity: 1 + (i % 3),
      })) as { item: { id: string } };
      if (i % 2 === 0) await call("POST", `${packingUrl}/items/${item.id}/tick`, { packed: true });
    }
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + count; i++) {
      const started = performance.now();
      const body = (await call("GET", packingUrl)) as { lists: { items: unknown[] }[] };
      const ms = performance.now() - started;
      const held = body.lists.reduce((n, l) => n + l.items.length, 0);
      if (held !== ITEMS) throw new Error(`${held} items listed, not ${ITEMS}`);
      if (i >= WARM_UP) times.push(ms);
    }
    const serverTimes = serverTimesOf(server.output(), trip.id).slice(-count);
    const med = median(serverTimes);
    summary.add({
      part: "packing",
      name: `GET /api/trips/:id/packing server time, ${ITEMS} items (${serverTimes.length} requests, PostgreSQL, warm)`,
      measured: `median ${med.toFixed(0)} ms, p99 ${percentile(serverTimes, 99).toFixed(0)} ms (round trip median ${median(times).toFixed(1)} ms)`,
      target: `< ${TARGET_MEDIAN_MS} ms (target on the median)`,
      pass: med < TARGET_MEDIAN_MS,
    });
  } finally {
    await server?.stop();
    await geocoder.close();
    await privateDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
