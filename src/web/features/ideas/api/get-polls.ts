import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

const pollsSchema = lazySchema(
  async () => (await import("#shared/schemas/polls.ts")).pollsResponseSchema,
);

/** GET /api/trips/:id/polls: open ones first. */
export const getPolls = (tripId: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/polls`, {
    schema: pollsSchema,
    fallbackError: "Failed to load the polls",
    signal,
  }).then((body) => body.polls);

export const pollsKey = (tripId: string) => [...tripLiveKey(tripId), "polls"] as const;

export const usePolls = (tripId: string) =>
  useQuery(
    queryOptions({ queryKey: pollsKey(tripId), queryFn: ({ signal }) => getPolls(tripId, signal) }),
  );
