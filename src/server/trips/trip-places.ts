import type { Activity, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { Stay, TripStop } from "#shared/schemas/trip-stops.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { placeOf, type GeoService } from "../services/geo/geo-service.ts";
import { destinationQuery } from "../services/geo/open-meteo-geocoding.ts";
import { createActivityLocator } from "../planner/locate-activities.ts";
import { checkActivityPlace } from "../planner/place-checks.ts";
import { locateStays } from "../planner/locate-stays.ts";
import type { TripRow } from "../db/schema.ts";
import type { PatchedTrip } from "./trip-patch.ts";

/**
 * The places of a trip after an edit (PATCH):
 * - a new destination (another place name, not just "Kyoto" → "Kyoto, Japan") is resolved again,
 *   as is each new or renamed city of a trip with several stops (its place is the first stop's);
 * - each activity is checked against and looked up near its own stop's place;
 * - stays that are new or whose name or address changed, sent without a pin, are looked up near
 *   their stop like activities (unlocated when the geocoder is off or finds nothing);
 * - activities whose location text changed while their coordinates were not changed by the client
 *   (`relocated`) are looked up with the geocoder when one is set, and stay unlocated otherwise;
 * - coordinates the client changed (a pin placed by hand) are kept, like every other pin, only while
 *   they are within 60 km of the destination (any valid pair when the destination is unresolved);
 * - activities still without a place are looked up again: lookups are capped per save (the geo
 *   service's `admit`), so the ones over the cap wait for a later save (the geocoder's misses are
 *   cached, so asking again costs a read, not a request); those of a new plan still waiting for
 *   the placement worker (`waiting`) are left to it.
 */
const unlocated = (a: Activity) => a.lat === null && a.lng === null && a.osmId === null;

export async function placePatchedTrip(
  geo: GeoService,
  row: Pick<TripRow, "destination" | "place">,
  patched: PatchedTrip,
  signal: AbortSignal,
  /** Activities of a new plan the placement worker has yet to look up: not asked twice. */
  waiting: ReadonlySet<string> = new Set(),
): Promise<{ itinerary: Itinerary; place: TripPlace | null; stops: TripStop[]; stays: Stay[] }> {
  const { destination, itinerary } = patched.values;
  const several = patched.values.stops.length > 1;
  // One stop: the destination is its city, resolved as before. Several: each new city on its own.
  const destinationPlace =
    several || destinationQuery(destination) === destinationQuery(row.destination)
      ? row.place
      : placeOf(await geo.resolveDestination(destination, { signal }));
  const stops = await Promise.all(
    patched.values.stops.map(async (stop) => {
      if (!patched.stopsToPlace.has(stop.id)) return stop;
      if (!several && destinationQuery(stop.destination) === destinationQuery(destination))
        return { ...stop, place: destinationPlace };
      return {
        ...stop,
        place: placeOf(await geo.resolveDestination(stop.destination, { signal })),
      };
    }),
  );
  // The trip's place is its first stop's (the map and the weather start there).
  const place = stops[0]?.place ?? null;
  const stopPlace = (index: number) => stops[index]?.place ?? place;
  const relocated = new Set(patched.relocated.map((a) => a.id));
  const locator = createActivityLocator(geo, signal);
  const days = await Promise.all(
    itinerary.days.map(async (day) => ({
      ...day,
      activities: await Promise.all(
        day.activities.map(async (a) => {
          const near = stopPlace(activityStopIndex(a, day));
          const checked = checkActivityPlace(a, near);
          return relocated.has(a.id) || (unlocated(checked) && !waiting.has(a.id))
            ? await locator.locate(checked, near)
            : checked;
        }),
      ),
    })),
  );
  const stays = await locateStays(
    geo,
    patched.values.stays,
    patched.staysToLocate,
    stopPlace,
    signal,
  );
  return { itinerary: { days }, place, stops, stays };
}
