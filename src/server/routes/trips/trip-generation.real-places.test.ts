import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withoutDayFacts } from "#shared/day-facts.ts";
import { trips } from "#server/db/schema.ts";
import { mayVisitAt } from "#shared/opening-hours.ts";
import { distanceKm } from "#shared/geo.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import type { OverpassFailure, OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { OVERPASS_DATASET } from "#tests/fakes/overpass-places.ts";
import { signUpUser } from "#tests/support/http.ts";
import { parseSse } from "#tests/support/sse.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Plans from real places with no key: POST /api/trips without an AI provider builds every
 * day from OpenStreetMap places (the Overpass fake's Paris), saves `grounding`, asks Overpass once
 * per destination and interest (the database cache answers the second trip), and when real places
 * cannot be had (a remark, 429, 504, a hang, an unresolved destination) still saves the trip from the
 * generic catalogue with the reason in words. OVERPASS_URL=off plans from the catalogue, grounding off.
 */

let fakes: PlacesFakes;
let overpass: OverpassFake;
/** No model, places from the Overpass fake (a short timeout, for the hang). */
let keyless: TestApp;
/** No model, OVERPASS_URL=off. */
let placesOff: TestApp;

beforeAll(async () => {
  fakes = await startPlacesFakes();
  ({ overpass } = fakes);
  keyless = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places() });
  placesOff = await createTestApp({
    ...GENEROUS_LIMITS,
    OPEN_METEO_GEOCODING_URL: fakes.om.url,
  });
}, 60_000);

afterEach(() => fakes.reset());

afterAll(async () => {
  await Promise.all([keyless.close(), placesOff.close()]);
  await fakes.close();
});

// Tuesday 29 and Wednesday 30 December 2026: the Louvre is closed on Tuesdays, Orsay on Mondays.
function tripBody(interests: string[], overrides: Record<string, unknown> = {}) {
  return {
    destination: "Paris",
    startDate: "2026-12-29",
    endDate: "2026-12-30",
    budget: 3000,
    travelStyle: "comfort",
    interests,
    ...overrides,
  };
}

async function generate(t: TestApp, body: object) {
  const { client } = await signUpUser(t);
  const res = await client.post("/api/trips", body, { Accept: "application/json" });
  expect(res.status).toBe(201);
  const json = (await res.json()) as { trip: unknown };
  return tripSchema.parse(json.trip);
}

const stored = async (t: TestApp, id: string) => {
  const [row] = await t.deps.database.db
    .select({ grounding: trips.grounding, itinerary: trips.itinerary })
    .from(trips)
    .where(eq(trips.id, id));
  return row;
};

const activities = (trip: Trip) => trip.itinerary.days.flatMap((d) => d.activities);
const byOsmId = new Map(OVERPASS_DATASET.map((e) => [`${e.type}/${e.id}`, e]));
const datasetNames = OVERPASS_DATASET.flatMap((e) => (e.tags.name ? [e.tags.name] : []));

/** The catalogue's plan: no OSM ids, no pins, no place names from the map. */
function expectCatalogue(trip: Trip) {
  for (const a of activities(trip)) {
    expect(a.osmId).toBeNull();
    expect(a.lat).toBeNull();
    expect(datasetNames.some((n) => a.activity.includes(n) || a.location.includes(n))).toBe(false);
  }
}

