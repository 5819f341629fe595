import type { TravelStyle } from "#shared/constants.ts";
import { countryCodeOf } from "#shared/country-code.ts";
import { distanceKm } from "#shared/geo.ts";
import type { Routing } from "../routing/routing-types.ts";
import type { PlacesService } from "../services/places/places-service.ts";
import { estimateJourneys, GROUND_MAX_KM } from "./journey-estimates.ts";
import { mealOffer, stayOffer } from "./osm-offers.ts";
import { priceLevelOf } from "./price-levels.ts";
import type { TripSources } from "./trip-sources.ts";

/** How long a journey waits for the car router's pace before the estimate stands. */
const ROAD_WAIT_MS = 1500;

/**
 * The keyless whole-trip sources (issue 47): lodging, cafés and restaurants from OpenStreetMap
 * through the places service (its Overpass client, cache and pace), prices estimated from the
 * travel style, stars and the country's price level; journeys estimated by mode, their road
 * distance and time from the car router when it answers.
 */
export function createOsmSources(deps: {
  places: PlacesService;
  routing?: Routing | undefined;
  travelStyle: TravelStyle;
}): TripSources {
  const { places, routing, travelStyle } = deps;
  const where = (place: { country: string }) => {
    const code = countryCodeOf(place.country);
    return { code, level: priceLevelOf(code) };
  };
  return {
    async stays(city) {
      if (!city.place || !places.enabled) return [];
      const { level } = where(city.place);
      const found = await places.tripPlaces(city.place, "lodging", {
        signal: AbortSignal.timeout(30_000),
      });
      return found.flatMap((p) => stayOffer(p, travelStyle, level) ?? []);
    },
    async meals(city) {
      if (!city.place || !places.enabled) return [];
      const { code, level } = where(city.place);
      const signal = AbortSignal.timeout(30_000);
      const [breakfast, dining] = await Promise.all([
        places.tripPlaces(city.place, "breakfast", { signal }),
        places.tripPlaces(city.place, "dining", { signal }),
      ]);
      return [
        ...breakfast.map((p) => mealOffer(p, "breakfast", travelStyle, level, code)),
        ...dining.map((p) => mealOffer(p, "dining", travelStyle, level, code)),
      ];
    },
    async journeys(from, to) {
      if (!from.place || !to.place) return [];
      const km = distanceKm(from.place, to.place);
      let road: { km: number; minutes: number } | null = null;
      if (routing?.street && km <= GROUND_MAX_KM) {
        const table = await routing
          .table("car", [from.place, to.place], { maxWaitMs: ROAD_WAIT_MS })
          .catch(() => null);
        const cell = table?.cells[0]?.[1];
        if (cell) road = { km: cell.meters / 1000, minutes: cell.seconds / 60 };
      }
      return estimateJourneys(from, to, km, road);
    },
  };
}
