import type { Activity } from "./schemas/itinerary.ts";

// Apart from the activity schema, in a module without zod: the trip page adds activities with these
// and loads no schema module (docs/benchmarks.md, round eight).

/** The fields that tie an activity to a real place; all null until something locates or matches it. */
export type PlaceFields = Pick<
  Activity,
  "lat" | "lng" | "why" | "osmId" | "openingHours" | "website"
>;

/** The place fields of an activity that nothing has located or matched yet. */
export const UNPLACED = {
  lat: null,
  lng: null,
  why: null,
  osmId: null,
  openingHours: null,
  website: null,
} as const satisfies PlaceFields;
