import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PaymentInput } from "#shared/schemas/expenses.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const CREATE_PAYMENT_FAILED = "Failed to record the payment";

const paymentResponse = lazySchema(
  async () => (await import("#shared/schemas/expenses.ts")).paymentResponseSchema,
);

/** POST /api/trips/:id/payments: money one member gave another (a transfer, not spending). */
export const createPayment = (tripId: string, input: PaymentInput) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/payments`, {
    method: "POST",
    body: input,
    schema: paymentResponse,
    fallbackError: CREATE_PAYMENT_FAILED,
  });

export function useCreatePayment(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "create-payment"),
    mutationFn: (input: PaymentInput) => createPayment(tripId, input),
    onSuccess: () => expectOwnChange(tripId),
    // Balances and the trip's version are under the trip's live key: read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) }),
  });
}
