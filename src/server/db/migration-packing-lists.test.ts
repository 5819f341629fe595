import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, type Database } from "#server/db/database.ts";
import { packingResponseSchema } from "#shared/schemas/packing.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseAt, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";

// The packing migration by its tag through the journal (the lead may renumber it on merge): the
// database starts at the migration just before it.
const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
) as { entries: { tag: string }[] };
const at = journal.entries.findIndex((e) => e.tag.endsWith("_packing_lists"));
const previousTag = journal.entries[at - 1]!.tag;

describe("the packing lists migration on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let tripId: string;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select t.id::text, t.name, t.version, t.itinerary, t.created_at::text,
          (select count(*)::int from trip_versions v where v.trip_id = t.id) as versions
        from trips t order by t.id`,
    );

  beforeAll(async () => {
    expect(at).toBeGreaterThan(0);
    ({ database, t, owner } = await openReleaseAt(previousTag, "Before packing"));
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version, stops)
      values (${owner.userId}, 'Old Lyon', 'Lyon', '2027-05-01', '2027-05-02', 900, 'comfort',
        array['Food'], ${JSON.stringify(buildItinerary("2027-05-01", 2))}::jsonb, 'generated', 3,
        ${JSON.stringify([{ id: "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e03", destination: "Lyon", startDate: "2027-05-01", endDate: "2027-05-02", place: null }])}::jsonb)
      returning id::text`);
    tripId = rows[0]!.id;
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip whole; an older trip gets its lists on first read and takes items", async () => {
    expect(await snapshot()).toEqual(before);
    const res = await owner.client.get(`/api/trips/${tripId}/packing`);
    expect(res.status).toBe(200);
    const { lists } = packingResponseSchema.parse(await res.json());
    expect(lists.map((l) => [l.kind, l.ownerId, l.items])).toEqual([
      ["shared", null, []],
      ["personal", owner.userId, []],
    ]);
    const added = await owner.client.post(
      `/api/trips/${tripId}/packing/lists/${lists[0]!.id}/items`,
      { name: "Umbrella" },
    );
    expect(added.status).toBe(201);
  });

  it("a trip's lists and items go with it when it is removed for good", async () => {
    await database.db.execute(sql`delete from trips where id = ${tripId}`);
    const [count] = await rowsOf(
      database,
      sql`select (select count(*)::int from packing_lists) as lists,
        (select count(*)::int from packing_items) as items`,
    );
    expect(count).toEqual({ lists: 0, items: 0 });
  });
});
