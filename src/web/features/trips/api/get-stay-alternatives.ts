import { useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

export const LOAD_ALTERNATIVES_FAILED = "Failed to load other places to stay";

// The shared schema (classic zod and the stay's input schema) comes with the first ask (Replace),
// not with the page.
const alternativesSchema = lazySchema(
  async () => (await import("#shared/schemas/stay-alternatives.ts")).stayAlternativesSchema,
);

/**
 * `GET /api/trips/:id/stays/:stayId/alternatives` (issue 47): three other places that meet the
 * party's needs for that stay's nights, shaped as a stay to save.
 */
export const getStayAlternatives = (tripId: string, stayId: string, signal?: AbortSignal) =>
  apiRequest(
    `/trips/${encodeURIComponent(tripId)}/stays/${encodeURIComponent(stayId)}/alternatives`,
    { schema: alternativesSchema, fallbackError: LOAD_ALTERNATIVES_FAILED, signal },
  ).then((body) => body.stays);

export const stayAlternativesKey = (tripId: string, stayId: string) =>
  ["trips", "stay-alternatives", tripId, stayId] as const;

export const useStayAlternatives = (tripId: string, stayId: string) =>
  useQuery({
    queryKey: stayAlternativesKey(tripId, stayId),
    queryFn: ({ signal }) => getStayAlternatives(tripId, stayId, signal),
    // Prices and availability move: asked again each time Replace is opened.
    staleTime: 0,
    gcTime: 0,
  });
