import type { Activity, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import { placeOf, type GeoService } from "../services/geo/geo-service.ts";
import { destinationQuery } from "../services/geo/open-meteo-geocoding.ts";
import { createActivityLocator } from "../planner/locate-activities.ts";
import { checkActivityPlace } from "../planner/place-checks.ts";
import type { TripRow } from "../db/schema.ts";
import type { PatchedTrip } from "./trip-patch.ts";

/**
 * The places of a trip after an edit (PATCH):
 * - a new destination (another place name, not just "Kyoto" → "Kyoto, Japan") is resolved again;
 * - activities whose location text changed while their coordinates were not changed by the client
 *   (`relocated`) are looked up with the geocoder when one is set, and stay unlocated otherwise;
 * - coordinates the client changed (a pin placed by hand) are kept, like every other pin, only while
 *   they are within 60 km of the destination (any valid pair when the destination is unresolved);
 * - activities still without a place are looked up again: lookups are capped per save (the geo
 *   service's `admit`), so the ones over the cap wait for a later save (the geocoder's misses are
 *   cached, so asking again costs a read, not a request).
 */
const unlocated = (a: Activity) => a.lat === null && a.lng === null && a.osmId === null;

export async function placePatchedTrip(
  geo: GeoService,
  row: Pick<TripRow, "destination" | "place">,
  patched: PatchedTrip,
  signal: AbortSignal,
): Promise<{ itinerary: Itinerary; place: TripPlace | null }> {
  const { destination, itinerary } = patched.values;
  const place =
    destinationQuery(destination) === destinationQuery(row.destination)
      ? row.place
      : placeOf(await geo.resolveDestination(destination, { signal }));
  const relocated = new Set(patched.relocated.map((a) => a.id));
  const locator = createActivityLocator(geo, signal);
  const days = await Promise.all(
    itinerary.days.map(async (day) => ({
      date: day.date,
      activities: await Promise.all(
        day.activities.map(async (a) => {
          const checked = checkActivityPlace(a, place);
          return relocated.has(a.id) || unlocated(checked)
            ? await locator.locate(checked, place)
            : checked;
        }),
      ),
    })),
  );
  return { itinerary: { days }, place };
}
