import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { migrationsFolder } from "#server/db/database.ts";
import { profileSchema } from "#shared/schemas/profile.ts";
import { DEFAULT_PARTY } from "#shared/schemas/trip-party.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { buildItinerary } from "#tests/support/factories.ts";
import type { TestClient } from "#tests/support/http.ts";
import { closeAll, openReleaseBefore, rowsOf } from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

/** This migration's tag, read from the journal (the lead may renumber it). */
const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
) as { entries: { tag: string }[] };
const THIS = journal.entries.find((e) => e.tag.endsWith("_trip_party"))!.tag;

const STOP_ID = "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e03";
const STOPS = [
  {
    id: STOP_ID,
    destination: "Paris",
    startDate: "2027-05-01",
    endDate: "2027-05-03",
    place: null,
  },
];
// A journey and a stay as "Bookings in" (issue 35) saved them: booked, without a price.
const TRANSPORT = [
  {
    id: "2b8e9a61-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
    mode: "train",
    from: "London St Pancras",
    to: "Paris Nord",
    departAt: "2027-05-01T08:01",
    arriveAt: "2027-05-01T11:20",
    departZone: "Europe/London",
    arriveZone: "Europe/Paris",
    carrier: "Eurostar",
    number: "9008",
    reference: "EUR123",
    notes: null,
  },
];
const STAYS = [
  {
    id: "5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f",
    stopIndex: 0,
    name: "Hôtel du Marais",
    address: "12 Rue de Turenne, Paris",
    checkIn: "2027-05-01",
    checkOut: "2027-05-03",
    lat: 48.857,
    lng: 2.364,
    osmId: null,
    reference: "H-9",
  },
];

describe(`migration ${THIS} on a database written before it`, () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let tripId: string;
  let trips: Record<string, unknown>[];
  let profiles: Record<string, unknown>[];
  const tripRows = () =>
    rowsOf(
      database,
      sql`select t.id::text, t.name, t.version, t.budget::text, t.itinerary, t.stops, t.transport,
        t.stays, t.travel_mode, t.created_at::text from trips t order by t.id`,
    );
  const profileRows = () =>
    rowsOf(
      database,
      sql`select id, full_name, bio, preferred_travel_style, interests, preferred_destinations,
        temperature_unit, updated_at::text from profiles order by id`,
    );

  beforeAll(async () => {
    ({ database, t, owner } = await openReleaseBefore(THIS, "Before the whole trip"));
    // Written in SQL as that release wrote them: today's app would name party and home_city.
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style,
        interests, itinerary, status, version, stops, transport, stays)
      values (${owner.userId}, 'Old Paris', 'Paris', '2027-05-01', '2027-05-03', 1800, 'comfort',
        array['Food'], ${JSON.stringify(buildItinerary("2027-05-01", 3))}::jsonb, 'generated', 4,
        ${JSON.stringify(STOPS)}::jsonb, ${JSON.stringify(TRANSPORT)}::jsonb,
        ${JSON.stringify(STAYS)}::jsonb)
      returning id::text`);
    tripId = rows[0]!.id;
    await database.db.execute(sql`
      insert into profiles (id, full_name, bio, preferred_travel_style, interests,
        preferred_destinations, temperature_unit)
      values (${owner.userId}, 'Ada Old', 'Trains.', 'budget', array['History'],
        array['Lisbon', 'Kyoto'], 'C')`);
    trips = await tripRows();
    profiles = await profileRows();
    await database.migrate();
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip and profile whole; the new columns are empty", async () => {
    expect(await tripRows()).toEqual(trips);
    expect(await profileRows()).toEqual(profiles);
    expect(await rowsOf(database, sql`select party from trips`)).toEqual([{ party: null }]);
    expect(await rowsOf(database, sql`select home_city from profiles`)).toEqual([
      { home_city: null },
    ]);
  });

  it("an older trip reads as one traveller from nowhere, with its booked stay and journey, no planned stays", async () => {
    const res = await owner.client.get(`/api/trips/${tripId}`);
    expect(res.status).toBe(200);
    const { trip } = tripResponseSchema.parse(await res.json());
    expect(trip.party).toEqual(DEFAULT_PARTY);
    expect(trip.version).toBe(4);
    expect(trip.stays).toEqual(STAYS);
    expect(trip.transport).toEqual(TRANSPORT);
    expect(trip.stays.filter((s) => s.planned)).toEqual([]);
    expect(trip.transport.filter((j) => j.planned)).toEqual([]);
    // Nothing priced: only the activities count, for the one traveller.
    expect(trip.spending).toEqual({
      journeys: 0,
      stays: 0,
      meals: 0,
      activities: 75,
      total: 75,
      estimated: true,
      estimatedParts: ["activities"],
    });
    // …and it saves.
    const saved = await owner.client.patch(`/api/trips/${tripId}`, { version: 4, budget: 1900 });
    expect(saved.status).toBe(200);
  });

  it("an older profile reads whole with no home city, and takes one", async () => {
    const read = profileSchema.parse(
      ((await (await owner.client.get("/api/profile")).json()) as { profile: unknown }).profile,
    );
    expect(read).toMatchObject({
      fullName: "Ada Old",
      bio: "Trains.",
      preferredTravelStyle: "budget",
      interests: ["History"],
      preferredDestinations: ["Lisbon", "Kyoto"],
      temperatureUnit: "C",
      homeCity: null,
    });
    const put = await owner.client.put("/api/profile", { fullName: "Ada Old", homeCity: "London" });
    expect(put.status).toBe(200);
    expect(
      ((await put.json()) as { profile: { homeCity: string; temperatureUnit: string } }).profile,
    ).toMatchObject({ homeCity: "London", temperatureUnit: "C" });
  });
});
