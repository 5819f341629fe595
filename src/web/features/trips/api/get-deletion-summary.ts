import { useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const summarySchema = lazySchema(
  async () => (await import("#shared/schemas/trip-deletion.ts")).deletionSummarySchema,
);

/** GET /api/trips/:id/deletion (owner): what goes with the trip, for the Delete Trip dialog. */
export const getDeletionSummary = (id: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(id)}/deletion`, {
    schema: summarySchema,
    fallbackError: "Failed to load trip",
    signal,
  });

export const useDeletionSummary = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ["trips", "deletion", id],
    queryFn: ({ signal }) => getDeletionSummary(id, signal),
    enabled,
    staleTime: 0,
  });
