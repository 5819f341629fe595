import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { insertTripBeforeShareTokens } from "#tests/support/factories.ts";
import { createClient, type TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

describe("migration 0008_share_token on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let publicId: string;
  let privateId: string;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select id::text, user_id, destination, start_date::text, end_date::text, budget::text,
          travel_style, interests, itinerary, status, is_public, version, place, grounding,
          created_at::text, search_text
        from trips order by id`,
    );
  const tokens = async () =>
    (
      await database.db.execute<{ id: string; share_token: string | null }>(
        sql`select id::text, share_token from trips order by id`,
      )
    ).rows;

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0008_share_token", "Before 0008"));
    publicId = (
      await insertTripBeforeShareTokens(database.db, owner.userId, {
        destination: "Porto",
        isPublic: true,
      })
    ).id;
    privateId = (
      await insertTripBeforeShareTokens(database.db, owner.userId, { destination: "Braga" })
    ).id;
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every row whole; a public trip's token is its old link, a private trip has none", async () => {
    expect(await snapshot()).toEqual(before);
    expect(await tokens()).toEqual(
      [
        { id: publicId, share_token: publicId },
        { id: privateId, share_token: null },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("serves a trip shared before it at its old link until it is unshared, then never again", async () => {
    const visitor = createClient(t);
    const shared = await visitor.get(`/api/shared/${publicId}`);
    expect(shared.status).toBe(200);
    expect(((await shared.json()) as { trip: { destination: string } }).trip.destination).toBe(
      "Porto",
    );
    expect((await visitor.get(`/api/shared/${publicId}/calendar.ics`)).status).toBe(200);
    expect((await visitor.get(`/api/shared/${privateId}`)).status).toBe(404);

    const own = await owner.client.get(`/api/trips/${publicId}`);
    const trip = tripSchema.parse(((await own.json()) as { trip: unknown }).trip);
    expect(trip.sharePath).toBe(`/shared/${publicId}`);

    expect((await owner.client.delete(`/api/trips/${publicId}/share`)).status).toBe(200);
    expect((await visitor.get(`/api/shared/${publicId}`)).status).toBe(404);
    const again = await owner.client.post(`/api/trips/${publicId}/share`);
    const { trip: reshared } = (await again.json()) as { trip: { sharePath: string } };
    expect(reshared.sharePath).toMatch(/^\/shared\/[A-Za-z0-9_-]{22,}$/);
    expect(reshared.sharePath).not.toContain(publicId);
    expect((await visitor.get(`/api/shared/${publicId}`)).status).toBe(404);
    expect((await visitor.get(`/api${reshared.sharePath}`)).status).toBe(200);
  });
});
