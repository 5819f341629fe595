import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import { PlacesError, type PlacesService } from "../services/places/places-service.ts";
import type { PlaceRecord } from "./place-record.ts";

/** Names and addresses looked up per import at most (the rest stay unlocated, with their links). */
export const MAX_LOOKUPS = 60;
const LOOKUP_BUDGET_MS = 20_000;
const CONCURRENCY = 3;

/**
 * Places the file gave no position for, looked up near the trip's stops: a Takeout list's names
 * through the place search (OpenStreetMap), a My Maps address through the geocoder when one is set
 * (else by its name). A failing service leaves the rest unlocated; it never fails the import.
 */
export async function matchNearTrip(
  records: PlaceRecord[],
  near: TripPlace[],
  services: { places: PlacesService; geo: GeoService; owner: string },
  signal: AbortSignal,
): Promise<PlaceRecord[]> {
  if (near.length === 0) return records;
  const budget = AbortSignal.any([signal, AbortSignal.timeout(LOOKUP_BUDGET_MS)]);
  const wanted = records
    .map((record, index) => ({ record, index }))
    .filter(({ record }) => record.lookup !== null && record.lat === null)
    .slice(0, MAX_LOOKUPS);
  const out = [...records];
  let placesDown = !services.places.enabled;
  const byName = async (record: PlaceRecord): Promise<PlaceRecord | null> => {
    if (placesDown) return null;
    for (const point of near) {
      try {
        const [found] = await services.places.search(record.title, point, {
          signal: budget,
          limit: 1,
        });
        if (found)
          return {
            ...record,
            lat: found.lat,
            lng: found.lng,
            osmId: found.osmId,
            address: record.address ?? found.address,
            matched: "name",
          };
      } catch (error) {
        if (!(error instanceof PlacesError) && !budget.aborted) throw error;
        placesDown = true;
        return null;
      }
    }
    return null;
  };
  const byAddress = async (record: PlaceRecord): Promise<PlaceRecord | null> => {
    if (!record.address || !services.geo.locatesActivities) return null;
    for (const point of near) {
      const found = await services.geo
        .locateActivity(record.address, point, { signal: budget, owner: services.owner })
        .catch(() => null);
      if (found) return { ...record, lat: found.lat, lng: found.lng, matched: "address" };
    }
    return null;
  };
  let next = 0;
  const work = async () => {
    while (next < wanted.length && !budget.aborted) {
      const item = wanted[next++];
      if (!item) break;
      const { record, index } = item;
      const matched =
        (record.lookup === "address" ? await byAddress(record) : null) ?? (await byName(record));
      if (matched) out[index] = matched;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  return out;
}
