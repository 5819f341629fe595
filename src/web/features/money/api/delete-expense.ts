import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const DELETE_EXPENSE_FAILED = "Failed to delete the expense";

// 204, or 200 with the deleted expense: nothing in the answer is needed, the list is read again.
const anyAnswer = lazySchema(async () => (await import("zod/mini")).unknown());

/** DELETE /api/trips/:id/expenses/:expenseId?version=N (409 when it changed since). */
export const deleteExpense = (tripId: string, expenseId: string, version: number) =>
  apiRequest(
    `/trips/${encodeURIComponent(tripId)}/expenses/${encodeURIComponent(expenseId)}?version=${version}`,
    { method: "DELETE", schema: anyAnswer, fallbackError: DELETE_EXPENSE_FAILED },
  );

export function useDeleteExpense(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "delete-expense"),
    mutationFn: ({ expenseId, version }: { expenseId: string; version: number }) =>
      deleteExpense(tripId, expenseId, version),
    onSuccess: () => expectOwnChange(tripId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) }),
  });
}
