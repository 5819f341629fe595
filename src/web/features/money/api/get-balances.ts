import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const LOAD_BALANCES_FAILED = "Failed to load the balances";

const balancesSchema = lazySchema(
  async () => (await import("#shared/schemas/expenses.ts")).balancesResponseSchema,
);

/** GET /api/trips/:id/balances: who paid, who owes, and the transfers that settle up (USD). */
export const getBalances = (tripId: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/balances`, {
    schema: balancesSchema,
    fallbackError: LOAD_BALANCES_FAILED,
    signal,
  });

// Under the trip's live key: another member's expense refreshes the balances (use-trip-live.ts).
export const balancesKey = (tripId: string) => [...tripLiveKey(tripId), "balances"] as const;

export const getBalancesQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: balancesKey(tripId),
    queryFn: ({ signal }) => getBalances(tripId, signal),
  });

export const useBalances = (tripId: string) => useQuery(getBalancesQueryOptions(tripId));
