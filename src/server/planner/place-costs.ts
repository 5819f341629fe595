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
export const MEAL_USD: Record<TravelStyle, { lunch: number; dinner: number; cafe: number }> = {
  budget: { lunch: 12, dinner: 20, cafe: 8 },
  comfort: { lunch: 25, dinner: 45, cafe: 15 },
  luxury: { lunch: 60, dinner: 120, cafe: 30 },
};

/** A price OpenStreetMap gives as text ("12 EUR", "€5", "5-10 EUR"): kept as written, bounded. */
function taggedPrice(tags: Record<string, string> | undefined): string | null {
  const value = [tags?.charge, tags?.fee]
    .map((v) => v?.trim() ?? "")
    .find((v) => /\d/.test(v) && v.length <= 40);
  return value ?? null;
}

/**
 * What the description says about the price, from the place's own tags only (issue 44): `fee=no`
 * is "Free entry.", a `charge` or `fee` amount is quoted, anything else is "Price unknown.". The
 * planner's typical figure never appears in text: it is the activity's `cost`, which the page labels
 * as an estimate.
 */
export function priceNote(place: Place, slot: SlotName): string {
  const meal = slot === "lunch" || slot === "dinner";
  const tags = place.tags;
  if (!meal && tags?.fee === "no") return "Free entry.";
  const price = taggedPrice(tags);
  if (price) return `${meal ? "Price" : "Entry"}: ${price} (OpenStreetMap).`;
  if (!meal && tags?.fee === "yes") return "Entry is charged; price unknown.";
  return "Price unknown.";
}

/** A typical cost per person in USD: 0 when OpenStreetMap says `fee=no`, else an estimate. */
export function estimateCost(place: Place, slot: SlotName, style: TravelStyle): number {
  const fee = place.tags?.fee;
  if (slot === "lunch" || slot === "dinner") {
    const prices = MEAL_USD[style];
    return place.tags?.amenity === "cafe" ? prices.cafe : prices[slot];
  }
  if (fee === "no") return 0;
  const sport = place.tags?.sport;
  const table = ENTRY_USD[place.kind] ?? (sport ? ENTRY_USD[sport] : undefined);
  if (table === 0 && fee !== "yes") return 0;
  return table && table > 0 ? table : 10;
}
