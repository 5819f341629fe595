import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, type Database } from "#server/db/database.ts";
import { ideasResponseSchema, ideaResponseSchema } from "#shared/schemas/ideas.ts";
import { pollsResponseSchema } from "#shared/schemas/polls.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseAt, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";

// The migration that adds ideas and polls (issue 49), found by its name in the journal: its number
// may change when branches are merged. It starts from the release just before it.
const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
) as { entries: { tag: string }[] };
const at = journal.entries.findIndex((e) => e.tag.endsWith("_ideas_polls"));
const TAG = journal.entries[at]?.tag ?? "";
const BEFORE = journal.entries[at - 1]?.tag ?? "";

describe(`migration ${TAG} on a database written before it`, () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let tripId: string;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select t.id::text, t.name, t.version, t.itinerary, t.stops, t.created_at::text,
          (select count(*)::int from trip_versions v where v.trip_id = t.id) as versions
        from trips t order by t.id`,
    );

  beforeAll(async () => {
    expect(at).toBeGreaterThan(0);
    ({ database, t, owner } = await openReleaseAt(BEFORE, "Before ideas"));
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version, stops)
      values (${owner.userId}, 'Old Paris', 'Paris', '2027-05-01', '2027-05-02', 900, 'comfort',
        array['Food'], ${JSON.stringify(buildItinerary("2027-05-01", 2))}::jsonb, 'generated', 3,
        ${JSON.stringify([{ id: "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e03", destination: "Paris", startDate: "2027-05-01", endDate: "2027-05-02", place: null }])}::jsonb)
      returning id::text`);
    tripId = rows[0]!.id;
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip whole; an older trip has no ideas or polls and takes new ones", async () => {
    expect(await snapshot()).toEqual(before);
    const listed = await owner.client.get(`/api/trips/${tripId}/ideas`);
    expect(ideasResponseSchema.parse(await listed.json()).ideas).toEqual([]);
    const polls = await owner.client.get(`/api/trips/${tripId}/polls`);
    expect(pollsResponseSchema.parse(await polls.json()).polls).toEqual([]);
    const added = await owner.client.post(`/api/trips/${tripId}/ideas`, { title: "Louvre" });
    expect(added.status).toBe(201);
    const { idea } = ideaResponseSchema.parse(await added.json());
    expect(
      (await owner.client.post(`/api/trips/${tripId}/ideas/${idea.id}/vote`, { vote: "up" }))
        .status,
    ).toBe(200);
  });

  it("ideas, votes and polls go with their trip when it is removed for good", async () => {
    await database.db.execute(sql`
      insert into trip_polls (trip_id, question, options) values (${tripId}, 'When?', '[]'::jsonb)`);
    await database.db.execute(sql`delete from trips where id = ${tripId}`);
    const [count] = await rowsOf(
      database,
      sql`select (select count(*)::int from trip_ideas) + (select count(*)::int from trip_idea_votes)
        + (select count(*)::int from trip_polls) as n`,
    );
    expect(count).toEqual({ n: 0 });
  });
});
