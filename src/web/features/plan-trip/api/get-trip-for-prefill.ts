import { queryOptions, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { apiRequest } from "#web/lib/api-client.ts";

/** The user's own trip (the server answers 404 for anyone else's). */
export const getTripForPrefill = async (id: string) =>
  (
    await apiRequest(`/trips/${encodeURIComponent(id)}`, {
      schema: tripResponseSchema,
      fallbackError: MESSAGES.loadTripFailed,
    })
  ).trip;

export const getTripForPrefillQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["trips", "detail", id], queryFn: () => getTripForPrefill(id) });

export const useTripForPrefill = (id: string | null, enabled: boolean) =>
  useQuery({ ...getTripForPrefillQueryOptions(id ?? ""), enabled: enabled && Boolean(id) });
