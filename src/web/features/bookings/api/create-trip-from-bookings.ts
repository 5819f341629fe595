import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingProposal } from "#shared/schemas/bookings.ts";
import type { TripBookingsInput } from "#shared/schemas/trip-bookings-input.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const tripResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip.ts")).tripResponseSchema,
);

export const CREATE_TRIP_FAILED = "Could not create the trip. Please try again.";

/** The ticked part of a proposal as `POST /api/trips` `bookings` (trip-bookings-input.ts). */
export const toBookingsInput = ({
  transport,
  stays,
  activities,
}: BookingProposal): TripBookingsInput => ({
  transport: transport.map(({ existing: _e, duplicateOf: _d, ...journey }) => journey),
  stays: stays.map(({ existing: _e, duplicateOf: _d, ...stay }) => stay),
  activities: activities.map(({ existing: _e, ...activity }) => activity),
});

/**
 * `POST /api/trips` as JSON (no stream): a trip framed by bookings. `planRest: false` saves the
 * bookings alone ("Create trip"); `true` has the planner fill the free time ("Plan the rest").
 * The request has been checked with tripRequestObjectSchema by the form that sends it.
 */
export const createTripFromBookings = (request: TripRequestInput & { planRest: boolean }) =>
  apiRequest("/trips", {
    method: "POST",
    body: request,
    schema: tripResponseSchemaLoader,
    fallbackError: CREATE_TRIP_FAILED,
  }).then((body) => body.trip);

export function useCreateTripFromBookings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTripFromBookings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["trips"] }),
  });
}
