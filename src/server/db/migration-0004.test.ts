import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { insertTripBeforeShareTokens } from "#tests/support/factories.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

describe("migration 0004_pending_file_deletions on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string; email: string; password: string };
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select 'user' as t, count(*)::int as n from "user" union all
        select 'session', count(*)::int from session union all
        select 'account', count(*)::int from account union all
        select 'profiles', count(*)::int from profiles union all
        select 'trips', count(*)::int from trips union all
        select 'rate_limits', count(*)::int from rate_limits
        order by 1`,
    );

  beforeAll(async () => {
    // The previous release's app writes accounts, profiles and trips on this schema.
    ({ database, t, owner } = await openReleaseBefore(
      "0004_pending_file_deletions",
      "Before 0004",
    ));
    // The profile row as that release stored it (today's profile route writes columns added later).
    await database.db.execute(
      sql`insert into profiles (id, full_name, bio) values (${owner.userId}, 'Kept', 'Old')`,
    );
    await insertTripBeforeShareTokens(database.db, owner.userId, {
      destination: "Old Town",
      isPublic: true,
    });
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every row as it was and adds an empty table", async () => {
    expect(await snapshot()).toEqual(before);
    const pending = await database.db.execute(sql`select * from pending_file_deletions`);
    expect(pending.rows).toEqual([]);
    const profile = await owner.client.get("/api/profile");
    expect(((await profile.json()) as { profile: { bio: string } }).profile.bio).toBe("Old");
    const list = await owner.client.get("/api/trips");
    expect(((await list.json()) as { trips: { destination: string }[] }).trips).toEqual([
      expect.objectContaining({ destination: "Old Town" }),
    ]);
  });

  it("lets an account written before it be deleted, rows and all", async () => {
    const res = await owner.client.request("DELETE", "/api/account", {
      json: { password: owner.password },
    });
    expect(res.status).toBe(204);
    const left = await database.db.execute(
      sql`select count(*)::int as n from trips where user_id = ${owner.userId}`,
    );
    expect(left.rows).toEqual([{ n: 0 }]);
  });
});
