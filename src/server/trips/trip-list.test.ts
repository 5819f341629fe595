import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRIP_SORTS } from "#shared/constants.ts";
import { TRIP_CARD_POINTS_MAX, tripListQuerySchema } from "#shared/schemas/trip-list.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import type { NamedStatement } from "../db/database.ts";
import { joinedToSession } from "../auth/session.ts";
import { listTrips, tripListQuery } from "./trip-list.ts";

let t: TestApp;
let userId: string;
let sessionToken: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await signUpUser(t)).userId;
  const [session] = await t.deps.database.query<{ token: string }>(
    { name: "", text: `select token from "session" where user_id = $1` },
    [userId],
  );
  sessionToken = session!.token;
  // Enough rows that a sort of every trip would cost more than an ordered index scan.
  await t.deps.database.db.execute(sql`
    insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style, itinerary, created_at, stops)
    select ${userId}, 'Town ' || g, 'Town ' || g, '2027-01-01', '2027-01-01', (g * 37) % 9000 + 100, 'comfort',
      '{"days":[{"date":"2027-01-01","activities":[{"time":"09:00","activity":"Walk","location":"Old Town","description":"Stroll.","cost":0}]}]}'::jsonb,
      now() - g * interval '1 minute',
      jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'destination', 'Town ' || g, 'startDate', '2027-01-01', 'endDate', '2027-01-01', 'place', null))
    from generate_series(1, 3000) g`);
  await t.deps.database.db.execute(sql`analyze trips`);
});
afterAll(() => t.close());

async function explain(statement: NamedStatement, params: unknown[]) {
  const rows = await t.deps.database.query<Record<string, unknown>>(
    { name: "", text: `explain ${statement.text}` },
    params,
  );
  return rows.map((row) => String(Object.values(row)[0])).join("\n");
}

/** The plan of the page query alone, and of the same query joined to the session (the route's). */
async function plans(query: Record<string, string>) {
  const { statement, params } = tripListQuery(tripListQuerySchema.parse(query));
  return [
    await explain(statement, [userId, ...params]),
    await explain(joinedToSession(statement), [sessionToken, ...params]),
  ];
}

describe("trip list query plan", () => {
  it.each(TRIP_SORTS)(
    "reads own trips by an index in %s order, with no sort, on every page",
    async (sort) => {
      const firsts = await plans({ sort, role: "owner" });
      for (const first of firsts) {
        expect(first).toMatch(/Index (Only )?Scan (Backward )?using trips_user_/);
        expect(first).not.toMatch(/Sort/);
      }
      expect(firsts[1]).toMatch(/Index Scan using session_token/);

      const page = await listTrips(
        t.deps.database,
        userId,
        tripListQuerySchema.parse({ sort, role: "owner" }),
      );
      for (const next of await plans({ sort, role: "owner", cursor: page.nextCursor! })) {
        expect(next).not.toMatch(/Sort/);
        // The cursor bounds the index scan itself, so a deep page costs what the first does.
        expect(next).toMatch(/Index Cond: .*ROW\(/);
      }
    },
  );

  it.each(TRIP_SORTS)(
    "own and shared trips: the own ones along an index, the shared ones by membership (%s)",
    async (sort) => {
      for (const plan of await plans({ sort })) {
        // Only the two branches' pages are merged: every trip is never read, nor sorted.
        expect(plan).toMatch(/Index (Only )?Scan (Backward )?using trips_user_/);
        expect(plan).toMatch(/trip_members_user_idx/);
        expect(plan).not.toMatch(/Seq Scan on trips/);
      }
    },
  );
});

describe("trip list card points", () => {
  it("gives each card its located activities as [lat, lng] in visit order, skipping the unlocated", async () => {
    const other = (await signUpUser(t, { email: "points@example.com" })).userId;
    const activity = (name: string, lat: number | null, lng: number | null) => ({
      time: "09:00",
      activity: name,
      location: name,
      description: "",
      cost: 0,
      lat,
      lng,
    });
    const itinerary = {
      days: [
        {
          date: "2027-01-01",
          activities: [activity("Louvre", 48.8606, 2.3376), activity("Somewhere", null, null)],
        },
        { date: "2027-01-02", activities: [activity("Pantheon", 48.8462, 2.3464)] },
      ],
    };
    await t.deps.database.db.execute(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style, itinerary, stops)
      values (${other}, 'Paris', 'Paris', '2027-01-01', '2027-01-02', 900, 'comfort', ${JSON.stringify(itinerary)}::jsonb,
        jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'destination', 'Paris', 'startDate', '2027-01-01', 'endDate', '2027-01-02', 'place', null)))`);
    const page = await listTrips(t.deps.database, other, tripListQuerySchema.parse({}));
    expect(page.trips[0]?.points).toEqual([
      [48.8606, 2.3376],
      [48.8462, 2.3464],
    ]);
  });

  it("stops at TRIP_CARD_POINTS_MAX (the migration's limit is the same), and follows every save", async () => {
    const other = (await signUpUser(t, { email: "many-points@example.com" })).userId;
    const many = Array.from({ length: TRIP_CARD_POINTS_MAX + 6 }, (_, i) => ({
      time: "09:00",
      activity: `Stop ${i}`,
      location: `Stop ${i}`,
      description: "",
      cost: 0,
      lat: 48 + i / 100,
      lng: 2 + i / 100,
    }));
    const { rows } = await t.deps.database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style, itinerary, stops)
      values (${other}, 'Paris', 'Paris', '2027-01-01', '2027-01-01', 900, 'comfort',
        ${JSON.stringify({ days: [{ date: "2027-01-01", activities: many }] })}::jsonb,
        jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'destination', 'Paris', 'startDate', '2027-01-01', 'endDate', '2027-01-01', 'place', null)))
      returning id::text`);
    const read = async () =>
      (await listTrips(t.deps.database, other, tripListQuerySchema.parse({}))).trips[0]?.points;
    const points = await read();
    expect(points).toHaveLength(TRIP_CARD_POINTS_MAX);
    expect(points?.[0]).toEqual([48, 2]);
    expect(points?.at(-1)).toEqual([
      48 + (TRIP_CARD_POINTS_MAX - 1) / 100,
      2 + (TRIP_CARD_POINTS_MAX - 1) / 100,
    ]);

    const moved = [{ ...many[0]!, lat: 41.1579, lng: -8.6291 }];
    await t.deps.database.db.execute(sql`
      update trips set itinerary = ${JSON.stringify({ days: [{ date: "2027-01-01", activities: moved }] })}::jsonb
      where id = ${rows[0]!.id}::uuid`);
    expect(await read()).toEqual([[41.1579, -8.6291]]);
  });
});
