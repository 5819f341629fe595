import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { migrationsFolder, type Database } from "#server/db/database.ts";
import { openPglite } from "#server/db/pglite.ts";
import { openPostgres } from "#server/db/postgres.ts";
import { buildItinerary } from "./factories.ts";
import { signUpUser } from "./http.ts";
import { createTestApp } from "./test-app.ts";

type Journal = { entries: { tag: string }[] };

/**
 * An empty database (no migrations applied) of the kind this run tests: a fresh in-memory PGlite, or
 * a new PostgreSQL database named after the run's template so the run's clean-up drops it too.
 */
export async function createEmptyDatabase(): Promise<Database> {
  const template = inject("postgresTemplate");
  if (!template) return openPglite();
  const name = `${template.name}_f${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 2 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: template.url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await drop.end();
    },
  };
}

const readJournal = (): Journal =>
  JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as Journal;

/**
 * The tag of the migration whose name ends with `suffix` ("_ideas_polls"), found in the journal: its
 * number may change when branches are merged.
 */
export function migrationTag(suffix: string): string {
  const entry = readJournal().entries.find((e) => e.tag.endsWith(suffix));
  if (!entry) throw new Error(`no migration named *${suffix}`);
  return entry.tag;
}

/**
 * The tag of the migration just before `tag` in the journal: the last one the release before it
 * had. A migration test names its own migration only, so a renumbering on merge moves both at once.
 */
export function tagBefore(tag: string): string {
  const { entries } = readJournal();
  const index = entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no migration tagged ${tag}`);
  const previous = entries[index - 1];
  if (!previous) throw new Error(`${tag} is the first migration: no release came before it`);
  return previous.tag;
}

/**
 * Applies the migrations up to and including `tag` (e.g. "0002_trip_search"), as an older release
 * would have: a copy of the migrations folder whose journal ends at that tag.
 */
export async function migrateTo(database: Database, tag: string): Promise<void> {
  const journal = readJournal();
  const end = journal.entries.findIndex((e) => e.tag === tag);
  if (end < 0) throw new Error(`no migration tagged ${tag}`);
  const folder = mkdtempSync(path.join(tmpdir(), "boundless-migrations-"));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    writeFileSync(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }),
    );
    if (database.pglite)
      await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: folder });
    else await migratePg(database.db, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * What a migration test starts from: a database migrated up to `tag`, the app on it to write rows
 * as the release before would, and an owner signed up as `ownerName`. `settings` add to the app's
 * (sign-ups are not rate-limited: several per file).
 */
export async function openReleaseAt(
  tag: string,
  ownerName: string,
  settings: Parameters<typeof createTestApp>[0] = {},
) {
  const database = await createEmptyDatabase();
  await migrateTo(database, tag);
  // The app of today on yesterday's schema: without the MCP endpoint, whose OAuth provider reads
  // its tables (migration 0016) as auth starts; the rows a test writes are a traveller's, not an
  // assistant's.
  const t = await createTestApp(
    { AUTH_RATE_LIMIT: "1000", MCP: "off", ...settings },
    {},
    { database },
  );
  const owner = await signUpUser(t, { name: ownerName });
  return { database, t, owner };
}

/**
 * The one scaffold of a migration test: the release before the migration tagged `tag` (its database
 * and app, an owner signed up as `ownerName`), to write rows as that release did; the test then
 * calls `database.migrate()` and checks what it finds.
 */
export const openReleaseBefore = (
  tag: string,
  ownerName: string,
  settings: Parameters<typeof createTestApp>[0] = {},
) => openReleaseAt(tagBefore(tag), ownerName, settings);

/**
 * The database alone of the release before `tag`, for a migration without which today's app cannot
 * start (the rows are written in SQL, as that release wrote them).
 */
export async function openDatabaseBefore(tag: string): Promise<Database> {
  const database = await createEmptyDatabase();
  try {
    await migrateTo(database, tagBefore(tag));
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The rows a query reads, as plain records: what a migration must leave as it found them. */
export const rowsOf = async (database: Database, query: SQL) =>
  (await database.db.execute<Record<string, unknown>>(query)).rows;

/** Closes each in turn (the app before its database): a migration test's afterAll. */
export async function closeAll(...opened: { close: () => Promise<void> }[]) {
  for (const each of opened) await each.close();
}

/**
 * A trip as the releases before wrote it, in SQL (a 2-day trip from 1 May 2027, one stop, no
 * place): its id. What a migration test checks the migration leaves as it found it.
 */
export async function insertOldTrip(
  database: Database,
  userId: string,
  { name = "Old Paris", destination = "Paris", version = 3 } = {},
): Promise<string> {
  const stops = [
    {
      id: "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e03",
      destination,
      startDate: "2027-05-01",
      endDate: "2027-05-02",
      place: null,
    },
  ];
  const { rows } = await database.db.execute<{ id: string }>(sql`
    insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
      interests, itinerary, status, version, stops)
    values (${userId}, ${name}, ${destination}, '2027-05-01', '2027-05-02', 900, 'comfort',
      array['Food'], ${JSON.stringify(buildItinerary("2027-05-01", 2))}::jsonb, 'generated',
      ${version}, ${JSON.stringify(stops)}::jsonb)
    returning id::text`);
  return rows[0]!.id;
}

/** Every trip as stored, with its count of versions: compared before and after a migration. */
export const storedTrips = (database: Database) =>
  rowsOf(
    database,
    sql`
      select t.id::text, t.name, t.version, t.itinerary, t.stops, t.created_at::text,
        (select count(*)::int from trip_versions v where v.trip_id = t.id) as versions
      from trips t order by t.id`,
  );

/**
 * The opening most migration tests share: the release before `tag`, one old trip written by it
 * (`trip` as insertOldTrip takes it), the stored trips as they were, then the migration run. What
 * the test checks comes after: `before` is what the migration must leave as it found it.
 */
export async function migrateOldTrip(
  tag: string,
  ownerName: string,
  trip: Parameters<typeof insertOldTrip>[2] = {},
) {
  const opened = await openReleaseBefore(tag, ownerName);
  const tripId = await insertOldTrip(opened.database, opened.owner.userId, trip);
  const before = await storedTrips(opened.database);
  await opened.database.migrate();
  return { ...opened, tripId, before };
}
