import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const UPDATE_SETTLEMENT_FAILED = "Failed to change the currency";

// Only that it saved matters: the balances are read again in the new currency.
const anyAnswer = lazySchema(async () => (await import("zod/mini")).unknown());

/** PATCH /api/trips/:id `{ version, settlementCurrency }` (null: follow the expenses again). */
export const updateSettlement = (tripId: string, version: number, currency: string | null) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}`, {
    method: "PATCH",
    body: { version, settlementCurrency: currency },
    schema: anyAnswer,
    fallbackError: UPDATE_SETTLEMENT_FAILED,
  });

export function useUpdateSettlement(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "settlement-currency"),
    mutationFn: ({ version, currency }: { version: number; currency: string | null }) =>
      updateSettlement(tripId, version, currency),
    onSuccess: () => expectOwnChange(tripId),
    onSettled: async () => {
      // The trip page's copy (its version and currency) is the trips feature's: read by its key.
      await queryClient.invalidateQueries({ queryKey: ["trips", "detail", tripId] });
      await queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) });
    },
  });
}
