/**
 * The vocabulary of a whole-trip request (who goes, where they sleep, what they eat, how they do not
 * travel): one copy for the plan request, the sentence reader and the TravelPlanner mapping.
 */

export const LODGING_KINDS = [
  "any",
  "hotel",
  "entire-home",
  "private-room",
  "shared-room",
  "not-shared",
] as const;
export type LodgingKind = (typeof LODGING_KINDS)[number];

export const LODGING_NEEDS = [
  "pets",
  "children-under-10",
  "smoking",
  "visitors",
  "parties",
] as const;
export type LodgingNeed = (typeof LODGING_NEEDS)[number];

export const CUISINES = [
  "American",
  "Chinese",
  "French",
  "Indian",
  "Italian",
  "Japanese",
  "Korean",
  "Mediterranean",
  "Mexican",
  "Middle Eastern",
  "Spanish",
  "Thai",
  "Vegetarian",
  "Vietnamese",
] as const;
export type Cuisine = (typeof CUISINES)[number];

export const AVOIDABLE = ["flights", "driving"] as const;
export type Avoidable = (typeof AVOIDABLE)[number];

export const MAX_TRAVELLERS = 20;

/** What sort of place a stay is: the lodging kinds a request can ask for, and hostels. */
export const STAY_KINDS = [
  "hotel",
  "hostel",
  "entire-home",
  "private-room",
  "shared-room",
] as const;
export type StayKind = (typeof STAY_KINDS)[number];

export const MEALS = ["breakfast", "lunch", "dinner"] as const;
export type Meal = (typeof MEALS)[number];
