import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const APPLY_TEMPLATE_FAILED = "Failed to add the template";

const itemsSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingItemsResponseSchema,
);

/** POST /api/packing/templates/:templateId/apply { tripId, listId } → 201 { items }. */
export const applyTemplate = (templateId: string, tripId: string, listId: string) =>
  apiRequest(`/packing/templates/${encodeURIComponent(templateId)}/apply`, {
    method: "POST",
    body: { tripId, listId },
    schema: itemsSchema,
    fallbackError: APPLY_TEMPLATE_FAILED,
  }).then((body) => body.items);

export function useApplyTemplate(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "apply-packing-template"),
    mutationFn: ({ templateId, listId }: { templateId: string; listId: string }) =>
      applyTemplate(templateId, tripId, listId),
    // Nothing added (all there already) is no change of the trip: no echo to wait for.
    onSuccess: (items) => {
      if (items.length > 0) expectOwnChange(tripId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) }),
  });
}
