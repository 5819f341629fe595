import { itinerarySchema, type Itinerary, type TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripBookings } from "#shared/schemas/trip-bookings-input.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { zonedToEpoch } from "#shared/zoned-time.ts";
import { matchPlace, type KnownPlace } from "./booking-proposal.ts";
import { AppError } from "../lib/http-errors.ts";
import { placeOf, type GeoService } from "../services/geo/geo-service.ts";
import { bookedItinerary } from "../planner/booked-activities.ts";
import { createActivityLocator } from "../planner/locate-activities.ts";
import { checkActivityPlace } from "../planner/place-checks.ts";
import { lookUpDestination } from "../planner/plan-trip.ts";
import { requestStops } from "../planner/request-stops.ts";
import { staysFromPatch, transportFromPatch } from "./trip-bookings.ts";
import { locateStays } from "../planner/locate-stays.ts";

/** A new trip's frame from "Add bookings" on Home, before anything is planned or saved. */
export type BookedTrip = {
  /** The request's cities with their dates and resolved places (as the planner resolves them). */
  stops: TripStop[];
  /** The first stop's: the map and the weather start there. */
  place: TripPlace | null;
  /** As a PATCH saves them: zones left out are the nearest stop's, in departure order. */
  transport: Transport[];
  /** As a PATCH saves them: each in the stop of its check-in night, located near it. */
  stays: Stay[];
  /** Every date of the trip with its stops and only its booked activities, located near them. */
  itinerary: Itinerary;
};

const FIXED_OFFSET_ZONE = /^(UTC|Etc\/(UTC|GMT([+-]\d{1,2})?))$/;

/**
 * A journey's fixed-offset zone (`Etc/GMT-1`, `UTC`: what an import gives a time whose place it
 * could not name) becomes the zone of the stop its station or airport names when that zone has the
 * same offset then: the same instant, shown as "Paris time" and right on the other side of a
 * daylight-saving change. Any other zone is the booking's own and stays.
 */
function namedZones(
  journeys: TripBookings["transport"],
  stops: readonly TripStop[],
): TripBookings["transport"] {
  const places: KnownPlace[] = stops.flatMap((stop) =>
    stop.place ? [{ names: [stop.destination, stop.place.name], zone: stop.place.timezone }] : [],
  );
  const named = (zone: string | null, at: string, where: string) => {
    if (!zone || !FIXED_OFFSET_ZONE.test(zone)) return zone;
    const stopZone = matchPlace(where, places)?.zone;
    if (!stopZone) return zone;
    const instant = zonedToEpoch(at, zone);
    return instant !== null && instant === zonedToEpoch(at, stopZone) ? stopZone : zone;
  };
  return journeys.map((j) => ({
    ...j,
    departZone: named(j.departZone, j.departAt, j.from),
    arriveZone: named(j.arriveZone, j.arriveAt, j.to),
  }));
}

/**
 * The stops resolved with the geocoder (the same lookups the planner makes, answered from its cache
 * when the planner asks again), then the bookings settled against them exactly as PATCH settles a
 * trip's journeys and stays: a journey whose zone no stop can give, or a stay at no stop, is a 422
 * before anything is planned or saved.
 */
export async function bookedTrip(
  geo: GeoService,
  request: TripRequest,
  bookings: TripBookings,
  signal: AbortSignal,
): Promise<BookedTrip> {
  const cities = request.stops?.map((stop) => stop.destination) ?? [request.destination];
  const places = await Promise.all(
    cities.map((name) => lookUpDestination(geo, name, signal).then(placeOf)),
  );
  const stops = requestStops(request, places);
  const place = stops[0]?.place ?? null;
  const stopPlace = (index: number) => stops[index]?.place ?? place;
  const transport = transportFromPatch([], namedZones(bookings.transport, stops), stops);
  const settled = staysFromPatch([], bookings.stays, stops);
  const stays = await locateStays(geo, settled.stays, settled.needsLocation, stopPlace, signal);
  const booked = bookedItinerary(stops, transport, bookings.activities);
  const locator = createActivityLocator(geo, signal);
  const days = await Promise.all(
    booked.days.map(async (day) => ({
      ...day,
      activities: await Promise.all(
        day.activities.map((a) => {
          const near = stopPlace(activityStopIndex(a, day));
          return locator.locate(checkActivityPlace(a, near), near);
        }),
      ),
    })),
  );
  // The stored shape's rules (at most MAX_ACTIVITIES_PER_DAY a day), as PATCH checks them.
  const checked = itinerarySchema.safeParse({ days });
  if (!checked.success)
    throw new AppError(
      422,
      "invalid_input",
      checked.error.issues[0]?.message ?? "Invalid itinerary",
    );
  return { stops, place, transport, stays, itinerary: checked.data };
}
