import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ExpensePatch } from "#shared/schemas/expenses.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const UPDATE_EXPENSE_FAILED = "Failed to save the expense";

const expenseSchema = lazySchema(
  async () => (await import("#shared/schemas/expenses.ts")).expenseResponseSchema,
);

/** PATCH /api/trips/:id/expenses/:expenseId with the version read (409 when it changed since). */
export const updateExpense = (tripId: string, expenseId: string, patch: ExpensePatch) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/expenses/${encodeURIComponent(expenseId)}`, {
    method: "PATCH",
    body: patch,
    schema: expenseSchema,
    fallbackError: UPDATE_EXPENSE_FAILED,
  }).then((body) => body.expense);

export function useUpdateExpense(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "edit-expense"),
    mutationFn: ({ expenseId, patch }: { expenseId: string; patch: ExpensePatch }) =>
      updateExpense(tripId, expenseId, patch),
    // A conflict too: the list is read again so the form can show what is there now.
    onSuccess: () => expectOwnChange(tripId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) }),
  });
}
