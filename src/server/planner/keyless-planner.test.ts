import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import type { Database } from "#server/db/database.ts";
import { createLogger } from "#server/lib/logger.ts";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { PARIS } from "#tests/support/trip-places.ts";
import type { DestinationLookup } from "../services/geo/geo-service.ts";
import { createOverpassClient } from "../services/places/overpass-client.ts";
import { createOverpassPlaces } from "../services/places/overpass-places.ts";
import { INSTRUCTION_NEEDS_MODEL } from "./instruction-wishes.ts";
import type { GenerateOptions, GenerationEvent } from "./itinerary-generator.ts";
import { createKeylessPlanner } from "./keyless-planner.ts";

// Planning without a model: from real OpenStreetMap places near the destination when they can be
// had (here the Overpass fake on loopback, through the real adapter), from the catalogue otherwise,
// and the plan's grounding says which and why.

const OPEN_SEA: TripPlace = { name: "Open sea", country: "", lat: 0, lng: -30, timezone: "UTC" };
const OSM_ID = /^(?:node|way|relation)\/\d+$/;

let fake: OverpassFake;
let database: Database;
const planner = createKeylessPlanner();

const request = tripRequestSchema.parse({
  destination: "Paris",
  startDate: "2027-05-03",
  endDate: "2027-05-04",
  budget: 1200,
  interests: ["Culture & Arts"],
  travelStyle: "comfort",
});

const places = () =>
  createOverpassPlaces({
    db: database.db,
    logger: createLogger("silent"),
    client: createOverpassClient({
      url: fake.url,
      userAgent: "boundless-tests",
      timeoutMs: 2000,
      retryDelayMs: 20,
    }),
  });

/** The options of a keyless generation whose destination was looked up as `lookup`. */
function withPlaces(lookup: DestinationLookup, events: GenerationEvent[] = []): GenerateOptions {
  return {
    signal: AbortSignal.timeout(20_000),
    onEvent: (event) => events.push(event),
    nearby: { place: Promise.resolve(lookup), places: places() },
  };
}

const activitiesOf = (days: { activities: { osmId: string | null }[] }[]) =>
  days.flatMap((d) => d.activities);

beforeAll(async () => {
  fake = await startOverpassFake();
  database = await createTestDatabase();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(async () => {
  fake.reset();
  await database.db.execute(sql`delete from places_cache`);
});

describe("the keyless planner's generate", () => {
  it("plans from real places near a found destination, and counts them in the grounding", async () => {
    const events: GenerationEvent[] = [];
    const planned = await planner.generate(
      request,
      withPlaces({ kind: "found", place: PARIS }, events),
    );
    expect(planned.fromRealPlaces).toBe(true);
    expect(planned.usage.calls).toBe(0);
    expect(planned.itinerary.days.map((d) => d.date)).toEqual(["2027-05-03", "2027-05-04"]);
    const pinned = activitiesOf(planned.itinerary.days).filter((a) => a.osmId !== null);
    expect(pinned.length).toBeGreaterThan(0);
    for (const a of pinned) expect(a.osmId).toMatch(OSM_ID);
    expect(planned.grounding?.verified).toBe(pinned.length);
    expect(planned.grounding?.status).toBe(
      pinned.length === planned.grounding?.total ? "verified" : "partial",
    );
    // The progress: the lookup, then the outline, then each day as placed.
    expect(events.map((e) => e.type)).toEqual(["places", "places", "outline", "day", "day"]);
    expect(events.slice(0, 2)).toEqual([
      { type: "places", status: "looking", name: "Paris" },
      { type: "places", status: "done", name: "Paris" },
    ]);
    expect(fake.requests.length).toBeGreaterThan(0);
  });

  it("plans from the catalogue when the destination was not found, and says so", async () => {
    const planned = await planner.generate(request, withPlaces({ kind: "not_found" }));
    expect(planned.fromRealPlaces).toBeUndefined();
    expect(activitiesOf(planned.itinerary.days).every((a) => a.osmId === null)).toBe(true);
    expect(planned.grounding).toMatchObject({ status: "unavailable", verified: 0, total: 0 });
    expect(planned.grounding?.reason).toMatch(/could not be found on the map.*general suggestions/);
    // Nothing to look around: OpenStreetMap is not asked.
    expect(fake.requests).toHaveLength(0);
  });

  it("names OpenStreetMap when it fails, and still plans from the catalogue", async () => {
    fake.setFailure("busy");
    const planned = await planner.generate(request, withPlaces({ kind: "found", place: PARIS }));
    expect(planned.fromRealPlaces).toBeUndefined();
    expect(planned.itinerary.days).toHaveLength(2);
    expect(activitiesOf(planned.itinerary.days).every((a) => a.osmId === null)).toBe(true);
    expect(planned.grounding?.status).toBe("unavailable");
    expect(planned.grounding?.serviceFailure?.service).toBe("openstreetmap");
  });

  it("says OpenStreetMap lists nothing open when the place has nothing near it", async () => {
    const planned = await planner.generate(request, withPlaces({ kind: "found", place: OPEN_SEA }));
    expect(planned.fromRealPlaces).toBeUndefined();
    expect(planned.grounding?.reason).toBe(
      "OpenStreetMap lists no open places near Open sea for this trip. This plan uses general suggestions instead.",
    );
  });

  it("with places off, plans from the catalogue alone and claims no grounding", async () => {
    const planned = await planner.generate(request, { signal: AbortSignal.timeout(20_000) });
    expect(planned.grounding).toBeUndefined();
    expect(activitiesOf(planned.itinerary.days).every((a) => a.osmId === null)).toBe(true);
  });
});

describe("the keyless planner's regenerateDay", () => {
  it("plans the day again from real places that no other day of the trip visits", async () => {
    const { itinerary } = await planner.generate(
      request,
      withPlaces({ kind: "found", place: PARIS }),
    );
    const otherDay = new Set(
      itinerary.days[0]!.activities.flatMap((a) => (a.osmId ? [a.osmId] : [])),
    );
    const again = await planner.regenerateDay(
      {
        request,
        itinerary,
        date: "2027-05-04",
        place: PARIS,
        nearby: { places: places() },
      },
      { signal: AbortSignal.timeout(20_000) },
    );
    expect(again.fromRealPlaces).toBe(true);
    expect(again.day.date).toBe("2027-05-04");
    const pinned = again.day.activities.flatMap((a) => (a.osmId ? [a.osmId] : []));
    expect(pinned.length).toBeGreaterThan(0);
    for (const id of pinned) expect(otherDay.has(id), id).toBe(false);
  });

  it("without real places, says an instruction needs a model, and nothing without one", async () => {
    const { itinerary } = await planner.generate(request, { signal: AbortSignal.timeout(20_000) });
    const input = { request, itinerary, date: "2027-05-04" };
    const signal = AbortSignal.timeout(20_000);
    const withWish = await planner.regenerateDay(
      { ...input, instruction: "more museums" },
      { signal },
    );
    expect(withWish.note).toBe(INSTRUCTION_NEEDS_MODEL);
    expect(withWish.day.date).toBe("2027-05-04");
    const plain = await planner.regenerateDay(input, { signal });
    expect(plain.note).toBeNull();
  });
});
