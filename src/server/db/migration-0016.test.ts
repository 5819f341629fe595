import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import { hashPassword } from "better-auth/crypto";
import { createClient } from "#tests/support/http.ts";
import { closeAll, openDatabaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";

describe("migration 0016_oauth_provider on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  const ownerId = "owner-before-0016";
  const email = "before-0016@example.com";
  const password = "correct horse battery";
  let id: string;
  let before: Record<string, unknown>[];
  // Everything a release before 0016 wrote about the trip and its history.
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select t.id::text, t.name, t.version, t.itinerary, t.stops, t.settlement_currency,
          t.created_at::text,
          (select json_agg(v order by v.version) from (select version, by_user_id, summary, snapshot,
            at::text from trip_versions where trip_id = t.id) v) as versions,
          (select json_agg(a) from (select u.name, u.email, a.password from "user" u
            join account a on a.user_id = u.id where u.id = t.user_id) a) as owner
        from trips t order by t.id`,
    );

  beforeAll(async () => {
    // Written as the release before wrote them, in SQL: this release's app cannot start on a
    // database without its migration (the OAuth provider reads its resources table at start).
    database = await openDatabaseBefore("0016_oauth_provider");
    await database.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      values (${ownerId}, 'Before 0016', ${email}, true)`);
    await database.db.execute(sql`
      insert into account (id, account_id, provider_id, user_id, password)
      values ('account-before-0016', ${ownerId}, 'credential', ${ownerId},
        ${await hashPassword(password)})`);
    const itinerary = buildItinerary("2027-06-01", 2);
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version, stops)
      values (${ownerId}, 'Old Lisbon', 'Lisbon', '2027-06-01', '2027-06-02', 700, 'comfort',
        array['Food'], ${JSON.stringify(itinerary)}::jsonb, 'generated', 3,
        ${JSON.stringify([{ id: "5b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", destination: "Lisbon", startDate: "2027-06-01", endDate: "2027-06-02", place: null }])}::jsonb)
      returning id::text`);
    id = rows[0]!.id;
    await database.db.execute(sql`
      insert into trip_versions (trip_id, version, by_user_id, summary, snapshot)
      select id, version, user_id, 'Renamed the trip to Old Lisbon',
        jsonb_build_object('name', name, 'itinerary', itinerary)
      from trips where id = ${id}::uuid`);
    before = await snapshot();
    await database.migrate();
    t = await createTestApp({ AUTH_RATE_LIMIT: "1000" }, {}, { database });
    const client = createClient(t);
    const signedIn = await client.post("/api/auth/sign-in/email", { email, password });
    expect(signedIn.status).toBe(200);
    owner = { client, userId: ownerId };
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip, history line and account whole; older lines were made by no assistant", async () => {
    expect(await snapshot()).toEqual(before);
    const via = await rowsOf(
      database,
      sql`select via from trip_versions where trip_id = ${id}::uuid`,
    );
    expect(via).toEqual([{ via: null }]);
    const { changes } = historyResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${id}/history`)).json(),
    );
    expect(changes).toEqual([
      {
        version: 3,
        at: expect.any(String) as string,
        by: { userId: owner.userId, name: "Before 0016" },
        summary: "Renamed the trip to Old Lisbon",
      },
    ]);
  });

  it("saves changes to the older trip, and its owner has no assistants yet", async () => {
    const saved = await owner.client.patch(`/api/trips/${id}`, { version: 3, budget: 800 });
    expect(tripResponseSchema.parse(await saved.json()).trip).toMatchObject({
      version: 4,
      budget: 800,
      name: "Old Lisbon",
    });
    const { changes } = historyResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${id}/history`)).json(),
    );
    expect(changes[0]?.by).toEqual({ userId: owner.userId, name: "Before 0016" });
    const res = await owner.client.get("/api/account/assistants");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ assistants: [] });
  });
});
