import type { JourneyMode, JourneyOffer, SourceCity } from "./trip-sources.ts";

/*
 * Journeys between cities with nothing but the map: a fare per km for flights, rail and coach
 * (per person), fuel per vehicle of five, a taxi per car of four, all estimated. Typical 2024
 * European and North American fares; durations door to door.
 */

/** Beyond this straight-line distance only flights are offered (no road or rail crosses an ocean). */
export const GROUND_MAX_KM = 1500;
/** A flight shorter than this is not offered. */
export const FLIGHT_MIN_KM = 250;
/** A taxi between cities only this far. */
export const TAXI_MAX_KM = 150;
/** Roads and rails wind: straight-line km × this, when the routers are off. */
export const ROAD_FACTOR = 1.3;

type Estimate = {
  mode: JourneyMode;
  minutes: (km: number, road: { km: number; minutes: number }) => number;
  price: (km: number, road: { km: number; minutes: number }) => JourneyOffer["price"];
  fits: (km: number) => boolean;
};

const round = (usd: number) => Math.round(usd * 100) / 100;

export const ESTIMATES: readonly Estimate[] = [
  {
    mode: "flight",
    // Airport time (check-in, security, the rides to and from) plus the flight.
    minutes: (km) => Math.round(150 + 40 + (km / 800) * 60),
    price: (km) => ({ perPerson: round(50 + 0.11 * km) }),
    fits: (km) => km >= FLIGHT_MIN_KM,
  },
  {
    mode: "train",
    minutes: (km) => Math.round(40 + ((km * 1.2) / 160) * 60),
    price: (km) => ({ perPerson: round(10 + 0.16 * km * 1.2) }),
    fits: (km) => km <= GROUND_MAX_KM,
  },
  {
    mode: "coach",
    minutes: (_km, road) => Math.round(30 + road.minutes * 1.2),
    price: (_km, road) => ({ perPerson: round(5 + 0.06 * road.km) }),
    fits: (km) => km <= GROUND_MAX_KM,
  },
  {
    mode: "self-driving",
    // 7 l/100 km at about US$1.70 a litre, tolls and parking aside.
    minutes: (_km, road) => Math.round(road.minutes),
    price: (_km, road) => ({ perVehicle: round(0.12 * road.km), seats: 5 }),
    fits: (km) => km <= GROUND_MAX_KM,
  },
  {
    mode: "taxi",
    minutes: (_km, road) => Math.round(road.minutes),
    price: (_km, road) => ({ perVehicle: round(5 + 2 * road.km), seats: 4 }),
    fits: (km) => km <= TAXI_MAX_KM,
  },
];

/** A road's km and minutes guessed from the straight line (80 km/h on average). */
export const estimatedRoad = (km: number) => ({
  km: km * ROAD_FACTOR,
  minutes: ((km * ROAD_FACTOR) / 80) * 60,
});

/** Every mode that fits the distance, estimated; `road`: the routers' way by car when they had it. */
export function estimateJourneys(
  from: SourceCity,
  to: SourceCity,
  km: number,
  road: { km: number; minutes: number } | null,
): JourneyOffer[] {
  const way = road ?? estimatedRoad(km);
  return ESTIMATES.filter((e) => e.fits(km)).map((e) => ({
    id: `estimate:${e.mode}:${from.name}:${to.name}`,
    mode: e.mode,
    carrier: e.mode === "taxi" ? "Taxi" : null,
    number: null,
    from: from.name,
    to: to.name,
    departAt: null,
    arriveAt: null,
    minutes: Math.max(1, e.minutes(km, way)),
    meters: e.mode === "flight" ? Math.round(km * 1000) : Math.round(way.km * 1000),
    price: e.price(km, way),
    estimated: true,
  }));
}
