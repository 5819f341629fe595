import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/database.ts";
import { openPglite } from "#server/db/pglite.ts";
import { openPostgres } from "#server/db/postgres.ts";
import { buildItinerary } from "#tests/support/factories.ts";

/** Opens the app's database the way the server does (PGlite in DATA_DIR/db, or a PostgreSQL URL). */
export async function openForSeeding(target: { dataDir?: string; databaseUrl?: string }) {
  const database: Database = target.databaseUrl
    ? openPostgres(target.databaseUrl, { max: 2 })
    : await openPglite({ dataDir: path.join(target.dataDir!, "db") });
  await database.migrate();
  return database;
}

/**
 * Inserts `count` trips for a user in one statement (generate_series), newest first by created_at,
 * each with a realistic 5-day itinerary, like the ones the model returns.
 */
export async function seedTrips(database: Database, userId: string, count: number) {
  const itinerary = JSON.stringify(buildItinerary("2027-03-01", 5));
  const destinations = ["Lisbon, Portugal", "Kyoto, Japan", "Oaxaca, Mexico", "Tbilisi, Georgia"];
  await database.db.execute(sql`
    insert into trips (user_id, destination, name, start_date, end_date, budget, travel_style,
                       interests, itinerary, status, is_public, created_at, stops)
    select ${userId}::text,
           (string_to_array(${destinations.join("|")}::text, '|'))[1 + g % 4] || ' #' || g,
           -- A trip's name starts as its destination (migration 0009).
           (string_to_array(${destinations.join("|")}::text, '|'))[1 + g % 4] || ' #' || g,
           date '2027-03-01' + (g % 300),
           date '2027-03-05' + (g % 300),
           500 + (g % 40) * 100,
           (array['budget','comfort','luxury'])[1 + g % 3],
           array['Food & Dining','History'],
           ${itinerary}::jsonb,
           'generated',
           g % 10 = 0,
           now() - make_interval(mins => g),
           jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'destination', (string_to_array(${destinations.join("|")}::text, '|'))[1 + g % 4] || ' #' || g, 'startDate', (date '2027-03-01' + (g % 300))::text, 'endDate', (date '2027-03-05' + (g % 300))::text, 'place', null))
    from generate_series(1, ${count}::int) as g`);
  // VACUUM as well as ANALYZE: a bulk insert this size wakes autovacuum about a minute later, in the
  // middle of the load runs, and both servers' p99 then measure the vacuum rather than the request.
  await database.db.execute(sql`vacuum analyze trips`);
}

/** The id of one of the user's seeded trips (the newest), for GET /api/trips/:id. */
export async function firstTripId(database: Database, userId: string): Promise<string> {
  const result = await database.db.execute<{ id: string }>(
    sql`select id from trips where user_id = ${userId} order by created_at desc limit 1`,
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error("no seeded trip to read");
  return id;
}
