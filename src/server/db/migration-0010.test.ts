import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { insertTripBeforeCardPoints } from "#tests/support/factories.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

describe("migration 0010_trip_members on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let ids: string[];
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select id::text, user_id, name, destination, start_date::text, end_date::text,
          budget::text, travel_style, interests, itinerary, status, is_public, share_token,
          version, place, grounding, created_at::text, search_text
        from trips order by id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0010_trip_members", "Before 0010"));
    ids = [];
    // 0010 leaves the trips table as 0009 made it, so today's factory writes what that release did.
    for (const destination of ["Porto", "Braga"])
      ids.push(
        (
          await insertTripBeforeCardPoints(database.db, owner.userId, {
            destination,
            isPublic: true,
          })
        ).id,
      );
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip whole, and starts with no companions and no invitations", async () => {
    expect(before).toHaveLength(2);
    expect(await snapshot()).toEqual(before);
    const counts = await database.db.execute<{ members: number; invites: number }>(
      sql`select (select count(*) from trip_members)::int as members,
        (select count(*) from trip_invites)::int as invites`,
    );
    expect(counts.rows[0]).toEqual({ members: 0, invites: 0 });
  });

  it("serves the old trips to their owner as owner, and lists them with the owner's name", async () => {
    for (const id of ids) {
      const res = await owner.client.get(`/api/trips/${id}`);
      const { trip } = (await res.json()) as { trip: { role: string; owner: { name: string } } };
      expect(trip.role).toBe("owner");
      expect(trip.owner).toEqual({ name: "Before 0010" });
    }
    const page = (await (await owner.client.get("/api/trips")).json()) as {
      trips: { id: string; role: string }[];
    };
    expect(page.trips.map((c) => c.id).sort()).toEqual([...ids].sort());
    const members = await owner.client.get(`/api/trips/${ids[0]}/members`);
    expect(((await members.json()) as { members: unknown[] }).members).toHaveLength(1);
  });
});
