import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import { sharedTripResponseSchema } from "#shared/schemas/shared-trip.ts";
import { tripListResponseSchema } from "#shared/schemas/trip-list.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { buildItinerary } from "#tests/support/factories.ts";
import { newShareToken } from "#server/trips/share-token.ts";

const PORTO: TripPlace = {
  name: "Porto",
  country: "Portugal",
  lat: 41.1579,
  lng: -8.6291,
  timezone: "Europe/Lisbon",
};

describe("migration 0013_trip_stops on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let member: { client: TestClient; userId: string };
  let placed: string;
  let unplaced: string;
  const token = newShareToken();
  let before: Record<string, unknown>[];
  const snapshot = () =>
    rowsOf(
      database,
      sql`
        select id::text, user_id, name, destination, start_date::text, end_date::text, budget::text,
          travel_style, interests, itinerary, status, is_public, share_token, version, place,
          grounding, created_at::text, search_text, card_points
        from trips order by id`,
    );
  const members = () =>
    rowsOf(
      database,
      sql`
        select trip_id::text, user_id, role from trip_members order by trip_id, user_id`,
    );
  let membersBefore: Record<string, unknown>[];

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore("0013_trip_stops", "Before 0013"));
    member = await signUpUser(t, { name: "Editor friend" });
    const insert = async (values: {
      name: string;
      destination: string;
      start: string;
      end: string;
      place: TripPlace | null;
      shareToken: string | null;
    }) => {
      const itinerary = buildItinerary(values.start, 3);
      const { rows } = await database.db.execute<{ id: string }>(sql`
        insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
          interests, itinerary, status, version, place, is_public, share_token)
        values (${owner.userId}, ${values.name}, ${values.destination}, ${values.start},
          ${values.end}, 1234.5, 'comfort', array['History'], ${JSON.stringify(itinerary)}::jsonb,
          'generated', 3, ${values.place ? JSON.stringify(values.place) : null}::jsonb,
          ${values.shareToken !== null}, ${values.shareToken})
        returning id::text`);
      return rows[0]!.id;
    };
    placed = await insert({
      name: "Old Porto",
      destination: "Porto",
      start: "2027-03-01",
      end: "2027-03-03",
      place: PORTO,
      shareToken: token,
    });
    unplaced = await insert({
      name: "Somewhere",
      destination: "Nowhere in particular",
      start: "2027-06-10",
      end: "2027-06-12",
      place: null,
      shareToken: null,
    });
    await database.db.execute(sql`
      insert into trip_members (trip_id, user_id, role)
      values (${unplaced}::uuid, ${member.userId}, 'editor')`);
    before = await snapshot();
    membersBefore = await members();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every row whole and makes each trip one stop, with no transport or stays", async () => {
    expect(await snapshot()).toEqual(before);
    expect(await members()).toEqual(membersBefore);
    const { rows } = await database.db.execute<{
      id: string;
      stops: unknown;
      transport: unknown;
      stays: unknown;
    }>(sql`select id::text, stops, transport, stays from trips order by id`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(placed)).toEqual({
      id: placed,
      stops: [
        {
          id: expect.any(String) as string,
          destination: "Porto",
          startDate: "2027-03-01",
          endDate: "2027-03-03",
          place: PORTO,
        },
      ],
      transport: [],
      stays: [],
    });
    expect(byId.get(unplaced)).toMatchObject({
      stops: [
        {
          destination: "Nowhere in particular",
          startDate: "2027-06-10",
          endDate: "2027-06-12",
          place: null,
        },
      ],
      transport: [],
      stays: [],
    });
  });

  it("serves the trips whole to their owner, their member and the share link", async () => {
    const own = tripResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${placed}`)).json(),
    ).trip;
    expect(own).toMatchObject({ name: "Old Porto", version: 3, place: PORTO, transport: [] });
    expect(own.stops).toHaveLength(1);
    expect(own.itinerary.days).toHaveLength(3);

    const shared = await owner.client.get(`/api/trips/${unplaced}`);
    expect(shared.status).toBe(200);
    const asMember = tripResponseSchema.parse(
      await (await member.client.get(`/api/trips/${unplaced}`)).json(),
    ).trip;
    expect(asMember).toMatchObject({ role: "editor", name: "Somewhere", stays: [] });
    expect(asMember.stops[0]).toMatchObject({ destination: "Nowhere in particular", place: null });

    const list = tripListResponseSchema.parse(await (await owner.client.get("/api/trips")).json());
    expect(list.trips.map((trip) => trip.id).sort()).toEqual([placed, unplaced].sort());

    const open = sharedTripResponseSchema.parse(
      await (await owner.client.get(`/api/shared/${token}`)).json(),
    ).trip;
    expect(open.stops).toEqual([
      expect.objectContaining({ destination: "Porto", place: PORTO }) as unknown,
    ]);
  });

  it("follows a change of dates made after it: the one stop moves with the trip", async () => {
    const res = await member.client.patch(`/api/trips/${unplaced}`, {
      version: 3,
      startDate: "2027-06-11",
    });
    expect(res.status).toBe(200);
    const trip = tripResponseSchema.parse(await res.json()).trip;
    expect(trip.stops[0]).toMatchObject({ startDate: "2027-06-11", endDate: "2027-06-13" });
  });
});