describe("a keyless plan from real places", () => {
  it("uses only real, named places, open at their time, never twice, in compact days", async () => {
    const trip = await generate(keyless, tripBody(["Culture & Arts", "History"]));
    // One request per interest, Food & Dining included for the meals (then cached), and one each
    // for the whole trip's lodging, breakfast and dining (issue 47).
    expect(overpass.requests).toHaveLength(6);
    const all = activities(trip);
    expect(trip.grounding).toEqual({
      status: "verified",
      verified: all.length,
      total: all.length,
      reason: null,
    });
    expect((await stored(keyless, trip.id))?.grounding).toEqual(trip.grounding);
    expect(trip.place?.name).toBe("Paris");

    const ids = all.map((a) => a.osmId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const day of trip.itinerary.days) {
      expect(day.activities.length).toBeGreaterThanOrEqual(3);
      const times = day.activities.map((a) => a.time);
      expect(times).toEqual([...times].sort());
      expect(new Set(times).size).toBe(times.length);
      for (const a of day.activities) {
        const element = byOsmId.get(a.osmId ?? "");
        expect(element, `${a.activity} is an element of the map`).toBeDefined();
        if (!element) continue;
        const name = element.tags.name ?? "";
        expect(name.trim()).not.toBe("");
        expect(`${a.activity} ${a.location}`).toContain(name);
        expect([a.lat, a.lng]).toEqual([element.lat, element.lon]);
        expect(a.openingHours).toBe(element.tags.opening_hours ?? null);
        const at = {
          countryCode: "FR",
          lat: element.lat,
          lng: element.lon,
          localDate: day.date,
          localTime: a.time,
        };
        expect(mayVisitAt(a.openingHours, at), `${name} is open at ${a.time} on ${day.date}`).toBe(
          true,
        );
        // No dates or hours in the text: the page computes them for the day.
        expect(withoutDayFacts(a.description)).toBe(a.description);
        expect(a.why).toBeTruthy();
        // Prices in text come from OpenStreetMap's tags or say they are unknown; no estimate.
        expect(a.description).toMatch(
          /(?:Free entry|Price unknown|price unknown|\(OpenStreetMap\))\.$/,
        );
        expect(a.description).not.toMatch(/\$\d|estimate/);
      }
      // The Louvre is closed on Tuesdays.
      if (day.date === "2026-12-29")
        expect(day.activities.some((a) => a.osmId === "way/1001")).toBe(false);
      for (let i = 1; i < day.activities.length; i++) {
        const [a, b] = [day.activities[i - 1]!, day.activities[i]!];
        expect(distanceKm({ lat: a.lat!, lng: a.lng! }, { lat: b.lat!, lng: b.lng! })).toBeLessThan(
          5,
        );
      }
    }
    // Lunch and dinner at places to eat, sights in between.
    const day = trip.itinerary.days[0]!;
    expect(day.activities.map((a) => a.activity.split(" ")[0])).toEqual([
      "Visit",
      "Lunch",
      "Visit",
      "Dinner",
    ]);
    expect(all.some((a) => a.why === "For your interest in History")).toBe(true);
  });

  it("asks OpenStreetMap nothing for a second trip to the same destination and interests", async () => {
    const again = await generate(
      keyless,
      tripBody(["History", "Culture & Arts"], { startDate: "2027-03-01", endDate: "2027-03-01" }),
    );
    expect(overpass.requests).toHaveLength(0);
    expect(again.grounding.status).toBe("verified");
  });

  it("streams the outline and the days, then the saved trip with its grounding", async () => {
    const { client } = await signUpUser(keyless);
    const res = await client.post(
      "/api/trips",
      tripBody(["Culture & Arts"], { startDate: "2027-02-01", endDate: "2027-02-01" }),
      { Accept: "text/event-stream" },
    );
    const events = parseSse(await res.text());
    // The progress says when real places are being looked up, and when that is over.
    expect(events.map((e) => e.event)).toEqual([
      "start",
      "places",
      "places",
      "outline",
      "day",
      "done",
    ]);
    expect(events[1]?.data).toMatchObject({ status: "looking", name: "Paris" });
    expect(events[2]?.data).toMatchObject({ status: "done", name: "Paris" });
    const day = events[4]?.data as { day: { activities: { osmId: string | null }[] } };
    expect(day.day.activities.every((a) => a.osmId !== null)).toBe(true);
    const trip = tripSchema.parse((events[5]?.data as { trip: unknown }).trip);
    expect(trip.grounding.status).toBe("verified");
  });
});

