import { useMutation } from "@tanstack/react-query";
import type { NewTripBookingImport } from "#shared/schemas/bookings.ts";
import { postBookingImport, type BookingInput } from "./post-booking-import.ts";

/**
 * `POST /api/bookings/import` (signed in): a new trip's frame (cities with nights, dates) and the
 * bookings read from files or text. Nothing is saved.
 */
export async function importNewTripBookings(input: BookingInput): Promise<NewTripBookingImport> {
  const answer = await postBookingImport("/api/bookings/import", input);
  const { newTripBookingImportSchema } = await import("#shared/schemas/bookings.ts");
  return newTripBookingImportSchema.parse(answer);
}

export function useImportNewTripBookings() {
  return useMutation({ mutationFn: importNewTripBookings });
}
