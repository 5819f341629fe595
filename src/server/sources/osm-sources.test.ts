import { describe, expect, it } from "vitest";
import type { Place } from "../services/places/places-service.ts";
import { estimateJourneys } from "./journey-estimates.ts";
import { cuisinesOf, mealOffer, stayOffer } from "./osm-offers.ts";
import { priceLevelOf } from "./price-levels.ts";
import { rankJourneys, partyFare } from "../planner/plan-journeys.ts";

const place = (tags: Record<string, string>): Place => ({
  osmId: "node/1",
  name: tags.name ?? "A place",
  kind: "hotel",
  lat: 48.85,
  lng: 2.35,
  address: null,
  openingHours: tags.opening_hours ?? null,
  website: null,
  notable: false,
  tags,
});

const paris = {
  name: "Paris",
  place: { name: "Paris", country: "France", lat: 48.8566, lng: 2.3522, timezone: "Europe/Paris" },
};
const lyon = {
  name: "Lyon",
  place: { name: "Lyon", country: "France", lat: 45.764, lng: 4.8357, timezone: "Europe/Paris" },
};

describe("OpenStreetMap lodging as stay offers", () => {
  it("reads kind, stars, rooms and the needs a place allows or refuses", () => {
    const hotel = stayOffer(
      place({ tourism: "hotel", stars: "4", rooms: "12", pets: "no", smoking: "outside" }),
      "comfort",
      0.8,
    )!;
    expect(hotel).toMatchObject({
      kind: "hotel",
      stars: 4,
      units: 12,
      capacity: 2,
      estimated: true,
    });
    expect(hotel.refuses).toEqual(["pets", "smoking"]);
    expect(hotel.pricePerNight).toBe(Math.round(230 * 0.8));
    const home = stayOffer(place({ tourism: "apartment", dog: "yes" }), "budget", 1)!;
    expect(home).toMatchObject({ kind: "entire-home", capacity: 4, minimumNights: 2 });
    expect(home.accepts).toEqual(["pets"]);
    expect(stayOffer(place({ tourism: "hostel" }), "comfort", 1)!.kind).toBe("shared-room");
    expect(stayOffer(place({ tourism: "museum" }), "comfort", 1)).toBeNull();
  });

  it("maps cuisines to the request's names, regional food to the country's", () => {
    expect(cuisinesOf({ cuisine: "pizza;italian" }, "FR")).toEqual(["Italian"]);
    expect(cuisinesOf({ cuisine: "regional" }, "FR")).toEqual(["French"]);
    expect(cuisinesOf({ cuisine: "burger", "diet:vegan": "yes" }, "US")).toEqual([
      "American",
      "Vegetarian",
    ]);
    const cafe = mealOffer(place({ amenity: "cafe" }), "breakfast", "comfort", 0.8, "FR");
    expect(cafe.meals).toEqual(["breakfast"]);
    expect(priceLevelOf("FR")).toBeLessThan(priceLevelOf("CH"));
    expect(priceLevelOf(null)).toBeGreaterThan(0);
  });
});

describe("journeys estimated by mode", () => {
  it("offers ground modes between near cities, only flights across an ocean", () => {
    const near = estimateJourneys(paris, lyon, 392, null);
    expect(near.map((j) => j.mode).sort()).toEqual(["coach", "flight", "self-driving", "train"]);
    const boston = {
      name: "Boston",
      place: {
        name: "Boston",
        country: "United States",
        lat: 42.36,
        lng: -71.06,
        timezone: "America/New_York",
      },
    };
    expect(estimateJourneys(boston, paris, 5500, null).map((j) => j.mode)).toEqual(["flight"]);
    expect(near.every((j) => j.estimated)).toBe(true);
  });

  it("prices for the party (tickets each, a car of five, taxis of four) and respects avoid", () => {
    const near = estimateJourneys(paris, lyon, 392, null);
    const car = near.find((j) => j.mode === "self-driving")!;
    expect(partyFare(car, 6)).toBeCloseTo(2 * partyFare(car, 5), 5);
    const train = near.find((j) => j.mode === "train")!;
    expect(partyFare(train, 4)).toBeCloseTo(4 * partyFare(train, 1), 5);
    expect(rankJourneys(near, ["flights"], 4).some((j) => j.mode === "flight")).toBe(false);
    const noDriving = rankJourneys(near, ["flights", "driving"], 4);
    expect(noDriving.map((j) => j.mode).sort()).toEqual(["coach", "train"]);
    // Cheapest: a coach seat alone, one car for four.
    expect(rankJourneys(near, [], 1, true)[0]!.mode).toBe("coach");
    expect(rankJourneys(near, [], 4, true)[0]!.mode).toBe("self-driving");
  });
});
