import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PackingResponse } from "#shared/schemas/packing.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/own-trip-changes.ts";
import { packingKey } from "./get-packing.ts";

export const TICK_FAILED = "Failed to save the tick";

const itemSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingItemResponseSchema,
);

/** POST /api/trips/:id/packing/items/:itemId/tick { packed }. */
export const tickPackingItem = (tripId: string, itemId: string, packed: boolean) =>
  apiRequest(
    `/trips/${encodeURIComponent(tripId)}/packing/items/${encodeURIComponent(itemId)}/tick`,
    { method: "POST", body: { packed }, schema: itemSchema, fallbackError: TICK_FAILED },
  ).then((body) => body.item);

/** The lists with one person's tick set or cleared on one item (shown at once, before the answer). */
export function withTick(
  data: PackingResponse,
  itemId: string,
  userId: string,
  packed: boolean,
): PackingResponse {
  return {
    lists: data.lists.map((list) => ({
      ...list,
      items: list.items.map((item) => {
        if (item.id !== itemId) return item;
        const packedBy = { ...item.packedBy };
        if (packed) packedBy[userId] = true;
        else delete packedBy[userId];
        return { ...item, packedBy };
      }),
    })),
  };
}

/** A tick shows at once (it is what people do while packing) and is undone if the save fails. */
export function useTickPackingItem(tripId: string, userId: string) {
  const queryClient = useQueryClient();
  const key = packingKey(tripId);
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "tick-packing-item"),
    mutationFn: ({ itemId, packed }: { itemId: string; packed: boolean }) =>
      tickPackingItem(tripId, itemId, packed),
    onMutate: async ({ itemId, packed }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PackingResponse>(key);
      if (before) queryClient.setQueryData(key, withTick(before, itemId, userId, packed));
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: () => expectOwnChange(tripId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
