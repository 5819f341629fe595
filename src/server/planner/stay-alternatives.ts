import type { TravelStyle } from "#shared/constants.ts";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import type { StayInput, Stay, TripStop } from "#shared/schemas/trip-stops.ts";
import type { TripParty } from "#shared/schemas/trip-party.ts";
import { tripDates } from "#shared/trip-dates.ts";
import { stopNights } from "#shared/trip-stop-days.ts";
import type { Routing } from "../routing/routing-types.ts";
import type { PlacesService } from "../services/places/places-service.ts";
import { createOsmSources } from "../sources/osm-sources.ts";
import { rankStays, stayChoice, stayInputOf } from "./plan-stays.ts";
import { stayNeedOf } from "./plan-whole-trip.ts";

export const ALTERNATIVES = 3;

/**
 * Replace a stay (issue 47): the next best places meeting the party for the stay's stop and its
 * nights, none the trip already sleeps at. Empty when the source has none (or places are off).
 */
export async function stayAlternatives(
  deps: { places: PlacesService; routing?: Routing },
  trip: {
    stays: readonly Stay[];
    stops: readonly TripStop[];
    itinerary: Itinerary;
    party: TripParty;
    travelStyle: TravelStyle;
    startDate: string;
    endDate: string;
  },
  stay: Stay,
): Promise<(StayInput & { stopIndex: number })[]> {
  const stop = trip.stops[stay.stopIndex];
  if (!stop?.place) return [];
  const sources = createOsmSources({
    places: deps.places,
    routing: deps.routing,
    travelStyle: trip.travelStyle,
  });
  const offers = await sources.stays({ name: stop.destination, place: stop.place });
  const dates = tripDates(trip.startDate, trip.endDate);
  const need = {
    ...stayNeedOf(stop, stay.stopIndex, trip.itinerary, dates),
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    nights: Math.max(1, stopNights({ startDate: stay.checkIn, endDate: stay.checkOut })),
  };
  const taken = new Set(trip.stays.flatMap((s) => [s.osmId, s.name.trim().toLowerCase()]));
  return rankStays(offers, need, trip.party, trip.travelStyle)
    .filter((o) => !taken.has(o.osmId) && !taken.has(o.name.trim().toLowerCase()))
    .slice(0, ALTERNATIVES)
    .map((offer) => stayInputOf(stayChoice(offer, need, trip.party)));
}
