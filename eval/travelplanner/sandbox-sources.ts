import type { OfferTables } from "#server/sources/offer-table-sources.ts";
import { createOfferTableSources } from "#server/sources/offer-table-sources.ts";
import type { StayOffer, TripSources } from "#server/sources/trip-sources.ts";
import {
  CUISINES,
  LODGING_NEEDS,
  type Cuisine,
  type LodgingNeed,
  type StayKind,
} from "#shared/trip-party.ts";
import type { Accommodation, Distance, Flight, Sandbox } from "./sandbox.ts";

/**
 * The TravelPlanner sandbox as the planner's sources (issue 48): its accommodations, restaurants,
 * attractions, flights and road distances, every price from the tables, none estimated. Self-driving
 * costs trunc(km × 0.05) a car of 5 and a taxi trunc(km) a car of 4 (EVAL_SPEC.md §1, §3).
 */

const ROOM_KIND: Record<string, StayKind> = {
  "Entire home/apt": "entire-home",
  "Private room": "private-room",
  "Shared room": "shared-room",
  "Hotel room": "hotel",
};

/** The benchmark's house rule refusing each need ("No children under 10"). */
export const HOUSE_RULE_REFUSAL: Record<LodgingNeed, string> = {
  pets: "No pets",
  "children-under-10": "No children under 10",
  smoking: "No smoking",
  visitors: "No visitors",
  parties: "No parties",
};

function stayOf(a: Accommodation, index: number): StayOffer & { city: string } {
  const refuses = LODGING_NEEDS.filter((need) => a.houseRules.includes(HOUSE_RULE_REFUSAL[need]));
  return {
    city: a.city,
    id: `table:stay:${index}`,
    name: a.name,
    kind: ROOM_KIND[a.roomType] ?? "private-room",
    address: null,
    lat: null,
    lng: null,
    osmId: null,
    pricePerNight: a.price,
    capacity: Math.max(1, a.maximumOccupancy),
    minimumNights: Math.max(1, a.minimumNights),
    refuses,
    // The table lists every refusal: what it does not refuse, it allows.
    accepts: LODGING_NEEDS.filter((need) => !refuses.includes(need)),
    estimated: false,
    stars: null,
  };
}

/** "2 hours 24 minutes", "10 hours 55 mins" → minutes; null for "1 day …" or anything unreadable. */
export function minutesOf(duration: string): number | null {
  if (!duration || /day/i.test(duration)) return null;
  const hours = /(\d+)\s*hours?/i.exec(duration);
  const mins = /(\d+)\s*min/i.exec(duration);
  if (!hours && !mins) return null;
  return Number(hours?.[1] ?? 0) * 60 + Number(mins?.[1] ?? 0);
}

/** "1,144 km" → 1144; null when there is no number. */
export function kilometresOf(distance: string): number | null {
  const km = Number(distance.replace(/km/g, "").replace(/,/g, "").trim());
  return distance.trim() !== "" && Number.isFinite(km) ? km : null;
}

const addMinutes = (date: string, clock: string, minutes: number) => {
  const at = new Date(Date.parse(`${date}T${clock}:00Z`) + minutes * 60_000);
  return at.toISOString().slice(0, 16);
};

function flightOf(f: Flight, index: number): OfferTables["journeys"][number] {
  const minutes = minutesOf(f.elapsed) ?? 0;
  return {
    date: f.date,
    id: `table:flight:${index}`,
    mode: "flight",
    carrier: null,
    number: f.number,
    from: f.from,
    to: f.to,
    departAt: `${f.date}T${f.departure}`,
    // Elapsed time includes any time-zone change, so the clock is the table's arrival; the date
    // moves on when it lands before it left.
    arriveAt:
      f.arrival < f.departure
        ? `${addMinutes(f.date, "00:00", 24 * 60).slice(0, 10)}T${f.arrival}`
        : `${f.date}T${f.arrival}`,
    minutes,
    meters: Number.isFinite(f.distanceMiles) ? Math.round(f.distanceMiles * 1609.344) : null,
    price: { perPerson: f.price },
    estimated: false,
  };
}

/** The road legs of one distance row: self-driving (a car of 5) and taxi (a car of 4). */
function roadsOf(d: Distance, index: number): OfferTables["journeys"] {
  const minutes = minutesOf(d.duration);
  const km = kilometresOf(d.distance);
  if (minutes === null || km === null) return [];
  const leg = {
    date: null,
    carrier: null,
    number: null,
    from: d.origin,
    to: d.destination,
    departAt: null,
    arriveAt: null,
    minutes,
    meters: Math.round(km * 1000),
    estimated: false,
  };
  return [
    {
      ...leg,
      id: `table:drive:${index}`,
      mode: "self-driving",
      price: { perVehicle: Math.trunc(km * 0.05), seats: 5 },
    },
    {
      ...leg,
      id: `table:taxi:${index}`,
      mode: "taxi",
      price: { perVehicle: Math.trunc(km), seats: 4 },
    },
  ];
}

const cuisinesOf = (text: string): Cuisine[] => {
  const named = text.split(",").map((c) => c.trim());
  return CUISINES.filter((c) => named.includes(c));
};

/** The sandbox's tables as offers; the first distance row of a pair answers, as the evaluator's. */
export function sandboxOfferTables(sandbox: Sandbox): OfferTables {
  const seen = new Set<string>();
  const roads = sandbox.distances.flatMap((d, i) => {
    const key = `${d.origin}\u0000${d.destination}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return roadsOf(d, i);
  });
  return {
    stays: sandbox.accommodations.map(stayOf),
    meals: sandbox.restaurants.map((r, i) => ({
      city: r.city,
      id: `table:meal:${i}`,
      name: r.name,
      address: null,
      lat: null,
      lng: null,
      osmId: null,
      openingHours: null,
      cuisines: cuisinesOf(r.cuisines),
      meals: ["breakfast", "lunch", "dinner"],
      costPerPerson: r.averageCost,
      estimated: false,
    })),
    attractions: sandbox.attractions.map((a, i) => ({
      city: a.city,
      id: `table:visit:${i}`,
      name: a.name,
      address: a.address,
      lat: Number.isFinite(a.lat) ? a.lat : null,
      lng: Number.isFinite(a.lng) ? a.lng : null,
      openingHours: null,
      costPerPerson: 0,
    })),
    journeys: [...sandbox.flights.map(flightOf), ...roads],
  };
}

export const createSandboxSources = (sandbox: Sandbox): TripSources =>
  createOfferTableSources(sandboxOfferTables(sandbox));
