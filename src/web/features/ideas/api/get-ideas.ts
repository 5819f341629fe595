import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const LOAD_IDEAS_FAILED = "Failed to load the ideas";

const ideasSchema = lazySchema(
  async () => (await import("#shared/schemas/ideas.ts")).ideasResponseSchema,
);

/** GET /api/trips/:id/ideas: most voted first, ties by newest. */
export const getIdeas = (tripId: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/ideas`, {
    schema: ideasSchema,
    fallbackError: LOAD_IDEAS_FAILED,
    signal,
  }).then((body) => body.ideas);

// Under the trip's live key: another member's vote or idea refreshes the list (use-trip-live.ts).
export const ideasKey = (tripId: string) => [...tripLiveKey(tripId), "ideas"] as const;

export const useIdeas = (tripId: string) =>
  useQuery(
    queryOptions({ queryKey: ideasKey(tripId), queryFn: ({ signal }) => getIdeas(tripId, signal) }),
  );
