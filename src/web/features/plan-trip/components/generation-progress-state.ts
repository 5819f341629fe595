import type { Day } from "#shared/schemas/itinerary.ts";

/** `findingPlacesIn`: the destination whose real places are being looked up now, else null. */
export type ProgressState = {
  dates: string[];
  themes: string[];
  days: (Day | undefined)[];
  findingPlacesIn: string | null;
};

export const emptyProgress: ProgressState = {
  dates: [],
  themes: [],
  days: [],
  findingPlacesIn: null,
};
