import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRIP_SORTS, tripListQuerySchema } from "#shared/schemas/trip-list.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { listTrips, tripListQuery } from "./trip-list.ts";

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await signUpUser(t)).userId;
  // Enough rows that a sort of every trip would cost more than an ordered index scan.
  await t.deps.database.db.execute(sql`
    insert into trips (user_id, destination, start_date, end_date, budget, travel_style, itinerary, created_at)
    select ${userId}, 'Town ' || g, '2027-01-01', '2027-01-01', (g * 37) % 9000 + 100, 'comfort',
      '{"days":[{"date":"2027-01-01","activities":[{"time":"09:00","activity":"Walk","location":"Old Town","description":"Stroll.","cost":0}]}]}'::jsonb,
      now() - g * interval '1 minute'
    from generate_series(1, 3000) g`);
  await t.deps.database.db.execute(sql`analyze trips`);
});
afterAll(() => t.close());

async function plan(query: Record<string, string>) {
  const { statement, params } = tripListQuery(userId, tripListQuerySchema.parse(query));
  const rows = await t.deps.database.query<Record<string, unknown>>(
    { name: "", text: `explain ${statement.text}` },
    params,
  );
  return rows.map((row) => String(Object.values(row)[0])).join("\n");
}

describe("trip list query plan", () => {
  it.each(TRIP_SORTS)("reads an index in %s order, with no sort, on every page", async (sort) => {
    const first = await plan({ sort });
    expect(first).toMatch(/Index (Only )?Scan/);
    expect(first).not.toMatch(/Sort/);

    const page = await listTrips(t.deps.database, userId, tripListQuerySchema.parse({ sort }));
    const next = await plan({ sort, cursor: page.nextCursor! });
    expect(next).not.toMatch(/Sort/);
    // The cursor bounds the index scan itself, so a deep page costs what the first does.
    expect(next).toMatch(/Index Cond: .*ROW\(/);
  });
});
