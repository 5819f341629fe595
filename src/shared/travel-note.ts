import { distanceKm, travelMinutes, WALKING_MAX_KM } from "./geo.ts";
import type { Activity, Day } from "./schemas/itinerary.ts";

/*
 * How to get from the activity before: computed where it is shown (the page, the print view, the
 * shared page, the calendar file) from the two activities' coordinates, never stored in a
 * description, so a move, a reorder or a removal never leaves "About 27 minutes on foot from Le
 * Procope" behind (issue 44).
 */

type Placed = Pick<Activity, "lat" | "lng" | "location" | "activity">;

/** The place's name as its location gives it ("Le Procope, 13 Rue…" → "Le Procope"). */
const placeName = (a: Placed) => a.location.split(",")[0]?.trim() || a.activity;

/** "About 12 minutes on foot from Le Procope", "About 4.3 km from Le Procope by transit or taxi". */
export function travelFrom(previous: Placed | null | undefined, activity: Placed): string | null {
  if (!previous || previous.lat === null || previous.lng === null) return null;
  if (activity.lat === null || activity.lng === null) return null;
  const km = distanceKm(
    { lat: previous.lat, lng: previous.lng },
    { lat: activity.lat, lng: activity.lng },
  );
  if (km < 0.05) return null;
  const from = placeName(previous);
  if (km <= WALKING_MAX_KM) {
    const minutes = Math.max(1, Math.round(travelMinutes(km)));
    return `About ${minutes} minute${minutes === 1 ? "" : "s"} on foot from ${from}`;
  }
  return `About ${km.toFixed(1)} km from ${from} by transit or taxi`;
}

/** The activity before this one on its day, as the day now orders them. */
export function previousOnDay(day: Pick<Day, "activities">, activityId: string): Activity | null {
  const index = day.activities.findIndex((a) => a.id === activityId);
  return index > 0 ? (day.activities[index - 1] ?? null) : null;
}
