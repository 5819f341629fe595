import type { TripRole } from "#shared/constants.ts";

/** What the Ideas tab needs of a trip (any trip shape with these fields will do). */
export type IdeasTrip = {
  id: string;
  role: TripRole;
  itinerary: { days: readonly { date: string }[] };
};

/** The filters of the list: every idea, those not yet in a day, those planned, those set aside. */
export const IDEA_FILTERS = ["all", "idea", "planned", "dismissed"] as const;
export type IdeaFilter = (typeof IDEA_FILTERS)[number];
export const IDEA_FILTER_LABELS: Record<IdeaFilter, string> = {
  all: "All",
  idea: "Not planned",
  planned: "Planned",
  dismissed: "Dismissed",
};
