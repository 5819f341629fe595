import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";
import { homeCountry } from "./get-suggestions.ts";

export const ACCEPT_FAILED = "Failed to add the suggestions";

const itemsSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingItemsResponseSchema,
);

/** POST /api/trips/:id/packing/suggestions/accept { names, listId }. */
export const acceptSuggestions = (tripId: string, names: string[], listId: string) => {
  const home = homeCountry();
  return apiRequest(`/trips/${encodeURIComponent(tripId)}/packing/suggestions/accept`, {
    method: "POST",
    body: { names, listId, ...(home ? { home } : {}) },
    schema: itemsSchema,
    fallbackError: ACCEPT_FAILED,
  }).then((body) => body.items);
};

export function useAcceptSuggestions(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "accept-packing-suggestions"),
    mutationFn: ({ names, listId }: { names: string[]; listId: string }) =>
      acceptSuggestions(tripId, names, listId),
    onSuccess: () => expectOwnChange(tripId),
    // The lists and the suggestions both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) }),
  });
}
