import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { ideasResponseSchema, ideaResponseSchema } from "#shared/schemas/ideas.ts";
import { pollsResponseSchema } from "#shared/schemas/polls.ts";
import type { TestClient } from "#tests/support/http.ts";
import {
  closeAll,
  migrateOldTrip,
  migrationTag,
  rowsOf,
  storedTrips,
} from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

// Found by its name: its number may change when branches are merged.
const TAG = migrationTag("_ideas_polls");

describe(`migration ${TAG} on a database written before it`, () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let tripId: string;
  let before: Record<string, unknown>[];
  const snapshot = () => storedTrips(database);

  beforeAll(async () => {
    ({ database, t, owner, tripId, before } = await migrateOldTrip(TAG, "Before ideas"));
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
