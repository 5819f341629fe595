import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PackingItemPatch } from "#shared/schemas/packing.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { packingKey } from "./get-packing.ts";

export const UPDATE_ITEM_FAILED = "Failed to change the item";

const itemSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingItemResponseSchema,
);

/** PATCH /api/trips/:id/packing/items/:itemId (name, category, quantity, note, assignedTo). */
export const updatePackingItem = (tripId: string, itemId: string, patch: PackingItemPatch) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/packing/items/${encodeURIComponent(itemId)}`, {
    method: "PATCH",
    body: patch,
    schema: itemSchema,
    fallbackError: UPDATE_ITEM_FAILED,
  }).then((body) => body.item);

export function useUpdatePackingItem(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "update-packing-item"),
    mutationFn: ({ itemId, patch }: { itemId: string; patch: PackingItemPatch }) =>
      updatePackingItem(tripId, itemId, patch),
    onSuccess: () => expectOwnChange(tripId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packingKey(tripId) }),
  });
}
