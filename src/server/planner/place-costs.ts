import type { TravelStyle } from "#shared/constants.ts";
import type { Place } from "../services/places/places-service.ts";
import type { SlotName } from "./visit-schedule.ts";

// Typical per-person prices in USD. Entry fees hardly depend on the travel style; meals do.
const ENTRY_USD: Record<string, number> = {
  museum: 18,
  gallery: 0,
  "arts centre": 10,
  theatre: 40,
  attraction: 15,
  monument: 12,
  castle: 15,
  palace: 18,
  fort: 12,
  monastery: 12,
  church: 0,
  ruins: 8,
  "archaeological site": 10,
  "city gate": 0,
  manor: 12,
  park: 0,
  garden: 0,
  "nature reserve": 0,
  viewpoint: 0,
  beach: 0,
  marketplace: 10,
  "department store": 0,
  mall: 0,
  "theme park": 60,
  "water park": 35,
  spa: 60,
  sauna: 30,
  "public bath": 35,
  "beach resort": 20,
  climbing: 25,
  "sports centre": 25,
};
const FREE_KINDS_NOTE = "places like this are usually free";
export const MEAL_USD: Record<TravelStyle, { lunch: number; dinner: number; cafe: number }> = {
  budget: { lunch: 12, dinner: 20, cafe: 8 },
  comfort: { lunch: 25, dinner: 45, cafe: 15 },
  luxury: { lunch: 60, dinner: 120, cafe: 30 },
};

/** A typical cost and how the page should say it: `fee=no` is free, anything else an estimate. */
export function estimateCost(
  place: Place,
  slot: SlotName,
  style: TravelStyle,
): { cost: number; note: string } {
  const fee = place.tags?.fee;
  // Each note names its place: a plan's notes never repeat one another word for word.
  const { name } = place;
  if (fee === "no") return { cost: 0, note: `Free entry to ${name} (OpenStreetMap lists no fee).` };
  if (slot === "lunch" || slot === "dinner") {
    const prices = MEAL_USD[style];
    const cafe = place.tags?.amenity === "cafe";
    const cost = cafe ? prices.cafe : prices[slot];
    return {
      cost,
      note: `About $${cost} a person at ${name}: an estimate for ${slot} at a ${cafe ? "café" : "restaurant"} on a ${style} trip.`,
    };
  }
  const sport = place.tags?.sport;
  const table = ENTRY_USD[place.kind] ?? (sport ? ENTRY_USD[sport] : undefined);
  if (table === 0 && fee !== "yes")
    return { cost: 0, note: `${name} is probably free: an estimate, as ${FREE_KINDS_NOTE}.` };
  const cost = table && table > 0 ? table : 10;
  return {
    cost,
    note: `Entry to ${name} about $${cost} a person: an estimate for ${/^[aeiou]/i.test(place.kind) ? "an" : "a"} ${place.kind}; check before you go.`,
  };
}
