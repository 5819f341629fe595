import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { packingKey } from "./get-packing.ts";

export const DELETE_ITEM_FAILED = "Failed to remove the item";

const anyAnswer = lazySchema(async () => (await import("zod/mini")).unknown());

/** DELETE /api/trips/:id/packing/items/:itemId → 204. */
export const deletePackingItem = (tripId: string, itemId: string) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/packing/items/${encodeURIComponent(itemId)}`, {
    method: "DELETE",
    schema: anyAnswer,
    fallbackError: DELETE_ITEM_FAILED,
  });

export function useDeletePackingItem(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "delete-packing-item"),
    mutationFn: (itemId: string) => deletePackingItem(tripId, itemId),
    onSuccess: () => expectOwnChange(tripId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packingKey(tripId) }),
  });
}
