import type { Grounding, Itinerary } from "#shared/schemas/itinerary.ts";

/**
 * The grounding of an edited trip: its counts follow the itinerary once places were matched (status
 * "verified"/"partial"), or once an activity carries an osmId (a place picked in the editor, an
 * accepted day planned again from real places). Trips whose places were "off" or "unavailable" and
 * still have no osmId keep what they say, reason included. A recount drops the old reason: it spoke
 * of the plan as generated, not as edited.
 */
export function groundingAfterEdit(stored: Grounding, itinerary: Itinerary): Grounding {
  const activities = itinerary.days.flatMap((day) => day.activities);
  const verified = activities.filter((a) => a.osmId !== null).length;
  const counted = stored.status === "verified" || stored.status === "partial";
  if (!counted && verified === 0) return stored;
  const total = activities.length;
  const status = total > 0 && verified === total ? "verified" : "partial";
  if (stored.status === status && stored.verified === verified && stored.total === total)
    return stored;
  return { status, verified, total, reason: null };
}
