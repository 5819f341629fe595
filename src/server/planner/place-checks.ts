import { distanceKm } from "#shared/geo.ts";
import type { Activity, Day, TripPlace } from "#shared/schemas/itinerary.ts";
import type { LatLng } from "../services/geo/geo-service.ts";

/** Activities further than this from the destination are someone else's (a namesake, a bad guess). */
export const MAX_KM_FROM_DESTINATION = 60;

/**
 * A point worth a pin: both coordinates in range and, when the destination is known, within
 * MAX_KM_FROM_DESTINATION of it. Without a place there is nothing to measure against, so a
 * valid-range pair is kept (the map then fits to the activities themselves).
 */
export function checkedPoint(
  lat: number | null,
  lng: number | null,
  place: TripPlace | null,
): LatLng | null {
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const point = { lat, lng };
  if (place && distanceKm(point, place) > MAX_KM_FROM_DESTINATION) return null;
  return point;
}

/** The activity with its coordinates dropped to null when they fail `checkedPoint`. */
export function checkActivityPlace(activity: Activity, place: TripPlace | null): Activity {
  const point = checkedPoint(activity.lat, activity.lng, place);
  if (point)
    return activity.lat === point.lat && activity.lng === point.lng
      ? activity
      : { ...activity, ...point };
  return activity.lat === null && activity.lng === null
    ? activity
    : { ...activity, lat: null, lng: null };
}

export const checkDayPlaces = (day: Day, place: TripPlace | null): Day => ({
  date: day.date,
  activities: day.activities.map((a) => checkActivityPlace(a, place)),
});
