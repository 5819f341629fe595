import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { balancesResponseSchema } from "#shared/schemas/expenses.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";

describe("migration 0015_money_delete on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let euros: string;
  let empty: string;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select t.id::text, t.name, t.version, t.itinerary, t.stops, t.created_at::text,
          (select json_agg(e order by e.id) from (select id, amount_minor, currency, version
            from trip_expenses where trip_id = t.id) e) as expenses
        from trips t order by t.id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0015_money_delete", "Before 0015"));
    const insert = async (name: string) => {
      const { rows } = await database.db.execute<{ id: string }>(sql`
        insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
          interests, itinerary, status, version, stops)
        values (${owner.userId}, ${name}, 'Paris', '2027-05-01', '2027-05-02', 900, 'comfort',
          array['Food'], ${JSON.stringify(buildItinerary("2027-05-01", 2))}::jsonb, 'generated', 2,
          ${JSON.stringify([{ id: "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e02", destination: "Paris", startDate: "2027-05-01", endDate: "2027-05-02", place: null }])}::jsonb)
        returning id::text`);
      return rows[0]!.id;
    };
    euros = await insert("Old Paris");
    empty = await insert("Nothing spent");
    for (const [amount, currency] of [
      [4000, "EUR"],
      [2550, "EUR"],
      [1000, "USD"],
    ] as const)
      await database.db.execute(sql`
        insert into trip_expenses (trip_id, amount_minor, currency, date, category, description,
          paid_by, split, created_by)
        values (${euros}, ${amount}, ${currency}, '2027-05-01', 'food', 'Meal', ${owner.userId},
          ${JSON.stringify({ kind: "equal", among: [owner.userId] })}::jsonb, ${owner.userId})`);
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip and expense whole; settlement follows the expenses, nothing is deleted", async () => {
    expect(await snapshot()).toEqual(before);
    const paris = tripResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${euros}`)).json(),
    ).trip;
    expect(paris.settlementCurrency).toBe("EUR");
    const none = tripResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${empty}`)).json(),
    ).trip;
    expect(none.settlementCurrency).toBe("USD");
    const list = (await (await owner.client.get("/api/trips")).json()) as {
      trips: { id: string }[];
    };
    expect(list.trips).toHaveLength(2);
  });

  it("takes payments and answers balances on the older trip", async () => {
    const res = await owner.client.post(`/api/trips/${euros}/payments`, {
      from: owner.userId,
      to: owner.userId,
      amount: 5,
      currency: "EUR",
      date: "2027-05-01",
    });
    expect(res.status).toBe(422);
    const balances = balancesResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${euros}/balances`)).json(),
    );
    // The dollar expense waits for a rate (FX off in tests); the euros count exactly.
    expect(balances).toMatchObject({ currency: "EUR", pending: 1 });
    expect(balances.members[0]?.paid).toBe(65.5);
  });
});
