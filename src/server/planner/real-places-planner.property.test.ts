import { DEFAULT_PARTY } from "#shared/schemas/trip-party.ts";
import { checkItineraryRealism } from "#shared/realism.ts";
import { withoutDayFacts } from "#shared/day-facts.ts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INTERESTS, TRAVEL_STYLES, type Interest } from "#shared/constants.ts";
import { distanceKm } from "#shared/geo.ts";
import { activitySchema, type TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { mayVisitAt } from "#shared/opening-hours.ts";
import type { Place } from "../services/places/places-service.ts";
import { isEatery, planFromPlaces } from "./real-places-planner.ts";
import { DAY_SLOTS, MAX_HOP_KM } from "./visit-schedule.ts";

/*
 * The keyless planner's promises, for any candidate set: no place twice, every real visit open at
 * its time (the destination's public holidays included), times ascending in each day, at least three
 * visits a day, real visits only from the candidates, and no hop over 5 km when a suitable place
 * (unused in the whole trip, the same kind, open then) was nearer.
 */

const PARIS: TripPlace = {
  name: "Paris",
  country: "France",
  lat: 48.8566,
  lng: 2.3522,
  timezone: "Europe/Paris",
};

const HOURS = [
  null,
  "24/7",
  "Mo-Fr 09:00-17:00",
  "Tu-Su 10:00-18:00; Mo off",
  "Mo-Su 12:00-15:00,19:00-23:00",
  "Sa,Su 10:00-14:00",
  "Mo-Su 09:00-20:00; PH off",
  "Mo-Su 18:00-02:00",
  "off",
  "Mo-Su 11:00-22:00",
  "by appointment",
  "not hours at all",
] as const;

const KINDS = [
  { kind: "museum", tags: { tourism: "museum" } },
  { kind: "park", tags: { leisure: "park" } },
  { kind: "monument", tags: { historic: "monument" } },
  { kind: "restaurant", tags: { amenity: "restaurant" } },
  { kind: "cafe", tags: { amenity: "cafe" } },
  { kind: "marketplace", tags: { amenity: "marketplace" } },
] as const;

const candidateArb = fc.record({
  dLat: fc.double({ min: -0.12, max: 0.12, noNaN: true }),
  dLng: fc.double({ min: -0.18, max: 0.18, noNaN: true }),
  hours: fc.constantFrom(...HOURS),
  kind: fc.constantFrom(...KINDS),
  notable: fc.boolean(),
  fee: fc.constantFrom(undefined, "no", "yes"),
  interests: fc.subarray([...INTERESTS], { minLength: 1 }),
  // Few names, so duplicates under different ids happen (and "Éta" / "ETA" are "Eta" again).
  name: fc.constantFrom(
    "Alpha",
    "Beta",
    "Gamma",
    "Delta",
    "Epsilon",
    "Zeta",
    "Eta",
    "Éta",
    "Theta",
  ),
  shout: fc.boolean(),
});

const candidatesArb = fc.array(candidateArb, { maxLength: 40 }).map((list) =>
  list.map((c, i): Place => ({
    osmId: `node/${i + 1}`,
    name: `${c.shout ? c.name.toUpperCase() : c.name} ${i % 5}`,
    kind: c.kind.kind,
    lat: PARIS.lat + c.dLat,
    lng: PARIS.lng + c.dLng,
    address: null,
    openingHours: c.hours,
    website: null,
    notable: c.notable,
    interests: c.interests,
    tags: { ...c.kind.tags, ...(c.fee ? { fee: c.fee } : {}) },
  })),
);

// 2026-12-24…2027-01-02 crosses Christmas and New Year (public holidays in France).
const requestArb = fc.record({
  startOffset: fc.integer({ min: 0, max: 9 }),
  length: fc.integer({ min: 1, max: 5 }),
  travelStyle: fc.constantFrom(...TRAVEL_STYLES),
  interests: fc.subarray([...INTERESTS] as Interest[]),
});

const dateAfter = (start: string, days: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type RequestShape = {
  startOffset: number;
  length: number;
  travelStyle: TripRequest["travelStyle"];
  interests: Interest[];
};

function toRequest(r: RequestShape): TripRequest {
  const startDate = dateAfter("2026-12-24", r.startOffset);
  return {
    destination: "Paris",
    startDate,
    endDate: dateAfter(startDate, r.length - 1),
    budget: 2000,
    travelStyle: r.travelStyle,
    interests: r.interests,
    ...DEFAULT_PARTY,
  };
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

describe("planFromPlaces (property)", () => {
  it("never repeats a place, visits only open places, keeps times ascending and hops short", () => {
    fc.assert(
      fc.property(candidatesArb, requestArb, (candidates, r) => {
        const request = toRequest(r);
        const plan = planFromPlaces({ request, place: PARIS, candidates });
        const byId = new Map<string, Place>(candidates.map((c) => [c.osmId, c]));
        const used: string[] = plan.itinerary.days.flatMap((d) =>
          d.activities.flatMap((a) => (a.osmId ? [a.osmId] : [])),
        );
        expect(new Set(used).size).toBe(used.length);
        // One element can come back under two ids: a name (whatever its case or accents) is visited once.
        const names = used.map((id) => sameName(byId.get(id)?.name ?? id));
        expect(new Set(names).size).toBe(names.length);
        expect(plan.verified).toBe(used.length);
        expect(plan.itinerary.days.map((d) => d.date)[0]).toBe(request.startDate);

        for (const day of plan.itinerary.days) {
          expect(day.activities.length).toBeGreaterThanOrEqual(3);
          const times = day.activities.map((a) => minutes(a.time));
          for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);

          let previous: Place | null = null;
          for (const activity of day.activities) {
            if (activity.osmId === null) {
              expect(activity.lat).toBeNull();
              continue;
            }
            const place = byId.get(activity.osmId);
            expect(place).toBeDefined();
            if (!place) continue;
            expect(activity.lat).toBe(place.lat);
            expect(activity.lng).toBe(place.lng);
            expect(activity.openingHours).toBe(place.openingHours);
            expect(`${activity.activity} ${activity.location}`).toContain(place.name);
            const at = {
              countryCode: "FR",
              lat: place.lat,
              lng: place.lng,
              localDate: day.date,
              localTime: activity.time,
            };
            expect(mayVisitAt(place.openingHours, at)).toBe(true);
            // No dates or hours in the text: the page computes them for the day.
            expect(withoutDayFacts(activity.description)).toBe(activity.description);
            // `fee=no` is free entry; a meal's price is its food, never free by that tag.
            const meal = /^(?:Lunch|Dinner) at /.test(activity.activity);
            if (place.tags?.fee === "no" && !meal) {
              expect(activity.cost).toBe(0);
              expect(activity.description).toMatch(/Free entry\.$/);
            }
            // No price in the text that is not from the place's tags (issue 44).
            expect(activity.description).not.toMatch(/\$\d|estimate/);

            if (previous) {
              const hop = distanceKm(previous, place);
              if (hop > MAX_HOP_KM) {
                const meal = isEatery(place);
                const nearer = candidates.find(
                  (c) =>
                    !used.includes(c.osmId) &&
                    !names.includes(sameName(c.name)) &&
                    isEatery(c) === meal &&
                    distanceKm(previous!, c) < hop &&
                    mayVisitAt(c.openingHours, { ...at, lat: c.lat, lng: c.lng }) &&
                    mayVisitAt(c.openingHours, {
                      ...at,
                      lat: c.lat,
                      lng: c.lng,
                      localTime: endOfVisit(
                        activity.time,
                        meal ? (activity.activity.startsWith("Lunch") ? 60 : 75) : 90,
                      ),
                    }),
                );
                expect(nearer).toBeUndefined();
              }
            }
            previous = place;
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("plans a verified day from enough open places, and says which interest each sight serves", () => {
    const open = (i: number, lat: number, lng: number, kind: (typeof KINDS)[number]): Place => ({
      osmId: `way/${i}`,
      name: `Place ${i}`,
      kind: kind.kind,
      lat,
      lng,
      address: null,
      openingHours: "24/7",
      website: null,
      notable: false,
      interests: kind.kind === "restaurant" ? ["Food & Dining"] : ["History"],
      ...DEFAULT_PARTY,
      tags: { ...kind.tags },
    });
    const candidates = [
      open(1, 48.857, 2.352, KINDS[2]),
      open(2, 48.858, 2.353, KINDS[3]),
      open(3, 48.859, 2.354, KINDS[2]),
      open(4, 48.86, 2.355, KINDS[3]),
    ];
    const request = toRequest({
      startOffset: 5,
      length: 1,
      travelStyle: "comfort",
      interests: ["History"],
      ...DEFAULT_PARTY,
    });
    const plan = planFromPlaces({ request, place: PARIS, candidates });
    expect(plan.verified).toBe(4);
    expect(plan.total).toBe(4);
    const [day] = plan.itinerary.days;
    expect(day?.activities.map((a) => a.time)).toEqual(DAY_SLOTS.map((s) => s.times[0]));
    expect(day?.activities[0]?.why).toBe("For your interest in History");
    expect(day?.activities[1]?.activity).toBe("Lunch at Place 2");
    // The meal's typical price is its cost (labelled an estimate on the page), never its text.
    expect(day?.activities[1]?.description).toMatch(/Price unknown\.$/);
    expect(day?.activities[1]?.cost).toBeGreaterThan(0);
  });

  it("fills a slot no open place can take with a general suggestion, counted as unverified", () => {
    const museum: Place = {
      osmId: "node/7",
      name: "Lonely Museum",
      kind: "museum",
      lat: PARIS.lat,
      lng: PARIS.lng,
      address: null,
      openingHours: "Mo-Su 09:00-18:00",
      website: null,
      notable: true,
      interests: ["Culture & Arts"],
      ...DEFAULT_PARTY,
      tags: { tourism: "museum", fee: "no" },
    };
    const request = toRequest({
      startOffset: 5,
      length: 1,
      travelStyle: "budget",
      interests: ["Culture & Arts"],
      ...DEFAULT_PARTY,
    });
    const plan = planFromPlaces({ request, place: PARIS, candidates: [museum] });
    // A budget trip without Food & Dining: morning, lunch, afternoon; only the museum is real.
    expect(plan).toMatchObject({ verified: 1, total: 3 });
    const [first, lunch, afternoon] = plan.itinerary.days[0]!.activities;
    expect(first).toMatchObject({ osmId: "node/7", cost: 0, activity: "Visit Lonely Museum" });
    for (const general of [lunch, afternoon]) {
      expect(general).toMatchObject({ osmId: null, lat: null, lng: null });
      expect(general?.description).toMatch(/general suggestion/);
    }
    // Named after the stop before them, so the two general suggestions are never "the same place".
    expect(lunch?.location).toBe("a place to eat near Lonely Museum");
    expect(afternoon?.location).toBe("the streets near Lonely Museum");
    const checked = checkItineraryRealism(plan.itinerary, { budget: 1000 });
    expect(checked.filter((w) => w.kind === "repeat")).toEqual([]);
  });
});

function sameName(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

function endOfVisit(time: string, length: number): string {
  const total = Math.min(minutes(time) + length - 1, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

describe("planFromPlaces and activity lengths", () => {
  it("gives each visit its length and leaves the travel time after it before the next stop", () => {
    const at = (i: number, lng: number, kind: (typeof KINDS)[number], hours: string): Place => ({
      osmId: `way/${i}`,
      name: `Stop ${i}`,
      kind: kind.kind,
      lat: PARIS.lat,
      lng,
      address: null,
      openingHours: hours,
      website: null,
      notable: false,
      interests: kind.kind === "restaurant" ? ["Food & Dining"] : ["History"],
      ...DEFAULT_PARTY,
      tags: { ...kind.tags },
    });
    // The museum opens at 11:00: 90 minutes there end at 12:30, when the first lunch slot starts;
    // the restaurant is about 1.5 km away (20 minutes on foot), so lunch moves to 13:00.
    const museum = at(1, PARIS.lng, KINDS[0], "Mo-Su 11:00-18:00");
    const lunch = at(2, PARIS.lng + 0.0204, KINDS[3], "Mo-Su 12:00-15:00");
    const plan = planFromPlaces({
      request: toRequest({
        startOffset: 5,
        length: 1,
        travelStyle: "budget",
        interests: ["History"],
        ...DEFAULT_PARTY,
      }),
      place: PARIS,
      candidates: [museum, lunch],
    });
    const [first, second] = plan.itinerary.days[0]!.activities;
    expect(first).toMatchObject({ osmId: "way/1", time: "11:00", durationMinutes: 90 });
    expect(second).toMatchObject({ osmId: "way/2", time: "13:00", durationMinutes: 60 });
    const kinds = checkItineraryRealism(plan.itinerary, { budget: 1000 }).map((w) => w.kind);
    expect(kinds).not.toContain("travel");
    expect(kinds).not.toContain("overlap");
  });
});

describe("planFromPlaces with OpenStreetMap text holding control characters", () => {
  it("writes activity text that the activity schema accepts", () => {
    const candidates = Array.from({ length: 6 }, (_, i): Place => ({
      osmId: `node/${i + 1}`,
      name: `Musée\u001b[31m ${i}\u000b\u0085`,
      kind: "museum",
      lat: PARIS.lat + i * 0.001,
      lng: PARIS.lng,
      address: "Rue\u0000 de Rivoli\u007f",
      openingHours: "24/7",
      website: null,
      notable: true,
      interests: ["Art & Culture"],
      ...DEFAULT_PARTY,
      tags: { tourism: "museum" },
    }));
    const plan = planFromPlaces({
      request: toRequest({ startOffset: 0, length: 1, travelStyle: "budget", interests: [] }),
      place: PARIS,
      candidates,
    });
    const activities = plan.itinerary.days.flatMap((d) => d.activities);
    expect(activities.some((a) => a.osmId !== null)).toBe(true);
    for (const activity of activities) expect(activitySchema.parse(activity)).toEqual(activity);
  });
});
