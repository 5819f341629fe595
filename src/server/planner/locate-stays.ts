import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { Stay } from "#shared/schemas/trip-stops.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import { checkedPoint } from "./place-checks.ts";

/**
 * The stays of `toLocate` looked up near their stop like activities (by address, else name); the
 * others, and every stay when the geocoder is off or finds nothing near, as they are.
 */
export function locateStays(
  geo: GeoService,
  stays: readonly Stay[],
  toLocate: ReadonlySet<string>,
  stopPlace: (stopIndex: number) => TripPlace | null,
  signal: AbortSignal,
): Promise<Stay[]> {
  return Promise.all(
    stays.map(async (stay) => {
      const near = stopPlace(stay.stopIndex);
      if (!toLocate.has(stay.id) || !near || !geo.locatesActivities) return stay;
      const found = await geo.locateActivity(stay.address ?? stay.name, near, { signal });
      const point = found && checkedPoint(found.lat, found.lng, near);
      return point ? { ...stay, ...point } : stay;
    }),
  );
}
