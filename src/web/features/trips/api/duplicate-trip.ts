import { useMutation, useQueryClient } from "@tanstack/react-query";
import { tripDetailKey, tripListKey } from "#web/lib/trip/trip-query-keys.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const tripResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip.ts")).tripResponseSchema,
);

export const DUPLICATE_TRIP_FAILED = "Failed to duplicate trip";

/** A private copy of the trip with its days moved to start on `startDate`. */
export const duplicateTrip = (id: string, startDate: string) =>
  apiRequest(`/trips/${encodeURIComponent(id)}/duplicate`, {
    method: "POST",
    body: { startDate },
    schema: tripResponseSchemaLoader,
    fallbackError: DUPLICATE_TRIP_FAILED,
  }).then((body) => body.trip);

export function useDuplicateTrip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startDate: string) => duplicateTrip(id, startDate),
    onSuccess: async (trip) => {
      queryClient.setQueryData(tripDetailKey(trip.id), trip);
      await queryClient.invalidateQueries({ queryKey: tripListKey });
    },
  });
}
