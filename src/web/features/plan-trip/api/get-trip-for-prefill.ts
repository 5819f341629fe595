import { queryOptions, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { apiRequest } from "#web/lib/api-client.ts";

/**
 * The user's own trip (the server answers 404 for anyone else's). Only `/?tripId=` asks, so the trip's
 * schema (classic zod) is fetched with that ask rather than with the Home page.
 */
export async function getTripForPrefill(id: string) {
  const { tripResponseSchema } = await import("#shared/schemas/trip.ts");
  const { trip } = await apiRequest(`/trips/${encodeURIComponent(id)}`, {
    schema: tripResponseSchema,
    fallbackError: MESSAGES.loadTripFailed,
  });
  return trip;
}

export const getTripForPrefillQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["trips", "detail", id], queryFn: () => getTripForPrefill(id) });

export const useTripForPrefill = (id: string | null, enabled: boolean) =>
  useQuery({ ...getTripForPrefillQueryOptions(id ?? ""), enabled: enabled && Boolean(id) });
