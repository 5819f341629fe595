import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { openPglite } from "#server/db/pglite.ts";
import { openPostgres } from "#server/db/postgres.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { postJson, serverSettings, signInOver, signUpOver } from "./support.ts";
import path from "node:path";

const PORT = { pglite: 4850, postgres: 4851 };
const WORKERS = 6;
const KILL_AFTER_ACKS = 25;
const MAX_ATTEMPTS = 400;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Creates trips (POST /api/trips, offline planner) as fast as WORKERS clients can until
 * KILL_AFTER_ACKS are acknowledged, then kill -9 while the rest are in flight. Only a 201 with the
 * trip counts as acknowledged; failures after the kill are expected and promise nothing.
 */
async function burstThenKill(server: RunningServer, origin: string, cookie: string) {
  const acknowledged: { id: string; destination: string }[] = [];
  let attempts = 0;
  let killed: Promise<void> | undefined;
  const worker = async (w: number) => {
    while (!killed && attempts < MAX_ATTEMPTS) {
      const destination = `Burst City ${w}-${attempts++}`;
      try {
        const response = await postJson(
          `${server.url}/api/trips`,
          {
            destination,
            startDate: "2030-06-01",
            endDate: "2030-06-03",
            budget: 1200,
            travelStyle: "comfort",
            interests: ["History"],
          },
          { origin, cookie },
        );
        if (response.status !== 201) continue;
        const body = (await response.json()) as { trip: { id: string } };
        acknowledged.push({ id: body.trip.id, destination });
        if (acknowledged.length >= KILL_AFTER_ACKS) killed ??= server.kill9();
      } catch {
        // cut by the kill: not acknowledged
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  await killed;
  return { acknowledged, attempts };
}

describe.each(["pglite", "postgres"] as const)(
  "kill -9 during a burst of trip creations on %s",
  (kind) => {
    it("keeps every acknowledged write and reopens the database cleanly", async () => {
      const privateDb =
        kind === "postgres" ? await createPrivateDatabase("boundless_fault") : undefined;
      if (privateDb) cleanups.push(privateDb.drop);
      const { settings, dataDir, cleanup } = serverSettings(PORT[kind], {
        databaseUrl: privateDb?.url,
      });
      cleanups.push(cleanup);
      const origin = settings.APP_ORIGIN;

      const first = await startServer({
        ...settings,
        GENERATION_RATE_LIMIT: "100000",
        GENERATION_IP_RATE_LIMIT: "100000",
      });
      const user = await signUpOver(first.url, origin, `burst-${Date.now()}@fault.local`);
      const { acknowledged, attempts } = await burstThenKill(first, origin, user.cookie);
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(attempts).toBeLessThan(MAX_ATTEMPTS); // the kill really landed mid-burst

      // The database opens cleanly (PGlite replays its WAL; the server migrates and answers health).
      const second = await startServer(settings, { timeoutMs: 30_000 });
      cleanups.push(second.stop);

      // Every acknowledged trip is there, whole, for its owner; the owner can still sign in.
      expect((await signInOver(second.url, origin, user.email)).status).toBe(200);
      for (const { id, destination } of acknowledged) {
        const response = await fetch(`${second.url}/api/trips/${id}`, {
          headers: { cookie: user.cookie },
        });
        expect(response.status, id).toBe(200);
        const body = (await response.json()) as {
          trip: { destination: string; itinerary: { days: unknown[] } };
        };
        expect(body.trip.destination).toBe(destination);
        expect(body.trip.itinerary.days).toHaveLength(3);
      }
      await second.stop();

      // Directly in the database: the rows are whole, and nothing acknowledged is missing.
      const database: Database = privateDb
        ? openPostgres(privateDb.url, { max: 1 })
        : await openPglite({ dataDir: path.join(dataDir, "db") });
      try {
        const { rows } = await database.db.execute<{
          id: string;
          destination: string;
          days: number;
        }>(sql`select id, destination, jsonb_array_length(itinerary->'days') as days from trips`);
        const stored = new Map(rows.map((r) => [r.id, r]));
        for (const { id, destination } of acknowledged) {
          expect(stored.get(id)?.destination).toBe(destination);
          expect(Number(stored.get(id)?.days)).toBe(3);
        }
        // Nothing half-written: every row that exists is a whole trip.
        for (const row of rows) expect(Number(row.days)).toBe(3);
        const { rows: check } = await database.db.execute<{ ok: number }>(sql`select 1 as ok`);
        expect(check[0]?.ok).toBe(1);
      } finally {
        await database.close();
      }
    });
  },
);
