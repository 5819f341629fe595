import type { TagSelector } from "./interest-tags.ts";

/**
 * The whole trip's OpenStreetMap sets (issue 47): where to sleep, where to have breakfast, where to
 * have lunch and dinner. Asked for like an interest (one Overpass statement per selector, one
 * request per set and destination, cached as `trip:<set>`).
 */
export const TRIP_SETS = ["lodging", "breakfast", "dining"] as const;
export type TripSet = (typeof TRIP_SETS)[number];

export const TRIP_SET_TAGS: Record<TripSet, readonly TagSelector[]> = {
  lodging: [[{ key: "tourism", values: ["hotel", "hostel", "guest_house", "apartment", "motel"] }]],
  breakfast: [[{ key: "amenity", values: ["cafe"] }], [{ key: "shop", values: ["bakery"] }]],
  dining: [[{ key: "amenity", values: ["restaurant"] }]],
};

/** Lodging a short ride from the centre; eating places near it (they are dense). */
export const TRIP_SET_RADIUS_M: Record<TripSet, number> = {
  lodging: 6000,
  breakfast: 3000,
  dining: 3000,
};

/** The cache's `interest` column for a set: never an interest's own name. */
export const tripSetKey = (set: TripSet) => `trip:${set}`;
