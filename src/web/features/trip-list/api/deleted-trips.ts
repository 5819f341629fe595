import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { deletedTripsKey, tripDetailKey, tripListKey } from "#web/lib/trip/trip-query-keys.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

export const LOAD_DELETED_FAILED = "Failed to load the recently deleted trips";
export const RESTORE_TRIP_FAILED = "Failed to restore the trip";

const deletedSchema = lazySchema(
  async () => (await import("#shared/schemas/trip-deletion.ts")).deletedTripsResponseSchema,
);
const restoredSchema = lazySchema(
  async () => (await import("#shared/schemas/trip.ts")).tripResponseSchema,
);

/** GET /api/trips/deleted: the owner's deleted trips, the most recently deleted first. */
export const getDeletedTrips = (signal?: AbortSignal) =>
  apiRequest("/trips/deleted", {
    schema: deletedSchema,
    fallbackError: LOAD_DELETED_FAILED,
    signal,
  }).then((body) => body.trips);

export const useDeletedTrips = () =>
  useQuery({ queryKey: deletedTripsKey, queryFn: ({ signal }) => getDeletedTrips(signal) });

/** POST /api/trips/:id/undelete (owner): the trip back with everything it held. */
export const undeleteTrip = (id: string) =>
  apiRequest(`/trips/${encodeURIComponent(id)}/undelete`, {
    method: "POST",
    schema: restoredSchema,
    fallbackError: RESTORE_TRIP_FAILED,
  }).then((body) => body.trip);

export function useUndeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => undeleteTrip(id),
    onSuccess: async (_trip, id) => {
      queryClient.removeQueries({ queryKey: tripDetailKey(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tripListKey }),
        queryClient.invalidateQueries({ queryKey: deletedTripsKey }),
      ]);
    },
  });
}
