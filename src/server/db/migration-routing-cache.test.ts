import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { migrationsFolder } from "#server/db/database.ts";
import { createLogger } from "#server/lib/logger.ts";
import { createRouting } from "#server/routing/create-routing.ts";
import { buildItinerary } from "#tests/support/factories.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseAt, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { startOsrmFake, type OsrmFake } from "#tests/fakes/osrm-fake.ts";

/** This migration's tag and the one before it, read from the journal (the lead may renumber). */
const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
) as { entries: { tag: string }[] };
const index = journal.entries.findIndex((e) => e.tag.endsWith("_routing_cache"));
const THIS = journal.entries[index]!.tag;
const BEFORE = journal.entries[index - 1]!.tag;

describe(`migration ${THIS} on a database written before it`, () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let osrm: OsrmFake;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`select t.id::text, t.name, t.version, t.itinerary, t.stops from trips t order by t.id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseAt(BEFORE, "Before routing"));
    osrm = await startOsrmFake();
    await database.db.execute(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version, stops)
      values (${owner.userId}, 'Old Paris', 'Paris', '2027-05-01', '2027-05-02', 900, 'comfort',
        array['Food'], ${JSON.stringify(buildItinerary("2027-05-01", 2))}::jsonb, 'generated', 2,
        ${JSON.stringify([{ id: "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e03", destination: "Paris", startDate: "2027-05-01", endDate: "2027-05-02", place: null }])}::jsonb)`);
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(async () => {
    await osrm.close();
    await closeAll(t, database);
  });

  it("keeps every trip whole and starts with an empty cache and pace", async () => {
    expect(await snapshot()).toEqual(before);
    const [counts] = await rowsOf(
      database,
      sql`select (select count(*)::int from routing_cache) as cache,
        (select count(*)::int from routing_pace) as pace`,
    );
    expect(counts).toEqual({ cache: 0, pace: 0 });
    const listed = await owner.client.get("/api/trips");
    expect(listed.status).toBe(200);
  });

  it("the routers' cache and pace work on the migrated database", async () => {
    const routing = createRouting({
      db: database.db,
      logger: createLogger("silent"),
      routingUrl: osrm.url,
      transitUrl: "off",
      timeoutMs: 2000,
      pace: "public",
      appOrigin: "http://localhost:3000",
      contactEmail: "hello@boundless.travel",
    });
    const points = [
      { lat: 48.8606, lng: 2.3376 },
      { lat: 48.853, lng: 2.3499 },
    ];
    expect((await routing.table("foot", points))?.cells[0]?.[1]).not.toBeNull();
    expect(await routing.table("foot", points)).not.toBeNull();
    expect(osrm.requests).toHaveLength(1);
    const [pace] = await rowsOf(database, sql`select service from routing_pace`);
    expect(pace).toEqual({ service: "osrm-table" });
  });
});
