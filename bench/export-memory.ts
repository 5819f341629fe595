import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createApp } from "../src/server/app.ts";
import { openPglite } from "../src/server/db/pglite.ts";
import { createDeps } from "../src/server/deps.ts";
import { completeEnv, parseEnv } from "../src/server/env.ts";
import { createLogger } from "../src/server/lib/logger.ts";

/**
 * Heap growth while one account with many trips downloads its export, against the export's size.
 * A loose check, not a timing: the export streams a page at a time, so the peak should stay a small
 * fraction of the file (were every trip loaded first, the heap would grow by a multiple of it).
 *
 *   node --expose-gc --import tsx bench/export-memory.ts [--trips 5000] [--days 7]
 *
 * In-process, on an in-memory PGlite, loopback only; the reader discards what it receives.
 */
const { values } = parseArgs({
  options: { trips: { type: "string", default: "5000" }, days: { type: "string", default: "7" } },
});
const tripCount = Number(values.trips);
const days = Number(values.days);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.warn("run with --expose-gc for steadier figures");

const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-export-bench-"));
const origin = "http://localhost:3000";
const env = completeEnv(
  parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, APP_ORIGIN: origin }),
);
const database = await openPglite();
await database.migrate();
const app = createApp(createDeps(env, database, createLogger("silent")));

const signUp = await app.request("/api/auth/sign-up/email", {
  method: "POST",
  headers: { Origin: origin, "Content-Type": "application/json" },
  body: JSON.stringify({ email: "bench@example.com", password: "bench password 1", name: "B" }),
});
const cookie = signUp.headers.getSetCookie()[0]?.split(";")[0] ?? "";
const { user } = (await signUp.json()) as { user: { id: string } };

// `days` days of three activities each, built by the database so seeding stays quick.
await database.db.execute(sql`
  insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style, itinerary, created_at, stops)
  select ${user.id}, 'Town ' || g, 'Town ' || g, '2027-01-01', ('2027-01-01'::date + ${days - 1}::int), 1000, 'comfort',
    jsonb_build_object('days', (
      select jsonb_agg(jsonb_build_object('date', ('2027-01-01'::date + d)::text, 'activities', (
        select jsonb_agg(jsonb_build_object('id', gen_random_uuid(), 'time', '09:00',
          'activity', 'Museum visit ' || a, 'location', 'Old Town, Town ' || g,
          'description', repeat('A walk through the old quarter. ', 4), 'cost', 25,
          'lat', null, 'lng', null, 'why', null, 'osmId', null, 'openingHours', null))
        from generate_series(1, 3) a)))
      from generate_series(0, ${days - 1}::int) d)),
    now() - g * interval '1 second',
    jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'destination', 'Town ' || g, 'startDate', '2027-01-01', 'endDate', ('2027-01-01'::date + ${days - 1}::int)::text, 'place', null))
  from generate_series(1, ${tripCount}::int) g`);

const heap = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const baseline = heap();
let peak = baseline;
let bytes = 0;
let chunks = 0;
const started = performance.now();
const response = await app.request("/api/account/export", { headers: { cookie } });
if (response.status !== 200) throw new Error(`export answered ${response.status}`);
const reader = response.body!.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  chunks++;
  // Live memory (after a collection) while the download is under way.
  if (chunks % 5 === 0) peak = Math.max(peak, heap());
}
const seconds = (performance.now() - started) / 1000;
const growth = peak - baseline;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const ratio = growth / bytes;
console.log(
  `export of ${tripCount} trips × ${days} days: ${mb(bytes)} in ${chunks} chunks, ${seconds.toFixed(1)} s`,
);
console.log(
  `heap: baseline ${mb(baseline)}, peak growth ${mb(growth)} (${(ratio * 100).toFixed(0)}% of the file)`,
);

// The same trips loaded and serialised at once, as a non-streaming export would: the contrast.
const all = await database.db.execute(sql`select * from trips where user_id = ${user.id}`);
const whole = JSON.stringify(all.rows);
const naive = heap() - baseline;
console.log(
  `for contrast, all trips in memory at once: ${mb(naive)} (${whole.length > 0 ? ((naive / bytes) * 100).toFixed(0) : 0}% of the file)`,
);
const pass = ratio < 0.5;
console.log(`[${pass ? "PASS" : "FAIL"}] peak heap growth below 50% of the export's size`);

await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(pass ? 0 : 1);
