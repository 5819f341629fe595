import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "#server/db/client.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { serverSettings, signInOver, signUpOver } from "./support.ts";
import path from "node:path";

const PORT = { pglite: 4850, postgres: 4851 };
const WORKERS = 6;
const KILL_AFTER_ACKS = 12;
const MAX_ATTEMPTS = 400;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Writes as fast as WORKERS clients can until KILL_AFTER_ACKS are acknowledged, then kill -9 while
 * the rest are in flight. Only a 200 counts as acknowledged; failures after the kill are expected.
 */
async function burstThenKill(server: RunningServer, origin: string) {
  const acknowledged: { email: string; userId: string }[] = [];
  let attempts = 0;
  let killed: Promise<void> | undefined;
  const worker = async (w: number) => {
    while (!killed && attempts < MAX_ATTEMPTS) {
      const email = `burst-${w}-${attempts++}-${Date.now()}@fault.local`;
      try {
        const user = await signUpOver(server.url, origin, email);
        acknowledged.push({ email, userId: user.userId });
        if (acknowledged.length >= KILL_AFTER_ACKS) killed ??= server.kill9();
      } catch {
        // refused or cut by the kill: not acknowledged, so nothing is promised
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  await killed;
  return { acknowledged, attempts };
}

describe.each(["pglite", "postgres"] as const)("kill -9 during a burst of writes on %s", (kind) => {
  it("keeps every acknowledged write and reopens the database cleanly", async () => {
    const privateDb =
      kind === "postgres" ? await createPrivateDatabase("boundless_fault") : undefined;
    if (privateDb) cleanups.push(privateDb.drop);
    const { settings, dataDir, cleanup } = serverSettings(PORT[kind], {
      databaseUrl: privateDb?.url,
    });
    cleanups.push(cleanup);
    const origin = settings.APP_ORIGIN;

    const first = await startServer(settings);
    const { acknowledged, attempts } = await burstThenKill(first, origin);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(attempts).toBeLessThan(MAX_ATTEMPTS); // the kill really landed mid-burst

    // The database opens cleanly (PGlite replays its WAL; the server migrates and answers health).
    const second = await startServer(settings, { timeoutMs: 30_000 });
    cleanups.push(second.stop);

    // Acknowledged accounts are usable (a sample: each sign-in costs a password hash).
    for (const { email } of [acknowledged[0]!, acknowledged.at(-1)!]) {
      const response = await signInOver(second.url, origin, email);
      expect(response.status, email).toBe(200);
    }
    await second.stop();

    // Directly in the database: the rows are whole, and nothing acknowledged is missing.
    const database: Database = privateDb
      ? openPostgres(privateDb.url, { max: 1 })
      : await openPglite({ dataDir: path.join(dataDir, "db") });
    try {
      const { rows } = await database.db.execute<{ id: string; email: string }>(
        sql`select id, email from "user"`,
      );
      const stored = new Map(rows.map((r) => [r.id, r.email]));
      for (const { email, userId } of acknowledged) expect(stored.get(userId)).toBe(email);
      const { rows: check } = await database.db.execute<{ ok: number }>(sql`select 1 as ok`);
      expect(check[0]?.ok).toBe(1);
    } finally {
      await database.close();
    }
  });
});
