import { useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { deletedTripsKey, tripDetailKey, tripListKey } from "#web/lib/trip/trip-query-keys.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { TripListResponse } from "#shared/schemas/trip-list.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

// A 204 has no body; checked like every answer, with zod's small build, loaded with the request.
const noContent = lazySchema(async () => (await import("#web/lib/zod-parse.ts")).noContent());

export const deleteTrip = (id: string) =>
  apiRequest(`/trips/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: noContent,
    fallbackError: MESSAGES.deleteTripFailed,
  });

/** Deletes, drops the trip from cached lists, leaves the page (`onDeleted`), then forgets the trip. */
export function useDeleteTrip(id: string, onDeleted: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTrip(id),
    onSuccess: async () => {
      queryClient.setQueriesData<InfiniteData<TripListResponse>>(
        { queryKey: tripListKey },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              trips: page.trips.filter((trip) => trip.id !== id),
            })),
          },
      );
      await queryClient.invalidateQueries({ queryKey: tripListKey, refetchType: "none" });
      // It is in "Recently deleted" now.
      await queryClient.invalidateQueries({ queryKey: deletedTripsKey, refetchType: "none" });
      // Removed only after the detail page is gone, so it never flashes 'Trip not found'.
      await onDeleted();
      queryClient.removeQueries({ queryKey: tripDetailKey(id) });
    },
  });
}
