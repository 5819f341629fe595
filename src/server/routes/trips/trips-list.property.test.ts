import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import { TRAVEL_STYLES } from "#shared/constants.ts";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { TRIP_SORTS, type TripSort } from "#shared/constants.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// A small vocabulary, so random searches hit, miss and overlap; few values, so sort keys tie.
const PLACES = ["Lisbon", "Kyoto", "Porto Alegre", "Rome", "Lima"];
const WORDS = ["Museum visit", "Market Hall", "old town walk", "Sushi bar", "Harbour"];
const QUERIES = ["lis", "KYOTO", "o", "market  hall", " museum ", "walk", "zzz", "a", "Rome"];
const BUDGETS = [100, 250.5, 1000, 1500, 3000];
const CREATED = [0, 1, 2].map((m) => new Date(Date.UTC(2026, 5, 1, 12, m)));

type Generated = {
  destination: string;
  budget: number;
  travelStyle: (typeof TRAVEL_STYLES)[number];
  status: string;
  createdAt: Date;
  words: string[];
};

const tripArb: fc.Arbitrary<Generated> = fc.record({
  destination: fc.constantFrom(...PLACES),
  budget: fc.constantFrom(...BUDGETS),
  travelStyle: fc.constantFrom(...TRAVEL_STYLES),
  status: fc.constantFrom("generated", "archived"),
  createdAt: fc.constantFrom(...CREATED),
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
});

// Each filter is off most of the time, so combinations stay selective without always being empty.
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: arb, weight: 1 });
const queryArb = fc.record({
  q: sometimes(fc.constantFrom(...QUERIES)),
  destination: sometimes(fc.constantFrom("lis", "o", "porto alegre", "ROME", "x")),
  style: sometimes(fc.constantFrom(...TRAVEL_STYLES)),
  minBudget: sometimes(fc.constantFrom(...BUDGETS, 0)),
  maxBudget: sometimes(fc.constantFrom(...BUDGETS, 5000)),
  status: sometimes(fc.constantFrom("generated", "archived")),
  sort: sometimes(fc.constantFrom(...TRIP_SORTS)),
  limit: fc.integer({ min: 1, max: 4 }),
});
type Query = typeof queryArb extends fc.Arbitrary<infer Q> ? Q : never;

const itineraryFor = (words: string[]): Itinerary => ({
  days: [
    {
      date: "2027-03-01",
      activities: words.map((w, i) =>
        activityOf({
          time: `0${i}:00`,
          activity: w,
          location: i === 0 ? "Praça" : "Pier 4",
          description: "See it.",
          cost: 10,
        }),
      ),
    },
  ],
});

type Stored = Generated & { id: string };

/** The plain in-memory meaning of search, filters and sort. */
function reference(all: Stored[], query: Query): string[] {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  const contains = (text: string, needle: string) => text.toLowerCase().includes(norm(needle));
  const fields = (trip: Stored) =>
    [
      trip.destination,
      ...trip.words,
      ...trip.words.map((_, i) => (i === 0 ? "Praça" : "Pier 4")),
    ].concat(trip.words.map(() => "See it."));
  const matches = all.filter(
    (trip) =>
      (query.q === undefined || fields(trip).some((f) => contains(f, query.q!))) &&
      (query.destination === undefined || contains(trip.destination, query.destination)) &&
      (query.style === undefined || trip.travelStyle === query.style) &&
      (query.minBudget === undefined || trip.budget >= query.minBudget) &&
      (query.maxBudget === undefined || trip.budget <= query.maxBudget) &&
      (query.status === undefined || trip.status === query.status),
  );
  const sort: TripSort = query.sort ?? "newest";
  const byId = (a: Stored, b: Stored) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const key = (trip: Stored) =>
    sort === "newest" || sort === "oldest" ? trip.createdAt.getTime() : trip.budget;
  const direction = sort === "newest" || sort === "budget_desc" ? -1 : 1;
  return matches.sort((a, b) => direction * (key(a) - key(b) || byId(a, b))).map((trip) => trip.id);
}

async function fetchAll(client: TestClient, query: Query) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const params = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    if (cursor) params.set("cursor", cursor);
    const res = await client.get(`/api/trips?${params.toString()}`);
    if (res.status !== 200) return { status: res.status, ids };
    const body = (await res.json()) as { trips: { id: string }[]; nextCursor: string | null };
    expect(body.trips.length).toBeLessThanOrEqual(query.limit);
    // A cursor is only handed out when another trip follows.
    if (body.nextCursor) expect(body.trips).toHaveLength(query.limit);
    ids.push(...body.trips.map((trip) => trip.id));
    cursor = body.nextCursor;
    if (!cursor) return { status: 200, ids };
  }
  throw new Error("paging did not end");
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpUser>>;
let stranger: Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpUser(t);
  stranger = await signUpUser(t);
});
afterAll(() => t.close());

describe("GET /api/trips against an in-memory reference", () => {
  it("search, filters, sort and cursor paging agree with the reference", async () => {
    const db = t.deps.database.db;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(tripArb, { maxLength: 12 }),
        fc.array(tripArb, { maxLength: 2 }),
        queryArb,
        async (mine, theirs, query) => {
          await db.delete(trips).where(inArray(trips.userId, [owner.userId, stranger.userId]));
          const stored: Stored[] = [];
          for (const g of mine) {
            const { words, ...fields } = g;
            const row = await insertTrip(db, owner.userId, {
              ...fields,
              itinerary: itineraryFor(words),
            });
            stored.push({ ...g, id: row.id });
          }
          // Another user's matching trips must never show up.
          for (const g of theirs) {
            const { words, ...fields } = g;
            await insertTrip(db, stranger.userId, { ...fields, itinerary: itineraryFor(words) });
          }

          const result = await fetchAll(owner.client, query);
          const impossible =
            query.minBudget !== undefined &&
            query.maxBudget !== undefined &&
            query.minBudget > query.maxBudget;
          if (impossible) {
            expect(result.status).toBe(422);
            return;
          }
          expect(result.status).toBe(200);
          const expected = reference(stored, query);
          if (expected.length > 0) nonEmpty++;
          expect(result.ids).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
    // Guards the generator: most runs must compare real results, not two empty lists.
    expect(nonEmpty).toBeGreaterThan(12);
  });
});
