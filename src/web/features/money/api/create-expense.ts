import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ExpenseInput } from "#shared/schemas/expenses.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { expectOwnChange, ownChangeMutationKey } from "#web/lib/trip/own-trip-changes.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const CREATE_EXPENSE_FAILED = "Failed to add the expense";

const expenseSchema = lazySchema(
  async () => (await import("#shared/schemas/expenses.ts")).expenseResponseSchema,
);

/** POST /api/trips/:id/expenses → 201 { expense }. */
export const createExpense = (tripId: string, input: ExpenseInput) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/expenses`, {
    method: "POST",
    body: input,
    schema: expenseSchema,
    fallbackError: CREATE_EXPENSE_FAILED,
  }).then((body) => body.expense);

export function useCreateExpense(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ownChangeMutationKey(tripId, "add-expense"),
    mutationFn: (input: ExpenseInput) => createExpense(tripId, input),
    // The list and the balances both change; the live stream's echo is this tab's own.
    onSuccess: () => {
      expectOwnChange(tripId);
      return queryClient.invalidateQueries({ queryKey: tripLiveKey(tripId) });
    },
  });
}
