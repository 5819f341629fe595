import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { expenseResponseSchema, expensesResponseSchema } from "#shared/schemas/expenses.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";

describe("migration 0014_fx_rates_expenses on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let id: string;
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select id::text, user_id, name, destination, start_date::text, end_date::text, budget::text,
          travel_style, interests, itinerary, status, version, place, stops, created_at::text
        from trips order by id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0014_fx_rates_expenses", "Before 0014"));
    const itinerary = buildItinerary("2027-03-01", 2);
    // A place stored before places had a currency.
    const place = {
      name: "Kyoto",
      country: "Japan",
      lat: 35.01,
      lng: 135.77,
      timezone: "Asia/Tokyo",
    };
    const stops = [
      {
        id: "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e01",
        destination: "Kyoto",
        startDate: "2027-03-01",
        endDate: "2027-03-02",
        place,
      },
    ];
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version, place, stops)
      values (${owner.userId}, 'Old Kyoto', 'Kyoto', '2027-03-01', '2027-03-02', 1234.5, 'comfort',
        array['History'], ${JSON.stringify(itinerary)}::jsonb, 'generated', 3,
        ${JSON.stringify(place)}::jsonb, ${JSON.stringify(stops)}::jsonb)
      returning id::text`);
    id = rows[0]!.id;
    before = await snapshot();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip whole; its place reads with a currency", async () => {
    expect(await snapshot()).toEqual(before);
    const res = await owner.client.get(`/api/trips/${id}`);
    const { trip } = tripResponseSchema.parse(await res.json());
    expect(trip.place).toMatchObject({ name: "Kyoto", currency: "JPY" });
    expect(trip.stops[0]?.place?.currency).toBe("JPY");
    // FX_URL=off in tests: no rates, nothing fails.
    expect(trip.rates).toBeNull();
  });

  it("takes expenses on the older trip (pending without rates)", async () => {
    const res = await owner.client.post(`/api/trips/${id}/expenses`, {
      amount: 3400,
      currency: "JPY",
      date: "2027-03-01",
      category: "food",
      description: "Ramen",
      paidBy: owner.userId,
      split: { kind: "equal", among: [owner.userId] },
    });
    expect(res.status).toBe(201);
    expect(expenseResponseSchema.parse(await res.json()).expense).toMatchObject({
      amount: 3400,
      amountUsd: null,
    });
    const list = expensesResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${id}/expenses`)).json(),
    );
    expect(list.expenses).toHaveLength(1);
  });
});
