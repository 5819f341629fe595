import type { Trip } from "#shared/schemas/trip.ts";
import { tripDetailKey, tripListKey } from "#web/lib/trip/trip-query-keys.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const tripResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip.ts")).tripResponseSchema,
);

// Ours: the specification has no stop-sharing action.
export const STOP_SHARING_FAILED = "Failed to stop sharing trip";

/** `share: true` makes the trip public (POST); `false` stops sharing (DELETE). */
export const setTripSharing = (id: string, share: boolean) =>
  apiRequest(`/trips/${encodeURIComponent(id)}/share`, {
    method: share ? "POST" : "DELETE",
    schema: tripResponseSchemaLoader,
    fallbackError: share ? MESSAGES.shareTripFailed : STOP_SHARING_FAILED,
  }).then((body) => body.trip);

export function useSetTripSharing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) => setTripSharing(id, share),
    onSuccess: async (trip: Trip) => {
      queryClient.setQueryData(tripDetailKey(id), trip);
      await queryClient.invalidateQueries({ queryKey: tripListKey });
    },
  });
}
