import { describe, expect, it } from "vitest";
import type { Activity } from "#shared/schemas/itinerary.ts";
import { UNPLACED } from "#shared/place-fields.ts";
import type { OsmId, Place, PlacesService } from "../services/places/places-service.ts";
import { createPlaceMatcher } from "./match-places.ts";

const paris = {
  name: "Paris",
  country: "France",
  lat: 48.8566,
  lng: 2.3522,
  timezone: "Europe/Paris",
};

const placeNamed = (id: number, name: string): Place => ({
  osmId: `node/${id}` as OsmId,
  name,
  kind: "place",
  lat: 48.86,
  lng: 2.34,
  address: null,
  openingHours: "Mo-Su 10:00-20:00",
  website: null,
  notable: false,
});

/**
 * Answers a search by name the way the Overpass adapter ranks them: an exact name first, else a name
 * starting with or containing the text (its real rule, in src/server/services/places/overpass-places.ts).
 */
function placesNamed(known: Place[]): PlacesService & { asked: string[] } {
  const asked: string[] = [];
  const norm = (t: string) => t.trim().toLowerCase();
  return {
    enabled: true,
    asked,
    candidates: () => Promise.resolve([]),
    search: () => Promise.resolve([]),
    byIds: () => Promise.resolve([]),
    tripPlaces: () => Promise.resolve([]),
    findByName: (name) => {
      asked.push(name);
      const text = norm(name);
      const exact = known.find((p) => norm(p.name) === text);
      return Promise.resolve(exact ?? known.find((p) => norm(p.name).includes(text)) ?? null);
    },
  };
}

const activity = (activityText: string, location: string): Activity => ({
  id: "00000000-0000-4000-8000-000000000001",
  time: "19:00",
  activity: activityText,
  location,
  description: "",
  cost: null,
  durationMinutes: 60,
  ...UNPLACED,
});

const matcherOver = (places: PlacesService) =>
  createPlaceMatcher({
    places,
    place: paris,
    candidates: Promise.resolve({ ok: true, places: [] }),
    signal: new AbortController().signal,
  });

describe("createPlaceMatcher: matching by the activity's own text", () => {
  it("takes a place whose name IS the activity text when the location finds nothing", async () => {
    const places = placesNamed([placeNamed(1, "Musée d'Orsay")]);
    const day = await matcherOver(places).matchDay({
      date: "2026-12-30",
      activities: [activity("Musée d'Orsay", "Left bank, somewhere")],
    });
    expect(places.asked).toEqual(["Left bank, somewhere", "Musée d'Orsay"]);
    expect(day.activities[0]).toMatchObject({ osmId: "node/1", lat: 48.86, lng: 2.34 });
  });

  it("never takes a place whose name merely contains a generic activity text", async () => {
    const places = placesNamed([placeNamed(2, "Dinner in the Sky")]);
    const day = await matcherOver(places).matchDay({
      date: "2026-12-30",
      activities: [activity("Dinner", "A bistro near the hotel")],
    });
    expect(places.asked).toEqual(["A bistro near the hotel", "Dinner"]);
    expect(day.activities[0]).toMatchObject({ osmId: null, openingHours: null, lat: null });
  });
});
