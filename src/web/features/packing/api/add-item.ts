import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PackingItemInput } from "#shared/schemas/packing.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { packingKey } from "./get-packing.ts";

export const ADD_ITEM_FAILED = "Failed to add the item";

const itemSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingItemResponseSchema,
);

/** POST /api/trips/:id/packing/lists/:listId/items → 201 { item }. */
export const addPackingItem = (tripId: string, listId: string, input: PackingItemInput) =>
  apiRequest(
    `/trips/${encodeURIComponent(tripId)}/packing/lists/${encodeURIComponent(listId)}/items`,
    { method: "POST", body: input, schema: itemSchema, fallbackError: ADD_ITEM_FAILED },
  ).then((body) => body.item);

export function useAddPackingItem(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "add-packing-item"),
    mutationFn: ({ listId, input }: { listId: string; input: PackingItemInput }) =>
      addPackingItem(tripId, listId, input),
    onSuccess: () => {
      expectOwnChange(tripId);
      return queryClient.invalidateQueries({ queryKey: packingKey(tripId) });
    },
  });
}
