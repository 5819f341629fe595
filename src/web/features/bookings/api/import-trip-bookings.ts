import { useMutation } from "@tanstack/react-query";
import type { TripBookingImport } from "#shared/schemas/bookings.ts";
import { postBookingImport, type BookingInput } from "./post-booking-import.ts";

/** `POST /api/trips/:id/bookings/import`: a proposal for a trip the traveller may edit. */
export async function importTripBookings(
  tripId: string,
  input: BookingInput,
): Promise<TripBookingImport> {
  const answer = await postBookingImport(
    `/api/trips/${encodeURIComponent(tripId)}/bookings/import`,
    input,
  );
  const { tripBookingImportSchema } = await import("#shared/schemas/bookings.ts");
  return tripBookingImportSchema.parse(answer);
}

export function useImportTripBookings(tripId: string) {
  return useMutation({ mutationFn: (input: BookingInput) => importTripBookings(tripId, input) });
}
