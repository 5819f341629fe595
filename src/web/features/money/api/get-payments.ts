import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const LOAD_PAYMENTS_FAILED = "Failed to load the payments";

const paymentsSchema = lazySchema(
  async () => (await import("#shared/schemas/expenses.ts")).paymentsResponseSchema,
);

/** GET /api/trips/:id/payments: the transfers recorded between members, newest first. */
export const getPayments = (tripId: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/payments`, {
    schema: paymentsSchema,
    fallbackError: LOAD_PAYMENTS_FAILED,
    signal,
  }).then((body) => body.payments);

// Under the trip's live key: another member's payment refreshes the list (use-trip-live.ts).
export const paymentsKey = (tripId: string) => [...tripLiveKey(tripId), "payments"] as const;

export const usePayments = (tripId: string) =>
  useQuery(
    queryOptions({
      queryKey: paymentsKey(tripId),
      queryFn: ({ signal }) => getPayments(tripId, signal),
    }),
  );
