import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const LOAD_EXPENSES_FAILED = "Failed to load the expenses";

const expensesSchema = lazySchema(
  async () => (await import("#shared/schemas/expenses.ts")).expensesResponseSchema,
);

/** GET /api/trips/:id/expenses: newest first. */
export const getExpenses = (tripId: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/expenses`, {
    schema: expensesSchema,
    fallbackError: LOAD_EXPENSES_FAILED,
    signal,
  }).then((body) => body.expenses);

// Under the trip's live key: another member's change refreshes the list (use-trip-live.ts).
export const expensesKey = (tripId: string) => [...tripLiveKey(tripId), "expenses"] as const;

export const getExpensesQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: expensesKey(tripId),
    queryFn: ({ signal }) => getExpenses(tripId, signal),
  });

export const useExpenses = (tripId: string) => useQuery(getExpensesQueryOptions(tripId));
