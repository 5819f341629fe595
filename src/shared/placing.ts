/**
 * The words of placing a new plan's activities on the map after the trip opened (issue 44, item 11),
 * shared by the server (the history line of each pin) and the page (the waiting line).
 */

const PLACED_PREFIX = "Placed “";
const PLACED_SUFFIX = "” on the map";

/** The history line of a pin the geocoder found: "Placed “Louvre visit” on the map". */
export const placedOnMapSummary = (activity: string) =>
  `${PLACED_PREFIX}${activity}${PLACED_SUFFIX}`;

/** True for a pin's history line: the page reads the trip again without announcing each pin. */
export const isPlacedOnMapSummary = (summary: string) =>
  summary.startsWith(PLACED_PREFIX) && summary.endsWith(PLACED_SUFFIX);

/** "Placing 12 activities on the map…", "Placing 1 activity on the map…". */
export const placingMessage = (remaining: number) =>
  `Placing ${remaining} ${remaining === 1 ? "activity" : "activities"} on the map…`;
