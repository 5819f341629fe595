/**
 * The trip's editable fields, once: what a change (PATCH, the editor, an assistant) can touch, what
 * the merge of a stale change compares, and, with the trip's place and grounding, what a version of
 * its history keeps. The server's snapshot, patch, rebase and merge types and the web editor's are
 * all derived from this list, so a new field is added here and the compiler names every place that
 * must handle it.
 */
export const TRIP_EDITABLE_FIELDS = [
  "name",
  "destination",
  "startDate",
  "endDate",
  "budget",
  "travelStyle",
  "interests",
  "itinerary",
  "stops",
  "transport",
  "stays",
] as const;

export type TripEditableField = (typeof TRIP_EDITABLE_FIELDS)[number];

/** The fields saved before migration 0013 (stops and bookings) that old versions may lack. */
export type TripBookingField = Extract<TripEditableField, "stops" | "transport" | "stays">;
