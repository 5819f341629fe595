import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { OpenAt } from "#shared/realism.ts";
import type { Day, TripPlace } from "#shared/schemas/itinerary.ts";

// The opening_hours library (and its holiday tables) is far too big for the first view: it is
// fetched only by trip pages with places that have hours, once, and kept for the session.
const loadHoursModules = () =>
  Promise.all([import("#shared/opening-hours.ts"), import("#shared/country-code.ts")]);

/** The trip's hours tools, for its destination's country (public holidays) and position. */
export type PlaceHours = {
  /** For the realism checks: whether a place is open at a local date and time. */
  openAt: OpenAt | undefined;
  /** "Open 09:00–18:00 on Tue 29 Dec", "Closed on …", "Hours unknown". */
  hoursOn: (openingHours: string | null, localDate: string) => string;
};

type HoursModules = Awaited<ReturnType<typeof loadHoursModules>>;

/** The hours tools for a destination, from the loaded modules (pure: the hook only memoises it). */
export function placeHoursFor(
  [{ formatHoursOn, openAtIn }, { countryCodeOf }]: HoursModules,
  place: Pick<TripPlace, "country" | "lat" | "lng"> | null,
): PlaceHours {
  const where = {
    countryCode: place ? countryCodeOf(place.country) : null,
    lat: place?.lat ?? 0,
    lng: place?.lng ?? 0,
  };
  return {
    // Without the destination's place the country (holidays) is unknown: no closed warnings.
    openAt: place ? openAtIn(place) : undefined,
    hoursOn: (openingHours, localDate) => formatHoursOn(openingHours, { ...where, localDate }),
  };
}

/** Whether any activity of these days is a matched place with hours to read. */
export const hasPlaceHours = (days: readonly Day[]) =>
  days.some((d) => d.activities.some((a) => a.osmId !== null && a.openingHours !== null));

/**
 * The hours tools once the library has loaded, undefined before (and on pages that need none):
 * callers show no hours line until then rather than a wrong one.
 */
export function usePlaceHours(
  place: TripPlace | null | undefined,
  days: readonly Day[],
): PlaceHours | undefined {
  const needed = hasPlaceHours(days);
  const { data } = useQuery({
    queryKey: ["lazy-module", "opening-hours"],
    queryFn: loadHoursModules,
    enabled: needed,
    staleTime: Infinity,
    gcTime: Infinity,
    // Modules are not data to compare field by field.
    structuralSharing: false,
  });
  const country = place?.country ?? null;
  const lat = place?.lat ?? 0;
  const lng = place?.lng ?? 0;
  return useMemo(
    () => (data ? placeHoursFor(data, country === null ? null : { country, lat, lng }) : undefined),
    [data, country, lat, lng],
  );
}
