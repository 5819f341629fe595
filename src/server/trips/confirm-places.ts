import type { Activity, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import { activitySchema } from "#shared/schemas/itinerary.ts";
import { PlacesError, type Place, type PlacesService } from "../services/places/places-service.ts";
import { checkedPoint } from "../planner/place-checks.ts";

const unconfirmed = (a: Activity): Activity =>
  a.osmId === null && a.openingHours === null && a.website === null
    ? a
    : { ...a, osmId: null, openingHours: null, website: null };

/** OSM's name as the activity's place, when it is one the activity schema can store. */
const placeName = (place: Place, fallback: string) => {
  const parsed = activitySchema.shape.location.safeParse(place.name);
  return parsed.success ? parsed.data : fallback;
};

/**
 * The OpenStreetMap facts of an edited itinerary are OSM's, never the client's: a client may name a
 * place (osmId), not vouch for it, or the trip would read "verified" beside a link of its choosing.
 * - An activity keeping the osmId it has in the stored trip keeps its stored hours and website.
 * - A newly set osmId is read again (the destination's places cache, then Overpass); when found, and
 *   near the destination, its name (the activity's place; the activity's own text stays), hours,
 *   website and coordinates are OSM's. When it cannot be confirmed (unknown, too far, places off or
 *   unreachable) it is saved unverified: osmId, hours and website null, the client's pin kept.
 * - An activity without an osmId carries no hours or website.
 */
export async function confirmPlaces(
  places: PlacesService,
  stored: Itinerary,
  itinerary: Itinerary,
  place: TripPlace | null,
  signal: AbortSignal,
): Promise<Itinerary> {
  const before = new Map<string, Activity>();
  for (const day of stored.days) for (const a of day.activities) before.set(a.id, a);
  const kept = (a: Activity) => {
    const previous = before.get(a.id);
    return a.osmId !== null && previous?.osmId === a.osmId ? previous : null;
  };

  const claimed = itinerary.days.flatMap((day) =>
    day.activities.flatMap((a) => (a.osmId !== null && !kept(a) ? [a.osmId] : [])),
  );
  const confirmed = new Map<string, Place>();
  if (claimed.length > 0 && places.enabled) {
    try {
      for (const p of await places.byIds(claimed, place, { signal })) confirmed.set(p.osmId, p);
    } catch (error) {
      // Places unavailable: nothing new is confirmed, and the edit is still saved.
      if (!(error instanceof PlacesError) || signal.aborted) throw error;
    }
  }

  const confirm = (a: Activity): Activity => {
    if (a.osmId === null) return unconfirmed(a);
    const previous = kept(a);
    if (previous) return { ...a, openingHours: previous.openingHours, website: previous.website };
    const found = confirmed.get(a.osmId);
    const point = found ? checkedPoint(found.lat, found.lng, place) : null;
    if (!found || !point) return unconfirmed(a);
    return {
      ...a,
      location: placeName(found, a.location),
      ...point,
      openingHours: found.openingHours,
      website: found.website,
    };
  };
  return {
    days: itinerary.days.map((day) => ({
      ...day,
      activities: day.activities.map(confirm),
    })),
  };
}
