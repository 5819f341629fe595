import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const DELETE_PAYMENT_FAILED = "Failed to delete the payment";

// A 204: nothing in the answer is needed, the list and the balances are read again.
const anyAnswer = lazySchema(async () => (await import("zod/mini")).unknown());

/** DELETE /api/trips/:id/payments/:paymentId (members with edit rights). */
export const deletePayment = (tripId: string, paymentId: string) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/payments/${encodeURIComponent(paymentId)}`, {
    method: "DELETE",
    schema: anyAnswer,
    fallbackError: DELETE_PAYMENT_FAILED,
  });

export function useDeletePayment(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "delete-payment"),
    mutationFn: (paymentId: string) => deletePayment(tripId, paymentId),
    onSuccess: () => expectOwnChange(tripId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) }),
  });
}
