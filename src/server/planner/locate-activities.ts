import type { Activity, Day, TripPlace } from "#shared/schemas/itinerary.ts";
import type { GeoService, LatLng } from "../services/geo/geo-service.ts";
import { checkedPoint } from "./place-checks.ts";

const locationKey = (location: string) => location.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Geocoder lookups of one planning task, one per distinct location: the ones started early (while
 * later days are still being written) are awaited later instead of being asked twice.
 */
export function createActivityLocator(geo: GeoService, signal: AbortSignal) {
  const lookups = new Map<string, Promise<LatLng | null>>();
  const lookUp = (location: string, place: TripPlace) => {
    const key = locationKey(location);
    let found = lookups.get(key);
    if (!found) {
      found = geo.locateActivity(location, place, { signal });
      lookups.set(key, found);
    }
    return found;
  };

  /** The activity at the geocoder's point when it found one near the destination, else as it was. */
  async function locate(activity: Activity, place: TripPlace | null): Promise<Activity> {
    if (!geo.locatesActivities || !place) return activity;
    const found = await lookUp(activity.location, place);
    const point = found && checkedPoint(found.lat, found.lng, place);
    return point ? { ...activity, ...point } : activity;
  }

  return {
    /** Starts the lookups of a day without waiting for them. */
    prefetch(day: Day, place: TripPlace | null) {
      if (!geo.locatesActivities || !place) return;
      for (const a of day.activities) void lookUp(a.location, place);
    },
    locate,
    async locateDay(day: Day, place: TripPlace | null): Promise<Day> {
      return {
        date: day.date,
        activities: await Promise.all(day.activities.map((a) => locate(a, place))),
      };
    },
  };
}