describe("when real places cannot be had", () => {
  // Each case asks for an interest not cached yet, so Overpass is really asked (and fails).
  const cases: { failure: OverpassFailure; interest: string; reason: RegExp }[] = [
    {
      failure: "remark",
      interest: "Shopping",
      reason: /the OpenStreetMap service did not answer in time/,
    },
    {
      failure: "busy",
      interest: "Adventure",
      reason: /the OpenStreetMap service was too busy to answer/,
    },
    {
      failure: "gateway-timeout",
      interest: "Relaxation",
      reason: /the OpenStreetMap service did not answer in time/,
    },
    {
      failure: "hang",
      interest: "Nature & Outdoors",
      reason: /the OpenStreetMap service did not answer in time/,
    },
  ];
  for (const { failure, interest, reason } of cases)
    it(`saves the trip from the catalogue, unavailable with a reason, on ${failure}`, async () => {
      overpass.setFailure(failure);
      const trip = await generate(keyless, tripBody([interest]));
      expect(overpass.requests.length).toBeGreaterThan(0);
      expect(trip.grounding).toMatchObject({ status: "unavailable", verified: 0, total: 0 });
      expect(trip.grounding.reason).toMatch(reason);
      expect(trip.grounding.reason).toMatch(/OpenStreetMap.*general suggestions/);
      expect((await stored(keyless, trip.id))?.grounding).toEqual(trip.grounding);
      expectCatalogue(trip);
      expect(trip.itinerary.days).toHaveLength(2);
    }, 20_000);

  it("says so when the destination is not found, without asking OpenStreetMap", async () => {
    const trip = await generate(keyless, tripBody(["History"], { destination: "Atlantis" }));
    expect(trip.place).toBeNull();
    expect(trip.grounding).toEqual({
      status: "unavailable",
      verified: 0,
      total: 0,
      reason:
        "The destination could not be found on the map, so this plan uses general suggestions.",
    });
    expect(overpass.requests).toHaveLength(0);
    expectCatalogue(trip);
  });

  it("plans from the catalogue with grounding off when OVERPASS_URL=off", async () => {
    const trip = await generate(placesOff, tripBody(["History"]));
    expect(trip.place?.name).toBe("Paris");
    expect(trip.grounding).toEqual({ status: "off", verified: 0, total: 0, reason: null });
    expect((await stored(placesOff, trip.id))?.grounding).toEqual(trip.grounding);
    expect(overpass.requests).toHaveLength(0);
    expectCatalogue(trip);
  });
});

// Last: its lookups fill the cache the request counts above start without.
describe("keyless descriptions", () => {
  it("describes each place from its own tags: no two sentences of a 3-day plan are the same", async () => {
    const trip = await generate(
      keyless,
      tripBody(["Culture & Arts", "History", "Nature & Outdoors"], { endDate: "2026-12-31" }),
    );
    expect(trip.itinerary.days).toHaveLength(3);
    const sentences = activities(trip).flatMap((a) =>
      a.description.split(/(?<=[.!?])\s+/).filter((s) => s !== ""),
    );
    expect(sentences.length).toBeGreaterThan(activities(trip).length);
    // The price sentence is the same words for every place whose price is unknown or free.
    const PRICE_NOTES = ["Price unknown.", "Free entry.", "Entry is charged; price unknown."];
    const repeated = sentences.filter(
      (s, i) => sentences.indexOf(s) !== i && !PRICE_NOTES.includes(s),
    );
    expect(repeated).toEqual([]);
    // Written from the tags: Le Procope's street; no hours or dates, no identifiers or trivia, nothing
    // about the activity before (that is drawn from coordinates where the plan is shown).
    const text = activities(trip)
      .map((a) => a.description)
      .join(" ");
    expect(text).not.toMatch(/\b\d{2}:\d{2}\b|Dec\b/);
    expect(text).not.toMatch(/Wikidata|Wikipedia|\bQ\d+\b|on foot from|take transit|\$\d/);
    // Prices from the tags: the Louvre's `charge`, the Luxembourg's `fee=no`.
    const byPlace = (name: string) => activities(trip).find((a) => a.activity.includes(name));
    expect(byPlace("Musée du Louvre")?.description).toMatch(/Entry: 22 EUR \(OpenStreetMap\)\.$/);
    expect(byPlace("Jardin du Luxembourg")?.description).toMatch(/Free entry\.$/);
    expect(byPlace("Jardin du Luxembourg")?.cost).toBe(0);
    expect(activities(trip).map((a) => a.why ?? "")).not.toContainEqual(
      expect.stringMatching(/^(?:Close to|A meal close to) /),
    );
  });
});
