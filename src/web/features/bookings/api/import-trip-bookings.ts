import { useMutation } from "@tanstack/react-query";
import type { TripBookingImport } from "#shared/schemas/bookings.ts";
import { ApiRequestError, toApiError } from "#web/lib/api-client.ts";

export const IMPORT_BOOKINGS_FAILED = "Could not read the bookings. Please try again.";

export type BookingInput = { files: readonly File[] } | { text: string };

/**
 * `POST /api/trips/:id/bookings/import`: files as multipart (field `file`, several at once) or pasted
 * text as JSON. Not through apiRequest: a FormData body must go without a JSON content type.
 */
export async function importTripBookings(
  tripId: string,
  input: BookingInput,
): Promise<TripBookingImport> {
  let body: FormData | string;
  if ("files" in input) {
    body = new FormData();
    for (const file of input.files) body.append("file", file, file.name);
  } else body = JSON.stringify({ text: input.text });
  let response: Response;
  try {
    response = await fetch(`/api/trips/${encodeURIComponent(tripId)}/bookings/import`, {
      method: "POST",
      credentials: "same-origin",
      headers: typeof body === "string" ? { "Content-Type": "application/json" } : {},
      body,
    });
  } catch {
    throw new ApiRequestError(IMPORT_BOOKINGS_FAILED, 0, "network");
  }
  if (!response.ok) throw await toApiError(response, IMPORT_BOOKINGS_FAILED);
  const { tripBookingImportSchema } = await import("#shared/schemas/bookings.ts");
  return tripBookingImportSchema.parse(await response.json());
}

export function useImportTripBookings(tripId: string) {
  return useMutation({ mutationFn: (input: BookingInput) => importTripBookings(tripId, input) });
}
