import { Hono } from "hono";
import type { TripBookingImport } from "#shared/schemas/bookings.ts";
import { BookingFileError } from "../../bookings/booking-errors.ts";
import { readImport } from "../../bookings/booking-import.ts";
import { bookingErrorResponse, importInputOf } from "../../http/booking-import-input.ts";
import { toProposal, type KnownPlace } from "../../bookings/booking-proposal.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { guardImport } from "../../http/import-guard.ts";
import { requireUser } from "../../http/session.ts";
import type { TripRow } from "../../db/schema.ts";
import { findTripFor } from "../../trips/trip-access.ts";

/** The trip's stops whose zone is known, named by their city and their resolved place. */
export function knownPlacesOf(
  trip: Pick<TripRow, "stops" | "place" | "destination">,
): KnownPlace[] {
  const places: KnownPlace[] = (trip.stops ?? []).flatMap((stop) =>
    stop.place
      ? [
          {
            names: [stop.destination.split(",")[0] ?? stop.destination, stop.place.name],
            zone: stop.place.timezone,
          },
        ]
      : [],
  );
  if (places.length === 0 && trip.place)
    places.push({
      names: [trip.destination.split(",")[0] ?? trip.destination, trip.place.name],
      zone: trip.place.timezone,
    });
  return places;
}

/**
 * `POST /api/trips/:id/bookings/import` (members who may edit): files (multipart `file`) or
 * `{ text }` read into a proposal for this trip. Nothing is saved: the traveller accepts it through
 * PATCH /api/trips/:id; a booking the trip already holds comes back marked `existing`.
 */
export const tripBookingRoutes = new Hono<AppBindings>().use("/:id/bookings/import", pathIds);
tripBookingRoutes.post("/:id/bookings/import", async (c) => {
  const { deps } = c.var;
  const user = await requireUser(c);
  const { row: trip } = await findTripFor(deps.database.db, user.id, c.req.param("id"), "edit");
  await guardImport(c, user);
  const input = await importInputOf(c);
  try {
    const { reading, source } = await readImport(deps, input, {
      signal: c.req.raw.signal,
      userId: user.id,
    });
    const proposal = toProposal(reading, knownPlacesOf(trip), {
      transport: trip.transport ?? [],
      stays: trip.stays ?? [],
      itinerary: trip.itinerary,
    });
    return c.json({ proposal, source } satisfies TripBookingImport);
  } catch (error) {
    if (error instanceof BookingFileError) return bookingErrorResponse(c, error);
    throw error;
  }
});
